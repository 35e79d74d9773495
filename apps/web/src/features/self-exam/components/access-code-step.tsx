import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { SelfExamSession } from '@auscura/contracts';
import { useAuthSelfExam } from '../../../lib/api/self-exam-requests/auth-self-exam.ts';
import { useRequestSelfExamAccessCode } from '../../../lib/api/self-exam-requests/request-self-exam-access-code.ts';
import { AccessCodeForm, refusal } from './access-code-form.tsx';

/** The first page of a clinician's request: the access code from the email opens it. */
export function AccessCodeStep({
  selfExamRequestId,
  onOpened,
}: {
  selfExamRequestId: string;
  onOpened: (session: SelfExamSession) => void;
}) {
  const auth = useAuthSelfExam(selfExamRequestId);
  const newCode = useRequestSelfExamAccessCode(selfExamRequestId);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <AccessCodeForm
        intro="Your clinician has asked you to record heart or lung sounds at home with your stethoscope. Enter the access code from your email to begin."
        onSubmit={(code) => auth.mutate(code, { onSuccess: onOpened })}
        pending={auth.isPending}
        error={auth.error}
      />
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
