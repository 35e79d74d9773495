import { useParams, useSearchParams } from 'react-router-dom';
import { ExamDetail } from '../../../features/exams/components/exam-detail.tsx';
import type { ExamFamily } from '../../../features/exams/utils/exam-family.ts';
import { useNotify } from '../app/use-notify.ts';

/** /exams/:examId and the organization variants; `combo` in the query shows the debug layout (clinician-portal §2.12). */
export default function ExamRoute({ family }: { family: ExamFamily }) {
  const { examId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const notify = useNotify();
  return <ExamDetail examId={examId} family={family} combo={searchParams.has('combo')} notify={notify} />;
}
