import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useUpdatePassword } from '../../../../lib/api/healthcare-providers/update-password.ts';
import { passwordUpdateErrorMessage } from '../../utils/account-errors.ts';
import { settingsPasswordSchema } from '../../utils/account-schemas.ts';
import type { PasswordForm as Values } from '../../utils/account-schemas.ts';
import { CurrentPasswordField, NewPasswordFields } from '../account-fields.tsx';

type Banner = { severity: 'success' | 'error'; text: string };
const emptyValues: Values = { currentPassword: '', password: '', passwordConfirmation: '' };

/** Change the password (clinician-portal §2.7); cleared after a success, kept after a refusal. */
export function PasswordForm({ providerId }: { providerId: string }) {
  const mutation = useUpdatePassword(providerId);
  const [banner, setBanner] = useState<Banner | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(settingsPasswordSchema), defaultValues: emptyValues });

  const submit = form.handleSubmit(async ({ password, currentPassword }) => {
    setBanner(null);
    try {
      await mutation.mutateAsync({ password, currentPassword });
      setBanner({ severity: 'success', text: 'You successfully updated your password' });
      form.reset(emptyValues);
    } catch (error) {
      setBanner({ severity: 'error', text: passwordUpdateErrorMessage(error) });
    }
  });

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="password-title">
      <Typography variant="h5" component="h2" id="password-title" sx={{ mb: 2 }}>
        Change Password
      </Typography>
      {banner && (
        <Alert severity={banner.severity} sx={{ mb: 3 }}>
          {banner.text}
        </Alert>
      )}
      <Stack spacing={2.5}>
        <CurrentPasswordField control={form.control} />
        <NewPasswordFields control={form.control} />
        <div>
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            Submit
          </Button>
        </div>
      </Stack>
    </Box>
  );
}
