import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

function parsePageNumber(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** A list's page in the query parameter `p` (default 1, clinician-portal §5), so a page can be bookmarked. */
export function usePageParam() {
  const [searchParams, setSearchParams] = useSearchParams();
  const pageNumber = parsePageNumber(searchParams.get('p'));
  const setPageNumber = useCallback(
    (page: number, options: { replace?: boolean } = {}) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (page <= 1) next.delete('p');
        else next.set('p', String(page));
        return next;
      }, options),
    [setSearchParams],
  );
  return { pageNumber, setPageNumber };
}
