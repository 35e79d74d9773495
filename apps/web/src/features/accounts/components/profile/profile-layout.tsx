import { Suspense } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Outlet, Link as RouterLink, useLocation } from 'react-router-dom';
import { PageSpinner } from '../../../../components/feedback/page-spinner.tsx';
import { paths } from '../../../../config/paths.ts';

/** The profile area's side navigation is 232 px wide (clinician-portal §2.2). */
const sideNavWidth = 232;

const sections = [
  { label: 'Personal Information', href: paths.personalInfo.getHref() },
  { label: 'Change Email', href: paths.emailAddress.getHref() },
  { label: 'Change Password', href: paths.password.getHref() },
];

/** /profile-and-settings: side navigation beside the nested section (clinician-portal §2.7). */
export function ProfileLayout() {
  const { pathname } = useLocation();
  // The index of the area is the personal information view, so its entry is current there too.
  const current = (href: string) =>
    pathname.startsWith(href) ||
    (href === paths.personalInfo.getHref() && pathname.replace(/\/$/, '') === paths.profileAndSettings.getHref());

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Profile and settings
      </Typography>
      <Box sx={{ display: 'flex', gap: 4, alignItems: 'flex-start' }}>
        <Paper
          component="nav"
          variant="outlined"
          aria-label="Profile and settings"
          sx={{ width: sideNavWidth, flexShrink: 0 }}
        >
          <List disablePadding>
            {sections.map((section) => (
              <ListItem key={section.href} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={section.href}
                  selected={current(section.href)}
                  aria-current={current(section.href) ? 'page' : undefined}
                >
                  <ListItemText primary={section.label} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
        <Box sx={{ flex: 1, minWidth: 0, maxWidth: 640 }}>
          <Suspense fallback={<PageSpinner label="Loading…" />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
