import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * One pane of the wizard: its headline (focused when the pane opens, so a screen reader announces
 * where the wizard went), its content and its own buttons.
 */
export function PaneFrame({
  eyebrow,
  title,
  children,
  actions,
}: {
  eyebrow: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Box component="section" aria-labelledby="pane-title" data-pane={eyebrow}>
      <Typography color="primary" sx={{ fontWeight: 700, mb: 0.5 }}>
        {eyebrow}
      </Typography>
      <Typography
        id="pane-title"
        ref={heading}
        tabIndex={-1}
        variant="h4"
        component="h2"
        sx={{ mb: 2, outline: 'none' }}
      >
        {title}
      </Typography>
      {children && (
        <Box sx={{ color: 'text.secondary', '& p': { mt: 0, mb: 1.5 }, display: 'grid', gap: 1 }}>{children}</Box>
      )}
      {actions && <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 3 }}>{actions}</Box>}
    </Box>
  );
}
