import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeEmailAddress, changePassword } from '../healthcare-providers/accounts.js';
import type { AccountContext } from '../healthcare-providers/accounts.js';
import { HttpError } from '../lib/http-error.js';
import { runOperatorCommand } from '../operator/commands.js';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { createAuth0Management } from './auth0-management.js';
import type { Principal } from '../lib/principal.js';

/**
 * A stand-in for the Auth0 Management API on a local port, answering with the bodies Auth0
 * documents: the policy errors of a database connection ("PasswordHistoryError: …" etc. in
 * `message`, 400) and 409 "The user already exists.".
 */
type Seen = { method: string; url: string; body: Record<string, unknown>; authorization?: string };
const auth0Answers: [RegExp, number, Record<string, unknown>][] = [
  [/history/, 400, { message: 'PasswordHistoryError: Password has previously been used' }],
  [/dictionary/, 400, { message: 'PasswordDictionaryError: Password is too common' }],
  [/userinfo/, 400, { message: 'PasswordNoUserInfoError: Password is based on user information' }],
  [/strength/, 400, { message: 'PasswordStrengthError: Password is too weak' }],
  [/taken/, 409, { error: 'Conflict', message: 'The user already exists.', errorCode: 'auth0_idp_error' }],
  [/broken/, 500, { error: 'Internal Server Error', message: 'Something went wrong' }],
];

function startFakeAuth0() {
  const seen: Seen[] = [];
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      seen.push({ method: request.method!, url: request.url!, body, authorization: request.headers.authorization });
      const send = (status: number, payload: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      if (request.url === '/oauth/token') return send(200, { access_token: 'mgmt-token', expires_in: 86400 });
      if (request.headers.authorization !== 'Bearer mgmt-token') return send(401, { message: 'Invalid token' });
      const probe = `${String(body.password ?? '')} ${String(body.email ?? '')}`;
      for (const [pattern, status, answer] of auth0Answers) {
        if (pattern.test(probe))
          return send(status, { statusCode: status, error: 'Bad Request', errorCode: 'invalid_body', ...answer });
      }
      if (request.method === 'POST' && request.url === '/api/v2/users') {
        return send(201, { user_id: `auth0|${seen.length}`, email: body.email });
      }
      if (request.method === 'PATCH') return send(200, { user_id: decodeURIComponent(request.url!.split('/').pop()!) });
      if (request.method === 'DELETE') return send(204, {});
      return send(404, { message: 'Not found' });
    });
  });
  return new Promise<{ origin: string; seen: Seen[]; close(): Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        seen,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

describe('the Auth0 Management API client', () => {
  let fake: Awaited<ReturnType<typeof startFakeAuth0>>;
  beforeAll(async () => {
    fake = await startFakeAuth0();
  });
  afterAll(async () => fake?.close());

  const client = () =>
    createAuth0Management({
      origin: fake.origin,
      clientId: 'm2m-id',
      clientSecret: 'm2m-secret',
      connection: 'Username-Password-Authentication',
    });

  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HttpError);
    return (error as HttpError).body.name;
  };

  it('maps each of Auth0’s password errors to the catalogue', async () => {
    const auth0 = client();
    expect(await refusal(auth0.updatePassword('auth0|1', 'history-pass-1'))).toBe('PASSWORD_SAME_AS_PREVIOUS');
    expect(await refusal(auth0.updatePassword('auth0|1', 'dictionary-pass'))).toBe('PASSWORD_TOO_COMMON');
    expect(await refusal(auth0.updatePassword('auth0|1', 'userinfo-pass'))).toBe('PASSWORD_CONTAINS_USER_INFORMATION');
    expect(await refusal(auth0.updatePassword('auth0|1', 'strength-pass'))).toBe('PASSWORD_TOO_SHORT');
    expect(await refusal(auth0.updateEmail('auth0|1', 'taken@example.org'))).toBe('USER_ALREADY_EXISTS');
    expect(await refusal(auth0.updatePassword('auth0|1', 'broken-pass'))).toBe('AUTH0_UNKNOWN_ERROR');
  });

  it('gets one client-credentials token for the Management API audience and reuses it', async () => {
    const auth0 = client();
    const before = fake.seen.length;
    await auth0.updatePassword('auth0|abc', 'a-fine-new-password');
    await auth0.updateEmail('auth0|abc', 'new@example.org');
    const calls = fake.seen.slice(before);
    expect(calls.filter((call) => call.url === '/oauth/token')).toEqual([
      expect.objectContaining({
        body: {
          grant_type: 'client_credentials',
          client_id: 'm2m-id',
          client_secret: 'm2m-secret',
          audience: `${fake.origin}/api/v2/`,
        },
      }),
    ]);
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
      expect.objectContaining({
        url: '/api/v2/users/auth0%7Cabc',
        body: { password: 'a-fine-new-password', connection: 'Username-Password-Authentication' },
      }),
      expect.objectContaining({
        body: { email: 'new@example.org', email_verified: true, connection: 'Username-Password-Authentication' },
      }),
    ]);
  });

  it('answers AUTH0_UNKNOWN_ERROR when Auth0 cannot be reached', async () => {
    const gone = createAuth0Management({
      origin: 'http://127.0.0.1:9',
      clientId: 'a',
      clientSecret: 'b',
      connection: 'c',
    });
    expect(await refusal(gone.updatePassword('auth0|1', 'a-fine-new-password'))).toBe('AUTH0_UNKNOWN_ERROR');
  });
});

describe('accounts with Auth0 configured', () => {
  let fake: Awaited<ReturnType<typeof startFakeAuth0>>;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeAuth0();
    t = await createTestApp('pglite', {
      AUTH0_DOMAIN: 'auscura-test.eu.auth0.com',
      AUTH0_CLIENT_ID: 'client-123',
      AUTH0_AUDIENCE: 'https://api.auscura.example',
      AUTH0_MANAGEMENT_DOMAIN: fake.origin,
      AUTH0_MGMT_CLIENT_ID: 'm2m-id',
      AUTH0_MGMT_CLIENT_SECRET: 'm2m-secret',
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const context = (): AccountContext => ({
    db: t.database.db,
    tcVersion: 1,
    identity: {
      mode: 'auth0',
      management: createAuth0Management({
        origin: fake.origin,
        clientId: 'm2m-id',
        clientSecret: 'm2m-secret',
        connection: 'Username-Password-Authentication',
      }),
    },
  });

  async function invite(email: string) {
    const output = await runOperatorCommand(
      { db: t.database.db, publicUrl: t.env.publicUrl, tcVersion: 1 },
      { command: 'invite', email, org: 'Lakeside Pulmonology', expiresInDays: 7 },
    );
    return /t=([A-Za-z0-9_-]+)$/m.exec(output)![1]!;
  }
  const create = (invitationId: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/healthcare-providers',
      payload: {
        invitationId,
        password,
        firstName: 'Lise',
        lastName: 'Meitner',
        displayName: 'Dr. Meitner',
        tcVersion: 1,
      },
    });

  it('creates the user at Auth0 with the invitation’s address and links it to the new provider', async () => {
    const id = await invite('lise@example.org');
    const response = await create(id, 'a-fine-new-password');
    expect(response.statusCode).toBe(201);
    const created = response.json() as { id: string };
    const call = fake.seen.find((seen) => seen.method === 'POST' && seen.url === '/api/v2/users')!;
    expect(call.body).toMatchObject({
      connection: 'Username-Password-Authentication',
      email: 'lise@example.org',
      password: 'a-fine-new-password',
      given_name: 'Lise',
      family_name: 'Meitner',
      email_verified: true,
      app_metadata: { healthcareProviderId: created.id },
    });
    const row = await t.database.db
      .selectFrom('healthcare_providers')
      .select(['auth0_user_id', 'password_hash', 'email_address'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    expect(row.auth0_user_id).toMatch(/^auth0\|/);
  });

  it('maps Auth0’s refusal of a new account’s password and keeps the invitation usable', async () => {
    const id = await invite('otto@example.org');
    const refused = await create(id, 'dictionary-pass-1');
    expect(refused.json()).toMatchObject({ name: 'PASSWORD_TOO_COMMON' });
    expect((await create(id, 'strength-pass-1')).json()).toMatchObject({ name: 'PASSWORD_TOO_SHORT' });
    expect((await create(id, 'a-fine-new-password')).statusCode).toBe(201);
  });

  it('answers an address Auth0 already knows as a spent invitation, and unknown failures as AUTH0_UNKNOWN_ERROR', async () => {
    const takenId = await invite('taken@example.org');
    expect((await create(takenId, 'a-fine-new-password')).json()).toMatchObject({
      name: 'INVALID_HEALTHCARE_PROVIDER_INVITATION',
    });
    const brokenId = await invite('broken@example.org');
    const broken = await create(brokenId, 'a-fine-new-password');
    expect(broken.statusCode).toBe(502);
    expect(broken.json()).toMatchObject({ type: 16, name: 'AUTH0_UNKNOWN_ERROR' });
  });

  it('changes the password and the email address at Auth0, with the errors mapped', async () => {
    const ben = await t.database.db
      .selectFrom('healthcare_providers')
      .select(['id', 'organization_id'])
      .where('email_address', '=', 'ben@lakeside.example')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('healthcare_providers')
      .set({ auth0_user_id: 'auth0|ben', must_change_password: true })
      .where('id', '=', ben.id)
      .execute();
    const principal: Principal = {
      authId: 'auth0|ben',
      healthcareProviderId: ben.id,
      organizationId: ben.organization_id,
      organizationName: 'Lakeside Pulmonology',
      roles: ['healthcare-provider'],
      authTime: Math.floor(Date.now() / 1000),
    };
    const name = (promise: Promise<unknown>) =>
      promise.then(
        () => 'ok',
        (error: HttpError) => error.body.name,
      );
    // Without a recent sign-in (a stolen token), nothing reaches Auth0.
    const before = fake.seen.length;
    const stale = { ...principal, authTime: principal.authTime! - 3600 };
    expect(await name(changePassword(context(), stale, ben.id, 'a-fine-new-password', 'unused-in-auth0-mode'))).toBe(
      'EXPIRED_SESSION',
    );
    expect(await name(changeEmailAddress(context(), stale, ben.id, 'thief@example.org', 'unused-in-auth0-mode'))).toBe(
      'EXPIRED_SESSION',
    );
    expect(fake.seen.length).toBe(before);
    expect(await name(changePassword(context(), principal, ben.id, 'history-pass-1', 'unused-in-auth0-mode'))).toBe(
      'PASSWORD_SAME_AS_PREVIOUS',
    );
    expect(await name(changePassword(context(), principal, ben.id, 'userinfo-pass-1', 'unused-in-auth0-mode'))).toBe(
      'PASSWORD_CONTAINS_USER_INFORMATION',
    );
    // Our own policy still runs first.
    expect(await name(changePassword(context(), principal, ben.id, 'password123', 'unused-in-auth0-mode'))).toBe(
      'PASSWORD_TOO_COMMON',
    );
    expect(
      await name(changePassword(context(), principal, ben.id, 'a-fine-new-password', 'unused-in-auth0-mode')),
    ).toBe('ok');
    // Every session and refresh token of the user at Auth0 ends.
    expect(fake.seen.slice(-2).map((seen) => `${seen.method} ${seen.url}`)).toEqual([
      'DELETE /api/v2/users/auth0%7Cben/sessions',
      'DELETE /api/v2/users/auth0%7Cben/refresh-tokens',
    ]);
    const after = await t.database.db
      .selectFrom('healthcare_providers')
      .select('must_change_password')
      .where('id', '=', ben.id)
      .executeTakeFirstOrThrow();
    expect(after.must_change_password).toBe(false);
    expect(
      await name(
        changeEmailAddress(context(), principal, ben.id, 'taken.elsewhere@example.org', 'unused-in-auth0-mode'),
      ),
    ).toBe('USER_ALREADY_EXISTS');
    expect(
      await name(changeEmailAddress(context(), principal, ben.id, 'ben.carson@example.org', 'unused-in-auth0-mode')),
    ).toBe('ok');
    expect(fake.seen.at(-3)).toMatchObject({
      url: '/api/v2/users/auth0%7Cben',
      body: { email: 'ben.carson@example.org' },
    });
  });

  it('lets the operator reset a password at Auth0', async () => {
    const output = await runOperatorCommand(
      { db: t.database.db, publicUrl: t.env.publicUrl, tcVersion: 1, identity: context().identity },
      { command: 'reset-password', email: 'ben.carson@example.org' },
    );
    const temporary = output.split('\n')[1]!;
    expect(fake.seen.at(-3)).toMatchObject({ method: 'PATCH', body: { password: temporary } });
    expect(fake.seen.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/v2/users/auth0%7Cben/refresh-tokens' });
    const row = await t.database.db
      .selectFrom('healthcare_providers')
      .select('must_change_password')
      .where('email_address', '=', 'ben.carson@example.org')
      .executeTakeFirstOrThrow();
    expect(row.must_change_password).toBe(true);
  });
});
