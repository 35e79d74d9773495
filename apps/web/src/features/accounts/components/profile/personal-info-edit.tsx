import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import type { HealthcareProvider } from '@auscura/contracts';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { PageSpinner } from '../../../../components/feedback/page-spinner.tsx';
import { paths } from '../../../../config/paths.ts';
import { useHealthcareProvider } from '../../../../lib/api/healthcare-providers/get-healthcare-provider.ts';
import { useUpdateHealthcareProvider } from '../../../../lib/api/healthcare-providers/update-healthcare-provider.ts';
import { personalInfoSchema } from '../../utils/account-schemas.ts';
import { NameFields } from '../account-fields.tsx';
import type { PersonalInfoState } from './personal-info-view.tsx';
import { UnexpectedErrorAlert } from './unexpected-error-alert.tsx';

type Values = z.input<typeof personalInfoSchema>;

/** Edit the three names; a save returns to the view with its success banner (clinician-portal §2.7). */
export function PersonalInfoEdit({ providerId }: { providerId: string }) {
  const query = useHealthcareProvider(providerId);
  if (query.isPending) return <PageSpinner label="Loading your personal information…" />;
  if (query.isError) return <UnexpectedErrorAlert />;
  return <PersonalInfoForm providerId={providerId} provider={query.data} />;
}

function PersonalInfoForm({ providerId, provider }: { providerId: string; provider: HealthcareProvider }) {
  const navigate = useNavigate();
  const mutation = useUpdateHealthcareProvider(providerId);
  const [failed, setFailed] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(personalInfoSchema),
    defaultValues: {
      firstName: provider.firstName ?? '',
      lastName: provider.lastName ?? '',
      displayName: provider.displayName ?? '',
    },
  });

  const submit = form.handleSubmit(async (values) => {
    setFailed(false);
    try {
      await mutation.mutateAsync({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        displayName: values.displayName.trim(),
      });
      const state: PersonalInfoState = { updateSuccessful: true };
      navigate(paths.personalInfo.getHref(), { state });
    } catch {
      setFailed(true);
    }
  });

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="personal-info-edit-title">
      <Typography variant="h5" component="h2" id="personal-info-edit-title" sx={{ mb: 2 }}>
        Edit Personal Information
      </Typography>
      {failed && <UnexpectedErrorAlert />}
      <Stack spacing={2.5}>
        <NameFields control={form.control} />
        <Box sx={{ display: 'flex', gap: 2 }}>
          <Button component={RouterLink} to={paths.personalInfo.getHref()}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            Submit
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
