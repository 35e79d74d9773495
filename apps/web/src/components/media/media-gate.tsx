import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { CompatibilityError } from './compatibility-error.tsx';
import type { LocalMedia } from '../../hooks/use-local-media.ts';

/**
 * The compatibility check before the lobby's preview and the room (exams-and-devices §4): in
 * progress, failed ('Compatibility Error' with Retry), or passed (the children).
 */
export function MediaGate({ media, children }: { media: LocalMedia; children: ReactNode }) {
  if (media.check.status === 'inProgress') {
    return (
      <Box role="status" sx={{ display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'center', py: 6 }}>
        <CircularProgress size={28} aria-hidden="true" />
        <Typography>Checking your camera and microphone…</Typography>
      </Box>
    );
  }
  if (media.check.status === 'failed') return <CompatibilityError reason={media.check.reason} onRetry={media.retry} />;
  return children;
}
