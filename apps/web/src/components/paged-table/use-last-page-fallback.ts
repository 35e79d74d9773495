import { useEffect } from 'react';
import { limits } from '@auscura/contracts';

type PagedQuery = { isSuccess: boolean; isPlaceholderData: boolean; data?: { totalCount: number } };

/**
 * A bookmarked `?p=` past the end (rows were removed since) falls back to the last page, once
 * the list's real answer (not the previous page kept on screen) says how many pages there are.
 */
export function useLastPageFallback(
  query: PagedQuery,
  pageNumber: number,
  setPageNumber: (page: number, options?: { replace?: boolean }) => void,
) {
  const lastPage = Math.max(1, Math.ceil((query.data?.totalCount ?? 0) / limits.pageSize));
  useEffect(() => {
    if (query.isSuccess && !query.isPlaceholderData && pageNumber > lastPage)
      setPageNumber(lastPage, { replace: true });
  }, [query.isSuccess, query.isPlaceholderData, pageNumber, lastPage, setPageNumber]);
}
