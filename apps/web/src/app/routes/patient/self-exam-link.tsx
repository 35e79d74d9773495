import { useParams } from 'react-router-dom';
import { StandingSelfExamPage } from '../../../features/self-exam/components/standing/standing-self-exam-page.tsx';
import { NotFoundPage } from '../../../components/errors/not-found-page.tsx';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /self-exam-link/:selfExamLinkId, the standing link in the patient's email (patient-initiated self exams). */
export default function SelfExamLinkRoute() {
  const { selfExamLinkId = '' } = useParams();
  if (!uuidPattern.test(selfExamLinkId)) return <NotFoundPage />;
  return <StandingSelfExamPage key={selfExamLinkId} selfExamLinkId={selfExamLinkId} />;
}
