import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import IconButton from '@mui/material/IconButton';
import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import type { RoomConnectionState } from '../../../../lib/video/video-room.ts';
import { MediaVideo } from '../../../../components/media/media-video.tsx';
import { reconnectingText, roomLayout, useLateWarning } from './provider-room.tsx';
import { TargetMarker } from './target-marker.tsx';
import type { LocalMedia } from '../../../../hooks/use-local-media.ts';

const clinicianVideoNotStartedText = 'The clinician’s video has not started yet. Please check your connection.';

/**
 * The patient's side of the room (issue 16): the clinician's video, the patient's own preview,
 * mute, leave, and the target marker drawn where the clinician puts it. Works at 375 px wide.
 */
export function PatientRoom(props: {
  media: LocalMedia;
  remoteStream: MediaStream | null;
  remoteVersion: number;
  state: RoomConnectionState;
  targetEnabled: boolean;
  target: [number, number] | null;
  onLeave: () => void;
}) {
  const [playing, setPlaying] = useState(false);
  const hasVideo = (props.remoteStream?.getVideoTracks().length ?? 0) > 0;
  const late = useLateWarning(props.state !== 'disconnected', playing);
  const muteLabel = props.media.microphoneOn ? 'Mute microphone' : 'Unmute microphone';
  return (
    <Stack spacing={2} sx={{ width: '100%' }}>
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          aspectRatio: '4 / 5',
          bgcolor: 'grey.900',
          borderRadius: 2,
          overflow: 'hidden',
        }}
      >
        <MediaVideo
          key={props.remoteVersion}
          stream={hasVideo ? props.remoteStream : null}
          label="Clinician video"
          onPlaying={() => setPlaying(true)}
          style={{ width: '100%', height: '100%' }}
        />
        {props.targetEnabled && props.target ? <TargetMarker position={props.target} /> : null}
        <Box
          sx={{
            position: 'absolute',
            right: 8,
            bottom: 8,
            width: { xs: roomLayout.preview.width / 2, sm: roomLayout.preview.width },
            height: { xs: roomLayout.preview.height / 2, sm: roomLayout.preview.height },
            borderRadius: 1,
            overflow: 'hidden',
            outline: '2px solid rgba(255,255,255,0.6)',
          }}
        >
          <MediaVideo
            stream={props.media.stream}
            muted
            mirrored
            label="Your camera"
            style={{ width: '100%', height: '100%' }}
          />
        </Box>
      </Box>
      {props.state === 'reconnecting' ? <Alert severity="warning">{reconnectingText}</Alert> : null}
      {late ? <Alert severity="warning">{clinicianVideoNotStartedText}</Alert> : null}
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
        <IconButton
          aria-label={muteLabel}
          aria-pressed={!props.media.microphoneOn}
          onClick={props.media.toggleMicrophone}
          size="large"
          sx={{ border: 1, borderColor: 'divider' }}
        >
          {props.media.microphoneOn ? <MicIcon /> : <MicOffIcon />}
        </IconButton>
        <Button variant="contained" color="error" onClick={props.onLeave} size="large">
          Leave
        </Button>
      </Stack>
    </Stack>
  );
}
