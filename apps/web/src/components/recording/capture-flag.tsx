import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { CaptureCheck } from '@auscura/audio-engine';
import { flaggedCaptureText } from './capture-texts.ts';
import type { CaptureAudience } from './capture-texts.ts';

const titles = {
  clinician: { silent: 'Silent recording', clipped: 'Clipped recording', 'too-short': 'Recording too short' },
  patient: { silent: 'Nothing was heard', clipped: 'Too loud', 'too-short': 'Too short' },
} as const;

/**
 * Why a finished recording should be made again, before it is sent (issue 35): the flow puts its
 * "Record again" and "send anyway" buttons beside it. Nothing when the recording passed the check.
 */
export function CaptureFlag({ check, audience }: { check: CaptureCheck; audience: CaptureAudience }) {
  if (check.ok) return null;
  return (
    <Alert severity="warning" role="alert">
      <AlertTitle>{titles[audience][check.reason]}</AlertTitle>
      {flaggedCaptureText(check, audience)}
    </Alert>
  );
}
