import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFindVirtualExamByAccessCode } from '../../../../lib/api/virtual-exams/find-virtual-exam-by-access-code.ts';
import { explainPatientError, patientTexts } from '../utils/patient-texts.ts';

type AccessCodeStepProps = {
  /** The exam of the link the patient opened (/virtual-exam/{id}); none on /live-exam. */
  virtualExamId: string | null;
  onFound: (found: { virtualExamId: string; accessCode: string }) => void;
};

/** The first step: the access code from the email (xxx-xxx-rest; case, spaces and dashes do not matter). */
export function AccessCodeStep({ virtualExamId, onFound }: AccessCodeStepProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const lookup = useFindVirtualExamByAccessCode();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(patientTexts.codeRequired);
    setError(null);
    lookup.mutate(code, {
      onSuccess: (found) => {
        // The code must open the exam of the link; another exam's code is no better than a wrong one.
        if (virtualExamId && found.virtualExamId !== virtualExamId) return setError(patientTexts.codeWrong);
        onFound({ virtualExamId: found.virtualExamId, accessCode: code });
      },
      onError: (reason) => setError(explainPatientError(reason)),
    });
  };

  return (
    <Stack component="form" spacing={3} onSubmit={submit} noValidate aria-labelledby="access-code-title">
      <Typography id="access-code-title" variant="h4" component="h1">
        Join your virtual exam
      </Typography>
      <Typography>
        Enter the access code from the email your clinician sent you. It looks like{' '}
        <strong style={{ whiteSpace: 'nowrap' }}>ABC-DEF-GHJK</strong>.
      </Typography>
      <TextField
        label="Access code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        autoFocus
        fullWidth
        error={!!error}
        slotProps={{ htmlInput: { maxLength: 32, style: { fontSize: '1.25rem', letterSpacing: '0.08em' } } }}
      />
      {error && (
        <Alert severity="error" role="alert" sx={{ fontSize: '1.125rem' }}>
          {error}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" loading={lookup.isPending} fullWidth>
        Continue
      </Button>
    </Stack>
  );
}
