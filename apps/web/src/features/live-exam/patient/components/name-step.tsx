import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { limits } from '@auscura/contracts';
import type { PatientSession } from '@auscura/contracts';
import { useAuthenticateVirtualExamPatient } from '../../../../lib/api/virtual-exams/authenticate-virtual-exam-patient.ts';
import { explainPatientError, patientTexts } from '../utils/patient-texts.ts';

type NameStepProps = {
  virtualExamId: string;
  accessCode: string;
  onSignedIn: (session: PatientSession) => void;
  onBack: () => void;
};

/** The second step: the name the clinician will see in the entry request, then the auth call. */
export function NameStep({ virtualExamId, accessCode, onSignedIn, onBack }: NameStepProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const auth = useAuthenticateVirtualExamPatient();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const userName = name.trim();
    if (!userName) return setError(patientTexts.nameRequired);
    if (userName.length > limits.nameMaxLength) return setError(patientTexts.nameTooLong);
    setError(null);
    auth.mutate(
      { virtualExamId, userName, accessCode },
      { onSuccess: onSignedIn, onError: (reason) => setError(explainPatientError(reason)) },
    );
  };

  return (
    <Stack component="form" spacing={3} onSubmit={submit} noValidate aria-labelledby="name-title">
      <Typography id="name-title" variant="h4" component="h1">
        What is your name?
      </Typography>
      <Typography>Your clinician sees this name when you ask to join.</Typography>
      <TextField
        label="Your name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        autoComplete="name"
        autoFocus
        fullWidth
        error={!!error}
      />
      {error && (
        <Alert severity="error" role="alert" sx={{ fontSize: '1.125rem' }}>
          {error}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" loading={auth.isPending} fullWidth>
        Ask to join
      </Button>
      <Button onClick={onBack} fullWidth>
        Back
      </Button>
    </Stack>
  );
}
