import { useCallback } from 'react';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { usePageParam } from '../../../hooks/use-page-param.ts';
import { useSearchOrganizationExams } from '../../../lib/api/exams/search-organization-exams.ts';
import { examColumns } from './exam-columns.tsx';
import { PagedQueryTable } from '../../../components/paged-table/paged-query-table.tsx';

const myColumns = examColumns({ withPatient: true, viewHref: (exam) => paths.organizationExam.getHref(exam.id) });
const allColumns = examColumns({ withPatient: true, viewHref: (exam) => paths.organizationExamAll.getHref(exam.id) });

/**
 * The organization's exams (clinician-portal §2.10). `all=true` lists every exam of the
 * organization; otherwise 'My Exams', the signed-in provider's own.
 */
export function OrganizationExams({ healthcareProviderId }: { healthcareProviderId: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pageNumber, setPageNumber } = usePageParam();
  const all = searchParams.get('all') === 'true';
  const query = useSearchOrganizationExams({
    filters: all ? [] : [{ field: 'healthcareProviderId', value: healthcareProviderId }],
    pageNumber,
  });

  // The toggle sets all=true|false and starts again at page 1.
  const setAll = useCallback(
    (value: boolean) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        next.set('all', String(value));
        next.delete('p');
        return next;
      }),
    [setSearchParams],
  );

  return (
    <PagedQueryTable
      title={all ? 'All exams' : 'My exams'}
      titleId="organization-exams-title"
      toolbar={
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={all ? 'all' : 'mine'}
          onChange={(_event, value: string | null) => value && setAll(value === 'all')}
          aria-label="Which exams"
        >
          <ToggleButton value="mine">My Exams</ToggleButton>
          <ToggleButton value="all">All</ToggleButton>
        </ToggleButtonGroup>
      }
      columns={all ? allColumns : myColumns}
      query={query}
      pageNumber={pageNumber}
      setPageNumber={setPageNumber}
      emptyText={all ? 'Your organization has no exams yet.' : 'You have not conducted any exams yet.'}
    />
  );
}
