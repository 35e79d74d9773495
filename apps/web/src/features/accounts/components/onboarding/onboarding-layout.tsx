import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { Logo } from '../../../../components/layout/logo.tsx';

/** The onboarding frame: the logo without a link home, since home is where the wizard ends (§2.1). */
export function OnboardingLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', bgcolor: 'grey.50' }}
    >
      <Box component="header" sx={{ py: 4 }}>
        <Logo height={36} />
      </Box>
      <Box component="main" sx={{ width: '100%', display: 'grid', placeItems: 'start center', px: 2, pb: 6 }}>
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: 600, p: { xs: 3, sm: 5 } }}>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
