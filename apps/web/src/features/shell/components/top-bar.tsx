import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import SettingsIcon from '@mui/icons-material/ManageAccountsOutlined';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { useCurrentUser } from '../../../lib/auth.ts';
import { menuWidth, topBarHeight } from './shell-sizes.ts';

/** The top bar of the signed-in shell: who is signed in, and the account buttons (clinician-portal §2.2). */
export function TopBar() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  return (
    <Box
      component="header"
      sx={{
        position: 'fixed',
        top: 0,
        left: menuWidth,
        right: 0,
        height: topBarHeight,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        px: 4,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        zIndex: (theme) => theme.zIndex.appBar,
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {user?.name && (
          <Typography noWrap sx={{ fontWeight: 600 }}>
            {user.name}
          </Typography>
        )}
        {user?.organizationName && (
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.organizationName}
          </Typography>
        )}
      </Box>
      <Button component={RouterLink} to={paths.profileAndSettings.getHref()} startIcon={<SettingsIcon />}>
        Profile and settings
      </Button>
      {/* Signing out is an action, so a button; the sign-out route does the work (also for the idle dialog). */}
      <Button onClick={() => navigate(paths.signOut.getHref())} startIcon={<LogoutIcon />} color="inherit">
        Log out
      </Button>
    </Box>
  );
}
