import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { participantLogEntries } from '@auscura/contracts';
import type { VirtualExam } from '@auscura/contracts';
import { usePublicConfig } from '../../../../lib/public-config.ts';
import { useOpenLiveExamChannel } from '../../../../lib/realtime/use-open-live-exam-channel.ts';
import { useLiveExamField, useLiveExamStatus } from '../../../../lib/realtime/use-live-exam-field.ts';
import type { LiveExamChannel } from '../../../../lib/realtime/live-exam-channel.ts';
import { getAuthorizedParticipantToken } from '../../../../lib/api/realtime/get-authorized-participant-token.ts';
import { patientName } from '../../../../lib/format-patient.ts';
import { EntryRequestDialog } from './entry-request-dialog.tsx';
import { RoomInfoButton } from './room-info-button.tsx';

type LiveExamRoomProps = {
  exam: VirtualExam;
  provider: { id: string; name: string };
  onExit: () => void;
  onEntryError: () => void;
  /**
   * THE VIDEO ROOM GOES HERE (exams-and-devices §2.4: patient video, local preview, auscultations
   * panel). It receives the live exam's shared-state channel, the exam and the provider; until the video issue fills it the
   * room shows a placeholder.
   */
  renderVideoRoom?: RenderProviderVideoRoom;
};

/** What the video room gets: the live exam's shared state, the exam (patient, ids) and the provider. */
export type ProviderVideoRoomProps = {
  channel: LiveExamChannel;
  exam: VirtualExam;
  provider: { id: string; name: string };
  /** The room could not be entered: back to the lobby with reason entryError (§2.4). */
  onEntryError: () => void;
};
export type RenderProviderVideoRoom = (props: ProviderVideoRoomProps) => ReactNode;

const statusLabel = {
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  closed: 'Closed',
};

/**
 * The provider's room shell (exams-and-devices §2.4): the live exam's shared state, who is
 * present, the entry-request dialog, Exit; and the slot where the video room goes.
 */
export function LiveExamRoom({ exam, provider, onExit, onEntryError, renderVideoRoom }: LiveExamRoomProps) {
  const config = usePublicConfig();
  const options = useMemo(
    () => ({
      config,
      virtualExamId: exam.id,
      participant: { id: provider.id, name: provider.name, role: 'HealthcareProvider' as const },
      getToken: () => getAuthorizedParticipantToken(exam.id),
    }),
    [config, exam.id, provider.id, provider.name],
  );
  const { channel, error } = useOpenLiveExamChannel(options);
  const status = useLiveExamStatus(channel);
  const log = useLiveExamField(channel, 'participantLog');
  // The participant log (§3): who is in the exam, and who has left (presence is decided by the server).
  const entries = log ? participantLogEntries({ participantLog: log }) : [];

  // Entry fails when the exam's state cannot be joined at all: back to the lobby (§2.4, entryError).
  useEffect(() => {
    let live = true;
    getAuthorizedParticipantToken(exam.id).catch(() => live && onEntryError());
    return () => void (live = false);
  }, [exam.id, onEntryError]);
  useEffect(() => {
    if (error) onEntryError();
  }, [error, onEntryError]);

  const patient = exam.patientProfile ? patientName(exam.patientProfile) : 'Patient';
  return (
    <Box>
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Box>
          <Typography variant="h4" component="h1">
            Virtual exam with {patient}
          </Typography>
          <Typography variant="body2" role="status">
            Shared state: {statusLabel[status]}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1.5}>
          <RoomInfoButton exam={exam} />
          <Button variant="outlined" color="error" onClick={onExit}>
            Exit
          </Button>
        </Stack>
      </Stack>
      {/* The room takes the width (the patient's video and the 26 rem auscultations panel, §2.4); who
          is present goes under it. */}
      <Stack direction="column" spacing={2} sx={{ alignItems: 'stretch' }}>
        <Paper
          variant="outlined"
          data-slot="video-room"
          sx={{ flex: 1, minWidth: 0, minHeight: 625, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        >
          {channel && renderVideoRoom ? (
            renderVideoRoom({ channel, exam, provider, onEntryError })
          ) : (
            <Typography color="text.secondary">The video room opens here.</Typography>
          )}
        </Paper>
        <Paper variant="outlined" component="section" aria-labelledby="participants-title" sx={{ p: 2 }}>
          <Typography id="participants-title" variant="h6" component="h2" sx={{ mb: 1 }}>
            Participants
          </Typography>
          <Stack
            component="ul"
            direction="row"
            sx={{ m: 0, p: 0, listStyle: 'none', flexWrap: 'wrap', columnGap: 4, rowGap: 1 }}
          >
            {entries.map((entry) => (
              <Stack
                component="li"
                key={entry.key}
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center' }}
                aria-label={`${entry.name}, ${entry.role === 'Patient' ? 'patient' : 'provider'}, ${entry.loggedOut ? 'left' : 'in the exam'}`}
              >
                <Typography sx={{ color: entry.loggedOut ? 'text.secondary' : 'text.primary' }}>
                  {entry.name}
                </Typography>
                <Chip size="small" label={entry.role === 'Patient' ? 'Patient' : 'Provider'} />
                <Chip
                  size="small"
                  variant="outlined"
                  color={entry.loggedOut ? 'default' : 'success'}
                  label={entry.loggedOut ? 'Left' : 'In the exam'}
                />
              </Stack>
            ))}
            {entries.length === 0 && <Typography component="li">Nobody yet.</Typography>}
          </Stack>
        </Paper>
      </Stack>
      <EntryRequestDialog channel={channel} />
    </Box>
  );
}
