import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthcareProviderSchema } from '@auscura/contracts';
import { runOperatorCommand } from '../operator/commands.js';
import { accountHelpers, demoPassword, openAccountsApp } from '../test/accounts-fixture.js';
import { backends } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { signIn, submitCredentials } from '../test/sign-in.js';

describe.each(backends)('accounts on %s', (backend) => {
  let t: TestApp;
  let adaToken: string;
  let adaId: string;
  let graceId: string;
  let benId: string;
  const { inject, providerId } = accountHelpers(() => t);

  beforeAll(async () => {
    ({ t, adaToken, adaId, graceId, benId } = await openAccountsApp(backend));
  });
  afterAll(async () => t?.close());

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
          payload: { emailAddress: 'hijack@example.org', currentPassword: demoPassword },
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
        payload: { emailAddress: 'BEN@Lakeside.example', currentPassword: demoPassword },
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ type: 15, name: 'USER_ALREADY_EXISTS' });
      const invalid = await inject('PUT', `/api/v1/healthcare-providers/${graceId}/email-address`, {
        token: grace,
        payload: { emailAddress: 'not an address', currentPassword: demoPassword },
      });
      expect(invalid.json()).toMatchObject({ name: 'INVALID_DATA' });
      const withoutCurrent = await inject('PUT', `/api/v1/healthcare-providers/${graceId}/email-address`, {
        token: grace,
        payload: { emailAddress: 'grace.hopper@riverside.example' },
      });
      expect(withoutCurrent.json()).toMatchObject({ name: 'INVALID_DATA' });
      const wrongCurrent = await inject('PUT', `/api/v1/healthcare-providers/${graceId}/email-address`, {
        token: grace,
        payload: { emailAddress: 'grace.hopper@riverside.example', currentPassword: 'not-the-password' },
      });
      expect(wrongCurrent.json()).toMatchObject({
        name: 'INVALID_DATA',
        message: 'The current password is not correct.',
      });
      const changed = await inject('PUT', `/api/v1/healthcare-providers/${graceId}/email-address`, {
        token: grace,
        payload: { emailAddress: 'grace.hopper@riverside.example', currentPassword: demoPassword },
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
      let currentPassword = demoPassword;
      const change = async (password: string, current = currentPassword) => {
        const answer = await inject('PATCH', `/api/v1/healthcare-providers/${newcomerId}/password`, {
          token,
          payload: { password, currentPassword: current },
        });
        if (answer.statusCode === 204) currentPassword = password;
        return answer;
      };
      // A stolen token alone does not set a password: the current one is asked for.
      expect((await change('quiet-meadow-x-lantern', 'not-the-password')).json()).toMatchObject({
        name: 'INVALID_DATA',
        message: 'The current password is not correct.',
      });
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
        payload: { password: 'a-hijacking-password', currentPassword: demoPassword },
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
