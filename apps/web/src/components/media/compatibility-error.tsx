import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { mediaFailureTexts } from '../../lib/media/media-check.ts';
import type { MediaFailure } from '../../lib/media/media-check.ts';

/** Safari cannot ask again for a permission it was refused without a reload (§8: Retry reloads there). */
const isSafari = () => /^((?!chrome|android).)*safari/i.test(navigator.userAgent);

/**
 * The failed compatibility check before a room (exams-and-devices §2.4, §4, §8): 'Compatibility
 * Error' with the reason's text, and Retry (a new check; a reload on Safari).
 */
export function CompatibilityError({ reason, onRetry }: { reason: MediaFailure; onRetry: () => void }) {
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', py: 6, px: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Compatibility Error
      </Typography>
      <Alert severity="error" role="alert" sx={{ mb: 3 }}>
        <AlertTitle>{mediaFailureTexts[reason]}</AlertTitle>
      </Alert>
      {reason === 'platformUnsupported' ? null : (
        <Button variant="contained" onClick={() => (isSafari() ? window.location.reload() : onRetry())}>
          Retry
        </Button>
      )}
    </Box>
  );
}
