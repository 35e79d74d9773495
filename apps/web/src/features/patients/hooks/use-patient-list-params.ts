import { useCallback, useState } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { usePageParam } from '../../../hooks/use-page-param.ts';

/** Typing pauses this long before a search request goes out. */
const searchDebounceMs = 300;

/**
 * The list's page (query parameter `p`, shared with every list through usePageParam) and its
 * search text (kept local, debounced). A new search starts again at page 1.
 */
export function usePatientListParams() {
  const { pageNumber, setPageNumber } = usePageParam();
  const [searchText, setSearchTextState] = useState('');
  const search = useDebouncedValue(searchText, searchDebounceMs);

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
