import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeListQuery, pagedSchema, patientProfileSchema } from '@auscura/contracts';
import type { ListQueryInput } from '@auscura/contracts';
import { backends, createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { signIn, signInProvider } from '../test/sign-in.js';
import type { ProviderSession } from '../test/sign-in.js';

// Self-exam requests of a patient: self-exam-routes.test.ts.

const pageSchema = pagedSchema(patientProfileSchema);

describe.each(backends)('patient profiles on %s', (backend) => {
  let t: TestApp;
  let ada: ProviderSession;
  let benToken: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    ada = await signInProvider(t.app, 'ada@riverside.example', 'Auscura-demo-2026');
    benToken = (await signIn(t.app, 'ben@lakeside.example', 'Auscura-demo-2026')).access_token;
  });
  afterAll(async () => t?.close());

  async function search(token: string, query: ListQueryInput | string) {
    const q = typeof query === 'string' ? query : encodeListQuery(query);
    return t.app.inject({
      method: 'GET',
      url: '/api/v1/search/patient-profiles',
      query: { q },
      headers: { authorization: `Bearer ${token}` },
    });
  }

  it('pages a provider’s patients newest first, with the paging headers', async () => {
    const filters = [{ field: 'healthcareProviderId', op: 'eq' as const, value: ada.id }];
    const first = await search(ada.token, { filters, pagination: { pageNumber: 1, pageSize: 10 } });
    expect(first.statusCode).toBe(200);
    const page1 = pageSchema.parse(first.json());
    expect(page1.totalCount).toBe(18);
    expect(page1.items).toHaveLength(10);
    expect(first.headers['x-total-count']).toBe('18');
    expect(first.headers['x-page-number']).toBe('1');
    expect(first.headers['x-page-size']).toBe('10');
    const dates = page1.items.map((item) => item.dateCreated);
    expect([...dates].sort().reverse()).toEqual(dates);
    const page2 = pageSchema.parse(
      (await search(ada.token, { filters, pagination: { pageNumber: 2, pageSize: 10 } })).json(),
    );
    expect(page2.items).toHaveLength(8);
    const ids = new Set([...page1.items, ...page2.items].map((item) => item.id));
    expect(ids.size).toBe(18);
    expect(page2.items.every((item) => item.healthcareProviderId === ada.id)).toBe(true);
  });

  it('searches by name and by email, case-insensitively', async () => {
    const all = pageSchema.parse((await search(ada.token, { pagination: { pageNumber: 1, pageSize: 100 } })).json());
    const someone = all.items[3]!;
    const byName = pageSchema.parse(
      (
        await search(ada.token, { filters: [{ field: 'search', op: 'like', value: someone.lastName!.toUpperCase() }] })
      ).json(),
    );
    expect(byName.items.map((item) => item.id)).toContain(someone.id);
    const byEmail = pageSchema.parse(
      (await search(ada.token, { filters: [{ field: 'search', op: 'like', value: someone.emailAddress! }] })).json(),
    );
    expect(byEmail.items.map((item) => item.id)).toEqual([someone.id]);
    const none = pageSchema.parse(
      (await search(ada.token, { filters: [{ field: 'search', op: 'like', value: 'zz-no-such-patient' }] })).json(),
    );
    expect(none).toEqual({ items: [], totalCount: 0 });
  });

  it('treats LIKE wildcards in the search text as plain characters', async () => {
    const wildcard = pageSchema.parse(
      (await search(ada.token, { filters: [{ field: 'search', op: 'like', value: '%' }] })).json(),
    );
    expect(wildcard.totalCount).toBe(0);
  });

  it('never answers another organization’s patients, even when asked for that organization', async () => {
    const riverside = pageSchema.parse(
      (await search(ada.token, { pagination: { pageNumber: 1, pageSize: 100 } })).json(),
    );
    expect(riverside.totalCount).toBe(25);
    const asked = pageSchema.parse(
      (await search(benToken, { filters: [{ field: 'organizationId', op: 'eq', value: ada.organizationId }] })).json(),
    );
    expect(asked.totalCount).toBe(0);
    const one = riverside.items[0]!;
    const direct = await t.app.inject({
      method: 'GET',
      url: `/api/v1/patient-profiles/${one.id}`,
      headers: { authorization: `Bearer ${benToken}` },
    });
    expect(direct.statusCode).toBe(404);
    expect(direct.json()).toMatchObject({ type: 8, name: 'RESOURCE_DOES_NOT_EXIST' });
    expect(direct.body).not.toContain(one.lastName!);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v1/patient-profiles/${one.id}`,
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(patientProfileSchema.parse(own.json()).id).toBe(one.id);
  });

  it.each([
    ['not JSON', '{oops'],
    ['an unknown filter field', encodeListQuery({ filters: [{ field: 'passwordHash', op: 'eq', value: 'x' }] })],
    [
      'an operator not allowed on the field',
      encodeListQuery({ filters: [{ field: 'healthcareProviderId', op: 'like', value: 'x' }] }),
    ],
    [
      'a malformed id',
      encodeListQuery({ filters: [{ field: 'healthcareProviderId', op: 'eq', value: 'drop table' }] }),
    ],
    ['an unknown sort', encodeListQuery({ sort: [{ field: 'password_hash', direction: 'asc' }] })],
    ['an unknown joined load', encodeListQuery({ joinedLoads: ['organization'] })],
    ['a page size over 100', encodeListQuery({ pagination: { pageNumber: 1, pageSize: 1000 } })],
    ['unknown top-level keys', JSON.stringify({ where: '1=1' })],
  ])('answers INVALID_DATA for %s', async (_label, q) => {
    const response = await search(ada.token, q);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 9, name: 'INVALID_DATA' });
  });

  describe('creating and updating patients', () => {
    const newPatient = (overrides: Record<string, unknown> = {}) => ({
      firstName: 'Maren',
      lastName: "O'Neill-Ruiz",
      emailAddress: 'maren.oneill@example.org',
      sex: 'female',
      birthdate: '1961-03-14',
      ...overrides,
    });
    const post = (token: string, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/patient-profiles',
        payload: payload as object,
        headers: { authorization: `Bearer ${token}` },
      });
    const patch = (token: string, id: string, payload: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/patient-profiles/${id}`,
        payload: payload as object,
        headers: { authorization: `Bearer ${token}` },
      });
    const get = async (token: string, id: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/patient-profiles/${id}`,
        headers: { authorization: `Bearer ${token}` },
      });
    const auditRows = (id: string) =>
      t.database.db
        .selectFrom('audit_log')
        .select(['action', 'target_type', 'healthcare_provider_id', 'detail'])
        .where('target_id', '=', id)
        .orderBy('id')
        .execute();

    it('creates a patient stamped with the caller’s organization and provider, and audits it', async () => {
      const response = await post(ada.token, newPatient({ organizationId: ada.organizationId }));
      expect(response.statusCode).toBe(201);
      const { id } = response.json() as { id: string };
      const profile = patientProfileSchema.parse((await get(ada.token, id)).json());
      expect(profile).toMatchObject({
        firstName: 'Maren',
        lastName: "O'Neill-Ruiz",
        emailAddress: 'maren.oneill@example.org',
        sex: 'female',
        birthdate: '1961-03-14',
        organizationId: ada.organizationId,
        healthcareProviderId: ada.id,
      });
      expect(await auditRows(id)).toContainEqual(
        expect.objectContaining({ action: 'create', target_type: 'patient-profile', healthcare_provider_id: ada.id }),
      );
      // Ben (another organization) cannot see it.
      expect((await get(benToken, id)).statusCode).toBe(404);
    });

    it('refuses a second patient with the same email in the organization, whatever its case', async () => {
      const first = await post(ada.token, newPatient({ emailAddress: 'twice@example.org' }));
      expect(first.statusCode).toBe(201);
      const again = await post(ada.token, newPatient({ emailAddress: 'TWICE@Example.org', firstName: 'Other' }));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        type: 10,
        name: 'DUPLICATE_PATIENT_PROFILE',
        message: 'A patient with the email address TWICE@Example.org already exists. Email addresses must be unique.',
      });
      // Another organization may have a patient with the same address.
      expect((await post(benToken, newPatient({ emailAddress: 'twice@example.org' }))).statusCode).toBe(201);
    });

    it('refuses ids of another organization or provider in the body with UNAUTHORIZED (403)', async () => {
      const benClaims = JSON.parse(Buffer.from(benToken.split('.')[1]!, 'base64url').toString());
      for (const ids of [
        { organizationId: benClaims['https://auscura.example/organizationId'] },
        { healthcareProviderId: benClaims['https://auscura.example/healthcareProviderId'] },
      ]) {
        const response = await post(ada.token, newPatient({ emailAddress: 'stamped@example.org', ...ids }));
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ type: 6, name: 'UNAUTHORIZED' });
      }
      const stored = await t.database.db
        .selectFrom('patient_profiles')
        .select('id')
        .where('email_address', '=', 'stamped@example.org')
        .execute();
      expect(stored).toEqual([]);
    });

    it.each([
      ['a missing first name', { firstName: '' }],
      ['a blank last name', { lastName: '   ' }],
      ['a first name of 101 characters', { firstName: 'A'.repeat(101) }],
      ['special characters in a name', { lastName: 'Smith #2' }],
      ['an invalid email', { emailAddress: 'not-an-email' }],
      ['an unknown sex', { sex: 'other' }],
      ['a missing birthdate', { birthdate: undefined }],
      ['an impossible birthdate', { birthdate: '1990-02-30' }],
      ['a birthdate in the future', { birthdate: '2999-01-01' }],
      ['a birthdate before 1900', { birthdate: '1899-12-31' }],
      ['an unknown field', { nickname: 'Mo' }],
    ])('answers INVALID_DATA for %s', async (_label, overrides) => {
      const response = await post(ada.token, newPatient({ emailAddress: 'invalid@example.org', ...overrides }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ type: 9, name: 'INVALID_DATA' });
    });

    it('changes only the fields sent, audits which fields changed (not the values), and answers the profile', async () => {
      const { id } = (await post(ada.token, newPatient({ emailAddress: 'patchme@example.org' }))).json() as {
        id: string;
      };
      const response = await patch(ada.token, id, { lastName: 'Lindqvist', sex: 'unknown' });
      expect(response.statusCode).toBe(200);
      expect(patientProfileSchema.parse(response.json())).toMatchObject({
        id,
        firstName: 'Maren',
        lastName: 'Lindqvist',
        sex: 'unknown',
        emailAddress: 'patchme@example.org',
        birthdate: '1961-03-14',
      });
      const update = (await auditRows(id)).find((row) => row.action === 'update');
      expect(update?.detail).toEqual({ fields: ['lastName', 'sex'] });
      expect(JSON.stringify(update)).not.toContain('Lindqvist');
    });

    it('refuses a changed email that another patient of the organization has', async () => {
      await post(ada.token, newPatient({ emailAddress: 'taken@example.org' }));
      const { id } = (await post(ada.token, newPatient({ emailAddress: 'free@example.org' }))).json() as {
        id: string;
      };
      const response = await patch(ada.token, id, { emailAddress: 'Taken@example.org' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        name: 'DUPLICATE_PATIENT_PROFILE',
        message: 'A patient with the email address Taken@example.org already exists. Email addresses must be unique.',
      });
      expect(patientProfileSchema.parse((await get(ada.token, id)).json()).emailAddress).toBe('free@example.org');
    });

    it('answers another organization’s profile like a missing one, and changes nothing', async () => {
      const { id } = (await post(ada.token, newPatient({ emailAddress: 'private@example.org' }))).json() as {
        id: string;
      };
      const response = await patch(benToken, id, { firstName: 'Mallory' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ type: 8, name: 'RESOURCE_DOES_NOT_EXIST' });
      expect(response.body).not.toContain('private@example.org');
      expect(patientProfileSchema.parse((await get(ada.token, id)).json()).firstName).toBe('Maren');
    });

    it('refuses invalid changes and fields that cannot be changed', async () => {
      const { id } = (await post(ada.token, newPatient({ emailAddress: 'fixed@example.org' }))).json() as {
        id: string;
      };
      for (const payload of [
        { firstName: '' },
        { birthdate: '2999-01-01' },
        { organizationId: ada.organizationId },
        { healthcareProviderId: ada.id },
      ]) {
        const response = await patch(ada.token, id, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json()).toMatchObject({ name: 'INVALID_DATA' });
      }
    });
  });
});
