import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { zodResolver } from '@hookform/resolvers/zod';
import { schedulingRules } from '@auscura/contracts';
import type { PatientProfile, VirtualExam } from '@auscura/contracts';
import { Controller, useForm } from 'react-hook-form';
import { PatientAutocomplete } from '../../../components/virtual-exams/patient-autocomplete.tsx';
import { AccessInfo } from '../../../components/virtual-exams/access-info.tsx';
import { useCreateVirtualExam } from '../../../lib/api/virtual-exams/create-virtual-exam.ts';
import { defaultSchedule, fromLocalInput, scheduleSchema, toLocalInput } from '../utils/scheduling.ts';
import type { ScheduleFormValues } from '../utils/scheduling.ts';
import { formatExamTimeRange } from '../utils/calendar-format.ts';

type ScheduleExamDialogProps = {
  open: boolean;
  onClose: () => void;
  healthcareProviderId: string;
  organizationId: string;
};

/** exams-and-devices §2.2: the scheduling dialog, then 'Your exam is scheduled' with the access info. */
export function ScheduleExamDialog(props: ScheduleExamDialogProps) {
  // Mounted anew on every opening: the defaults are computed from the time it opens.
  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="sm" fullWidth aria-labelledby="schedule-exam-title">
      {props.open && <ScheduleExamContent {...props} />}
    </Dialog>
  );
}

function ScheduleExamContent({ onClose, healthcareProviderId, organizationId }: ScheduleExamDialogProps) {
  const [patient, setPatient] = useState<PatientProfile | null>(null);
  const [scheduled, setScheduled] = useState<VirtualExam | null>(null);
  const create = useCreateVirtualExam();
  const form = useForm<ScheduleFormValues>({
    resolver: zodResolver(scheduleSchema(() => new Date())),
    defaultValues: { patientProfileId: '', ...defaultSchedule(new Date()) },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    const exam = await create.mutateAsync({
      healthcareProviderId,
      patientProfileId: values.patientProfileId,
      scheduledStartDate: fromLocalInput(values.start)!.toISOString(),
      scheduledEndDate: fromLocalInput(values.end)!.toISOString(),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    setScheduled(exam);
  });

  if (scheduled) {
    return (
      <>
        <DialogTitle id="schedule-exam-title">Your exam is scheduled</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography>
              {scheduled.patientProfile?.fullName ?? patient?.fullName},{' '}
              {formatExamTimeRange(scheduled.scheduledStartDate, scheduled.scheduledEndDate)}. Give the patient the link
              and the access code.
            </Typography>
            <AccessInfo exam={{ ...scheduled, patientProfile: scheduled.patientProfile ?? patient ?? undefined }} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </>
    );
  }

  const min = toLocalInput(new Date());
  const step = schedulingRules.stepMinutes * 60;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="schedule-exam-title">
      <DialogTitle id="schedule-exam-title">Schedule Virtual Exam</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <Controller
            control={form.control}
            name="patientProfileId"
            render={({ field }) => (
              <PatientAutocomplete
                organizationId={organizationId}
                value={patient}
                onChange={(next) => {
                  setPatient(next);
                  field.onChange(next?.id ?? '');
                }}
                error={errors.patientProfileId?.message}
              />
            )}
          />
          <TextField
            {...form.register('start', {
              // §5: the end defaults to 15 minutes after the start, also when the start moves.
              onChange: (event: { target: { value: string } }) => {
                const start = fromLocalInput(event.target.value);
                if (!start) return;
                const end = new Date(start.getTime() + schedulingRules.defaultDurationMinutes * 60_000);
                form.setValue('end', toLocalInput(end));
              },
            })}
            type="datetime-local"
            label="Start"
            required
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step, min } }}
            error={!!errors.start}
            helperText={errors.start?.message ?? 'On a 5-minute step'}
          />
          <TextField
            {...form.register('end')}
            type="datetime-local"
            label="End"
            required
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { step, min } }}
            error={!!errors.end}
            helperText={errors.end?.message ?? 'At least 5 minutes after the start'}
          />
          {create.isError && <Alert severity="error">There was an error scheduling the exam. Please try again.</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
          Schedule
        </Button>
      </DialogActions>
    </form>
  );
}
