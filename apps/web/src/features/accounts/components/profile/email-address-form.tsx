import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PageSpinner } from '../../../../components/feedback/page-spinner.tsx';
import { useEmailAddress } from '../../../../lib/api/healthcare-providers/get-email-address.ts';
import { usePutEmailAddress } from '../../../../lib/api/healthcare-providers/put-email-address.ts';
import { emailUpdateErrorMessage } from '../../utils/account-errors.ts';
import { emailAddressFormSchema } from '../../utils/account-schemas.ts';
import type { EmailAddressForm as Values } from '../../utils/account-schemas.ts';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { CurrentPasswordField } from '../account-fields.tsx';
import { UnexpectedErrorAlert } from './unexpected-error-alert.tsx';

type Banner = { severity: 'success' | 'error'; text: string };
const emptyValues: Values = { emailAddress: '', emailAddressConfirmation: '', currentPassword: '' };

/** Change the sign-in address (clinician-portal §2.7); the form is reset after every submit. */
export function EmailAddressForm({ providerId }: { providerId: string }) {
  const current = useEmailAddress(providerId);
  const mutation = usePutEmailAddress(providerId);
  const [banner, setBanner] = useState<Banner | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(emailAddressFormSchema), defaultValues: emptyValues });

  const submit = form.handleSubmit(async ({ emailAddress, currentPassword }) => {
    setBanner(null);
    try {
      await mutation.mutateAsync({ emailAddress: emailAddress.trim(), currentPassword });
      setBanner({ severity: 'success', text: 'You successfully updated your email address' });
    } catch (error) {
      setBanner({ severity: 'error', text: emailUpdateErrorMessage(error) });
    } finally {
      form.reset(emptyValues);
    }
  });

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="email-address-title">
      <Typography variant="h5" component="h2" id="email-address-title" sx={{ mb: 2 }}>
        Change Email
      </Typography>
      {banner && (
        <Alert severity={banner.severity} sx={{ mb: 3 }}>
          {banner.text}
        </Alert>
      )}
      {current.isPending && <PageSpinner label="Loading your email address…" />}
      {current.isError && <UnexpectedErrorAlert />}
      {current.isSuccess && (
        <Box sx={{ mb: 3 }}>
          <Typography color="text.secondary">Current email address</Typography>
          <Typography sx={{ fontWeight: 500 }}>{current.data}</Typography>
        </Box>
      )}
      <Stack spacing={2.5}>
        <FormTextField
          control={form.control}
          name="emailAddress"
          label="New email address"
          type="email"
          autoComplete="email"
        />
        <FormTextField
          control={form.control}
          name="emailAddressConfirmation"
          label="Confirm email address"
          type="email"
          autoComplete="email"
        />
        <CurrentPasswordField control={form.control} />
        <div>
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            Submit
          </Button>
        </div>
      </Stack>
    </Box>
  );
}
