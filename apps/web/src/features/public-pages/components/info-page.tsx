import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PublicLayout } from '../../../components/layout/public-layout.tsx';

type InfoPageProps = { title: string; updated?: string; intro?: ReactNode; children: ReactNode };

/** Title, optional "last updated" line and readable body text for the public information pages. */
export function InfoPage({ title, updated, intro, children }: InfoPageProps) {
  return (
    <PublicLayout>
      <Box component="article" sx={{ maxWidth: 720, '& h2': { mt: 4, mb: 1.5 }, '& p, & li': { lineHeight: 1.7 } }}>
        <Typography variant="h3" component="h1" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {updated && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Last updated {updated}
          </Typography>
        )}
        {intro && (
          <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 3, fontWeight: 400 }}>
            {intro}
          </Typography>
        )}
        {children}
      </Box>
    </PublicLayout>
  );
}

export function Section({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" id={id} aria-labelledby={id ? `${id}-heading` : undefined}>
      <Typography variant="h5" component="h2" id={id ? `${id}-heading` : undefined}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
