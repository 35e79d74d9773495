import Alert from '@mui/material/Alert';
import { useParams } from 'react-router-dom';
import { LiveExamScreen } from '../../../features/live-exam/components/live-exam-screen.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';

/** /live-exam and /live-exam/{id} for a signed-in provider: the lobby and the room. */
export default function LiveExamRoute() {
  const { liveExamId } = useParams();
  const user = useCurrentUser();
  if (!user?.healthcareProviderId || !user.organizationId) {
    return <Alert severity="info">Virtual exams are for healthcare providers.</Alert>;
  }
  // The video room (a feature of its own) plugs in here: renderVideoRoom={(props) => <VideoRoom {...props} />}.
  return (
    <LiveExamScreen
      key={liveExamId ?? 'start'}
      liveExamId={liveExamId}
      provider={{
        healthcareProviderId: user.healthcareProviderId,
        organizationId: user.organizationId,
        name: user.name ?? 'Clinician',
      }}
    />
  );
}
