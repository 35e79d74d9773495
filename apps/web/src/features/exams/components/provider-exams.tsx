import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Box from '@mui/material/Box';
import { examTypeLabels, examTypeSchema } from '@auscura/contracts';
import type { ExamType } from '@auscura/contracts';
import { useSearchParams } from 'react-router-dom';
import { PagedQueryTable } from '../../../components/paged-table/paged-query-table.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageParam } from '../../../hooks/use-page-param.ts';
import { useSearchExams } from '../../../lib/api/exams/search-exams.ts';
import { examColumns } from './exam-columns.tsx';
import { noMatchingRecordsText } from '../../../components/paged-table/list-messages.ts';

const columns = examColumns({ withPatient: true, viewHref: (exam) => paths.exam.getHref(exam.id) });
const reviewedChoices = { all: 'All', reviewed: 'Reviewed', unreviewed: 'Unreviewed' } as const;
type ReviewedChoice = keyof typeof reviewedChoices;

/**
 * /exams: the signed-in provider's exams of every kind (clinician-portal §1, §3), newest first,
 * filterable by type and reviewed state; the filters live in the address (type, reviewed).
 */
export function ProviderExams({ healthcareProviderId }: { healthcareProviderId: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pageNumber } = usePageParam();
  const typeParam = searchParams.get('type');
  const type = examTypeSchema.safeParse(typeParam).success ? (typeParam as ExamType) : null;
  const reviewedParam = searchParams.get('reviewed');
  const reviewed: ReviewedChoice =
    reviewedParam === 'true' ? 'reviewed' : reviewedParam === 'false' ? 'unreviewed' : 'all';
  const query = useSearchExams({
    filters: [
      { field: 'healthcareProviderId', value: healthcareProviderId },
      ...(type ? [{ field: 'type', value: type }] : []),
      ...(reviewed === 'all' ? [] : [{ field: 'reviewed', value: reviewed === 'reviewed' }]),
    ],
    pageNumber,
  });
  const setParam = (name: string, value: string | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(name);
      else next.set(name, value);
      next.delete('p');
      return next;
    });
  const setPageNumber = (page: number, options: { replace?: boolean } = {}) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (page <= 1) next.delete('p');
      else next.set('p', String(page));
      return next;
    }, options);

  return (
    <PagedQueryTable
      title="My exams"
      titleId="provider-exams-title"
      toolbar={
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <FormControl size="small" sx={{ minWidth: 220 }}>
            <InputLabel id="exam-type-filter-label">Exam type</InputLabel>
            <Select
              labelId="exam-type-filter-label"
              label="Exam type"
              value={type ?? 'all'}
              onChange={(event) => setParam('type', event.target.value === 'all' ? null : event.target.value)}
            >
              <MenuItem value="all">All types</MenuItem>
              {examTypeSchema.options.map((option) => (
                <MenuItem key={option} value={option}>
                  {examTypeLabels[option]}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl size="small" sx={{ minWidth: 160 }}>
            <InputLabel id="exam-reviewed-filter-label">Status</InputLabel>
            <Select
              labelId="exam-reviewed-filter-label"
              label="Status"
              value={reviewed}
              onChange={(event) => {
                const choice = event.target.value as ReviewedChoice;
                setParam('reviewed', choice === 'all' ? null : String(choice === 'reviewed'));
              }}
            >
              {Object.entries(reviewedChoices).map(([value, label]) => (
                <MenuItem key={value} value={value}>
                  {label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Box>
      }
      columns={columns}
      query={query}
      pageNumber={pageNumber}
      setPageNumber={setPageNumber}
      emptyText={type || reviewed !== 'all' ? noMatchingRecordsText : 'You have not conducted any exams yet.'}
    />
  );
}
