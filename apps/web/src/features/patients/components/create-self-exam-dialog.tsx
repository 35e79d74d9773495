import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import type { PatientProfile, SelfExamRequest } from '@auscura/contracts';
import { useController, useForm } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { reportError } from '../../../lib/error-reporting.ts';
import { useCreateSelfExamRequest } from '../../../lib/api/self-exam-requests/create-self-exam-request.ts';
import { localIsoDate, patientErrorTexts } from '../utils/patient-form.ts';
import {
  initialSelfExamForm,
  selfExamFormSchema,
  selfExamPointGroups,
  toSelfExamRequestBody,
} from '../utils/self-exam-form.ts';
import type { SelfExamFormValues } from '../utils/self-exam-form.ts';
import { SelfExamAccessInfo } from './self-exam-access-info.tsx';

function PointCheckboxes({ control }: { control: Control<SelfExamFormValues> }) {
  const { field, fieldState } = useController({ control, name: 'auscultationPoints' });
  const selected = new Set(field.value);
  const toggle = (label: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(label);
    else next.delete(label);
    field.onChange([...next]);
  };
  return (
    <FormControl component="fieldset" error={!!fieldState.error} required>
      <FormLabel component="legend">Auscultation points</FormLabel>
      <Stack direction="row" spacing={4} sx={{ mt: 1 }}>
        {selfExamPointGroups.map((group, index) => (
          <FormControl key={group.type} component="fieldset" variant="standard">
            {/* Not highlighted while one of its checkboxes has the focus: the group is a heading, not a field. */}
            <FormLabel component="legend" focused={false} sx={{ fontSize: '0.875rem' }}>
              {group.title}
            </FormLabel>
            <FormGroup>
              {group.points.map((point) => (
                <FormControlLabel
                  key={point.label}
                  label={point.longLabel ?? point.label}
                  control={
                    <Checkbox
                      checked={selected.has(point.label)}
                      onChange={(event) => toggle(point.label, event.target.checked)}
                      onBlur={field.onBlur}
                      slotProps={{
                        input: {
                          // The form focuses the first checkbox when none is chosen.
                          ref: index === 0 && point === group.points[0] ? field.ref : undefined,
                          'aria-describedby': fieldState.error ? 'self-exam-points-error' : undefined,
                        },
                      }}
                    />
                  }
                />
              ))}
            </FormGroup>
          </FormControl>
        ))}
      </Stack>
      {fieldState.error && <FormHelperText id="self-exam-points-error">{fieldState.error.message}</FormHelperText>}
    </FormControl>
  );
}

type CreateSelfExamDialogProps = {
  patient: PatientProfile;
  healthcareProviderId: string;
  onClose: () => void;
};

/**
 * Create Self Exam (exams-and-devices §2.8, §5): points, optional instructions and the exam date;
 * once created, the access code and the link to give the patient. Loaded on first open.
 */
export default function CreateSelfExamDialog({ patient, healthcareProviderId, onClose }: CreateSelfExamDialogProps) {
  const form = useForm<SelfExamFormValues>({
    resolver: zodResolver(selfExamFormSchema),
    defaultValues: initialSelfExamForm(),
  });
  const mutation = useCreateSelfExamRequest(patient.id);
  const [created, setCreated] = useState<SelfExamRequest | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = 'create-self-exam-title';
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      setCreated(await mutation.mutateAsync(toSelfExamRequestBody(values, healthcareProviderId)));
    } catch (error) {
      reportError(error);
      setFailure(patientErrorTexts.unexpected);
    }
  });

  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Create Self Exam</DialogTitle>
      {created ? (
        <>
          <DialogContent>
            <SelfExamAccessInfo request={created} patientEmail={patient.emailAddress} />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button variant="contained" onClick={onClose}>
              Done
            </Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <DialogContent>
            {failure && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {failure}
              </Alert>
            )}
            <Stack spacing={3}>
              <PointCheckboxes control={form.control} />
              <TextField
                {...form.register('instructions')}
                label="Instructions (optional)"
                multiline
                minRows={3}
                fullWidth
                error={!!errors.instructions}
                helperText={errors.instructions?.message ?? 'Shown to the patient with the exam.'}
              />
              <TextField
                {...form.register('examDate')}
                label="Exam date"
                type="date"
                required
                sx={{ maxWidth: 240 }}
                error={!!errors.examDate}
                helperText={errors.examDate?.message}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: localIsoDate() } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={mutation.isPending}>
              Create self exam
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
