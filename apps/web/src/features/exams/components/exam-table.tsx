import type { ReactNode } from 'react';
import { limits } from '@auscura/contracts';
import type { Exam, Paged } from '@auscura/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { PagedTable } from '../../../components/paged-table/paged-table.tsx';
import type { PagedTableColumn } from '../../../components/paged-table/paged-table.tsx';
import { listLoadFailedText } from '../../../components/paged-table/list-messages.ts';
import { useLastPageFallback } from '../../../components/paged-table/use-last-page-fallback.ts';

type ExamTableProps = {
  title: string;
  titleId: string;
  toolbar?: ReactNode;
  columns: PagedTableColumn<Exam>[];
  query: UseQueryResult<Paged<Exam>>;
  pageNumber: number;
  setPageNumber: (page: number, options?: { replace?: boolean }) => void;
  emptyText: string;
};

/** One page of exams with the shared loading, empty, failure and paging behaviour (clinician-portal §2.8, §8). */
export function ExamTable({ query, pageNumber, setPageNumber, emptyText, ...table }: ExamTableProps) {
  const totalCount = query.data?.totalCount ?? 0;
  useLastPageFallback(query, pageNumber, setPageNumber);

  let message: ReactNode;
  if (query.isError) message = listLoadFailedText;
  else if (query.isSuccess && query.data.items.length === 0) message = emptyText;

  return (
    <PagedTable
      {...table}
      rows={query.data?.items ?? []}
      getRowId={(exam) => exam.id}
      totalCount={query.isError ? 0 : totalCount}
      pageNumber={pageNumber}
      pageSize={limits.pageSize}
      onPageChange={setPageNumber}
      loading={query.isFetching}
      message={message}
    />
  );
}
