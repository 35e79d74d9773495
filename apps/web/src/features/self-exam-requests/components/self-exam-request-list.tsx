import { useState } from 'react';
import Link from '@mui/material/Link';
import { selfExamRequestStatusLabels, siteName } from '@auscura/contracts';
import type { SelfExamRequestListItem } from '@auscura/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { PagedQueryTable } from '../../../components/paged-table/paged-query-table.tsx';
import type { PagedTableColumn } from '../../../components/paged-table/paged-table.tsx';
import { TableSearchField } from '../../../components/paged-table/table-search-field.tsx';
import { paths } from '../../../config/paths.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { usePageParam } from '../../../hooks/use-page-param.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSearchSelfExamRequests } from '../../../lib/api/self-exam-requests/search-self-exam-requests.ts';
import { noMatchingRecordsText } from '../../../components/paged-table/list-messages.ts';

const columns: PagedTableColumn<SelfExamRequestListItem>[] = [
  {
    id: 'patient',
    header: 'Patient',
    width: '22%',
    render: (item) => (
      <Link component={RouterLink} to={paths.patient.getHref(item.patientProfileId)}>
        {item.patientName}
      </Link>
    ),
  },
  // Exam dates are calendar days: shown at noon so no time zone moves them to another day.
  { id: 'date', header: 'Exam date', width: '14%', render: (item) => formatDate(`${item.examDate}T12:00:00`) },
  {
    id: 'points',
    header: 'Points',
    width: '28%',
    render: (item) => `${item.auscultationPoints.map(siteName).join(', ')} (${item.recordedPoints} recorded)`,
  },
  { id: 'status', header: 'Status', width: '16%', render: (item) => selfExamRequestStatusLabels[item.status] },
  {
    id: 'actions',
    header: '',
    label: 'Actions',
    align: 'right',
    width: '20%',
    render: (item) =>
      item.examId ? (
        <Link
          component={RouterLink}
          to={paths.exam.getHref(item.examId)}
          aria-label={`View exam of ${item.patientName}, requested ${formatDate(item.dateCreated)}`}
        >
          View exam
        </Link>
      ) : null,
  },
];

/** /self-exam-requests: the provider's requests and where each stands (clinician-portal §2.1). */
export function SelfExamRequestList() {
  const { pageNumber, setPageNumber } = usePageParam();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, 300);
  const query = useSearchSelfExamRequests({ search, pageNumber });
  return (
    <PagedQueryTable
      title="Self-exam requests"
      titleId="self-exam-requests-title"
      toolbar={
        <TableSearchField
          value={searchText}
          onChange={(value) => {
            setSearchText(value);
            setPageNumber(1, { replace: true });
          }}
          placeholder="Enter patient name"
          label="Search requests by patient name"
        />
      }
      columns={columns}
      query={query}
      pageNumber={pageNumber}
      setPageNumber={setPageNumber}
      emptyText={search.trim() ? noMatchingRecordsText : 'You have not requested any self exams yet.'}
    />
  );
}
