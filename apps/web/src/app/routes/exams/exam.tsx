import { useParams, useSearchParams } from 'react-router-dom';
import { ExamDetail } from '../../../features/exams/components/exam-detail.tsx';
import type { ExamFamily } from '../../../features/exams/utils/exam-family.ts';

/** /exams/:examId and the organization variants; `combo` in the query shows the debug layout (clinician-portal §2.12). */
export default function ExamRoute({ family }: { family: ExamFamily }) {
  const { examId = '' } = useParams();
  const [searchParams] = useSearchParams();
  return <ExamDetail examId={examId} family={family} combo={searchParams.has('combo')} />;
}
