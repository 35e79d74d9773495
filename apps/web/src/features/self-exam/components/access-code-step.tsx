import { useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SelfExamSession } from '@auscura/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuthSelfExam } from '../../../lib/api/self-exam-requests/auth-self-exam.ts';
import { useRequestSelfExamAccessCode } from '../../../lib/api/self-exam-requests/request-self-exam-access-code.ts';

function refusal(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) {
    return 'Too many attempts. Please wait a while before you try again.';
  }
  if (error instanceof ApiError && error.code === 'INVALID_LIVE_EXAM') return error.message;
  if (error instanceof ApiError && error.status === 401) {
    return 'This code does not work. Check it in your email, or ask for a new code below.';
  }
  return 'Something went wrong. Check your internet connection and try again.';
}

/** The first page: the access code from the email opens the request. */
export function AccessCodeStep({
  selfExamRequestId,
  onOpened,
}: {
  selfExamRequestId: string;
  onOpened: (session: SelfExamSession) => void;
}) {
  const [code, setCode] = useState('');
  const auth = useAuthSelfExam(selfExamRequestId);
  const newCode = useRequestSelfExamAccessCode(selfExamRequestId);
  const typed = code.replace(/[\s-]/g, '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.length < 6) return;
    auth.mutate(code, { onSuccess: onOpened });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Typography variant="h4" component="h1">
        Your self exam
      </Typography>
      <Typography>
        Your clinician has asked you to record heart or lung sounds at home with your stethoscope. Enter the access code
        from your email to begin.
      </Typography>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <TextField
          label="Access code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          slotProps={{ htmlInput: { maxLength: 32, style: { fontSize: '1.25rem', letterSpacing: '0.1em' } } }}
          helperText="For example ABC-DEF-GH23. Dashes and spaces do not matter."
          fullWidth
        />
        {auth.isError && (
          <Alert severity="error" role="alert">
            {refusal(auth.error)}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" disabled={typed.length < 6 || auth.isPending}>
          {auth.isPending ? 'Checking…' : 'Continue'}
        </Button>
      </Box>
      <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography component="h2" variant="h6">
          No code, or it does not work?
        </Typography>
        <Typography>We can email you a new one. The old code then stops working.</Typography>
        {newCode.isSuccess ? (
          <Alert severity="success" role="status">
            If this link is yours, a new code is on its way to the email address your clinician has for you.
          </Alert>
        ) : (
          <Button variant="outlined" onClick={() => newCode.mutate()} disabled={newCode.isPending}>
            Email me a new code
          </Button>
        )}
        {newCode.isError && (
          <Alert severity="error" role="alert">
            {refusal(newCode.error)}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
