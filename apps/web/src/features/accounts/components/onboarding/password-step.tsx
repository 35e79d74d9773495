import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useUpdatePassword } from '../../../../lib/api/healthcare-providers/update-password.ts';
import { passwordUpdateErrorMessage } from '../../utils/account-errors.ts';
import { onboardingPasswordSchema } from '../../utils/account-schemas.ts';
import type { PasswordForm } from '../../utils/account-schemas.ts';
import { CurrentPasswordField, NewPasswordFields } from '../account-fields.tsx';
import type { StepProps } from './step-props.ts';

/** Onboarding step 1: the account was given a temporary password, so a new one is required. */
export function PasswordStep({ providerId, onComplete }: StepProps) {
  const form = useForm<PasswordForm>({
    resolver: zodResolver(onboardingPasswordSchema),
    defaultValues: { currentPassword: '', password: '', passwordConfirmation: '' },
  });
  const mutation = useUpdatePassword(providerId);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async ({ password, currentPassword }) => {
    setFailure(null);
    try {
      await mutation.mutateAsync({ password, currentPassword });
      onComplete('Your password has been updated.');
    } catch (error) {
      setFailure(passwordUpdateErrorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Your password was set by an administrator. Please choose a new password to continue.
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {failure}
        </Alert>
      )}
      <Stack spacing={2.5}>
        <CurrentPasswordField control={form.control} />
        <NewPasswordFields control={form.control} />
        <div>
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            Update password
          </Button>
        </div>
      </Stack>
    </form>
  );
}
