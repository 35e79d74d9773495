import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useAtomValue } from 'jotai';
import { connectionTestsAtom } from '../../stores/wizard.ts';
import { qualityScores } from '../../utils/quality.ts';
import { MeasurementsTable } from '../measurements-table.tsx';
import { PaneFrame } from '../pane-frame.tsx';

const tips = [
  'Move closer to your Wi-Fi router, or connect with a network cable.',
  'Close other applications and browser tabs that use the network (downloads, streaming, other calls).',
  'Ask others on your network to pause large downloads or video streaming during the exam.',
  'Turn off your VPN if your organization allows it.',
];

/** §2.10 Quality: the minimum of the four §9 scores, with improvement tips below Good. */
export function QualityPane({ onFinish }: { onFinish: () => void }) {
  const state = useAtomValue(connectionTestsAtom);
  const scores = qualityScores(state.preflight, state.bitrate);
  const table = <MeasurementsTable preflight={state.preflight} bitrate={state.bitrate} scores={scores} />;
  if (scores.total === 'Excellent' || scores.total === 'Good') {
    return (
      <PaneFrame
        eyebrow="Quality"
        title={`Expected quality is ${scores.total.toLowerCase()}`}
        actions={
          <Button variant="contained" onClick={onFinish}>
            Finish up!
          </Button>
        }
      >
        <p>Your connection is ready for a live exam with clear video and stethoscope sound.</p>
        {table}
      </PaneFrame>
    );
  }
  const poor = scores.total === 'Poor';
  return (
    <PaneFrame
      eyebrow="Quality"
      title={poor ? 'Quality issues' : 'Quality is okay'}
      actions={
        <>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Yes
          </Button>
          <Button variant="outlined" onClick={onFinish}>
            Skip for now
          </Button>
        </>
      }
    >
      <p>
        {poor
          ? 'Video and stethoscope sound are likely to break up during a live exam.'
          : 'A live exam should work, but video or stethoscope sound may sometimes break up.'}{' '}
        These usually help:
      </p>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </Box>
      {table}
      <p>Would you like to run the test again after trying these?</p>
    </PaneFrame>
  );
}
