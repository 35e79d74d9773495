import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { HealthcareProviderList } from '../../../features/healthcare-providers/components/healthcare-provider-list.tsx';

/** /organization/healthcare-providers (clinician-portal §2.10). */
export default function OrganizationProvidersRoute() {
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Healthcare Providers
      </Typography>
      <HealthcareProviderList />
    </Box>
  );
}
