import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CopyIcon from '@mui/icons-material/ContentCopy';
import type { SelfExamRequest } from '@auscura/contracts';
import { builtFeatures } from '../../../config/built-features.ts';
import { useSendSelfExamAccessInfo } from '../../../lib/api/self-exam-requests/send-self-exam-access-info.ts';
import { selfExamPatientSideMissingText } from '../utils/self-exam-form.ts';
import { SendAccessInfoForm, useCopyAccessInfo } from '../../../components/virtual-exams/send-access-info.tsx';

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
  const send = useSendSelfExamAccessInfo(request.id);
  const copy = useCopyAccessInfo();

  return (
    <Stack spacing={2.5}>
      <Typography>
        The self exam request has been created. Give the patient the link and the access code: they open the link and
        enter the code to record their exam.
      </Typography>
      <CopyableField label="Access code" value={request.accessCode} onCopy={() => void copy(request.accessCode)} />
      <CopyableField label="Link" value={request.link} onCopy={() => void copy(request.link)} />
      <SendAccessInfoForm
        defaultEmail={patientEmail}
        send={send.mutateAsync}
        pending={send.isPending}
        formLabel="Send access info by email"
        buttonLabel="Send access info"
        buttonVariant="outlined"
      />
    </Stack>
  );
}
