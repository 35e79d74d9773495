import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportPKCS8, exportSPKI, generateKeyPair, importSPKI, jwtVerify } from 'jose';
import { loadEnv } from '../config/env.js';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import {
  createVirtualExam,
  participantToken,
  patientSession,
  signInProvider,
  somePatientOf,
} from '../test/virtual-exams.js';

/** Firebase mode, offline: the §7.3 calls answer custom tokens, checked with the service account's public key. */
describe('the live exam on Firebase', () => {
  let t: TestApp;
  let publicKey: string;
  const account = { client_email: 'auscura@project.iam.gserviceaccount.com', private_key_id: 'key-1' };

  beforeAll(async () => {
    const keys = await generateKeyPair('RS256', { extractable: true });
    publicKey = await exportSPKI(keys.publicKey);
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'auscura-firebase-')), 'service-account.json');
    await fs.writeFile(file, JSON.stringify({ ...account, private_key: await exportPKCS8(keys.privateKey) }));
    t = await createTestApp('pglite', {
      FIREBASE_DATABASE_URL: 'https://auscura-test-default-rtdb.firebaseio.com',
      FIREBASE_API_KEY: 'public-web-key',
      FIREBASE_PROJECT_ID: 'auscura-test',
      FIREBASE_SERVICE_ACCOUNT_FILE: file,
    });
  });
  afterAll(async () => t?.close());

  it('tells the web app to use Firebase, with its public settings only', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/api/v1/config' })).json();
    expect(config.adapters.realtime).toBe('firebase');
    expect(config.firebase).toEqual({
      apiKey: 'public-web-key',
      databaseURL: 'https://auscura-test-default-rtdb.firebaseio.com',
      projectId: 'auscura-test',
    });
    expect(JSON.stringify(config)).not.toContain('PRIVATE KEY');
  });

  it('answers custom tokens for this exam’s provider and patient, signed by the service account', async () => {
    const ada = await signInProvider(t.app, 'ada@riverside.example');
    const exam = await createVirtualExam(t.app, ada, await somePatientOf(t.app, ada));
    const session = await patientSession(t.app, exam);
    const key = await importSPKI(publicKey, 'RS256');
    const verify = async (token: string) =>
      (
        await jwtVerify(token, key, {
          issuer: account.client_email,
          subject: account.client_email,
          audience: 'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit',
        })
      ).payload;
    const provider = await verify(await participantToken(t.app, exam.id, { provider: ada }));
    expect(provider).toMatchObject({
      uid: `provider:${ada.id}`,
      claims: { virtualExamId: exam.id, role: 'HealthcareProvider' },
    });
    expect(provider.exp! - provider.iat!).toBe(3600);
    const patient = await verify(await participantToken(t.app, exam.id, { session }));
    expect(patient).toMatchObject({
      uid: `patient:${session.participantId}`,
      claims: { virtualExamId: exam.id, role: 'Patient' },
    });
    const ben = await signInProvider(t.app, 'ben@lakeside.example');
    await expect(participantToken(t.app, exam.id, { provider: ben })).rejects.toThrow(/404/);
  });

  it('refuses a half-done Firebase setup', () => {
    expect(() => loadEnv({ FIREBASE_DATABASE_URL: 'https://x.firebaseio.com' })).toThrow(/FIREBASE_API_KEY/);
  });
});
