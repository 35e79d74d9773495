import { useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError } from '../../../lib/api-client.ts';

const codeRefusedText = 'This code does not work. Check it in your email, or ask for a new code below.';

/** A refused code, or the server's word on a request or link that is over, as the patient reads it. */
export function refusal(error: unknown, refusedText = codeRefusedText): string {
  if (error instanceof ApiError && error.status === 429) {
    return 'Too many attempts. Please wait a while before you try again.';
  }
  if (error instanceof ApiError && error.code === 'INVALID_LIVE_EXAM') return error.message;
  if (error instanceof ApiError && error.status === 401) {
    return refusedText;
  }
  return 'Something went wrong. Check your internet connection and try again.';
}

type AccessCodeFormProps = {
  intro: string;
  /** What a wrong code is told (where to get another one). */
  refusedText?: string;
  onSubmit: (code: string) => void;
  pending: boolean;
  error: unknown;
};

/** The first page of a patient's self exam: the access code from the email. */
export function AccessCodeForm({ intro, refusedText, onSubmit, pending, error }: AccessCodeFormProps) {
  const [code, setCode] = useState('');
  const typed = code.replace(/[\s-]/g, '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.length < 6) return;
    onSubmit(code);
  };

  return (
    <>
      <Typography variant="h4" component="h1">
        Your self exam
      </Typography>
      <Typography>{intro}</Typography>
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
        {error !== null && error !== undefined && (
          <Alert severity="error" role="alert">
            {refusal(error, refusedText)}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" disabled={typed.length < 6 || pending}>
          {pending ? 'Checking…' : 'Continue'}
        </Button>
      </Box>
    </>
  );
}
