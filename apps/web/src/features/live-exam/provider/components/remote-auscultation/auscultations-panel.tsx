import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import type { Auscultation } from '@auscura/contracts';
import { AuscultationErrorDialog } from '../../../../../components/feedback/auscultation-error-dialog.tsx';
import type { LocalMedia } from '../../../../../hooks/use-local-media.ts';
import { useMuteWhile } from '../../../../../hooks/use-mute-while.ts';
import { useCaptureWatch } from '../../../../../hooks/use-capture-watch.ts';
import type { MonitorSettings } from '../../../../../hooks/use-live-input.ts';
import { usePublicConfig } from '../../../../../lib/public-config.ts';
import type { LiveExamChannel } from '../../../../../lib/realtime/live-exam-channel.ts';
import { useLiveExamField } from '../../../../../lib/realtime/use-live-exam-field.ts';
import { useRemoteRecording } from '../../hooks/use-remote-recording.ts';
import { useRemoteStethoscope } from '../../hooks/use-remote-stethoscope.ts';
import {
  clinicianMutedText,
  patientMutedText,
  remoteAuscultationErrorTexts,
} from '../../utils/remote-auscultation-texts.ts';
import { RecordedList } from './recorded-list.tsx';
import { RecordingControls } from './recording-controls.tsx';
import { StethoscopeListening } from './stethoscope-listening.tsx';
import type { PreviewState } from './stethoscope-listening.tsx';

type AuscultationsPanelProps = {
  channel: LiveExamChannel | null;
  examId: string | null;
  /** The clinician's own camera and microphone (muted during a recording when the flag says so). */
  media: LocalMedia;
  /** The room's stethoscope track from the patient, while published. */
  stethoscope: MediaStreamTrack | null;
  badNoise: boolean;
  /** How one recorded auscultation is drawn (the exam page's card: player, analysis). */
  renderAuscultation: (auscultation: Auscultation) => ReactNode;
};

/**
 * The room's auscultations side panel (exams-and-devices §2.4, issue 17): the patient's stethoscope
 * heard live through the engine (Preview), recording a point on request, and the exam's recordings,
 * the newest first and expanded.
 */
export function AuscultationsPanel(props: AuscultationsPanelProps) {
  const { channel, media } = props;
  const config = usePublicConfig();
  const connected = useLiveExamField(channel, 'isM1Connected') ?? false;
  const capture = useLiveExamField(channel, 'stethoscopeCapture') ?? null;
  const everConnected = useRef(false);
  if (connected) everConnected.current = true;
  const [point, setPoint] = useState('h1');
  const [previewOn, setPreviewOn] = useState(false);
  const [monitor, setMonitor] = useState<MonitorSettings>({ enabled: true, preset: 'wide', gain: 1 });
  const [newest, setNewest] = useState<string | null>(null);
  const recording = useRemoteRecording({ channel, examId: props.examId, onComplete: setNewest });
  const recordingNow = recording.phase.kind === 'recording';
  const reviewing = previewOn || recordingNow;
  const heard = useRemoteStethoscope(props.stethoscope, { ...monitor, enabled: monitor.enabled && reviewing });
  const preview: PreviewState = !previewOn ? 'inactive' : heard.hearing ? 'active' : 'transitioning';
  const contact = useCaptureWatch(heard.level);

  const togglePreview = (on: boolean) => {
    setPreviewOn(on);
    const field = on ? 'auscultationMicActivationRequest' : 'auscultationMicDeactivationRequest';
    void channel?.write(field, new Date().toISOString());
  };

  // §3 isReviewingAuscultation: the patient's page mutes the patient's voice while it is on.
  useEffect(() => {
    void channel?.write('isReviewingAuscultation', reviewing);
  }, [channel, reviewing]);

  // §4: with MUTE_HCP_IN_AUSCULTATION_RECORDING the clinician is muted while a recording runs (the
  // clinician's voice from the patient's speakers would reach the stethoscope), and unmuted after.
  const clinicianMuted = useMuteWhile(media, recordingNow && config.features.muteHcpInAuscultationRecording);

  const failed = recording.phase.kind === 'failed' ? recording.phase : null;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      {reviewing ? (
        <Alert severity="info" role="status">
          {patientMutedText}
        </Alert>
      ) : null}
      {clinicianMuted ? (
        <Alert severity="info" role="status">
          {clinicianMutedText}
        </Alert>
      ) : null}
      <StethoscopeListening
        connected={connected}
        wasConnected={everConnected.current}
        capture={capture}
        preview={preview}
        onPreview={togglePreview}
        monitor={monitor}
        onMonitorChange={setMonitor}
        levelDb={heard.level?.peakDb ?? null}
        contact={contact}
        badNoise={props.badNoise}
        recording={recordingNow}
      />
      <Divider />
      <RecordingControls
        point={point}
        onPointChange={setPoint}
        phase={recording.phase}
        canRecord={connected && props.examId !== null && recording.phase.kind === 'idle'}
        onRecord={() => void recording.start(point)}
        onAddTime={recording.addTime}
        onSave={recording.save}
        onCancel={() => void recording.cancel()}
      />
      <Divider />
      <RecordedList examId={props.examId} newest={newest} renderAuscultation={props.renderAuscultation} />
      <AuscultationErrorDialog
        open={failed !== null}
        text={failed ? remoteAuscultationErrorTexts[failed.error] : ''}
        onDismiss={() => void recording.dismiss()}
      />
    </Stack>
  );
}
