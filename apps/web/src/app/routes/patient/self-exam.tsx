import { useParams } from 'react-router-dom';
import { SelfExamPage } from '../../../features/self-exam/components/self-exam-page.tsx';
import { NotFoundPage } from '../../../components/errors/not-found-page.tsx';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /self-exam/:selfExamRequestId, the link in the patient's email. */
export default function SelfExamRoute() {
  const { selfExamRequestId = '' } = useParams();
  if (!uuidPattern.test(selfExamRequestId)) return <NotFoundPage />;
  return <SelfExamPage key={selfExamRequestId} selfExamRequestId={selfExamRequestId} />;
}
