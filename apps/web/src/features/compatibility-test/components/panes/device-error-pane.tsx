import Button from '@mui/material/Button';
import { useAtomValue } from 'jotai';
import { mediaFailureTexts } from '../../../../lib/media/media-check.ts';
import type { MediaFailure } from '../../../../lib/media/media-check.ts';
import { deviceFailureAtom } from '../../stores/wizard.ts';
import { PaneFrame } from '../pane-frame.tsx';

/** §2.10 the device error panes: a headline (§8's), what to do, and 'Refresh page'. */
const instructions: Record<Exclude<MediaFailure, 'platformUnsupported'>, string[]> = {
  systemDenied: [
    'Your computer does not let this browser use the camera or microphone.',
    'On macOS open System Settings › Privacy & Security › Camera (and Microphone) and turn your browser on. On Windows open Settings › Privacy & security › Camera (and Microphone) and allow desktop apps. Then refresh this page.',
  ],
  userDenied: [
    'The camera or microphone was blocked for this site.',
    'Click the camera icon or the site settings icon at the left of the address bar, allow the camera and the microphone, then refresh this page.',
  ],
  trackError: [
    'Another application is probably using your camera or microphone.',
    'Close other video-call or recording applications (and other browser tabs that use the camera), check that the camera is connected, then refresh this page.',
  ],
  unknownError: [
    'Something went wrong while starting your camera or microphone.',
    'Check that a camera and a microphone are connected and turned on, then refresh this page. If it happens again, restart your browser.',
  ],
};

export function DeviceErrorPane() {
  const failure = useAtomValue(deviceFailureAtom);
  const reason = failure === null || failure === 'platformUnsupported' ? 'unknownError' : failure;
  return (
    <PaneFrame
      eyebrow="Device error"
      title={mediaFailureTexts[reason]}
      actions={
        <Button variant="contained" onClick={() => window.location.reload()}>
          Refresh page
        </Button>
      }
    >
      {instructions[reason].map((line) => (
        <p key={line}>{line}</p>
      ))}
    </PaneFrame>
  );
}
