import { useState } from 'react';
import Button from '@mui/material/Button';
import { useSetAtom } from 'jotai';
import { readDeviceChoice } from '../../../../lib/media/devices.ts';
import { runMediaCheck } from '../../../../lib/media/media-check.ts';
import { deviceFailureAtom } from '../../stores/wizard.ts';
import { PaneFrame } from '../pane-frame.tsx';

/**
 * §2.10 Device check: asks for the camera and microphone (the browser's permission prompt). It
 * moves on by itself, to Camera test or to the Device error that applies (§4); its down button
 * stays disabled.
 */
export function DeviceCheckPane({ onChecked }: { onChecked: (failed: boolean) => void }) {
  const setFailure = useSetAtom(deviceFailureAtom);
  const [checking, setChecking] = useState(false);
  const check = async () => {
    setChecking(true);
    const result = await runMediaCheck({
      videoInputDeviceId: readDeviceChoice('videoInputDeviceId'),
      audioInputDeviceId: readDeviceChoice('audioInputDeviceId'),
    });
    setChecking(false);
    if (result.status === 'passed') {
      // The panes that follow open the devices they test; this stream only asked for permission.
      for (const track of result.stream.getTracks()) track.stop();
      setFailure(null);
      onChecked(false);
    } else {
      setFailure(result.reason);
      onChecked(true);
    }
  };
  return (
    <PaneFrame
      eyebrow="Device check"
      title="Allow your camera and microphone"
      actions={
        <Button variant="contained" onClick={() => void check()} disabled={checking}>
          {checking ? 'Waiting for your permission…' : 'Check permissions'}
        </Button>
      }
    >
      <p>
        A live exam needs your camera and microphone. When your browser asks, choose <strong>Allow</strong>. If it does
        not ask, look for a camera icon in the address bar.
      </p>
    </PaneFrame>
  );
}
