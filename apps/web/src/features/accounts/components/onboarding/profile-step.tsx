import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import type { HealthcareProvider } from '@auscura/contracts';
import { useForm } from 'react-hook-form';
import { useUpdateHealthcareProvider } from '../../../../lib/api/healthcare-providers/update-healthcare-provider.ts';
import { submitFailedText } from '../../utils/account-errors.ts';
import { onboardingProfileSchema } from '../../utils/account-schemas.ts';
import type { ProfileForm } from '../../utils/account-schemas.ts';
import { NameFields } from '../account-fields.tsx';
import type { StepProps } from './step-props.ts';

/** Onboarding step 3: one of the names is missing; the known ones are filled in already. */
export function ProfileStep({ providerId, onComplete, provider }: StepProps & { provider: HealthcareProvider }) {
  const form = useForm<ProfileForm>({
    resolver: zodResolver(onboardingProfileSchema),
    defaultValues: {
      firstName: provider.firstName ?? '',
      lastName: provider.lastName ?? '',
      displayName: provider.displayName ?? '',
    },
  });
  const mutation = useUpdateHealthcareProvider(providerId);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await mutation.mutateAsync({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        displayName: values.displayName.trim(),
      });
      onComplete('Your user profile has been updated.');
    } catch {
      setFailure(submitFailedText);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Please complete your profile so colleagues know who you are.
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {failure}
        </Alert>
      )}
      <Stack spacing={2.5}>
        <NameFields control={form.control} />
        <div>
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            Save and continue
          </Button>
        </div>
      </Stack>
    </form>
  );
}
