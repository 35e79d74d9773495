import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { useServiceStatus } from '../../../../lib/api/status/get-service-status.ts';
import {
  audioInputReportAtom,
  audioOutputReportAtom,
  connectionTestsAtom,
  stethoscopeAtom,
  stethoscopeSkippedAtom,
  videoReportAtom,
} from '../../stores/wizard.ts';
import { browserInfo } from '../../utils/browser-info.ts';
import { qualityScores } from '../../utils/quality.ts';
import { downloadTestResults, testResults } from '../../utils/test-results.ts';
import type { Pane } from '../../utils/transitions.ts';
import { MeasurementsTable } from '../measurements-table.tsx';
import { PaneFrame } from '../pane-frame.tsx';

const reviews: { pane: Pane; label: string }[] = [
  { pane: 'cameraTest', label: 'Review camera test' },
  { pane: 'browserTest', label: 'Review browser test' },
  { pane: 'connectivity', label: 'Review connectivity' },
  { pane: 'quality', label: 'Review quality' },
];

/** §2.10 Results: passed when quality is Good or Excellent; the report file; restart; review buttons. */
export function ResultsPane({ onReview }: { onReview: (pane: Pane) => void }) {
  const connection = useAtomValue(connectionTestsAtom);
  const audioInput = useAtomValue(audioInputReportAtom);
  const audioOutput = useAtomValue(audioOutputReportAtom);
  const video = useAtomValue(videoReportAtom);
  const skipped = useAtomValue(stethoscopeSkippedAtom);
  const stethoscope = useAtomValue(stethoscopeAtom);
  const status = useServiceStatus(true);
  const scores = qualityScores(connection.preflight, connection.bitrate);
  const passed = scores.total === 'Excellent' || scores.total === 'Good';
  const download = () =>
    downloadTestResults(
      testResults({
        audioInput,
        audioOutput,
        video,
        browser: { ...browserInfo(navigator.userAgent), userAgent: navigator.userAgent },
        connection,
        components: status.data?.components ?? [],
        signalingRegion: window.location.host,
        stethoscope: { skipped, deviceLabel: skipped ? null : stethoscope.label },
      }),
    );
  return (
    <PaneFrame
      eyebrow="Results"
      title={passed ? 'All tests passed!' : 'Some tests failed'}
      actions={
        <>
          <Button variant="contained" onClick={download}>
            Download report results
          </Button>
          <Button variant="outlined" onClick={() => window.location.reload()}>
            Restart test
          </Button>
        </>
      }
    >
      <p>
        {passed
          ? 'This computer and network are ready for a live exam.'
          : 'Review the steps below. If you need help, download the report and send it to Auscura support.'}
      </p>
      <p>Expected quality: {scores.total ?? 'not measured'}</p>
      <MeasurementsTable preflight={connection.preflight} bitrate={connection.bitrate} scores={scores} />
      <Typography variant="h6" component="h3" sx={{ color: 'text.primary', mt: 2 }}>
        Review a step
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {reviews.map((review) => (
          <Button key={review.pane} variant="text" onClick={() => onReview(review.pane)}>
            {review.label}
          </Button>
        ))}
      </Box>
    </PaneFrame>
  );
}
