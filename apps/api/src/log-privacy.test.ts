import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '@auscura/audio-engine';
import { apiBasePath, encodeListQuery, recordingPaths } from '@auscura/contracts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadEnv } from './config/env.js';
import { migrate } from './db/connect.js';
import { runOperatorCommand } from './operator/commands.js';
import { createLogger } from './plugins/logger.js';
import { seedDemoData } from './seed/demo-data.js';
import { auscultationUpload } from './test/multipart.js';
import { signIn, submitCredentials } from './test/sign-in.js';
import { freshDatabase } from './test/test-app.js';

/**
 * The server log after the end-to-end flows' API calls (issue 23), through a listening server at
 * the most verbose level: it holds no patient's name, email or birthdate, no token, no invitation
 * id, no access code, no password.
 */
describe('the server log after the portal’s flows', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let app: FastifyInstance;
  let base: string;
  const lines: string[] = [];
  /** Everything that must never reach the log, with what it is. */
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    fresh = await freshDatabase('pglite');
    await migrate(fresh.handle);
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: fresh.dataDir,
      PUBLIC_URL: 'http://localhost:8080',
      LOG_LEVEL: 'trace',
      WEB_DIST_DIR: `${fresh.dataDir}/no-web`,
    });
    await seedDemoData(fresh.handle.db, { reset: false, tcVersion: env.TC_VERSION });
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({ env, database: fresh.handle }, { loggerInstance: createLogger('trace', sink) });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    const patients = await fresh.handle.db.selectFrom('patient_profiles').selectAll().execute();
    for (const p of patients) {
      secrets.set(`${p.first_name} ${p.last_name}`, 'a patient’s name');
      secrets.set(p.last_name, 'a patient’s last name');
      secrets.set(p.email_address, 'a patient’s email');
      if (p.birthdate) secrets.set(p.birthdate, 'a patient’s birthdate');
    }
    secrets.set('Auscura-demo-2026', 'a password');
  });
  afterAll(async () => {
    await app?.close();
    await fresh?.handle.close();
    await fresh?.drop();
  });

  it('holds none of them', async () => {
    const db = fresh.handle.db;
    const tokens = await signIn(app, 'ada@riverside.example', 'Auscura-demo-2026');
    for (const [value, what] of [
      [tokens.access_token, 'an access token'],
      [tokens.access_token.split('.')[2]!, 'an access token’s signature'],
      [tokens.id_token, 'an id token'],
      [tokens.refresh_token ?? 'no refresh token', 'a refresh token'],
    ] as const)
      secrets.set(value, what);
    await submitCredentials(app, 'grace@riverside.example', 'a-wrong-password-1');
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(`${base}${apiBasePath}${path}`, {
        method,
        headers: { ...auth, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      return {
        status: response.status,
        json: () => JSON.parse(text) as Record<string, unknown> & { items?: { id: string }[] },
      };
    };
    const q = (query: object) => `q=${encodeURIComponent(encodeListQuery(query))}`;
    const ada = await db
      .selectFrom('healthcare_providers')
      .select(['id', 'organization_id'])
      .where('email_address', '=', 'ada@riverside.example')
      .executeTakeFirstOrThrow();
    const patient = await db
      .selectFrom('patient_profiles')
      .selectAll()
      .where('organization_id', '=', ada.organization_id)
      .executeTakeFirstOrThrow();

    // Patients: search by name, open, change, create, a duplicate.
    expect(
      (
        await call(
          'GET',
          `/search/patient-profiles?${q({ filters: [{ field: 'search', op: 'like', value: patient.last_name }] })}`,
        )
      ).status,
    ).toBe(200);
    expect((await call('GET', `/patient-profiles/${patient.id}`)).status).toBe(200);
    expect((await call('PATCH', `/patient-profiles/${patient.id}`, { firstName: 'Marguerite' })).status).toBe(200);
    secrets.set(`Marguerite ${patient.last_name}`, 'a patient’s new name');
    const newPatient = {
      firstName: 'Octavia',
      lastName: 'Quennell',
      emailAddress: 'octavia.quennell@example.org',
      birthdate: '1961-07-23',
    };
    for (const value of [`Octavia Quennell`, 'Quennell', newPatient.emailAddress, newPatient.birthdate])
      secrets.set(value, 'a new patient');
    expect((await call('POST', '/patient-profiles', newPatient)).status).toBe(201);
    expect((await call('POST', '/patient-profiles', newPatient)).status).toBe(409);
    // Bad input with patient data in it.
    expect((await call('POST', '/patient-profiles', { ...newPatient, birthdate: 'Quennell' })).status).toBe(400);
    expect(
      (await call('GET', `/search/patient-profiles?${q({ filters: [{ field: 'Quennell', op: 'eq', value: 'x' }] })}`))
        .status,
    ).toBe(400);

    // Exams: lists, one exam, notes, review, share, neighbours, an in-person exam and its recording.
    expect(
      (await call('GET', `/search/exams?${q({ joinedLoads: ['patientProfile', 'healthcareProvider'] })}`)).status,
    ).toBe(200);
    expect((await call('GET', `/search/organization-exams?${q({ joinedLoads: ['patientProfile'] })}`)).status).toBe(
      200,
    );
    expect((await call('GET', `/search/council-exams?${q({ joinedLoads: ['patientProfile'] })}`)).status).toBe(200);
    const created = await call('POST', '/exams', {
      type: 'in-person',
      healthcareProviderId: ada.id,
      patientProfileId: patient.id,
    });
    expect(created.status).toBe(201);
    const examId = created.json().id as string;
    expect(
      (await call('GET', `/exams/${examId}?${q({ joinedLoads: ['patientProfile', 'auscultations'] })}`)).status,
    ).toBe(200);
    expect(
      (await call('PUT', `/exams/${examId}/notes`, { value: `Seen with ${patient.first_name} ${patient.last_name}` }))
        .status,
    ).toBe(200);
    expect((await call('PUT', `/exams/${examId}/enhanced-notes`, { value: ['Holosystolic'] })).status).toBe(200);
    expect((await call('PUT', `/exams/${examId}/reviewed`, { value: true })).status).toBe(200);
    expect((await call('POST', `/exams/${examId}/shares`, { emailAddress: patient.email_address })).status).toBe(204);
    expect((await call('GET', `/exams/${examId}/adjacent?isOrganizationExams=true`)).status).toBe(200);
    const upload = auscultationUpload(
      { auscultationPoint: { type: 'heart', label: 'h1' }, deviceLabel: 'Eko CORE' },
      Buffer.from(encodeWav([new Float32Array(8000)], 4000)),
    );
    const uploaded = await fetch(`${base}${apiBasePath}/exams/${examId}/auscultations`, {
      method: 'POST',
      headers: { ...auth, ...upload.headers },
      body: new Uint8Array(upload.payload),
    });
    expect(uploaded.status).toBe(201);
    const auscultationId = ((await uploaded.json()) as { id: string }).id;
    await app.recordings.processor.whenIdle();
    expect((await call('GET', `/auscultations/${auscultationId}`)).status).toBe(200);
    expect(
      (await fetch(`${base}${apiBasePath}${recordingPaths.raw.replace(':id', auscultationId)}`, { headers: auth }))
        .status,
    ).toBe(200);
    expect((await call('DELETE', `/auscultations/${auscultationId}`)).status).toBe(204);

    // Self exam: request (with its access code), send the access information.
    const selfExam = await call('POST', `/patient-profiles/${patient.id}/self-exam-requests`, {
      healthcareProviderId: ada.id,
      examDate: new Date().toISOString().slice(0, 10),
      instructions: `Dear ${patient.first_name}, record at rest.`,
      auscultationPoints: ['h1', 'l1'],
    });
    expect(selfExam.status).toBe(201);
    secrets.set(selfExam.json().accessCode as string, 'an access code');
    expect(
      (
        await call('POST', `/self-exam-requests/${selfExam.json().id as string}/emails`, {
          emailAddress: patient.email_address,
        })
      ).status,
    ).toBe(204);

    // A standing self-exam link: sent (its code in the answer and the mail), opened by the patient with
    // the code, a self exam started with the link's token; the arrivals the shell asks for.
    const link = await call('POST', `/patient-profiles/${patient.id}/self-exam-link`, {
      instructions: `Dear ${patient.first_name}, record when you feel unwell.`,
    });
    expect(link.status).toBe(201);
    const linkCode = link.json().accessCode as string;
    const linkId = (link.json().selfExamLink as { id: string }).id;
    secrets.set(linkCode, 'a standing link’s access code');
    const linkSession = await call(
      'POST',
      '/self-exam-links/auth',
      { selfExamLinkId: linkId, accessCode: linkCode },
      { authorization: '' },
    );
    expect(linkSession.status).toBe(200);
    const linkToken = linkSession.json().token as string;
    secrets.set(linkToken, 'a standing link’s session token');
    const use = await call(
      'POST',
      `/self-exam-links/${linkId}/self-exams`,
      { auscultationPoints: ['h2'] },
      {
        authorization: `Bearer ${linkToken}`,
      },
    );
    expect(use.status).toBe(201);
    secrets.set(use.json().token as string, 'a self exam’s session token');
    expect((await call('GET', `/patient-profiles/${patient.id}/self-exam-link`)).status).toBe(200);
    expect(
      (await call('GET', `/self-exam-arrivals?since=${encodeURIComponent(new Date(0).toISOString())}`)).status,
    ).toBe(200);
    expect((await call('DELETE', `/patient-profiles/${patient.id}/self-exam-link`)).status).toBe(204);

    // Accounts: an invitation looked up and used, names, password and address changes.
    const invitation = await runOperatorCommand(
      { db, publicUrl: 'http://localhost:8080', tcVersion: 1 },
      { command: 'invite', email: 'new.colleague@example.org', org: 'Riverside Cardiology', expiresInDays: 7 },
    );
    const invitationId = /t=([\w-]+)/.exec(invitation)![1]!;
    secrets.set(invitationId, 'an invitation id');
    expect(
      (await call('GET', `/healthcare-provider-invitations/${invitationId}`, undefined, { authorization: '' })).status,
    ).toBe(200);
    expect(
      (await call('GET', `/healthcare-provider-invitations/${invitationId}x`, undefined, { authorization: '' })).status,
    ).toBe(400);
    secrets.set('Fresh-colleague-pass-77', 'a password');
    expect(
      (
        await call(
          'POST',
          '/healthcare-providers',
          {
            invitationId,
            password: 'Fresh-colleague-pass-77',
            firstName: 'Ines',
            lastName: 'Varga',
            displayName: 'Dr. Varga',
            tcVersion: 1,
          },
          { authorization: '' },
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await call('PATCH', `/healthcare-providers/${ada.id}`, {
          firstName: 'Ada',
          lastName: 'Lovelace',
          displayName: 'Dr. Lovelace',
        })
      ).status,
    ).toBe(200);
    secrets.set('Another-strong-pass-42', 'a password');
    expect(
      (
        await call('PATCH', `/healthcare-providers/${ada.id}/password`, {
          password: 'Another-strong-pass-42',
          currentPassword: 'Auscura-demo-2026',
        })
      ).status,
    ).toBe(204);
    expect((await call('GET', `/healthcare-providers/${ada.id}/email-address`)).status).toBe(200);

    // A browser error report that quotes a patient and a search.
    expect(
      (
        await call(
          'POST',
          '/client-errors',
          {
            message: `Could not load ${patient.email_address}`,
            path: `/patients?search=${patient.last_name}`,
            kind: 'api',
          },
          { authorization: '' },
        )
      ).status,
    ).toBe(204);

    await app.close();
    const log = lines.join('');
    expect(log.length).toBeGreaterThan(1000);
    const found = [...secrets]
      .filter(([value]) => value && log.includes(value))
      .map(([value, what]) => `${what} in: ${lines.find((line) => line.includes(value))!.slice(0, 300)}`);
    expect(found).toEqual([]);
  }, 60_000);
});
