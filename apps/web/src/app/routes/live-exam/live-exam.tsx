import Alert from '@mui/material/Alert';
import { useParams, useSearchParams } from 'react-router-dom';
import { AuscultationCard } from '../../../features/exams/components/auscultation/auscultation-card.tsx';
import { LiveExamScreen } from '../../../features/live-exam/provider/components/live-exam-screen.tsx';
import { AuscultationsPanel } from '../../../features/live-exam/provider/components/remote-auscultation/auscultations-panel.tsx';
import { useNotify } from '../../../components/notifications/use-notify.ts';
import { CameraPreview } from '../../../features/live-exam/room/components/camera-preview.tsx';
import { MediaGate } from '../../../components/media/media-gate.tsx';
import { ProviderVideoRoom } from '../../../features/live-exam/provider/components/provider-video-room.tsx';
import { RoomNotesButton } from '../../../features/live-exam/provider/components/room-notes-button.tsx';
import { useLocalMedia } from '../../../hooks/use-local-media.ts';
import { useCurrentUser } from '../../../lib/auth.ts';

/**
 * /live-exam and /live-exam/{id} for a signed-in provider: the lobby and the room. The local camera
 * and microphone live here, so the lobby's preview and the room share them (§2.3, §2.4).
 */
export default function LiveExamRoute() {
  const { liveExamId } = useParams();
  const [search] = useSearchParams();
  const user = useCurrentUser();
  const notify = useNotify();
  const media = useLocalMedia({
    // §4 media device state: another device took over; say which.
    onDeviceSwitched: (kind, label) =>
      notify(`${kind === 'video' ? 'Camera' : 'Microphone'} disconnected. Now using ${label}.`, 'error'),
  });
  // exams-and-devices §2.3: select-alt-steth adds the 'Stethoscope' selector.
  const showStethoscope = search.has('select-alt-steth');
  if (!user?.healthcareProviderId || !user.organizationId) {
    return <Alert severity="info">Virtual exams are for healthcare providers.</Alert>;
  }
  return (
    <LiveExamScreen
      key={liveExamId ?? 'start'}
      liveExamId={liveExamId}
      provider={{
        healthcareProviderId: user.healthcareProviderId,
        organizationId: user.organizationId,
        name: user.name ?? 'Clinician',
      }}
      lobbyPreview={
        <MediaGate media={media}>
          <CameraPreview media={media} showStethoscope={showStethoscope} />
        </MediaGate>
      }
      renderVideoRoom={({ channel, exam, onEntryError }) => (
        <MediaGate media={media}>
          <ProviderVideoRoom
            virtualExamId={exam.id}
            channel={channel}
            media={media}
            onEntryError={onEntryError}
            showStethoscope={showStethoscope}
            renderSidePanel={({ stethoscope, badNoise }) => (
              <AuscultationsPanel
                channel={channel}
                examId={exam.examId}
                media={media}
                stethoscope={stethoscope}
                badNoise={badNoise}
                renderAuscultation={(auscultation) => (
                  <AuscultationCard
                    auscultation={auscultation}
                    variant="Silence"
                    headingId={`room-auscultation-${auscultation.id}`}
                    canDelete
                    compact
                  />
                )}
              />
            )}
            footerActions={
              exam.examId ? <RoomNotesButton examId={exam.examId} initialNotes={exam.exam?.notes ?? ''} /> : null
            }
          />
        </MediaGate>
      )}
    />
  );
}
