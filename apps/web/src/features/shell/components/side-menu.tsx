import { useState } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ApartmentIcon from '@mui/icons-material/ApartmentOutlined';
import CalendarIcon from '@mui/icons-material/CalendarMonthOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import PeopleIcon from '@mui/icons-material/PeopleAltOutlined';
import { Link as RouterLink, NavLink, useLocation } from 'react-router-dom';
import { Logo } from '../../../components/layout/logo.tsx';
import { builtFeatures } from '../../../config/built-features.ts';
import { paths } from '../../../config/paths.ts';
import { InfoLinks } from './info-links.tsx';
import { menuWidth, topBarHeight } from './shell-sizes.ts';

const organizationLinks = [
  { label: 'HCP', href: paths.organizationProviders.getHref() },
  { label: 'Patients', href: paths.organizationPatients.getHref() },
  { label: 'Exams', href: paths.organizationExams.getHref() },
];

const activeStyle = { '&.active': { bgcolor: 'action.selected', color: 'primary.main', fontWeight: 600 } };

/** The fixed left menu of the signed-in shell (clinician-portal §2.2). */
export function SideMenu() {
  const { pathname } = useLocation();
  const [organizationOpen, setOrganizationOpen] = useState(() =>
    organizationLinks.some((link) => pathname.startsWith(link.href)),
  );
  // Home and /patients show the same screen, so both mark My Patients as current.
  const onPatients = pathname === paths.home.path || pathname.startsWith(paths.patients.path);

  return (
    <Box
      component="nav"
      aria-label="Main menu"
      sx={{
        position: 'fixed',
        inset: '0 auto 0 0',
        width: menuWidth,
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.paper',
        borderRight: 1,
        borderColor: 'divider',
        overflowY: 'auto',
      }}
    >
      <Box sx={{ height: topBarHeight, flexShrink: 0, display: 'flex', alignItems: 'center', px: 3 }}>
        <RouterLink to={paths.home.getHref()} aria-label="Auscura home" style={{ display: 'inline-flex' }}>
          <Logo height={30} />
        </RouterLink>
      </Box>
      <List sx={{ px: 1.5, flex: 1 }}>
        <ListItem disablePadding>
          <ListItemButton
            component={NavLink}
            to={paths.patients.getHref()}
            className={onPatients ? 'active' : undefined}
            aria-current={onPatients ? 'page' : undefined}
            sx={activeStyle}
          >
            <ListItemIcon>
              <PeopleIcon />
            </ListItemIcon>
            <ListItemText primary="My Patients" />
          </ListItemButton>
        </ListItem>
        <ListItem disablePadding>
          <ListItemButton component={NavLink} to={paths.council.getHref()} sx={activeStyle}>
            <ListItemIcon>
              <GroupsIcon />
            </ListItemIcon>
            <ListItemText primary="Council" />
          </ListItemButton>
        </ListItem>
        {builtFeatures.examCalendar && (
          <ListItem disablePadding>
            <ListItemButton component={NavLink} to={paths.calendar.getHref()} sx={activeStyle}>
              <ListItemIcon>
                <CalendarIcon />
              </ListItemIcon>
              <ListItemText primary="Exam Calendar" />
            </ListItemButton>
          </ListItem>
        )}
        <ListItem disablePadding sx={{ display: 'block' }}>
          <ListItemButton
            aria-expanded={organizationOpen}
            aria-controls="organization-links"
            onClick={() => setOrganizationOpen((open) => !open)}
          >
            <ListItemIcon>
              <ApartmentIcon />
            </ListItemIcon>
            <ListItemText primary="Organization" />
            {organizationOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          </ListItemButton>
          <Collapse in={organizationOpen} id="organization-links">
            <List disablePadding>
              {organizationLinks.map((link) => (
                <ListItem key={link.href} disablePadding>
                  <ListItemButton component={NavLink} to={link.href} sx={{ pl: 9, ...activeStyle }}>
                    <ListItemText primary={link.label} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Collapse>
        </ListItem>
      </List>
      <InfoLinks />
    </Box>
  );
}
