import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { MediaDevice } from '../../../../lib/media/devices.ts';
import type { LocalMedia } from '../../../../hooks/use-local-media.ts';

/** The input chosen with `select-alt-steth` as the stethoscope (read by the remote auscultation). */
const stethoscopeChoiceKey = 'stethoscopeDeviceId';

function DeviceSelect(props: {
  label: string;
  devices: MediaDevice[];
  value: string | null;
  onChange: (deviceId: string) => void;
}) {
  const value = props.devices.some((device) => device.deviceId === props.value) ? props.value! : '';
  return (
    <TextField
      select
      label={props.label}
      value={value}
      onChange={(event) => props.onChange(event.target.value)}
      fullWidth
      helperText={props.devices.length === 0 ? 'Unable to connect.' : undefined}
    >
      {props.devices.map((device) => (
        <MenuItem key={device.deviceId} value={device.deviceId}>
          {device.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

function readStethoscopeChoice(): string | null {
  try {
    return localStorage.getItem(stethoscopeChoiceKey);
  } catch {
    return null;
  }
}

/**
 * The settings popup (exams-and-devices §2.3): the video source, the audio source (the product's
 * own stethoscope is not offered), and with the select-alt-steth query parameter a 'Stethoscope'
 * selector to use another audio input as the stethoscope. Choices apply at once and are kept.
 */
export function DeviceSettingsDialog(props: {
  open: boolean;
  onClose: () => void;
  media: LocalMedia;
  showStethoscope?: boolean;
}) {
  const { media } = props;
  const [stethoscope, setStethoscope] = useState(readStethoscopeChoice);
  const inUse = (kind: 'audio' | 'video') => {
    const track = kind === 'video' ? media.stream?.getVideoTracks()[0] : media.stream?.getAudioTracks()[0];
    return (
      track?.getSettings().deviceId ??
      (kind === 'video' ? media.choice.videoInputDeviceId : media.choice.audioInputDeviceId)
    );
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs" aria-labelledby="device-settings-title">
      <DialogTitle id="device-settings-title">Settings</DialogTitle>
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          <DeviceSelect
            label="Video source"
            devices={media.devices.videoInputs}
            value={inUse('video')}
            onChange={(deviceId) => void media.choose('video', deviceId)}
          />
          <DeviceSelect
            label="Audio source"
            devices={media.devices.audioInputs}
            value={inUse('audio')}
            onChange={(deviceId) => void media.choose('audio', deviceId)}
          />
          {props.showStethoscope ? (
            <DeviceSelect
              label="Stethoscope"
              devices={media.devices.stethoscopes}
              value={stethoscope}
              onChange={(deviceId) => {
                setStethoscope(deviceId);
                try {
                  localStorage.setItem(stethoscopeChoiceKey, deviceId);
                } catch {
                  // Storage refused: the choice lasts for this page.
                }
              }}
            />
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
