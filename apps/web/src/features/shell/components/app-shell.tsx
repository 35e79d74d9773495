import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';
import { menuWidth, topBarHeight } from './shell-sizes.ts';

/** The signed-in frame: fixed menu on the left, top bar, and the page in the main landmark. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <SideMenu />
      <TopBar />
      <Box component="main" sx={{ ml: `${menuWidth}px`, pt: `${topBarHeight}px`, minWidth: 0 }}>
        <Box sx={{ px: { xs: 3, lg: 5 }, py: 4, maxWidth: 1280 }}>{children}</Box>
      </Box>
    </Box>
  );
}
