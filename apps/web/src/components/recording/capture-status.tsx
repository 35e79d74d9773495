import Typography from '@mui/material/Typography';
import type { LiveCaptureState } from '@auscura/audio-engine';
import { liveCaptureText } from './capture-texts.ts';
import type { CaptureAudience } from './capture-texts.ts';

/**
 * The live contact / clipping indication under the level meter, in words (not colour alone). The
 * status region is always there, empty while the level is fine, so screen readers announce a change.
 */
export function CaptureStatus({ state, audience }: { state: LiveCaptureState; audience: CaptureAudience }) {
  const text = liveCaptureText(state, audience);
  return (
    <Typography
      role="status"
      aria-label="Stethoscope contact"
      aria-live="polite"
      data-state={state}
      sx={{ minHeight: '1.5em', mt: 0.5, fontWeight: text ? 600 : undefined }}
    >
      {text ? (
        <>
          <span aria-hidden>⚠ </span>
          {text}
        </>
      ) : null}
    </Typography>
  );
}
