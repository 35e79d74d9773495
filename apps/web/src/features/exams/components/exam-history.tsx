import type { ReactNode } from 'react';
import { paths } from '../../../config/paths.ts';
import { usePageParam } from '../../../hooks/use-page-param.ts';
import { useSearchExams } from '../../../lib/api/exams/search-exams.ts';
import { examColumns } from './exam-columns.tsx';
import { PagedQueryTable } from '../../../components/paged-table/paged-query-table.tsx';

const columns = examColumns({ withPatient: false, viewHref: (exam) => paths.exam.getHref(exam.id) });

/**
 * The patient detail screen's Exam History (clinician-portal §2.9). `actions` (the Start … Exam
 * buttons, composed by the route) sit in its header.
 */
export function ExamHistory({ patientProfileId, actions }: { patientProfileId: string; actions?: ReactNode }) {
  const { pageNumber, setPageNumber } = usePageParam();
  const query = useSearchExams({ filters: [{ field: 'patientProfileId', value: patientProfileId }], pageNumber });
  return (
    <PagedQueryTable
      title="Exam History"
      titleId="exam-history-title"
      // The header's buttons (Create Self Exam, Start In-Person Exam) come from the route, which composes the features.
      toolbar={actions}
      columns={columns}
      query={query}
      pageNumber={pageNumber}
      setPageNumber={setPageNumber}
      emptyText="This patient has no exams yet."
    />
  );
}
