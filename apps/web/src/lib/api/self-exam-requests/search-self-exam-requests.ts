import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { encodeListQuery, limits, selfExamRoutes } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { selfExamRequestKeys } from './keys.ts';

/** The signed-in provider's self-exam requests, newest first, 10 a page, searchable by patient name. */
export function useSearchSelfExamRequests(params: { search: string; pageNumber: number }) {
  return useQuery({
    queryKey: selfExamRequestKeys.list(params),
    queryFn: async ({ signal }) => {
      const search = params.search.trim();
      const { data } = await apiRequest(selfExamRoutes.search, 200, {
        query: {
          q: encodeListQuery({
            filters: search ? [{ field: 'search', op: 'like', value: search }] : [],
            sort: [{ field: 'dateCreated', direction: 'desc' }],
            pagination: { pageNumber: params.pageNumber, pageSize: limits.pageSize },
            joinedLoads: [],
          }),
        },
        signal,
      });
      return data;
    },
    placeholderData: keepPreviousData,
  });
}
