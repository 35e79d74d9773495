import { useParams } from 'react-router-dom';
import { PatientJoin } from '../../../features/live-exam/patient/components/patient-join.tsx';
import { PatientVideo } from '../../../features/live-exam/patient/components/patient-video.tsx';

/** /live-exam signed out (access-code entry) and /virtual-exam/{id} (the emailed link's form). */
export default function PatientJoinRoute() {
  const { id } = useParams();
  return (
    <PatientJoin
      key={id ?? 'code'}
      virtualExamId={id ?? null}
      renderVideoRoom={({ channel, session, currentToken }) => (
        <PatientVideo virtualExamId={session.virtualExamId} sessionToken={currentToken} channel={channel} />
      )}
    />
  );
}
