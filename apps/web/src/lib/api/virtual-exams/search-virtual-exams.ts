import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { encodeListQuery, limits, virtualExamRoutes } from '@auscura/contracts';
import type { ListQueryInput, VirtualExam } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';
import { virtualExamKeys } from './keys.ts';

/** The visible calendar range (ISO instants) and whose exams: the signed-in provider's. */
export type CalendarRange = { healthcareProviderId: string; start: string; end: string };

/**
 * exams-and-devices §7.1, the calendar's search: the provider's own exams that start at or after
 * the range's start and end at or before its end, with the patient and provider loaded.
 */
function buildCalendarQuery(range: CalendarRange): ListQueryInput {
  return {
    filters: [
      { field: 'healthcareProviderId', op: 'eq', value: range.healthcareProviderId },
      { field: 'scheduledStartDate', op: 'gte', value: range.start },
      { field: 'scheduledEndDate', op: 'lte', value: range.end },
    ],
    sort: [{ field: 'scheduledStartDate', direction: 'asc' }],
    pagination: { pageNumber: 1, pageSize: limits.maxPageSize },
    joinedLoads: ['patientProfile', 'healthcareProvider'],
  };
}

export async function searchVirtualExams(range: CalendarRange, signal?: AbortSignal): Promise<VirtualExam[]> {
  const { data } = await apiRequest(virtualExamRoutes.search, 200, {
    query: { q: encodeListQuery(buildCalendarQuery(range)) },
    signal,
  });
  return data.items;
}

export function searchVirtualExamsQueryOptions(range: CalendarRange) {
  return queryOptions({
    queryKey: virtualExamKeys.calendar(range),
    queryFn: ({ signal }) => searchVirtualExams(range, signal),
  });
}

/** Keeps the previous week on screen while the next one loads. */
export function useCalendarVirtualExams(range: CalendarRange | null) {
  return useQuery({
    ...searchVirtualExamsQueryOptions(range ?? { healthcareProviderId: '', start: '', end: '' }),
    enabled: !!range,
    placeholderData: keepPreviousData,
  });
}
