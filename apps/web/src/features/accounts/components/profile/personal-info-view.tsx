import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { PageSpinner } from '../../../../components/feedback/page-spinner.tsx';
import { paths } from '../../../../config/paths.ts';
import { useCurrentUser } from '../../../../lib/auth.ts';
import { useHealthcareProvider } from '../../../../lib/api/healthcare-providers/get-healthcare-provider.ts';
import { UnexpectedErrorAlert } from './unexpected-error-alert.tsx';

/** The flag the edit screen leaves in navigation state after a save. */
export type PersonalInfoState = { updateSuccessful?: boolean };

/** Read-only personal information with an Edit button (clinician-portal §2.7). */
export function PersonalInfoView({ providerId }: { providerId: string }) {
  const user = useCurrentUser();
  const query = useHealthcareProvider(providerId);
  const state = useLocation().state as PersonalInfoState | null;

  if (query.isPending) return <PageSpinner label="Loading your personal information…" />;
  if (query.isError) return <UnexpectedErrorAlert />;

  const rows = [
    { label: 'Organization', value: user?.organizationName },
    { label: 'First name', value: query.data.firstName },
    { label: 'Last name', value: query.data.lastName },
    { label: 'Display name', value: query.data.displayName },
  ];
  return (
    <section aria-labelledby="personal-info-title">
      <Typography variant="h5" component="h2" id="personal-info-title" sx={{ mb: 2 }}>
        Personal Information
      </Typography>
      {state?.updateSuccessful && (
        <Alert severity="success" sx={{ mb: 3 }}>
          You successfully updated your personal information
        </Alert>
      )}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: '160px 1fr', rowGap: 1.5, columnGap: 2, m: 0, mb: 3 }}
      >
        {rows.map((row) => (
          <Box key={row.label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {row.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
              {row.value || '—'}
            </Typography>
          </Box>
        ))}
      </Box>
      <Button variant="contained" component={RouterLink} to={paths.personalInfoEdit.getHref()}>
        Edit
      </Button>
    </section>
  );
}
