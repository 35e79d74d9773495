import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CopyIcon from '@mui/icons-material/ContentCopy';
import { accessInfoCopyText, formatAccessCode } from '@auscura/contracts';
import type { VirtualExam } from '@auscura/contracts';
import { useSendVirtualExamInvitation } from '../../lib/api/virtual-exams/send-virtual-exam-invitation.ts';
import { SendAccessInfoForm, useCopyAccessInfo } from './send-access-info.tsx';

/** The patient portal's address: the host part of the exam's link (§9 copy text: {host}/live-exam). */
function portalHost(exam: Pick<VirtualExam, 'link'>): string {
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
  const send = useSendVirtualExamInvitation(exam.id);
  const copy = useCopyAccessInfo();

  return (
    <Stack spacing={2}>
      <AccessInfoBlock exam={exam} />
      <Box>
        <Button
          variant="outlined"
          startIcon={<CopyIcon />}
          onClick={() => void copy(accessInfoCopyText(portalHost(exam), exam.accessCode))}
        >
          Copy access info
        </Button>
      </Box>
      <SendAccessInfoForm
        defaultEmail={exam.patientProfile?.emailAddress}
        send={send.mutateAsync}
        pending={send.isPending}
        formLabel="Send Access Info"
        buttonLabel="Send Access Info"
        buttonVariant="contained"
      />
    </Stack>
  );
}
