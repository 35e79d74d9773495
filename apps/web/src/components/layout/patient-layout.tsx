import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { Logo } from './logo.tsx';

/** The width of the patient column: one readable column on any phone or desktop. */
const PATIENT_COLUMN_WIDTH = 640;

type PatientLayoutProps = {
  children: ReactNode;
  /** Optional line under the logo, e.g. the clinic's name. */
  subtitle?: string;
};

/**
 * The layout of the pages patients open from an emailed link (self-exams, virtual exams):
 * no clinician shell, a logo bar, one 640 px column with 16 px padding, large text and
 * buttons at least 48 px tall (touch targets), a footer link to Support. Works at 375 px.
 */
export function PatientLayout({ children, subtitle }: PatientLayoutProps) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        fontSize: '1.125rem',
        '& .MuiTypography-body1': { fontSize: '1.125rem' },
        '& .MuiButton-root': { minHeight: 48, fontSize: '1.0625rem' },
        '& .MuiIconButton-root': { minWidth: 48, minHeight: 48 },
      }}
    >
      <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Box
          sx={{
            maxWidth: PATIENT_COLUMN_WIDTH,
            mx: 'auto',
            px: 2,
            py: 1.5,
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            flexWrap: 'wrap',
          }}
        >
          <Logo height={32} />
          {subtitle && (
            <Typography component="p" variant="body2" color="text.secondary" sx={{ fontSize: '1rem !important' }}>
              {subtitle}
            </Typography>
          )}
        </Box>
      </Box>
      <Box
        component="main"
        sx={{ flex: 1, width: '100%', maxWidth: PATIENT_COLUMN_WIDTH, mx: 'auto', p: 2, boxSizing: 'border-box' }}
      >
        {children}
      </Box>
      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Box
          sx={{
            maxWidth: PATIENT_COLUMN_WIDTH,
            mx: 'auto',
            p: 2,
            display: 'flex',
            flexWrap: 'wrap',
            gap: 2,
            justifyContent: 'space-between',
            alignItems: 'center',
          }}
        >
          <Link
            component={RouterLink}
            to={paths.support.getHref()}
            color="primary"
            underline="always"
            sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 48 }}
          >
            Need help? Support
          </Link>
          <Typography component="p" variant="body2" color="text.secondary">
            © {new Date().getFullYear()} Auscura
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
