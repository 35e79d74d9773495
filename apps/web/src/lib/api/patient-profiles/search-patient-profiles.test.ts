import { describe, expect, it } from 'vitest';
import { listQuerySchema } from '@auscura/contracts';
import { buildPatientSearchQuery } from './search-patient-profiles.ts';

const healthcareProviderId = '7d3c1f52-2a4b-4c8e-9f10-3b5a6c7d8e9f';

describe('the patient list query', () => {
  it("asks for the provider's patients, newest first, ten to a page", () => {
    expect(buildPatientSearchQuery({ healthcareProviderId, search: '', pageNumber: 3 })).toEqual({
      filters: [{ field: 'healthcareProviderId', op: 'eq', value: healthcareProviderId }],
      sort: [{ field: 'dateCreated', direction: 'desc' }],
      pagination: { pageNumber: 3, pageSize: 10 },
    });
  });

  it('adds a like filter on search with the trimmed text', () => {
    const query = buildPatientSearchQuery({ healthcareProviderId, search: '  ada@  ', pageNumber: 1 });
    expect(query.filters).toContainEqual({ field: 'search', op: 'like', value: 'ada@' });
  });

  it('leaves the search filter out for blank text', () => {
    const query = buildPatientSearchQuery({ healthcareProviderId, search: '   ', pageNumber: 1 });
    expect(query.filters?.map((filter) => filter.field)).toEqual(['healthcareProviderId']);
  });

  it('is a valid list query for the server', () => {
    const query = buildPatientSearchQuery({ healthcareProviderId, search: 'Ada', pageNumber: 2 });
    expect(listQuerySchema.safeParse(query).success).toBe(true);
  });
});

describe("the organization's patient list query", () => {
  const organizationId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

  it('scopes by organization and loads the primary doctor', () => {
    const query = buildPatientSearchQuery({ organizationId, search: '', pageNumber: 1 });
    expect(query.filters).toEqual([{ field: 'organizationId', op: 'eq', value: organizationId }]);
    expect(query.joinedLoads).toEqual(['healthcareProvider']);
    expect(listQuerySchema.safeParse(query).success).toBe(true);
  });
});
