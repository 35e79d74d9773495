import { useParams } from 'react-router-dom';
import { PatientJoin } from '../../../features/patient-portal/components/patient-join.tsx';

/** /live-exam signed out (access-code entry) and /virtual-exam/{id} (the emailed link's form). */
export default function PatientJoinRoute() {
  const { id } = useParams();
  return <PatientJoin key={id ?? 'code'} virtualExamId={id ?? null} />;
}
