import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useAtomValue } from 'jotai';
import { tokenAtom } from '../../stores/wizard.ts';
import { PaneFrame } from '../pane-frame.tsx';

/** §2.10 Get started; §8: an expired test app says so and its button is disabled. */
export function GetStartedPane({ onStart }: { onStart: () => void }) {
  const token = useAtomValue(tokenAtom);
  const expired = token.status === 'expired';
  return (
    <PaneFrame
      eyebrow="Get started"
      title="Is this computer ready for a live exam?"
      actions={
        <Button variant="contained" size="large" onClick={onStart} disabled={expired || token.status === 'loading'}>
          {token.status === 'loading' ? 'Preparing the test…' : 'Get started'}
        </Button>
      }
    >
      <p>
        In about two minutes this test checks your browser, camera, microphone, speakers, stethoscope and network
        against Auscura&apos;s own servers, and tells you what to fix before your virtual exam.
      </p>
      <p>
        You will be asked to allow your camera and microphone. Nothing is recorded or sent to anyone: the pictures and
        sounds stay on this computer.
      </p>
      {expired && (
        <Alert severity="error">
          <AlertTitle>App has expired.</AlertTitle>
          Please re-deploy the application and try again.
        </Alert>
      )}
    </PaneFrame>
  );
}
