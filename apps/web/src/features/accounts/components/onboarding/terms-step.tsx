import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { paths } from '../../../../config/paths.ts';
import { useUpdateHealthcareProvider } from '../../../../lib/api/healthcare-providers/update-healthcare-provider.ts';
import { submitFailedText } from '../../utils/account-errors.ts';
import { onboardingTermsSchema } from '../../utils/account-schemas.ts';
import type { TermsForm } from '../../utils/account-schemas.ts';
import { FormCheckbox } from '../form-checkbox.tsx';
import { LegalLink } from '../legal-link.tsx';
import type { StepProps } from './step-props.ts';

/** Onboarding step 2: the terms changed since the provider last agreed to them. */
export function TermsStep({ providerId, onComplete, tcVersion }: StepProps & { tcVersion: number }) {
  const form = useForm<TermsForm>({ resolver: zodResolver(onboardingTermsSchema), defaultValues: { accept: false } });
  const mutation = useUpdateHealthcareProvider(providerId);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async () => {
    setFailure(null);
    try {
      await mutation.mutateAsync({ tcVersion });
      onComplete();
    } catch {
      setFailure(submitFailedText);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Our terms and conditions have changed. Please read the{' '}
        <LegalLink href={paths.terms.getHref()}>Terms of Service</LegalLink> and agree to them to continue.
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {failure}
        </Alert>
      )}
      <Stack spacing={2.5}>
        <FormCheckbox control={form.control} name="accept" label="I agree to the terms and conditions" />
        <div>
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            Continue
          </Button>
        </div>
      </Stack>
    </form>
  );
}
