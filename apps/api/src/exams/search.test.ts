import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeListQuery, examSchema, pagedSchema } from '@auscura/contracts';
import type { ListQueryInput } from '@auscura/contracts';
import { backends, createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { signIn } from '../test/sign-in.js';

const page = pagedSchema(examSchema);

describe.each(backends)('exam list totals on %s', (backend) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    token = (await signIn(t.app, 'ada@riverside.example', 'Auscura-demo-2026')).access_token;
  });
  afterAll(async () => t?.close());

  async function list(query: ListQueryInput) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/search/organization-exams?q=${encodeURIComponent(encodeListQuery(query))}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    return { body: page.parse(response.json()), header: Number(response.headers['x-total-count']) };
  }

  /** Every exam of a list, by walking its pages of 5. */
  async function walk(filters: ListQueryInput['filters']) {
    const ids: string[] = [];
    for (let pageNumber = 1; pageNumber < 100; pageNumber++) {
      const { body } = await list({ filters, pagination: { pageNumber, pageSize: 5 } });
      ids.push(...body.items.map((exam) => exam.id));
      if (body.items.length < 5) break;
    }
    return ids;
  }

  it.each([
    ['no filter (counted from the counters)', []],
    ['reviewed exams (counted from the rows)', [{ field: 'reviewed', op: 'eq', value: true }]],
    ['unreviewed exams (counted from the counters)', [{ field: 'reviewed', op: 'eq', value: false }]],
  ] as [string, ListQueryInput['filters']][])(
    'reports the true total with %s on every page, the last and one past the end included',
    async (_name, filters) => {
      const all = await walk(filters);
      expect(new Set(all).size).toBe(all.length);
      const lastPage = Math.max(1, Math.ceil(all.length / 5));
      for (const pageNumber of [1, lastPage, lastPage + 1]) {
        const { body, header } = await list({ filters, pagination: { pageNumber, pageSize: 5 } });
        expect(body.totalCount).toBe(all.length);
        expect(header).toBe(all.length);
      }
    },
  );
});
