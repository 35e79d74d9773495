import type { PatientSearchParams } from './search-patient-profiles.ts';

/** The one query-key family of patient profiles: every key starts with 'patient-profiles'. */
export const patientProfileKeys = {
  all: ['patient-profiles'] as const,
  detail: (id: string) => ['patient-profiles', 'detail', id] as const,
  /** Every patient list, whatever its scope, search and page. */
  searches: ['patient-profiles', 'search'] as const,
  search: (params: PatientSearchParams) =>
    ['patient-profiles', 'search', { ...params, search: params.search.trim() }] as const,
};
