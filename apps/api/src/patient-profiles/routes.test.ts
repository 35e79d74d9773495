import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeListQuery, pagedSchema, patientProfileSchema } from '@auscura/contracts';
import type { ListQueryInput } from '@auscura/contracts';
import { backends, createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { signIn } from '../test/sign-in.js';

const pageSchema = pagedSchema(patientProfileSchema);

describe.each(backends)('patient profiles on %s', (backend) => {
  let t: TestApp;
  let ada: { token: string; id: string; organizationId: string };
  let benToken: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    const tokens = await signIn(t.app, 'ada@riverside.example', 'Auscura-demo-2026');
    const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString());
    ada = {
      token: tokens.access_token,
      id: claims['https://auscura.example/healthcareProviderId'],
      organizationId: claims['https://auscura.example/organizationId'],
    };
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
});
