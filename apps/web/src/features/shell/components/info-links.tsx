import Box from '@mui/material/Box';
import { visuallyHidden } from '../../../components/layout/visually-hidden.ts';
import { aboutHref, paths } from '../../../config/paths.ts';

const infoLinks = [
  { label: 'About', href: aboutHref },
  { label: 'Support', href: paths.support.getHref() },
  { label: 'Contact', href: paths.contact.getHref() },
  { label: 'Terms', href: paths.terms.getHref() },
  { label: 'Privacy', href: paths.privacy.getHref() },
  { label: 'HIPAA', href: paths.hipaa.getHref() },
];

/** The information links at the bottom of the menu; each opens in a new window (clinician-portal §2.2). */
export function InfoLinks() {
  return (
    <Box
      component="ul"
      aria-label="Information"
      sx={{ listStyle: 'none', m: 0, px: 3, py: 2, display: 'flex', flexWrap: 'wrap', gap: '4px 16px' }}
    >
      {infoLinks.map((link) => (
        <li key={link.label}>
          <Box
            component="a"
            href={link.href}
            target="_blank"
            // noopener: the new window gets no handle on this one (and so no way to navigate it).
            rel="noopener noreferrer"
            sx={{
              color: 'text.secondary',
              fontSize: 14,
              textDecoration: 'none',
              '&:hover': { textDecoration: 'underline' },
            }}
          >
            {link.label}
            <Box component="span" sx={visuallyHidden}>
              {' '}
              (opens in a new window)
            </Box>
          </Box>
        </li>
      ))}
    </Box>
  );
}
