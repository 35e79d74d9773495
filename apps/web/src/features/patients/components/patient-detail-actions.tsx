import { useState } from 'react';
import Button from '@mui/material/Button';
import type { PatientProfile } from '@auscura/contracts';
import { LazyCreateSelfExamDialog, LazyPatientFormDialog, LazyStandingSelfExamLinkDialog } from './lazy-dialogs.tsx';

// Apart from the home screen's 'Add new patient' so that the first screen does not load these.

/** 'Update profile' on the patient detail card (clinician-portal §2.9). */
export function UpdateProfileButton({ patient }: { patient: PatientProfile }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" size="small" fullWidth onClick={() => setOpen(true)}>
        Update profile
      </Button>
      <LazyPatientFormDialog open={open} patient={patient} onClose={() => setOpen(false)} />
    </>
  );
}

type CreateSelfExamButtonProps = { patient: PatientProfile; healthcareProviderId: string };

/** 'Create Self Exam' in the patient detail's Exam History header (exams-and-devices §2.8). */
export function CreateSelfExamButton({ patient, healthcareProviderId }: CreateSelfExamButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" size="small" onClick={() => setOpen(true)}>
        Create Self Exam
      </Button>
      <LazyCreateSelfExamDialog
        open={open}
        patient={patient}
        healthcareProviderId={healthcareProviderId}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/**
 * 'Standing Self-Exam Link' beside Create Self Exam: the patient's link for self exams they start
 * themselves ('Self - Patient Initiated'), sent, renewed or turned off in its dialog.
 */
export function StandingSelfExamLinkButton({ patient }: { patient: PatientProfile }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" size="small" onClick={() => setOpen(true)}>
        Standing Self-Exam Link
      </Button>
      <LazyStandingSelfExamLinkDialog open={open} patient={patient} onClose={() => setOpen(false)} />
    </>
  );
}
