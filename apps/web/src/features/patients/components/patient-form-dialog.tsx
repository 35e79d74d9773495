import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import type { PatientProfile, PatientProfileFields } from '@auscura/contracts';
import { useController, useForm } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { reportError } from '../../../lib/error-reporting.ts';
import { useCreatePatientProfile } from '../../../lib/api/patient-profiles/create-patient-profile.ts';
import { useUpdatePatientProfile } from '../../../lib/api/patient-profiles/update-patient-profile.ts';
import {
  changedPatientFields,
  initialPatientForm,
  patientErrorText,
  patientFormSchema,
  sexOptions,
  toPatientFields,
} from '../utils/patient-form.ts';
import type { PatientFormInput, PatientFormValues } from '../utils/patient-form.ts';
import { BirthdateField } from './birthdate-field.tsx';
import { useNotify } from '../../../components/notifications/use-notify.ts';

function SexField({ control }: { control: Control<PatientFormInput> }) {
  const { field } = useController({ control, name: 'sex' });
  return (
    // A native select: keyboard and screen-reader behaviour of the platform, no popover to load.
    <TextField
      select
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label="Sex (optional)"
      fullWidth
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {sexOptions.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

type PatientFormDialogProps = {
  /** The patient to update; none for a new patient. */
  patient?: PatientProfile;
  onClose: () => void;
};

/**
 * New patient and Update patient (exams-and-devices §2.5, §5, §8): one form; a new patient is
 * POSTed, an update PATCHes only the fields that changed. A default export: loaded on first open.
 */
export default function PatientFormDialog({ patient, onClose }: PatientFormDialogProps) {
  const notify = useNotify();
  const mode = patient ? 'update' : 'create';
  const form = useForm<PatientFormInput, unknown, PatientFormValues>({
    resolver: zodResolver(patientFormSchema),
    defaultValues: initialPatientForm(patient),
  });
  const create = useCreatePatientProfile();
  const update = useUpdatePatientProfile(patient?.id ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;
  const titleId = 'patient-form-title';

  const save = async (fields: PatientProfileFields) => {
    if (!patient) {
      await create.mutateAsync(fields);
      notify(`${fields.firstName} ${fields.lastName} has been added to your patients`, 'success');
      return;
    }
    const changes = changedPatientFields(patient, fields);
    if (Object.keys(changes).length > 0) {
      await update.mutateAsync(changes);
      notify('The patient details have been updated', 'success');
    }
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const fields = toPatientFields(values);
    try {
      await save(fields);
      onClose();
    } catch (error) {
      const code = error instanceof ApiError ? error.code : null;
      // The duplicate answer names the patient's address: it stays on screen, out of error reports.
      if (code !== 'DUPLICATE_PATIENT_PROFILE') reportError(error);
      setFailure(patientErrorText(code, mode, fields.emailAddress));
    }
  });

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{patient ? 'Update patient' : 'New patient'}</DialogTitle>
        <DialogContent>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
              <FormTextField
                required
                control={form.control}
                name="firstName"
                label="First name"
                autoComplete="off"
                autoFocus
              />
              <FormTextField required control={form.control} name="lastName" label="Last name" autoComplete="off" />
            </Stack>
            <FormTextField
              required
              control={form.control}
              name="emailAddress"
              label="Email address"
              type="email"
              autoComplete="off"
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
              <SexField control={form.control} />
              <BirthdateField control={form.control} />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={pending}>
            {patient ? 'Save changes' : 'Add patient'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
