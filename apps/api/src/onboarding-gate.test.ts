import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardedCacheMs, onboardingRoutes } from './plugins/auth.js';
import { contractEndpoints } from './test/fuzz/contract-endpoints.js';
import { createTestApp } from './test/test-app.js';
import type { TestApp } from './test/test-app.js';
import { signInProvider } from './test/sign-in.js';
import { matrix } from './test/visibility-matrix.js';
import type { Caller, OrgRecords } from './test/visibility-matrix.js';

/**
 * Onboarding on the server (issue 21, finding 3): while a provider must change a (temporary)
 * password or agree to newer terms, every API call but the onboarding ones answers
 * HCP_SHOULD_REFRESH_DATA_ERROR (18) — each row of the visibility matrix is tried. Public calls
 * (invitations, a patient's access-code session) are not the provider's and are unaffected.
 */
describe('a provider with a pending onboarding step reaches only the onboarding calls', () => {
  let t: TestApp;
  let ben: Caller;
  let benId: string;
  const endpoints = contractEndpoints();
  const isPublic = (key: string) => endpoints.get(key)?.endpoint.public === true;

  async function records(name: string): Promise<OrgRecords> {
    const db = t.database.db;
    const org = await db.selectFrom('organizations').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    const exam = await db
      .selectFrom('exams as e')
      .innerJoin('auscultations as a', 'a.exam_id', 'e.id')
      .select([
        'e.id as examId',
        'e.patient_profile_id as patientProfileId',
        'a.id as auscultationId',
        'e.healthcare_provider_id as providerId',
      ])
      .where('e.organization_id', '=', org.id)
      .executeTakeFirstOrThrow();
    return { organizationId: org.id, ...exam };
  }

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const session = await signInProvider(t.app, 'ben@lakeside.example', 'Auscura-demo-2026');
    benId = session.id;
    ben = {
      token: session.token,
      own: await records('Lakeside Pulmonology'),
      other: await records('Riverside Cardiology'),
      council: false,
    };
  });
  afterAll(async () => t?.close());

  const call = async (row: (typeof matrix)[string]) => {
    const request = row.request(ben);
    return t.app.inject({
      ...request,
      headers: { ...request.headers, authorization: `Bearer ${ben.token}` },
    } as never);
  };

  for (const [step, pending] of [
    ['a temporary password', { must_change_password: true, tc_version: 1 }],
    ['outdated terms', { must_change_password: false, tc_version: 0 }],
  ] as const) {
    it(`with ${step}: 18 on every non-onboarding provider call`, async () => {
      await t.database.db.updateTable('healthcare_providers').set(pending).where('id', '=', benId).execute();
      const gated = Object.entries(matrix).filter(([key]) => !isPublic(key) && !onboardingRoutes.has(key));
      expect(gated.length).toBeGreaterThan(30);
      for (const [key, row] of gated) {
        const response = await call(row);
        expect(response.statusCode, key).toBe(409);
        expect(response.json(), key).toMatchObject({ type: 18, name: 'HCP_SHOULD_REFRESH_DATA_ERROR' });
      }
      // Public calls answer as before (not 18).
      for (const [key, row] of Object.entries(matrix).filter(([name]) => isPublic(name))) {
        const response = await call(row);
        expect(response.statusCode, key).not.toBe(409);
      }
      // The onboarding calls work.
      const own = await t.app.inject({
        method: 'GET',
        url: `/api/v1/healthcare-providers/${benId}`,
        headers: { authorization: `Bearer ${ben.token}` },
      });
      expect(own.statusCode).toBe(200);
    });
  }

  it('once the steps are done, the calls answer again', async () => {
    const terms = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/healthcare-providers/${benId}`,
      payload: { tcVersion: 1 },
      headers: { authorization: `Bearer ${ben.token}` },
    });
    expect(terms.statusCode).toBe(200);
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/v1/search/patient-profiles',
      headers: { authorization: `Bearer ${ben.token}` },
    });
    expect(search.statusCode).toBe(200);
  });

  it('a provider sent back to onboarding while signed in is gated within the cached time (issue 41)', async () => {
    const search = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/search/patient-profiles',
        headers: { authorization: `Bearer ${ben.token}` },
      });
    expect((await search()).statusCode).toBe(200);
    await t.database.db
      .updateTable('healthcare_providers')
      .set({ must_change_password: true })
      .where('id', '=', benId)
      .execute();
    await new Promise((resolve) => setTimeout(resolve, onboardedCacheMs + 100));
    const gated = await search();
    expect(gated.statusCode).toBe(409);
    // A pending step is never cached: done, the next call answers.
    await t.database.db
      .updateTable('healthcare_providers')
      .set({ must_change_password: false })
      .where('id', '=', benId)
      .execute();
    expect((await search()).statusCode).toBe(200);
  });
});
