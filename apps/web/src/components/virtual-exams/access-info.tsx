import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CopyIcon from '@mui/icons-material/ContentCopy';
import { zodResolver } from '@hookform/resolvers/zod';
import { accessInfoCopyText, formatAccessCode } from '@auscura/contracts';
import type { VirtualExam } from '@auscura/contracts';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { emailAddressRule } from '../../lib/email-rule.ts';
import { reportError } from '../../lib/error-reporting.ts';
import { useSendVirtualExamInvitation } from '../../lib/api/virtual-exams/send-virtual-exam-invitation.ts';
import { useNotify } from '../notifications/use-notify.ts';

/** exams-and-devices §8 texts of copying and sending the access information. */
export const accessInfoTexts = {
  copied: 'The access information has been copied to your clipboard',
  emailSent: 'The access information email was successfully sent',
  emailFailed: 'There was an error sending the email. Please try again.',
} as const;

const emailSchema = z.object({ emailAddress: emailAddressRule });

/** The patient portal's address: the host part of the exam's link (§9 copy text: {host}/live-exam). */
export function portalHost(exam: Pick<VirtualExam, 'link'>): string {
  return new URL(exam.link).origin;
}

/** The link and access code (xxx-xxx-rest) of a virtual exam, as the patient needs them. */
export function AccessInfoBlock({ exam }: { exam: Pick<VirtualExam, 'link' | 'accessCode'> }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        Link
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>
        {exam.link}
      </Typography>
      <Typography component="dt" variant="body2" color="text.secondary">
        Access code
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontFamily: 'monospace', fontSize: '1rem' }}>
        {formatAccessCode(exam.accessCode)}
      </Typography>
    </Box>
  );
}

type AccessInfoProps = { exam: VirtualExam };

/**
 * The access information with Copy (the §9 copy text) and Send Access Info, pre-filled with the
 * patient's email (§5, §8). Used after scheduling and in the room's Info.
 */
export function AccessInfo({ exam }: AccessInfoProps) {
  const notify = useNotify();
  const send = useSendVirtualExamInvitation(exam.id);
  const form = useForm<z.input<typeof emailSchema>, unknown, z.output<typeof emailSchema>>({
    resolver: zodResolver(emailSchema),
    defaultValues: { emailAddress: exam.patientProfile?.emailAddress ?? '' },
  });
  const emailError = form.formState.errors.emailAddress;

  const copy = () =>
    navigator.clipboard.writeText(accessInfoCopyText(portalHost(exam), exam.accessCode)).then(
      () => notify(accessInfoTexts.copied, 'success'),
      // exams-and-devices §8: clipboard failures go to error logging.
      (error: unknown) => reportError(error),
    );

  const submit = form.handleSubmit(({ emailAddress }) =>
    send.mutateAsync(emailAddress).then(
      () => notify(accessInfoTexts.emailSent, 'success'),
      () => notify(accessInfoTexts.emailFailed, 'error'),
    ),
  );

  return (
    <Stack spacing={2}>
      <AccessInfoBlock exam={exam} />
      <Box>
        <Button variant="outlined" startIcon={<CopyIcon />} onClick={() => void copy()}>
          Copy access info
        </Button>
      </Box>
      <Box component="form" onSubmit={submit} noValidate aria-label="Send Access Info">
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
          <Button type="submit" variant="contained" loading={send.isPending} sx={{ flexShrink: 0, mt: 1 }}>
            Send Access Info
          </Button>
        </Stack>
      </Box>
    </Stack>
  );
}
