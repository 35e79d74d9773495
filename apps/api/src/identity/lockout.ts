import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

export type LockoutPolicy = {
  /** Failures in a row for one account address before it locks. */
  maxFailures: number;
  lockMinutes: number;
  /** Failures from one client address within the window before it locks (many accounts tried). */
  maxFailuresPerClient: number;
};

export type LockState = { locked: boolean; retryAfterSeconds: number; delayMs: number };

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const clientKey = (ip: string) => `client:${ip}`;

async function failureState(db: Db, key: string, max: number, slowAfter: number): Promise<LockState> {
  const row = await db.selectFrom('sign_in_failures').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row) return { locked: false, retryAfterSeconds: 0, delayMs: 0 };
  const now = Date.now();
  if (row.locked_until && row.locked_until.getTime() > now) {
    return { locked: true, retryAfterSeconds: Math.ceil((row.locked_until.getTime() - now) / 1000), delayMs: 0 };
  }
  // A lock that ran out starts a fresh count.
  if (row.locked_until) return { locked: false, retryAfterSeconds: 0, delayMs: 0 };
  // Past `slowAfter` failures each attempt waits longer: 250 ms more per failure, at most 2 s.
  const delayMs = row.failures >= slowAfter ? Math.min(2000, (row.failures - slowAfter + 1) * 250) : 0;
  return { locked: row.failures >= max, retryAfterSeconds: 0, delayMs };
}

async function recordKeyFailure(db: Db, key: string, max: number, lockMinutes: number): Promise<void> {
  const lockUntil = new Date(Date.now() + lockMinutes * 60_000);
  await sql`
    INSERT INTO sign_in_failures (key, failures, locked_until, last_failure_at)
    VALUES (${key}, 1, NULL, now())
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN sign_in_failures.locked_until IS NOT NULL AND sign_in_failures.locked_until <= now()
                      THEN 1 ELSE sign_in_failures.failures + 1 END,
      locked_until = CASE
        WHEN sign_in_failures.locked_until IS NOT NULL AND sign_in_failures.locked_until <= now() THEN NULL
        WHEN sign_in_failures.failures + 1 >= ${max} THEN ${lockUntil}::timestamptz
        ELSE sign_in_failures.locked_until END,
      last_failure_at = now()
  `.execute(db);
}

/**
 * Slows down and then locks repeated sign-in failures. Keys are per submitted address (whether
 * or not an account exists, so the answer reveals nothing) and per client address.
 */
export function createLockout(db: Db, policy: LockoutPolicy) {
  const state = (key: string, max: number, slowAfter: number) => failureState(db, key, max, slowAfter);
  const recordFailure = (key: string, max: number) => recordKeyFailure(db, key, max, policy.lockMinutes);

  return {
    async check(email: string, ip: string): Promise<LockState> {
      const [account, client] = await Promise.all([
        // An account slows down after 3 typos; a client address (maybe a whole clinic behind one
        // NAT) only after 20.
        state(accountKey(email), policy.maxFailures, 3),
        state(clientKey(ip), policy.maxFailuresPerClient, 20),
      ]);
      return {
        locked: account.locked || client.locked,
        retryAfterSeconds: Math.max(account.retryAfterSeconds, client.retryAfterSeconds),
        delayMs: Math.max(account.delayMs, client.delayMs),
      };
    },
    async recordFailure(email: string, ip: string): Promise<void> {
      await recordFailure(accountKey(email), policy.maxFailures);
      await recordFailure(clientKey(ip), policy.maxFailuresPerClient);
    },
    /** A successful sign-in clears the account's count (not the client's). */
    async recordSuccess(email: string): Promise<void> {
      await db.deleteFrom('sign_in_failures').where('key', '=', accountKey(email)).execute();
    },
  };
}
export type Lockout = ReturnType<typeof createLockout>;

/**
 * Locks a client address out of an unauthenticated endpoint after too many failed attempts
 * (unknown or spent invitation ids), the same store as the sign-in lockout under its own keys.
 */
export function createClientThrottle(db: Db, options: { scope: string; maxFailures: number; lockMinutes: number }) {
  const key = (ip: string) => `${options.scope}:${ip}`;
  return {
    /** No slow-down before the lock: these calls are cheap to repeat and must not hold requests. */
    check: (ip: string) => failureState(db, key(ip), options.maxFailures, Number.POSITIVE_INFINITY),
    recordFailure: (ip: string) => recordKeyFailure(db, key(ip), options.maxFailures, options.lockMinutes),
  };
}
export type ClientThrottle = ReturnType<typeof createClientThrottle>;
