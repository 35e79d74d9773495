import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { Logo } from './logo.tsx';

const footerLinks = [
  { label: 'Support', href: paths.support.getHref() },
  { label: 'Contact', href: paths.contact.getHref() },
  { label: 'Terms of Service', href: paths.terms.getHref() },
  { label: 'Privacy Policy', href: paths.privacy.getHref() },
  { label: 'Security and HIPAA', href: paths.hipaa.getHref() },
];

/** The footer layout of the public information pages (clinician-portal §2.1). */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Container maxWidth="md" sx={{ py: 2 }}>
          <RouterLink to={paths.home.getHref()} aria-label="Auscura home" style={{ display: 'inline-flex' }}>
            <Logo height={32} />
          </RouterLink>
        </Container>
      </Box>
      <Container component="main" maxWidth="md" sx={{ flex: 1, py: { xs: 4, md: 6 } }}>
        {children}
      </Container>
      <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Container
          maxWidth="md"
          sx={{
            py: 3,
            display: 'flex',
            flexWrap: 'wrap',
            gap: 3,
            justifyContent: 'space-between',
            alignItems: 'center',
          }}
        >
          <Box component="nav" aria-label="Information pages" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }}>
            {footerLinks.map((link) => (
              <Link key={link.href} component={RouterLink} to={link.href} color="text.secondary" underline="hover">
                {link.label}
              </Link>
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary">
            © {new Date().getFullYear()} Auscura
          </Typography>
        </Container>
      </Box>
    </Box>
  );
}
