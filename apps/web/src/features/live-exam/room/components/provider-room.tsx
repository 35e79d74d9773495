import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GpsFixedIcon from '@mui/icons-material/GpsFixed';
import type { RoomConnectionState } from '../../../../lib/video/video-room.ts';
import { MediaControls } from './camera-preview.tsx';
import { MediaVideo } from '../../../../components/media/media-video.tsx';
import { TargetMarker } from './target-marker.tsx';
import type { LocalMedia } from '../../../../hooks/use-local-media.ts';

/** §9 layout: the room's local preview is 160 × 200; the auscultations panel about 26 rem × 625 px. */
export const roomLayout = {
  preview: { width: 160, height: 200 },
  video: { height: 625 },
  sidePanel: { width: '26rem', height: 625 },
} as const;
/** §7.2: a warning shows if a video track has not started after 5 seconds. */
const videoStartWarningMs = 5000;
export const videoNotStartedText =
  'The patient’s video has not started. Check the connection or ask the patient to check the camera.';
export const reconnectingText = 'Connection lost. Reconnecting…';

/** True once `active` has held for `ms` without `done` (the 5 s video-not-started warning). */
export function useLateWarning(active: boolean, done: boolean, ms = videoStartWarningMs) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    setLate(false);
    if (!active || done) return;
    const timer = setTimeout(() => setLate(true), ms);
    return () => clearTimeout(timer);
  }, [active, done, ms]);
  return late && !done;
}

type ProviderRoomProps = {
  media: LocalMedia;
  remoteStream: MediaStream | null;
  /** Bumped when the remote stream gains a track. */
  remoteVersion: number;
  state: RoomConnectionState;
  patientPresent: boolean;
  targetEnabled: boolean;
  onTargetEnabledChange: (enabled: boolean) => void;
  targetPosition: [number, number];
  onTargetMove: (position: [number, number]) => void;
  /** Exit (left out where the room's shell has its own). */
  onExit?: () => void;
  /** The entry-request dialog, the notifications overlay … (drawn over the patient's video). */
  overlay?: ReactNode;
  /** The auscultations side panel (filled by the remote auscultation). */
  sidePanel?: ReactNode;
  /** Notes, Info … (the live exam's own footer buttons). */
  footerActions?: ReactNode;
  showStethoscope?: boolean;
};

/**
 * The virtual exam room, provider side (exams-and-devices §2.4): the patient's video with the
 * target marker, the local preview, the side panel, and the footer of media controls, the exam's own
 * actions and Exit. Reconnecting and a video that has not started are said over the video.
 */
export function ProviderRoom(props: ProviderRoomProps) {
  const [playing, setPlaying] = useState(false);
  const hasVideo = (props.remoteStream?.getVideoTracks().length ?? 0) > 0;
  useEffect(() => setPlaying(false), [props.remoteStream]);
  const late = useLateWarning(props.patientPresent && props.state !== 'disconnected', playing);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', width: '100%', height: '100%', minHeight: 0 }}>
      {/* Side by side where the patient's video keeps at least 480 px beside the 26 rem panel (lg:
          1200 px and up); narrower, the panel goes under the video — at 1024 px beside it, the video
          was a 270 px strip mostly covered by the self view. */}
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', lg: 'row' }, flex: 1, gap: 2, minHeight: 0, p: 2 }}>
        <Box
          sx={{
            position: 'relative',
            flex: { lg: 1 },
            minWidth: 0,
            height: roomLayout.video.height,
            flexShrink: 0,
            bgcolor: 'grey.900',
            borderRadius: 2,
            overflow: 'hidden',
          }}
        >
          <MediaVideo
            key={props.remoteVersion}
            stream={hasVideo ? props.remoteStream : null}
            label="Patient video"
            onPlaying={() => setPlaying(true)}
            style={{ width: '100%', height: '100%' }}
          />
          {props.targetEnabled ? <TargetMarker position={props.targetPosition} onMove={props.onTargetMove} /> : null}
          {!props.patientPresent ? (
            <Typography
              sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: 'common.white' }}
            >
              Waiting for the patient to join…
            </Typography>
          ) : props.state === 'connecting' && !playing ? (
            <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
              <CircularProgress aria-label="Connecting to the patient" sx={{ color: 'common.white' }} />
            </Box>
          ) : null}
          <Stack spacing={1} sx={{ position: 'absolute', top: 12, left: 12, right: 12 }}>
            {props.state === 'reconnecting' ? <Alert severity="warning">{reconnectingText}</Alert> : null}
            {late ? <Alert severity="warning">{videoNotStartedText}</Alert> : null}
          </Stack>
          <Box
            sx={{
              position: 'absolute',
              right: 12,
              bottom: 12,
              width: roomLayout.preview.width,
              height: roomLayout.preview.height,
              borderRadius: 1,
              overflow: 'hidden',
              outline: '2px solid rgba(255,255,255,0.6)',
            }}
          >
            <MediaVideo
              stream={props.media.cameraOn ? props.media.stream : null}
              muted
              mirrored
              label="Your camera"
              style={{ width: '100%', height: '100%' }}
            />
          </Box>
          {props.overlay}
        </Box>
        {props.sidePanel === undefined ? null : (
          <Box
            component="aside"
            aria-label="Auscultations"
            sx={{
              width: { xs: '100%', lg: roomLayout.sidePanel.width },
              height: { lg: roomLayout.sidePanel.height },
              maxHeight: roomLayout.sidePanel.height,
              flexShrink: 0,
              overflow: 'auto',
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
            }}
          >
            {props.sidePanel}
          </Box>
        )}
      </Box>
      <Box
        component="footer"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}
      >
        <MediaControls media={props.media} showStethoscope={props.showStethoscope} />
        <Button
          startIcon={<GpsFixedIcon />}
          aria-pressed={props.targetEnabled}
          onClick={() => props.onTargetEnabledChange(!props.targetEnabled)}
        >
          {props.targetEnabled ? 'Hide target' : 'Show target'}
        </Button>
        {props.footerActions}
        <Box sx={{ flex: 1 }} />
        {props.onExit ? (
          <Button variant="contained" color="error" onClick={props.onExit}>
            Exit
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}
