import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

type LockoutPolicy = {
  /** Failures in a row for one account from one client address before that pair locks. */
  maxFailures: number;
  lockMinutes: number;
  /** Failures from one client address within an hour before it locks (a ceiling for a large NAT). */
  maxFailuresPerClient: number;
};

type LockState = { locked: boolean; retryAfterSeconds: number; delayMs: number };

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const pairKey = (email: string, ip: string) => `${accountKey(email)}|client:${ip}`;
const clientKey = (ip: string) => `client:${ip}`;
const hourMinutes = 60;

async function failureState(
  db: Db,
  key: string,
  max: number,
  slowAfter: number,
  windowMinutes?: number,
): Promise<LockState> {
  const row = await db.selectFrom('sign_in_failures').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row) return { locked: false, retryAfterSeconds: 0, delayMs: 0 };
  const now = Date.now();
  if (row.locked_until && row.locked_until.getTime() > now) {
    return { locked: true, retryAfterSeconds: Math.ceil((row.locked_until.getTime() - now) / 1000), delayMs: 0 };
  }
  // A lock that ran out starts a fresh count; so does a window that has passed.
  if (row.locked_until) return { locked: false, retryAfterSeconds: 0, delayMs: 0 };
  if (windowMinutes !== undefined && now - row.last_failure_at.getTime() > windowMinutes * 60_000) {
    return { locked: false, retryAfterSeconds: 0, delayMs: 0 };
  }
  // Past `slowAfter` failures each attempt waits longer: 250 ms more per failure, at most 2 s.
  const delayMs = row.failures >= slowAfter ? Math.min(2000, (row.failures - slowAfter + 1) * 250) : 0;
  return { locked: row.failures >= max, retryAfterSeconds: 0, delayMs };
}

async function recordKeyFailure(
  db: Db,
  key: string,
  max: number,
  lockMinutes: number,
  windowMinutes?: number,
): Promise<void> {
  const lockUntil = Number.isFinite(max) ? new Date(Date.now() + lockMinutes * 60_000) : null;
  const limit = Number.isFinite(max) ? max : 2_147_483_647;
  // Without a window, failures count until a lock or a success; with one, a failure after a quiet
  // window starts the count again.
  const windowStart = new Date(Date.now() - (windowMinutes ?? 0) * 60_000);
  const restart = windowMinutes === undefined ? sql`false` : sql`sign_in_failures.last_failure_at < ${windowStart}`;
  await sql`
    INSERT INTO sign_in_failures (key, failures, locked_until, last_failure_at)
    VALUES (${key}, 1, NULL, now())
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN (sign_in_failures.locked_until IS NOT NULL AND sign_in_failures.locked_until <= now()) OR ${restart}
                      THEN 1 ELSE least(sign_in_failures.failures + 1, ${limit}::int) END,
      locked_until = CASE
        WHEN (sign_in_failures.locked_until IS NOT NULL AND sign_in_failures.locked_until <= now()) OR ${restart} THEN NULL
        WHEN sign_in_failures.failures + 1 >= ${limit}::int THEN ${lockUntil}::timestamptz
        ELSE sign_in_failures.locked_until END,
      last_failure_at = now()
  `.execute(db);
}

/**
 * Slows down and then locks repeated sign-in failures, the way Auth0's brute-force protection
 * does (https://auth0.com/docs/secure/attack-protection/brute-force-protection): the lock is per
 * account and client address together, so guessing one account's password from one address locks
 * neither that account elsewhere nor other accounts behind the same address (a hospital's NAT).
 * Each client address also has a ceiling of failures per hour across all accounts (Auth0's
 * suspicious-IP throttling), and an account's failures from anywhere slow its sign-ins (at most
 * 2 s) without locking it. Keys are per submitted address whether or not an account exists.
 */
export function createLockout(db: Db, policy: LockoutPolicy) {
  const lockMinutes = policy.lockMinutes;
  return {
    async check(email: string, ip: string): Promise<LockState> {
      const states = await Promise.all([
        failureState(db, pairKey(email, ip), policy.maxFailures, 3),
        failureState(db, clientKey(ip), policy.maxFailuresPerClient, 100, hourMinutes),
        failureState(db, accountKey(email), Number.POSITIVE_INFINITY, 3, hourMinutes),
      ]);
      return {
        locked: states.some((state) => state.locked),
        retryAfterSeconds: Math.max(...states.map((state) => state.retryAfterSeconds)),
        delayMs: Math.max(...states.map((state) => state.delayMs)),
      };
    },
    async recordFailure(email: string, ip: string): Promise<void> {
      await recordKeyFailure(db, pairKey(email, ip), policy.maxFailures, lockMinutes);
      await recordKeyFailure(db, clientKey(ip), policy.maxFailuresPerClient, lockMinutes, hourMinutes);
      await recordKeyFailure(db, accountKey(email), Number.POSITIVE_INFINITY, lockMinutes, hourMinutes);
    },
    /** A successful sign-in clears the account's counts, here and overall (not the client's). */
    async recordSuccess(email: string, ip: string): Promise<void> {
      await db
        .deleteFrom('sign_in_failures')
        .where('key', 'in', [accountKey(email), pairKey(email, ip)])
        .execute();
    },
  };
}

/** The operator's reset: every failure count and lock of an account, from every address. */
export async function clearAccountFailures(db: Db, email: string): Promise<void> {
  const key = accountKey(email);
  await db
    .deleteFrom('sign_in_failures')
    .where((eb) => eb.or([eb('key', '=', key), eb(sql<boolean>`starts_with(key, ${`${key}|`})`, '=', true)]))
    .execute();
}
export type Lockout = ReturnType<typeof createLockout>;

/** Wrong patient access codes from one client address before it is locked out. */
export const accessCodeFailuresPerAddress = 20;
/**
 * Wrong codes an hour against one exam, request or link (from any addresses) before it locks:
 * above the per-address lock, so one address cannot lock a patient out; at 100 guesses an hour a
 * 40-bit code stays out of reach.
 */
export const accessCodeFailuresPerCode = 100;

/**
 * Locks a client address out of an unauthenticated endpoint after too many failed attempts
 * (unknown or spent invitation ids), the same store as the sign-in lockout under its own keys.
 */
export function createClientThrottle(
  db: Db,
  options: { scope: string; maxFailures: number; lockMinutes: number; windowMinutes?: number },
) {
  const key = (ip: string) => `${options.scope}:${ip}`;
  const { maxFailures, lockMinutes, windowMinutes } = options;
  return {
    /** No slow-down before the lock: these calls are cheap to repeat and must not hold requests. */
    check: (ip: string) => failureState(db, key(ip), maxFailures, Number.POSITIVE_INFINITY, windowMinutes),
    recordFailure: (ip: string) => recordKeyFailure(db, key(ip), maxFailures, lockMinutes, windowMinutes),
  };
}
export type ClientThrottle = ReturnType<typeof createClientThrottle>;
