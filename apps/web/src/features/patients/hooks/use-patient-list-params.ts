import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';

/** Typing pauses this long before a search request goes out. */
const searchDebounceMs = 300;

function parsePageNumber(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The list's page (query parameter `p`, default 1, so a page can be bookmarked and shared) and
 * its search text (kept local, debounced). A new search starts again at page 1.
 */
export function usePatientListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [searchText, setSearchTextState] = useState('');
  const search = useDebouncedValue(searchText, searchDebounceMs);
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

  const setSearchText = useCallback(
    (text: string) => {
      setSearchTextState(text);
      // Replace, not push: typing a search should not fill the back button's history.
      if (pageNumber > 1) setPageNumber(1, { replace: true });
    },
    [pageNumber, setPageNumber],
  );

  return { pageNumber, setPageNumber, searchText, setSearchText, search };
}
