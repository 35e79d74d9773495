import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import SettingsIcon from '@mui/icons-material/Settings';
import VideocamIcon from '@mui/icons-material/Videocam';
import VideocamOffIcon from '@mui/icons-material/VideocamOff';
import { DeviceSettingsDialog } from './device-settings-dialog.tsx';
import { MediaVideo } from '../../../../components/media/media-video.tsx';
import type { LocalMedia } from '../../../../hooks/use-local-media.ts';

/** §9: the lobby's preview is the requested track size, 500 wide by 625 high. */
const lobbyPreviewSize = { width: 500, height: 625 } as const;

/** The media toggles and the settings button, shared by the lobby preview and the room's footer. */
export function MediaControls({ media, showStethoscope }: { media: LocalMedia; showStethoscope?: boolean }) {
  const [settingsOpen, setSettingsOpen] = useState(false);
  const cameraLabel = media.cameraOn ? 'Turn camera off' : 'Turn camera on';
  const microphoneLabel = media.microphoneOn ? 'Mute microphone' : 'Unmute microphone';
  return (
    <>
      <Tooltip title={cameraLabel}>
        <IconButton
          aria-label={cameraLabel}
          aria-pressed={!media.cameraOn}
          onClick={media.toggleCamera}
          color="inherit"
        >
          {media.cameraOn ? <VideocamIcon /> : <VideocamOffIcon />}
        </IconButton>
      </Tooltip>
      <Tooltip title={microphoneLabel}>
        <IconButton
          aria-label={microphoneLabel}
          aria-pressed={!media.microphoneOn}
          onClick={media.toggleMicrophone}
          color="inherit"
        >
          {media.microphoneOn ? <MicIcon /> : <MicOffIcon />}
        </IconButton>
      </Tooltip>
      <Tooltip title="Settings">
        <IconButton aria-label="Settings" onClick={() => setSettingsOpen(true)} color="inherit">
          <SettingsIcon />
        </IconButton>
      </Tooltip>
      <DeviceSettingsDialog
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        media={media}
        showStethoscope={showStethoscope}
      />
    </>
  );
}

/**
 * The lobby's local camera preview (exams-and-devices §2.3): 500 × 625, with the camera and
 * microphone toggles and the settings popup over its lower edge.
 */
export function CameraPreview({ media, showStethoscope }: { media: LocalMedia; showStethoscope?: boolean }) {
  return (
    <Box
      sx={{
        position: 'relative',
        width: lobbyPreviewSize.width,
        maxWidth: '100%',
        flexShrink: 0,
        aspectRatio: `${lobbyPreviewSize.width} / ${lobbyPreviewSize.height}`,
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: 'grey.900',
      }}
    >
      <MediaVideo
        stream={media.cameraOn ? media.stream : null}
        muted
        mirrored
        label="Your camera preview"
        style={{ width: '100%', height: '100%' }}
      />
      <Box
        sx={{
          position: 'absolute',
          bottom: 12,
          left: 0,
          right: 0,
          display: 'flex',
          justifyContent: 'center',
          gap: 1,
          color: 'common.white',
          '& .MuiIconButton-root': { bgcolor: 'rgba(0,0,0,0.55)' },
        }}
      >
        <MediaControls media={media} showStethoscope={showStethoscope} />
      </Box>
    </Box>
  );
}
