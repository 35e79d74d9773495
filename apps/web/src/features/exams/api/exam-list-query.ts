import { limits } from '@auscura/contracts';
import type { ListFilter, ListQueryInput } from '@auscura/contracts';

export type ExamListParams = {
  /** Field/value pairs the server whitelists (patientProfileId, healthcareProviderId …). */
  filters: Pick<ListFilter, 'field' | 'value'>[];
  pageNumber: number;
};

/** Every exam list: newest first, 10 a page, with the patient and the conducting provider (clinician-portal §7, §9). */
export function buildExamListQuery({ filters, pageNumber }: ExamListParams): ListQueryInput {
  return {
    filters: filters.map((filter) => ({ field: filter.field, op: 'eq', value: filter.value })),
    sort: [{ field: 'dateCreated', direction: 'desc' }],
    pagination: { pageNumber, pageSize: limits.pageSize },
    joinedLoads: ['healthcareProvider', 'patientProfile'],
  };
}
