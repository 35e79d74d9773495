import Alert from '@mui/material/Alert';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../config/paths.ts';
import { usePageParam } from '../../../hooks/use-page-param.ts';
import { useSearchCouncilExams } from '../../../lib/api/exams/search-council-exams.ts';
import { examColumns } from './exam-columns.tsx';
import { PagedQueryTable } from '../../../components/paged-table/paged-query-table.tsx';

const columns = examColumns({ withPatient: true, viewHref: (exam) => paths.exam.getHref(exam.id) });

/** Shown instead of the generic failure when the server says the caller is not on the council. */
export const councilRefusedText =
  'The Council History is open to members of the council of doctors. Your account is not a member yet; if you should be, please ask your organization to add you.';

/** Exams across organizations, patients of others masked (clinician-portal §2.11, §6). */
export function CouncilExams() {
  const { pageNumber, setPageNumber } = usePageParam();
  const query = useSearchCouncilExams({ filters: [], pageNumber });
  // Not a member: an empty table would suggest there is nothing to see; say why instead.
  if (query.error instanceof ApiError && query.error.status === 403) {
    return <Alert severity="info">{councilRefusedText}</Alert>;
  }
  return (
    <PagedQueryTable
      title="Council exams"
      titleId="council-exams-title"
      columns={columns}
      query={query}
      pageNumber={pageNumber}
      setPageNumber={setPageNumber}
      emptyText="There are no council exams yet."
    />
  );
}
