import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import type { HealthcareProviderInvitation } from '@auscura/contracts';
import { useForm } from 'react-hook-form';
import { paths } from '../../../../config/paths.ts';
import { useCreateHealthcareProvider } from '../../../../lib/api/healthcare-providers/create-healthcare-provider.ts';
import { createAccountErrorMessage } from '../../utils/account-errors.ts';
import { createAccountSchema } from '../../utils/account-schemas.ts';
import type { CreateAccountForm as Values } from '../../utils/account-schemas.ts';
import { FormCheckbox } from '../form-checkbox.tsx';
import { FormTextField } from '../../../../components/form/form-text-field.tsx';
import { NewPasswordFields } from '../account-fields.tsx';
import { LegalLink } from '../legal-link.tsx';

type CreateAccountFormProps = {
  invitation: HealthcareProviderInvitation;
  tcVersion: number;
  onCreated: () => void;
};

const defaultValues: Values = {
  firstName: '',
  lastName: '',
  displayName: '',
  password: '',
  passwordConfirmation: '',
  acceptTerms: false,
  acceptUseOfData: false,
};

/** The create-account form of an invitation (clinician-portal §2.5, §5 'Create account', §8). */
export function CreateAccountForm({ invitation, tcVersion, onCreated }: CreateAccountFormProps) {
  const form = useForm<Values>({ resolver: zodResolver(createAccountSchema), defaultValues });
  const mutation = useCreateHealthcareProvider();
  const [failure, setFailure] = useState<string | null>(null);
  const { control } = form;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await mutation.mutateAsync({
        invitationId: invitation.id,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        displayName: values.displayName.trim(),
        password: values.password,
        tcVersion,
      });
      onCreated();
    } catch (error) {
      setFailure(createAccountErrorMessage(error));
    }
  });

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="create-account-title">
      <Typography variant="h4" component="h1" id="create-account-title" sx={{ mb: 1 }}>
        Create your account
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        You have been invited to join {invitation.organization.name} as {invitation.emailAddress}.
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {failure}
        </Alert>
      )}
      <Stack spacing={2.5} sx={{ maxWidth: 520 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="firstName" label="First name" autoComplete="given-name" autoFocus />
          <FormTextField control={control} name="lastName" label="Last name" autoComplete="family-name" />
        </Stack>
        <FormTextField
          control={control}
          name="displayName"
          label="Display name"
          autoComplete="nickname"
          hint="This is how you will be identified to other users, e.g. Dr. Smith."
        />
        <NewPasswordFields control={control} passwordLabel="Password" />
        <Stack spacing={0.5}>
          <FormCheckbox
            control={control}
            name="acceptTerms"
            label={
              <>
                I agree to the <LegalLink href={paths.terms.getHref()}>Terms of Service</LegalLink>
              </>
            }
          />
          <FormCheckbox
            control={control}
            name="acceptUseOfData"
            label={
              <>
                I agree to the use of my data as described in the{' '}
                <LegalLink href={paths.privacy.getHref()}>Privacy Policy</LegalLink>
              </>
            }
          />
        </Stack>
        <Box>
          <Button type="submit" variant="contained" size="large" loading={mutation.isPending}>
            Create account
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
