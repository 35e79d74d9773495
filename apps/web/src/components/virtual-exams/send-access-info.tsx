import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { emailAddressRule } from '../../lib/email-rule.ts';
import { reportError } from '../../lib/error-reporting.ts';
import { useNotify } from '../notifications/use-notify.ts';

/** exams-and-devices §8 texts of copying and sending the access information. */
export const accessInfoTexts = {
  copied: 'The access information has been copied to your clipboard',
  emailSent: 'The access information email was successfully sent',
  emailFailed: 'There was an error sending the email. Please try again.',
} as const;

export const accessInfoEmailSchema = z.object({ emailAddress: emailAddressRule });

/** Copies a text of the access information and says so; a clipboard failure goes to error logging (§8). */
export function useCopyAccessInfo(): (text: string) => Promise<void> {
  const notify = useNotify();
  return (text) =>
    navigator.clipboard.writeText(text).then(
      () => notify(accessInfoTexts.copied, 'success'),
      (error: unknown) => reportError(error),
    );
}

type SendAccessInfoFormProps = {
  /** The patient's address on file, if any, to start from. */
  defaultEmail: string | null | undefined;
  /** Sends the access information to the address; its failure is told with §8's text. */
  send: (emailAddress: string) => Promise<unknown>;
  pending: boolean;
  /** The form's accessible name and the button's text (the screens word them differently). */
  formLabel: string;
  buttonLabel: string;
  buttonVariant: 'contained' | 'outlined';
};

/** The patient's email address and a button that sends the link and the access code to it. */
export function SendAccessInfoForm({
  defaultEmail,
  send,
  pending,
  formLabel,
  buttonLabel,
  buttonVariant,
}: SendAccessInfoFormProps) {
  const notify = useNotify();
  const form = useForm<z.input<typeof accessInfoEmailSchema>, unknown, z.output<typeof accessInfoEmailSchema>>({
    resolver: zodResolver(accessInfoEmailSchema),
    defaultValues: { emailAddress: defaultEmail ?? '' },
  });
  const emailError = form.formState.errors.emailAddress;

  const submit = form.handleSubmit(({ emailAddress }) =>
    send(emailAddress).then(
      () => notify(accessInfoTexts.emailSent, 'success'),
      () => notify(accessInfoTexts.emailFailed, 'error'),
    ),
  );

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={formLabel}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <TextField
          {...form.register('emailAddress')}
          label="Patient's email address"
          type="email"
          autoComplete="off"
          fullWidth
          error={!!emailError}
          helperText={emailError?.message ?? 'We email the link and the access code to this address.'}
        />
        <Button type="submit" variant={buttonVariant} loading={pending} sx={{ flexShrink: 0, mt: 1 }}>
          {buttonLabel}
        </Button>
      </Stack>
    </Box>
  );
}
