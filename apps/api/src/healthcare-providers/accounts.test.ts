import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthcareProviderInvitationSchema, operatorRoutes } from '@auscura/contracts';
import { runOperatorCommand } from '../operator/commands.js';
import { accountHelpers, goodPassword, openAccountsApp } from '../test/accounts-fixture.js';
import { backends } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { signIn } from '../test/sign-in.js';

// A provider's own profile, email address and password: own-account.test.ts.
describe.each(backends)('accounts on %s', (backend) => {
  let t: TestApp;
  const { inject, invite, createBody } = accountHelpers(() => t);

  beforeAll(async () => {
    ({ t } = await openAccountsApp(backend));
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
          url: operatorRoutes.command.path,
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
});
