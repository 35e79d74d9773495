import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SelfExamLinkSession } from '@auscura/contracts';
import { useAuthSelfExamLink } from '../../../../lib/api/self-exam-links/auth-self-exam-link.ts';
import { AccessCodeForm } from '../access-code-form.tsx';

/** The first page of a standing link: its access code from the email. */
export function LinkCodeStep({
  selfExamLinkId,
  onOpened,
}: {
  selfExamLinkId: string;
  onOpened: (session: SelfExamLinkSession) => void;
}) {
  const auth = useAuthSelfExamLink(selfExamLinkId);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <AccessCodeForm
        intro="Record heart or lung sounds at home with your stethoscope, whenever you need to, and send them to your clinician. Enter the access code from your email to begin."
        refusedText="This code does not work. Check it in your email. If it still does not work, ask your clinician to send you the link again."
        onSubmit={(code) => auth.mutate(code, { onSuccess: onOpened })}
        pending={auth.isPending}
        error={auth.error}
      />
      <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography component="h2" variant="h6">
          Where is my code?
        </Typography>
        <Typography>
          It is in the email called “Your self-exam link on Auscura”. The same link and code work every time. If you
          cannot find it, ask your clinician to send it again: you will get a new code.
        </Typography>
      </Box>
    </Box>
  );
}
