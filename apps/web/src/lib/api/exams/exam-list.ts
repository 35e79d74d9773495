import { encodeListQuery, limits } from '@auscura/contracts';
import type { Exam, ListFilter, ListQueryInput, Paged, examRoutes } from '@auscura/contracts';
import { apiRequest } from '../../api-client.ts';

export type ExamListParams = {
  /** Field/value pairs the server whitelists (patientProfileId, healthcareProviderId …). */
  filters: Pick<ListFilter, 'field' | 'value'>[];
  pageNumber: number;
};

/** Every exam list: newest first, 10 a page, with the patient and the conducting provider (clinician-portal §7, §9). */
function buildExamListQuery({ filters, pageNumber }: ExamListParams): ListQueryInput {
  return {
    filters: filters.map((filter) => ({ field: filter.field, op: 'eq', value: filter.value })),
    sort: [{ field: 'dateCreated', direction: 'desc' }],
    pagination: { pageNumber, pageSize: limits.pageSize },
    joinedLoads: ['healthcareProvider', 'patientProfile'],
  };
}

/** The three exam lists: same query, same answer, different scope on the server. */
export type ExamListEndpoint =
  typeof examRoutes.search | typeof examRoutes.searchOrganization | typeof examRoutes.searchCouncil;

/** Asks one of the exam lists for a page (each list's file passes its own endpoint, once). */
export async function fetchExamList(
  endpoint: ExamListEndpoint,
  params: ExamListParams,
  signal?: AbortSignal,
): Promise<Paged<Exam>> {
  const { data } = await apiRequest(endpoint, 200, {
    query: { q: encodeListQuery(buildExamListQuery(params)) },
    signal,
  });
  return data;
}
