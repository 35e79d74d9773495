import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { paths } from '../../../../config/paths.ts';
import LinearProgress from '@mui/material/LinearProgress';
import { useStethoscopePolling } from '../../hooks/use-stethoscope-polling.ts';
import { compatibilityTimings } from '../../utils/timings.ts';
import { PaneFrame } from '../pane-frame.tsx';

/** §2.10 Stethoscope connection: looks for the stethoscope (§9 polling); §8: not found raises an alert. */
export function StethoscopeConnectionPane({ onContinue }: { onContinue: (notFound: boolean) => void }) {
  const polling = useStethoscopePolling();
  const tries = compatibilityTimings.stethoscopePollTries;
  return (
    <PaneFrame
      eyebrow="Stethoscope connection"
      title="Connect your stethoscope"
      actions={
        <>
          <Button
            variant="contained"
            onClick={() => onContinue(polling.status === 'notFound')}
            disabled={polling.status === 'searching'}
          >
            Continue
          </Button>
          {polling.status === 'notFound' && (
            <Button variant="outlined" onClick={polling.retry}>
              Search again
            </Button>
          )}
        </>
      }
    >
      <p>
        Plug your stethoscope (or its USB adapter) into this computer and turn it on. Auscura recognizes it by the name
        it gives the computer.
      </p>
      <p>
        <Link href={paths.emsLog.getHref()} target="_blank" rel="noopener">
          Which stethoscopes does Auscura recognize? (opens in a new tab)
        </Link>
      </p>
      {polling.status === 'searching' && (
        <>
          <p role="status">
            Looking for your stethoscope… (look {polling.tries} of {tries})
          </p>
          <LinearProgress
            variant="determinate"
            value={(polling.tries / tries) * 100}
            aria-label="Looking for your stethoscope"
          />
        </>
      )}
      {polling.status === 'found' && (
        <Alert severity="success" role="status">
          Stethoscope found.
        </Alert>
      )}
      {polling.status === 'notFound' && (
        <Alert severity="warning" role="alert">
          <AlertTitle>Stethoscope Not Detected</AlertTitle>
          No stethoscope was found after {tries} looks. Continue to choose its input yourself, or search again.
        </Alert>
      )}
    </PaneFrame>
  );
}
