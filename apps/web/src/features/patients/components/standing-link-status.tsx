import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { SelfExamLink } from '@auscura/contracts';
import { formatDate } from '../../../lib/format.ts';

/** Where the patient's standing link stands: none yet, active (since, until, how often used), off, or run out. */
export function StandingLinkStatus({ link, patientName }: { link: SelfExamLink | null; patientName: string }) {
  if (!link) {
    return <Typography role="status">No standing self-exam link has been sent to {patientName} yet.</Typography>;
  }
  const used =
    link.uses === 0
      ? 'Not used yet.'
      : `Used ${link.uses === 1 ? 'once' : `${link.uses} times`}, last on ${formatDate(link.lastUsedAt!)}.`;
  if (link.status === 'active') {
    return (
      <Alert severity="success" role="status">
        Active. Sent on {formatDate(link.dateSent)}, works until {formatDate(link.expiresAt)}. {used}
      </Alert>
    );
  }
  return (
    <Alert severity="warning" role="status">
      {link.status === 'revoked'
        ? `Turned off on ${formatDate(link.revokedAt!)}.`
        : `Ran out on ${formatDate(link.expiresAt)}.`}{' '}
      {used} Send it again to give {patientName} a new code.
    </Alert>
  );
}
