import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { healthcareProviderInvitationSchema, healthcareProviderSchema } from '@auscura/contracts';
import { runOperatorCommand } from '../operator/commands.js';
import { operatorPath } from '../operator/routes.js';
import { backends, createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { signIn, submitCredentials } from '../test/sign-in.js';

const demoPassword = 'Auscura-demo-2026';
const goodPassword = 'violet-harbour-lantern-42';

describe.each(backends)('accounts on %s', (backend) => {
  let t: TestApp;
  let adaToken: string;
  let adaId: string;
  let graceId: string;
  let benId: string;

  const inject = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    options: { token?: string; payload?: unknown; ip?: string } = {},
  ) =>
    t.app.inject({
      method,
      url,
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        // Each test speaks from its own client address so the invitation throttle stays apart.
        'x-forwarded-for': options.ip ?? '198.51.100.1',
      },
    });

  async function invite(email: string, org = 'Riverside Cardiology', expiresInDays?: number) {
    const output = await runOperatorCommand(
      { db: t.database.db, publicUrl: t.env.publicUrl, tcVersion: 1 },
      { command: 'invite', email, org, expiresInDays: expiresInDays ?? 7 },
    );
    const link = /http:\/\/localhost:8080\/create-account\?t=([A-Za-z0-9_-]+)/.exec(output);
    if (!link?.[1]) throw new Error(`no link in ${output}`);
    return link[1];
  }

  const providerId = async (email: string) =>
    (
      await t.database.db
        .selectFrom('healthcare_providers')
        .select('id')
        .where(sql`lower(email_address)`, '=', email.toLowerCase())
        .executeTakeFirstOrThrow()
    ).id;

  const createBody = (invitationId: string, overrides: Record<string, unknown> = {}) => ({
    invitationId,
    password: goodPassword,
    firstName: 'Marie',
    lastName: "O'Neil-Curie",
    displayName: 'Dr. Curie',
    tcVersion: 1,
    ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp(backend, {}, { operatorSecret: 'operator-test-secret' });
    adaToken = (await signIn(t.app, 'ada@riverside.example', demoPassword)).access_token;
    adaId = await providerId('ada@riverside.example');
    graceId = await providerId('grace@riverside.example');
    benId = await providerId('ben@lakeside.example');
  });
  afterAll(async () => t?.close());

  describe('invitations', () => {
    it('are printed by the CLI as a link whose id carries at least 128 bits, valid for the days asked', async () => {
      const output = await runOperatorCommand(
        { db: t.database.db, publicUrl: t.env.publicUrl, tcVersion: 1 },
        { command: 'invite', email: 'days@example.org', org: 'Riverside Cardiology', expiresInDays: 3 },
      );
      const id = /create-account\?t=([A-Za-z0-9_-]+)$/m.exec(output)?.[1];
      expect(id).toHaveLength(22);
      const row = await t.database.db
        .selectFrom('healthcare_provider_invitations')
        .selectAll()
        .where('id', '=', id!)
        .executeTakeFirstOrThrow();
      const days = (new Date(row.date_expires).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(2.99);
      expect(days).toBeLessThanOrEqual(3);
      // An address that already has an account gets no invitation: the operator is told.
      await expect(
        runOperatorCommand(
          { db: t.database.db, publicUrl: t.env.publicUrl, tcVersion: 1 },
          { command: 'invite', email: 'ADA@riverside.example', org: 'Riverside Cardiology', expiresInDays: 7 },
        ),
      ).rejects.toThrow('already has an account');
    });

    it('are made, and passwords reset, through the operator endpoint the CLI uses while a server runs', async () => {
      const command = (body: object, secret = 'operator-test-secret') =>
        t.app.inject({
          method: 'POST',
          url: operatorPath,
          headers: { 'x-operator-secret': secret },
          payload: body,
        });
      const refused = await command(
        { command: 'reset-password', email: 'ben@lakeside.example' },
        'wrong-secret-xxxxxxx',
      );
      expect(refused.statusCode).toBe(403);
      const invited = await command({
        command: 'invite',
        email: 'endpoint@example.org',
        org: 'Lakeside Pulmonology',
        expiresInDays: 2,
      });
      expect(invited.statusCode).toBe(200);
      const id = /create-account\?t=([A-Za-z0-9_-]{22})$/m.exec((invited.json() as { output: string }).output)?.[1];
      const invitation = await inject('GET', `/api/v1/healthcare-provider-invitations/${id}`);
      expect(invitation.json()).toMatchObject({ emailAddress: 'endpoint@example.org', isValid: true });
      const reset = await command({ command: 'reset-password', email: 'ben@lakeside.example' });
      const temporary = (reset.json() as { output: string }).output.split('\n')[1]!;
      expect((await signIn(t.app, 'ben@lakeside.example', temporary)).access_token).toBeTruthy();
    });

    it('answer unauthenticated with isValid only while unused, active and unexpired', async () => {
      const valid = await invite('valid@example.org');
      const used = await invite('used@example.org');
      const inactive = await invite('inactive@example.org');
      const expired = await invite('expired@example.org');
      const db = t.database.db;
      await db.updateTable('healthcare_provider_invitations').set({ used: true }).where('id', '=', used).execute();
      await db
        .updateTable('healthcare_provider_invitations')
        .set({ active: false })
        .where('id', '=', inactive)
        .execute();
      await db
        .updateTable('healthcare_provider_invitations')
        .set({ date_expires: new Date(Date.now() - 1000) })
        .where('id', '=', expired)
        .execute();
      const read = async (id: string) => {
        const response = await inject('GET', `/api/v1/healthcare-provider-invitations/${id}`);
        expect(response.statusCode).toBe(200);
        return healthcareProviderInvitationSchema.parse(response.json());
      };
      const answer = await read(valid);
      expect(answer).toMatchObject({ emailAddress: 'valid@example.org', used: false, active: true, isValid: true });
      expect(answer.organization.name).toBe('Riverside Cardiology');
      expect((await read(used)).isValid).toBe(false);
      expect((await read(inactive)).isValid).toBe(false);
      expect((await read(expired)).isValid).toBe(false);
    });

    it('answer an unknown id with the invitation error', async () => {
      const response = await inject('GET', '/api/v1/healthcare-provider-invitations/AAAAAAAAAAAAAAAAAAAAAA');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ type: 17, name: 'INVALID_HEALTHCARE_PROVIDER_INVITATION' });
    });

    it('lock out a client that sends 20 unknown ids, and only that client', async () => {
      const ip = '203.0.113.77';
      const valid = await invite('throttle@example.org');
      for (let n = 0; n < 20; n++) {
        const response = await inject('GET', `/api/v1/healthcare-provider-invitations/guess-${n}-xxxxxxxxxxxxxxx`, {
          ip,
        });
        expect(response.statusCode).toBe(400);
      }
      const locked = await inject('GET', `/api/v1/healthcare-provider-invitations/${valid}`, { ip });
      expect(locked.statusCode).toBe(429);
      const lockedPost = await inject('POST', '/api/v1/healthcare-providers', { ip, payload: createBody(valid) });
      expect(lockedPost.statusCode).toBe(429);
      expect((await inject('GET', `/api/v1/healthcare-provider-invitations/${valid}`)).statusCode).toBe(200);
    });
  });

  describe('account creation', () => {
    it('creates the account with the invitation’s address, once, and the new provider signs in', async () => {
      const id = await invite('marie@example.org');
      const response = await inject('POST', '/api/v1/healthcare-providers', { payload: createBody(id) });
      expect(response.statusCode).toBe(201);
      const created = response.json() as { id: string };
      const row = await t.database.db
        .selectFrom('healthcare_providers')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        email_address: 'marie@example.org',
        first_name: 'Marie',
        last_name: "O'Neil-Curie",
        display_name: 'Dr. Curie',
        tc_version: 1,
        must_change_password: false,
      });
      const tokens = await signIn(t.app, 'marie@example.org', goodPassword);
      expect(tokens.access_token).toBeTruthy();
      const again = await inject('POST', '/api/v1/healthcare-providers', {
        payload: createBody(id, { password: 'another-fine-password-7' }),
      });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ name: 'INVALID_HEALTHCARE_PROVIDER_INVITATION' });
      const invitation = await inject('GET', `/api/v1/healthcare-provider-invitations/${id}`);
      expect(invitation.json()).toMatchObject({ used: true, isValid: false });
      const audit = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('target_id', '=', created.id)
        .where('action', '=', 'create')
        .execute();
      expect(audit).toHaveLength(1);
    });

    it('makes one account of two simultaneous posts of one invitation', async () => {
      const id = await invite('twice@example.org');
      const answers = await Promise.all([
        inject('POST', '/api/v1/healthcare-providers', { payload: createBody(id) }),
        inject('POST', '/api/v1/healthcare-providers', { payload: createBody(id, { firstName: 'Other' }) }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
      const rows = await t.database.db
        .selectFrom('healthcare_providers')
        .select('id')
        .where('email_address', '=', 'twice@example.org')
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('answers an address that already has an account exactly as a spent invitation', async () => {
      // An invitation made before the address got its account (the CLI refuses one after).
      const early = await invite('early@example.org');
      const spent = await invite('spent@example.org');
      const first = await invite('early@example.org');
      expect((await inject('POST', '/api/v1/healthcare-providers', { payload: createBody(first) })).statusCode).toBe(
        201,
      );
      await inject('POST', '/api/v1/healthcare-providers', { payload: createBody(spent) });
      const existing = await inject('POST', '/api/v1/healthcare-providers', { payload: createBody(early) });
      const used = await inject('POST', '/api/v1/healthcare-providers', { payload: createBody(spent) });
      expect(existing.statusCode).toBe(used.statusCode);
      expect(existing.body).toBe(used.body);
      expect(existing.json()).toMatchObject({ name: 'INVALID_HEALTHCARE_PROVIDER_INVITATION' });
    });

    it('produces each password error code from the server', async () => {
      const id = await invite('pw.checks@example.org');
      const expectError = async (password: string, name: string, names: Record<string, string> = {}) => {
        const response = await inject('POST', '/api/v1/healthcare-providers', {
          payload: createBody(id, { password, ...names }),
        });
        expect(response.json(), password).toMatchObject({ name });
      };
      await expectError('short-1', 'PASSWORD_TOO_SHORT');
      await expectError('Password123', 'PASSWORD_TOO_COMMON');
      await expectError('x'.repeat(129), 'INVALID_DATA');
      await expectError('my-pw.checks-is-long', 'PASSWORD_CONTAINS_USER_INFORMATION');
      await expectError('long-marguerite-pass', 'PASSWORD_CONTAINS_USER_INFORMATION', { firstName: 'Marguerite' });
      // The failed attempts did not spend the invitation.
      expect((await inject('POST', '/api/v1/healthcare-providers', { payload: createBody(id) })).statusCode).toBe(201);
    });

    it('validates the names with the character rule and the terms version', async () => {
      const id = await invite('names@example.org');
      for (const names of [
        { firstName: '' },
        { lastName: 'x'.repeat(101) },
        { displayName: 'Dr. <script>' },
        { firstName: 'R2D2' },
        { tcVersion: 2 },
      ]) {
        const response = await inject('POST', '/api/v1/healthcare-providers', { payload: createBody(id, names) });
        expect(response.statusCode, JSON.stringify(names)).toBe(400);
        expect(response.json()).toMatchObject({ name: 'INVALID_DATA' });
      }
    });
  });

  describe('own profile, email and password', () => {
    it('lets a provider change their names and accepted terms version, and nobody else’s', async () => {
      const names = await inject('PATCH', `/api/v1/healthcare-providers/${adaId}`, {
        token: adaToken,
        payload: { firstName: 'Ada', lastName: 'King', displayName: 'Dr. King' },
      });
      expect(names.statusCode).toBe(200);
      expect(healthcareProviderSchema.parse(names.json())).toMatchObject({ lastName: 'King', displayName: 'Dr. King' });
      const terms = await inject('PATCH', `/api/v1/healthcare-providers/${adaId}`, {
        token: adaToken,
        payload: { tcVersion: 1 },
      });
      expect(terms.json()).toMatchObject({ tcVersion: 1, lastName: 'King' });
      expect(
        (
          await inject('PATCH', `/api/v1/healthcare-providers/${adaId}`, {
            token: adaToken,
            payload: { tcVersion: 1, firstName: 'Mixed' },
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (await inject('PATCH', `/api/v1/healthcare-providers/${adaId}`, { token: adaToken, payload: { tcVersion: 9 } }))
          .statusCode,
      ).toBe(400);
      for (const other of [graceId, benId]) {
        const response = await inject('PATCH', `/api/v1/healthcare-providers/${other}`, {
          token: adaToken,
          payload: { tcVersion: 0 },
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ name: 'UNAUTHORIZED' });
      }
      const grace = await t.database.db
        .selectFrom('healthcare_providers')
        .select('tc_version')
        .where('id', '=', graceId)
        .executeTakeFirstOrThrow();
      expect(grace.tc_version).toBe(1);
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select('detail')
        .where('target_type', '=', 'healthcare-provider')
        .where('target_id', '=', adaId)
        .execute();
      expect(audit.map((row) => row.detail)).toEqual(
        expect.arrayContaining([{ fields: ['firstName', 'lastName', 'displayName'] }, { fields: ['tcVersion'] }]),
      );
    });

    it('reads and changes only the own email address', async () => {
      for (const other of [graceId, benId]) {
        expect(
          (await inject('GET', `/api/v1/healthcare-providers/${other}/email-address`, { token: adaToken })).statusCode,
        ).toBe(403);
        const put = await inject('PUT', `/api/v1/healthcare-providers/${other}/email-address`, {
          token: adaToken,
          payload: { emailAddress: 'hijack@example.org' },
        });
        expect(put.statusCode).toBe(403);
      }
      const own = await inject('GET', `/api/v1/healthcare-providers/${adaId}/email-address`, { token: adaToken });
      expect(own.json()).toEqual({ emailAddress: 'ada@riverside.example' });
    });

    it('refuses a taken address in any case, and moves sign-in to the new address', async () => {
      const grace = (await signIn(t.app, 'grace@riverside.example', demoPassword)).access_token;
      const taken = await inject('PUT', `/api/v1/healthcare-providers/${graceId}/email-address`, {
        token: grace,
        payload: { emailAddress: 'BEN@Lakeside.example' },
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ type: 15, name: 'USER_ALREADY_EXISTS' });
      const invalid = await inject('PUT', `/api/v1/healthcare-providers/${graceId}/email-address`, {
        token: grace,
        payload: { emailAddress: 'not an address' },
      });
      expect(invalid.json()).toMatchObject({ name: 'INVALID_DATA' });
      const changed = await inject('PUT', `/api/v1/healthcare-providers/${graceId}/email-address`, {
        token: grace,
        payload: { emailAddress: 'grace.hopper@riverside.example' },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual({ emailAddress: 'grace.hopper@riverside.example' });
      const read = await inject('GET', `/api/v1/healthcare-providers/${graceId}/email-address`, { token: grace });
      expect(read.json()).toEqual({ emailAddress: 'grace.hopper@riverside.example' });
      const old = await submitCredentials(t.app, 'grace@riverside.example', demoPassword);
      expect(old.login.statusCode).toBe(401);
      expect((await signIn(t.app, 'grace.hopper@riverside.example', demoPassword)).access_token).toBeTruthy();
    });

    it('changes the password after the policy, refuses the current and the last five, and clears mustChangePassword', async () => {
      const newcomerId = await providerId('new@riverside.example');
      const token = (await signIn(t.app, 'new@riverside.example', demoPassword)).access_token;
      const change = (password: string) =>
        inject('PATCH', `/api/v1/healthcare-providers/${newcomerId}/password`, { token, payload: { password } });
      const before = await inject('GET', `/api/v1/healthcare-providers/${newcomerId}`, { token });
      expect(before.json()).toMatchObject({ mustChangePassword: true, tcVersion: 0, displayName: null });

      expect((await change('too-short')).json()).toMatchObject({ type: 11, name: 'PASSWORD_TOO_SHORT' });
      expect((await change('1q2w3e4r5t')).json()).toMatchObject({ type: 12, name: 'PASSWORD_TOO_COMMON' });
      expect((await change('hello-newman-2026')).json()).toMatchObject({
        type: 13,
        name: 'PASSWORD_CONTAINS_USER_INFORMATION',
      });
      expect((await change('my-New-address-pass')).json()).toMatchObject({
        name: 'PASSWORD_CONTAINS_USER_INFORMATION',
      });
      expect((await change(demoPassword)).json()).toMatchObject({ type: 14, name: 'PASSWORD_SAME_AS_PREVIOUS' });
      expect((await change('y'.repeat(129))).json()).toMatchObject({ name: 'INVALID_DATA' });

      const passwords = Array.from({ length: 6 }, (_, n) => `quiet-meadow-${n}-lantern`);
      for (const password of passwords) expect((await change(password)).statusCode, password).toBe(204);
      const after = await inject('GET', `/api/v1/healthcare-providers/${newcomerId}`, { token });
      expect(after.json()).toMatchObject({ mustChangePassword: false });
      // The current one and the five before it are refused; the demo password is now seven back.
      for (const password of passwords) {
        expect((await change(password)).json(), password).toMatchObject({ name: 'PASSWORD_SAME_AS_PREVIOUS' });
      }
      expect((await change(demoPassword)).statusCode).toBe(204);
      const history = await t.database.db
        .selectFrom('healthcare_provider_password_history')
        .select('id')
        .where('healthcare_provider_id', '=', newcomerId)
        .execute();
      expect(history).toHaveLength(5);
      expect((await submitCredentials(t.app, 'new@riverside.example', passwords[5]!)).login.statusCode).toBe(401);
      expect((await signIn(t.app, 'new@riverside.example', demoPassword)).access_token).toBeTruthy();

      const other = await inject('PATCH', `/api/v1/healthcare-providers/${adaId}/password`, {
        token,
        payload: { password: 'a-hijacking-password' },
      });
      expect(other.statusCode).toBe(403);
    });

    it('lets the operator set a temporary password that must be changed', async () => {
      const context = { db: t.database.db, publicUrl: t.env.publicUrl, tcVersion: 1 };
      const output = await runOperatorCommand(context, {
        command: 'reset-password',
        email: 'Rosalind@lakeside.example',
      });
      const temporary = output.split('\n')[1]!;
      expect(temporary).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect((await submitCredentials(t.app, 'rosalind@lakeside.example', demoPassword)).login.statusCode).toBe(401);
      const token = (await signIn(t.app, 'rosalind@lakeside.example', temporary)).access_token;
      const id = await providerId('rosalind@lakeside.example');
      const me = await inject('GET', `/api/v1/healthcare-providers/${id}`, { token });
      expect(me.json()).toMatchObject({ mustChangePassword: true });
      await expect(
        runOperatorCommand(context, { command: 'reset-password', email: 'nobody@example.org' }),
      ).rejects.toThrow('No provider');
    });
  });
});
