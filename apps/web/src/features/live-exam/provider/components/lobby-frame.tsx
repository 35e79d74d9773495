import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * One lobby screen (exams-and-devices §2.3): a headline, what it is about, and its buttons. The
 * local camera preview (500 × 625) joins it with the video room.
 */
export function LobbyFrame({
  title,
  children,
  actions,
  preview,
}: {
  title: string;
  children?: ReactNode;
  actions: ReactNode;
  /** The local camera preview with its toggles and settings (§2.3). */
  preview?: ReactNode;
}) {
  return (
    <Stack
      direction={{ xs: 'column', lg: 'row' }}
      spacing={3}
      sx={{ mt: 4, mx: 'auto', alignItems: { xs: 'center', lg: 'flex-start' }, justifyContent: 'center' }}
    >
      {preview}
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 640, width: '100%', flex: { lg: 1 }, minWidth: 0 }}>
        <Stack spacing={3}>
          <Typography variant="h4" component="h1">
            {title}
          </Typography>
          {children}
          <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>
            {actions}
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
