import type { ErrorName } from '@auscura/contracts';
import type { Env } from '../config/env.js';
import { HttpError } from '../lib/http-error.js';

/**
 * The Auth0 Management API v2 for what the portal changes in accounts: create a user, change
 * the password or the email. Token from the client-credentials grant of a machine-to-machine
 * application, cached until shortly before it expires.
 */
export type Auth0Management = {
  createUser(user: {
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    displayName: string;
    appMetadata: Record<string, unknown>;
  }): Promise<{ userId: string }>;
  updatePassword(userId: string, password: string): Promise<void>;
  updateEmail(userId: string, email: string): Promise<void>;
  deleteUser(userId: string): Promise<void>;
  /** Ends every session and refresh token of the user (after a password or email change, a reset). */
  revokeSessions(userId: string): Promise<void>;
};

type Auth0ManagementOptions = {
  /** Origin of the Management API, e.g. https://tenant.eu.auth0.com. */
  origin: string;
  clientId: string;
  clientSecret: string;
  connection: string;
};

/** The Management API client when Auth0 and its management credentials are configured. */
export function auth0ManagementFromEnv(env: Env): Auth0Management | undefined {
  if (!env.AUTH0_DOMAIN || !env.AUTH0_MGMT_CLIENT_ID || !env.AUTH0_MGMT_CLIENT_SECRET) return undefined;
  const domain = (env.AUTH0_MANAGEMENT_DOMAIN ?? env.AUTH0_DOMAIN).replace(/\/+$/, '');
  return createAuth0Management({
    origin: /^https?:\/\//.test(domain) ? domain : `https://${domain}`,
    clientId: env.AUTH0_MGMT_CLIENT_ID,
    clientSecret: env.AUTH0_MGMT_CLIENT_SECRET,
    connection: env.AUTH0_CONNECTION,
  });
}

/**
 * Auth0's password and user errors → the catalogue. The Management API answers 400 with a
 * message that starts with the policy's error name ("PasswordHistoryError: Password has
 * previously been used", "PasswordDictionaryError: …", "PasswordNoUserInfoError: …",
 * "PasswordStrengthError: Password is too weak"), and 409 "The user already exists." on a taken
 * address. Anything else is AUTH0_UNKNOWN_ERROR.
 */
function mapAuth0Error(status: number, body: unknown): HttpError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const text = [record.name, record.code, record.errorCode, record.message, record.description]
    .filter((value) => typeof value === 'string')
    .join(' ');
  const byName: [RegExp, ErrorName, string][] = [
    [/PasswordHistoryError|password_history/i, 'PASSWORD_SAME_AS_PREVIOUS', 'The password has been used before.'],
    [/PasswordDictionaryError|password_dictionary/i, 'PASSWORD_TOO_COMMON', 'The password is too common.'],
    [
      /PasswordNoUserInfoError|password_no_user_info/i,
      'PASSWORD_CONTAINS_USER_INFORMATION',
      'The password contains user information.',
    ],
    // Auth0's strength policy is length plus character classes; the catalogue's nearest code.
    [/PasswordStrengthError|password_strength/i, 'PASSWORD_TOO_SHORT', 'The password is too weak.'],
  ];
  for (const [pattern, name, message] of byName) if (pattern.test(text)) return new HttpError(name, message);
  if (status === 409 || /user already exists|email already exists/i.test(text)) {
    return new HttpError('USER_ALREADY_EXISTS', 'A user with that email address already exists.');
  }
  return new HttpError('AUTH0_UNKNOWN_ERROR', 'The identity provider refused the change.');
}

export function createAuth0Management(options: Auth0ManagementOptions): Auth0Management {
  let cached: { token: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    const response = await send(`${options.origin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: options.clientId,
        client_secret: options.clientSecret,
        audience: `${options.origin}/api/v2/`,
      }),
    });
    if (!response.ok) throw new HttpError('AUTH0_UNKNOWN_ERROR', 'The identity provider refused the portal.');
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new HttpError('AUTH0_UNKNOWN_ERROR', 'The identity provider sent no token.');
    // Renew a minute early so a token never expires between this check and Auth0's.
    cached = { token: body.access_token, expiresAt: Date.now() + Math.max(0, (body.expires_in ?? 0) - 60) * 1000 };
    return cached.token;
  }

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    } catch {
      throw new HttpError('AUTH0_UNKNOWN_ERROR', 'The identity provider cannot be reached.');
    }
  }

  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await send(`${options.origin}/api/v2${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!response.ok) throw mapAuth0Error(response.status, parsed);
    return parsed;
  }

  const userPath = (userId: string) => `/users/${encodeURIComponent(userId)}`;

  return {
    async createUser(user) {
      const created = (await call('POST', '/users', {
        connection: options.connection,
        email: user.email,
        password: user.password,
        given_name: user.firstName,
        family_name: user.lastName,
        name: `${user.firstName} ${user.lastName}`,
        nickname: user.displayName,
        // The invitation was sent to this address, so it is verified.
        email_verified: true,
        app_metadata: user.appMetadata,
      })) as { user_id?: string } | undefined;
      if (!created?.user_id) throw new HttpError('AUTH0_UNKNOWN_ERROR', 'The identity provider sent no user id.');
      return { userId: created.user_id };
    },
    async updatePassword(userId, password) {
      await call('PATCH', userPath(userId), { password, connection: options.connection });
    },
    async updateEmail(userId, email) {
      // The portal has no verification step for a changed address (clinician-portal §2.7).
      await call('PATCH', userPath(userId), { email, email_verified: true, connection: options.connection });
    },
    async deleteUser(userId) {
      await call('DELETE', userPath(userId));
    },
    async revokeSessions(userId) {
      // Management API: DELETE /users/{id}/sessions (scope delete:sessions) and
      // DELETE /users/{id}/refresh-tokens (delete:refresh_tokens)
      // (https://auth0.com/docs/manage-users/sessions/manage-user-sessions-with-auth0-management-api).
      await call('DELETE', `${userPath(userId)}/sessions`);
      await call('DELETE', `${userPath(userId)}/refresh-tokens`);
    },
  };
}
