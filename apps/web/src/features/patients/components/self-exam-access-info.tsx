import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CopyIcon from '@mui/icons-material/ContentCopy';
import { zodResolver } from '@hookform/resolvers/zod';
import type { SelfExamRequest } from '@auscura/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { builtFeatures } from '../../../config/built-features.ts';
import { reportError } from '../../../lib/error-reporting.ts';
import { useSendSelfExamAccessInfo } from '../../../lib/api/self-exam-requests/send-self-exam-access-info.ts';
import { accessInfoEmailSchema, accessInfoTexts, selfExamPatientSideMissingText } from '../utils/self-exam-form.ts';
import { useNotify } from '../../../components/notifications/use-notify.ts';

function CopyableField({ label, value, onCopy }: { label: string; value: string; onCopy: () => void }) {
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      slotProps={{
        htmlInput: { readOnly: true, style: { fontFamily: 'monospace' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={`Copy ${label.toLowerCase()}`} onClick={onCopy} edge="end">
                <CopyIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

type AccessInfoProps = { request: SelfExamRequest; patientEmail: string | null };

/**
 * After a request is created: its link and access code, or, while the patient's self-exam pages
 * are not built, a note saying so instead of a link that would lead the patient to a 404.
 */
export function SelfExamAccessInfo(props: AccessInfoProps) {
  if (!builtFeatures.selfExamPatientPages)
    return <Typography role="status">{selfExamPatientSideMissingText}</Typography>;
  return <AccessInfoFields {...props} />;
}

/** The created request's link and access code, each copyable, and Send Access Info by email. */
function AccessInfoFields({ request, patientEmail }: AccessInfoProps) {
  const notify = useNotify();
  const send = useSendSelfExamAccessInfo(request.id);
  const form = useForm<z.input<typeof accessInfoEmailSchema>, unknown, z.output<typeof accessInfoEmailSchema>>({
    resolver: zodResolver(accessInfoEmailSchema),
    defaultValues: { emailAddress: patientEmail ?? '' },
  });
  const emailError = form.formState.errors.emailAddress;

  const copy = (text: string) =>
    navigator.clipboard.writeText(text).then(
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
    <Stack spacing={2.5}>
      <Typography>
        The self exam request has been created. Give the patient the link and the access code: they open the link and
        enter the code to record their exam.
      </Typography>
      <CopyableField label="Access code" value={request.accessCode} onCopy={() => void copy(request.accessCode)} />
      <CopyableField label="Link" value={request.link} onCopy={() => void copy(request.link)} />
      <Box component="form" onSubmit={submit} noValidate aria-label="Send access info by email">
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
          <Button type="submit" variant="outlined" loading={send.isPending} sx={{ flexShrink: 0, mt: 1 }}>
            Send access info
          </Button>
        </Stack>
      </Box>
    </Stack>
  );
}
