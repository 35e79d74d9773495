import type { ReactNode } from 'react';
import { limits } from '@auscura/contracts';
import type { Paged } from '@auscura/contracts';
import { listLoadFailedText } from './list-messages.ts';
import { PagedTable } from './paged-table.tsx';
import type { PagedTableProps } from './paged-table.tsx';
import { useLastPageFallback } from './use-last-page-fallback.ts';

/** What the table reads of a TanStack list query. */
type PagedQuery<Row> = {
  data?: Paged<Row>;
  isSuccess: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
};

type PagedQueryTableProps<Row> = Pick<PagedTableProps<Row>, 'title' | 'titleId' | 'toolbar' | 'columns'> & {
  query: PagedQuery<Row>;
  /** 1-based, as in the `p` query parameter. */
  pageNumber: number;
  setPageNumber: (page: number, options?: { replace?: boolean }) => void;
  /** Shown when the page has no rows (an empty list, a search that matched nothing). */
  emptyText?: ReactNode;
};

/**
 * One page of a server-paged list with the shared behaviour of every list (clinician-portal
 * §2.8, §8): 10 rows a page, the load-failure text, the empty text, the spinner while fetching,
 * and a page past the end falling back to the last page.
 */
export function PagedQueryTable<Row extends { id: string }>({
  query,
  pageNumber,
  setPageNumber,
  emptyText,
  ...table
}: PagedQueryTableProps<Row>) {
  useLastPageFallback(query, pageNumber, setPageNumber);
  let message: ReactNode;
  if (query.isError) message = listLoadFailedText;
  else if (query.isSuccess && query.data?.items.length === 0) message = emptyText;
  return (
    <PagedTable
      {...table}
      rows={query.data?.items ?? []}
      getRowId={(row) => row.id}
      totalCount={query.isError ? 0 : (query.data?.totalCount ?? 0)}
      pageNumber={pageNumber}
      pageSize={limits.pageSize}
      onPageChange={setPageNumber}
      loading={query.isFetching}
      message={message}
    />
  );
}
