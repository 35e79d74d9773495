import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PeopleIcon from '@mui/icons-material/PeopleAltOutlined';

/** clinician-portal §2.8: the empty state, with the screen's 'Add new patient' button as its action. */
export function NoPatients({ action }: { action?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
      <PeopleIcon color="primary" sx={{ fontSize: 48, mb: 1 }} aria-hidden="true" />
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        You don&apos;t have any patients yet
      </Typography>
      <Typography color="text.secondary">
        Your organization does not have any patients. Click the button below to start adding patients.
      </Typography>
      {action && <Box sx={{ mt: 3 }}>{action}</Box>}
    </Paper>
  );
}
