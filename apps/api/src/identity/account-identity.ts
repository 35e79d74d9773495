import type { Env } from '../config/env.js';
import { HttpError } from '../lib/http-error.js';
import { auth0ManagementFromEnv } from './auth0-management.js';
import type { Auth0Management } from './auth0-management.js';

/**
 * Where credentials live: in our database (built-in identity provider), or at Auth0 through the
 * Management API (undefined when Auth0 is configured without management credentials).
 */
export type AccountIdentity = { mode: 'built-in' } | { mode: 'auth0'; management: Auth0Management | undefined };

/** The same switch as the app's: Auth0 when its domain, client and audience are configured. */
export function accountIdentityFromEnv(env: Env): AccountIdentity {
  return env.AUTH0_DOMAIN && env.AUTH0_CLIENT_ID && env.AUTH0_AUDIENCE
    ? { mode: 'auth0', management: auth0ManagementFromEnv(env) }
    : { mode: 'built-in' };
}

export function management(identity: AccountIdentity): Auth0Management {
  if (identity.mode !== 'auth0') throw new Error('not in Auth0 mode');
  if (!identity.management) {
    throw new HttpError('AUTH0_UNKNOWN_ERROR', 'Account changes need the Auth0 Management API credentials.');
  }
  return identity.management;
}

/** A healthcare provider's account as the built-in provider signs it in and fills its tokens. */
export type SignInAccount = {
  id: string;
  organizationId: string;
  organizationName: string;
  emailAddress: string;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  /** Null when the credential lives at Auth0. */
  passwordHash: string | null;
  roles: string[];
};

/**
 * Where the built-in provider finds accounts. The healthcare-providers repository implements it and
 * app.ts passes it in, so the identity adapter imports no domain.
 */
export type AccountDirectory = {
  findAccountById(id: string): Promise<SignInAccount | undefined>;
  findAccountByEmail(email: string): Promise<SignInAccount | undefined>;
};
