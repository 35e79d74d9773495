import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatAccessCode, selfExamLimits, selfExamLinkLifetimeDays } from '@auscura/contracts';
import type { PatientProfile, SentSelfExamLink } from '@auscura/contracts';
import { useNotify } from '../../../components/notifications/use-notify.ts';
import { patientName } from '../../../lib/format-patient.ts';
import { reportError } from '../../../lib/error-reporting.ts';
import { useSelfExamLink } from '../../../lib/api/self-exam-links/get-self-exam-link.ts';
import { useRevokeSelfExamLink } from '../../../lib/api/self-exam-links/revoke-self-exam-link.ts';
import { useSendSelfExamLink } from '../../../lib/api/self-exam-links/send-self-exam-link.ts';
import { accessInfoTexts } from '../../../components/virtual-exams/send-access-info.tsx';
import { StandingLinkStatus } from './standing-link-status.tsx';

const standingLinkTexts = {
  turnedOff: 'The standing self-exam link has been turned off',
  turnOffFailed: 'The link could not be turned off. Please try again.',
} as const;

/**
 * The patient's standing self-exam link (patient-initiated self exams): where it stands, sending it
 * (or a new code) to the patient's address on file, and turning it off. Loaded on first open.
 */
export default function StandingSelfExamLinkDialog({
  patient,
  onClose,
}: {
  patient: PatientProfile;
  onClose: () => void;
}) {
  const notify = useNotify();
  const name = patientName(patient);
  const query = useSelfExamLink(patient.id);
  const send = useSendSelfExamLink(patient.id);
  const revoke = useRevokeSelfExamLink(patient.id);
  const [instructions, setInstructions] = useState<string | null>(null);
  const [sent, setSent] = useState<SentSelfExamLink | null>(null);
  const [confirmOff, setConfirmOff] = useState(false);
  const titleId = 'standing-self-exam-link-title';
  const link = query.data ?? null;
  const active = link?.status === 'active';
  // The note starts as the link's own, so sending a new code keeps it unless it is changed.
  const note = instructions ?? link?.instructions ?? '';
  const tooLong = note.length > selfExamLimits.instructionsMaxLength;
  const busy = send.isPending || revoke.isPending;

  const sendNow = () =>
    send.mutate(note.trim() ? { instructions: note.trim() } : {}, {
      onSuccess: (answer) => {
        setSent(answer);
        setInstructions(null);
        notify(accessInfoTexts.emailSent, 'success');
      },
      onError: (error) => {
        reportError(error);
        notify(accessInfoTexts.emailFailed, 'error');
      },
    });
  const turnOff = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setConfirmOff(false);
        setSent(null);
        notify(standingLinkTexts.turnedOff, 'success');
      },
      onError: (error) => {
        reportError(error);
        notify(standingLinkTexts.turnOffFailed, 'error');
      },
    });

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Standing self-exam link</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5}>
          <Typography>
            With a standing link, {name} can record a self exam at home whenever they choose: they open the link, enter
            its access code, choose the places to record and send. Each time becomes a new exam, Self - Patient
            Initiated, in your exams, and you are told when one arrives.
          </Typography>
          {query.isPending ? (
            <Box role="status" sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
              <CircularProgress size={20} aria-hidden />
              <Typography>Loading the link…</Typography>
            </Box>
          ) : query.isError ? (
            <Alert severity="error">The link could not be loaded. Please try again.</Alert>
          ) : (
            <StandingLinkStatus link={link} patientName={name} />
          )}
          {sent && (
            <Alert severity="success">
              <AlertTitle>Sent to {sent.sentTo}</AlertTitle>
              Access code:{' '}
              <Box component="strong" sx={{ fontFamily: 'monospace', fontSize: '1.1em' }}>
                {formatAccessCode(sent.accessCode)}
              </Box>
              . It is shown only now: read it to {name} if the email does not arrive.
            </Alert>
          )}
          {confirmOff ? (
            <Alert severity="warning" role="alert">
              <AlertTitle>Turn the link off?</AlertTitle>
              {name} will no longer be able to send self exams with it, and a self exam they are recording now is not
              accepted. You can send a new link later.
            </Alert>
          ) : (
            <TextField
              label="Note for the patient (optional)"
              value={note}
              onChange={(event) => setInstructions(event.target.value)}
              multiline
              minRows={2}
              fullWidth
              error={tooLong}
              helperText={
                tooLong
                  ? `The note may not exceed ${selfExamLimits.instructionsMaxLength} characters`
                  : `Shown each time they open the link. The link and a new access code are emailed to ${patient.emailAddress ?? 'the patient'}; the link works for ${selfExamLinkLifetimeDays} days, and sending it again gives a new code (the old one stops working).`
              }
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {confirmOff ? (
          <>
            <Button onClick={() => setConfirmOff(false)} disabled={busy}>
              Keep it on
            </Button>
            <Button variant="contained" color="error" onClick={turnOff} loading={revoke.isPending}>
              Turn off link
            </Button>
          </>
        ) : (
          <>
            {active && (
              <Button color="error" onClick={() => setConfirmOff(true)} disabled={busy} sx={{ mr: 'auto' }}>
                Turn off link
              </Button>
            )}
            <Button onClick={onClose} disabled={busy}>
              Close
            </Button>
            <Button
              variant="contained"
              onClick={sendNow}
              loading={send.isPending}
              disabled={query.isPending || tooLong || !patient.emailAddress}
            >
              {active ? 'Send a new code' : 'Send standing self-exam link'}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
