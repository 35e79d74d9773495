import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOperatorCommand } from '../operator/commands.js';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { refusedWithin } from '../test/revocation.js';
import { refresh, signInWithSession, silentAuthorize } from '../test/sign-in.js';
import { assertRecentSignIn, recentSignInSeconds } from './sessions.js';

const demoPassword = 'Auscura-demo-2026';
const newPassword = 'violet-harbour-lantern-42';
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
const providerIdOf = (token: string) => claimsOf(token)['https://auscura.example/healthcareProviderId'] as string;

/**
 * Finding 1 and 4 of issue 21: a password change, an email change or an operator's reset ends
 * every other session (refresh tokens and the provider's `_session` cookie), and the changes
 * need a recent sign-in.
 */
describe('password and email changes end the other sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  const put = (token: string, url: string, method: 'PATCH' | 'PUT', payload: object) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  /** The two calls an old session's access token must lose: a read and a password change. */
  const readAndTakeOver = (token: string) => [
    async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/healthcare-providers/${providerIdOf(token)}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    async () =>
      (
        await put(token, `/api/v1/healthcare-providers/${providerIdOf(token)}/password`, 'PATCH', {
          password: 'a-thief-chooses-this-1',
          currentPassword: demoPassword,
        })
      ).statusCode,
  ];

  it('a password change refuses the other refresh tokens and sessions, and keeps the current one', async () => {
    const here = await signInWithSession(t.app, 'ben@lakeside.example', demoPassword);
    const thief = await signInWithSession(t.app, 'ben@lakeside.example', demoPassword);
    expect((await refresh(t.app, thief.tokens.refresh_token!)).status).toBe(200);
    expect((await silentAuthorize(t.app, thief.cookie)).searchParams.get('code')).toBeTruthy();

    const id = claimsOf(here.tokens.access_token)['https://auscura.example/healthcareProviderId'];
    // Both sessions' access tokens work before the change.
    for (const attempt of readAndTakeOver(thief.tokens.access_token).slice(0, 1)) expect(await attempt()).toBe(200);
    const change = await put(here.tokens.access_token, `/api/v1/healthcare-providers/${id}/password`, 'PATCH', {
      password: newPassword,
      currentPassword: demoPassword,
    });
    expect(change.statusCode).toBe(204);
    // The other session's access token is refused within a second, for a read and a password change.
    for (const attempt of readAndTakeOver(thief.tokens.access_token))
      expect(await refusedWithin(attempt)).toBeLessThan(1000);
    // The session the change was made in keeps its access token.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v1/healthcare-providers/${id}`,
      headers: { authorization: `Bearer ${here.tokens.access_token}` },
    });
    expect(own.statusCode).toBe(200);

    const refused = await refresh(t.app, thief.tokens.refresh_token!);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
    expect((await silentAuthorize(t.app, thief.cookie)).searchParams.get('error')).toBe('login_required');
    // The session the change was made in goes on.
    expect((await refresh(t.app, here.tokens.refresh_token!)).status).toBe(200);
    // The old address is told.
    const mails = await outbox(t);
    expect(mails.some((mail) => /^To: ben@lakeside\.example$/m.test(mail) && /password/.test(mail))).toBe(true);
  });

  it('an operator reset and revoke-sessions end every session', async () => {
    const first = await signInWithSession(t.app, 'grace@riverside.example', demoPassword);
    await runOperatorCommand(
      { db: t.database.db, publicUrl: t.env.publicUrl, tcVersion: t.env.TC_VERSION },
      { command: 'reset-password', email: 'grace@riverside.example' },
    );
    expect((await refresh(t.app, first.tokens.refresh_token!)).status).toBe(400);
    expect((await silentAuthorize(t.app, first.cookie)).searchParams.get('error')).toBe('login_required');
    for (const attempt of readAndTakeOver(first.tokens.access_token))
      expect(await refusedWithin(attempt)).toBeLessThan(1000);

    const second = await signInWithSession(t.app, 'ada@riverside.example', demoPassword);
    const output = await runOperatorCommand(
      { db: t.database.db, publicUrl: t.env.publicUrl, tcVersion: t.env.TC_VERSION },
      { command: 'revoke-sessions', email: 'ada@riverside.example' },
    );
    expect(output).toMatch(/within a second/);
    expect((await refresh(t.app, second.tokens.refresh_token!)).status).toBe(400);
    expect((await silentAuthorize(t.app, second.cookie)).searchParams.get('error')).toBe('login_required');
    for (const attempt of readAndTakeOver(second.tokens.access_token)) {
      expect(await refusedWithin(attempt)).toBeLessThan(1000);
    }
  });

  it('an email change needs a recent sign-in, ends other sessions and mails the old address', async () => {
    const here = await signInWithSession(t.app, 'ada@riverside.example', demoPassword);
    const other = await signInWithSession(t.app, 'ada@riverside.example', demoPassword);
    const id = claimsOf(here.tokens.access_token)['https://auscura.example/healthcareProviderId'];
    expect(typeof claimsOf(here.tokens.access_token).auth_time).toBe('number');

    // A token whose sign-in is older than the window (a stolen token kept fresh by refreshing).
    await t.database.db
      .updateTable('oidc_payloads')
      .set((eb) => ({
        payload: eb.fn('jsonb_set', [
          eb.ref('payload'),
          eb.val('{authTime}'),
          eb.val(JSON.stringify(Math.floor(Date.now() / 1000) - recentSignInSeconds - 60)),
        ]),
      }))
      .where('type', '=', 'RefreshToken')
      .where('grant_id', '=', claimsOf(other.tokens.access_token)['https://auscura.example/grantId'])
      .execute();
    const stale = await refresh(t.app, other.tokens.refresh_token!);
    expect(stale.status).toBe(200);
    const refusedChange = await put(
      stale.body.access_token!,
      `/api/v1/healthcare-providers/${id}/email-address`,
      'PUT',
      {
        emailAddress: 'taken-over@example.org',
        currentPassword: demoPassword,
      },
    );
    expect(refusedChange.statusCode).toBe(401);
    expect(refusedChange.json()).toMatchObject({ name: 'EXPIRED_SESSION' });
    expect(refusedChange.headers['www-authenticate']).toMatch(/insufficient_user_authentication/);
    const refusedPassword = await put(
      stale.body.access_token!,
      `/api/v1/healthcare-providers/${id}/password`,
      'PATCH',
      {
        password: newPassword,
        currentPassword: demoPassword,
      },
    );
    expect(refusedPassword.statusCode).toBe(401);

    const changed = await put(here.tokens.access_token, `/api/v1/healthcare-providers/${id}/email-address`, 'PUT', {
      emailAddress: 'ada.new@riverside.example',
      currentPassword: demoPassword,
    });
    expect(changed.statusCode).toBe(200);
    expect((await refresh(t.app, other.tokens.refresh_token!)).status).toBe(400);
    expect((await refresh(t.app, here.tokens.refresh_token!)).status).toBe(200);
    const mails = await outbox(t);
    expect(mails.some((mail) => /^To: ada@riverside\.example$/m.test(mail) && /email address/.test(mail))).toBe(true);
    expect(mails.every((mail) => !mail.includes('ada.new@riverside.example'))).toBe(true);
  });

  it('the step-up window', () => {
    const principal = { authId: 'a', healthcareProviderId: 'b', organizationId: 'c', organizationName: 'd', roles: [] };
    const now = Date.now();
    expect(() => assertRecentSignIn({ ...principal, authTime: now / 1000 - 60 }, now)).not.toThrow();
    expect(() => assertRecentSignIn({ ...principal, authTime: now / 1000 - recentSignInSeconds - 1 }, now)).toThrow();
    expect(() => assertRecentSignIn(principal, now)).toThrow();
  });
});

async function outbox(t: TestApp): Promise<string[]> {
  const folder = path.join(t.env.dataDir, 'outbox');
  const files = await fs.readdir(folder).catch(() => [] as string[]);
  return Promise.all(files.map((file) => fs.readFile(path.join(folder, file), 'utf8')));
}
