import { useParams } from 'react-router-dom';
import { PatientJoin } from '../../../features/patient-portal/components/patient-join.tsx';

/** /live-exam signed out (access-code entry) and /virtual-exam/{id} (the emailed link's form). */
export default function PatientJoinRoute() {
  const { id } = useParams();
  // The patient's video room plugs in here: renderVideoRoom={(props) => <PatientVideoRoom {...props} />}.
  return <PatientJoin key={id ?? 'code'} virtualExamId={id ?? null} />;
}
