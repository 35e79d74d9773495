import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Logo } from './logo.tsx';

type MessagePageProps = {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** false inside the signed-in shell, which already shows the logo and a main landmark. */
  standalone?: boolean;
};

/** A centred card with a title, a few lines of text and actions: errors, not-found, signed-out. */
export function MessagePage({ eyebrow, title, children, actions, standalone = true }: MessagePageProps) {
  const card = (
    <Paper variant="outlined" sx={{ maxWidth: 560, width: '100%', p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      {eyebrow && (
        <Typography color="primary" sx={{ mb: 1, fontWeight: 700 }}>
          {eyebrow}
        </Typography>
      )}
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children && <Box sx={{ color: 'text.secondary', mb: actions ? 3 : 0, '& p': { m: 0, mb: 1 } }}>{children}</Box>}
      {actions && <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>{actions}</Box>}
    </Paper>
  );
  if (!standalone) return <Box sx={{ display: 'grid', placeItems: 'center', py: 8, px: 2 }}>{card}</Box>;
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', bgcolor: 'grey.50' }}
    >
      <Box component="header" sx={{ py: 4 }}>
        <Logo height={36} />
      </Box>
      <Box component="main" sx={{ flex: 1, width: '100%', display: 'grid', placeItems: 'start center', px: 2, pt: 4 }}>
        {card}
      </Box>
    </Box>
  );
}
