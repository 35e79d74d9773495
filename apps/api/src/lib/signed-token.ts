import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

type VerifiedToken<P> = { ok: true; payload: P } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Compact HMAC-SHA256 tokens (`<prefix>.<payload>.<signature>`, base64url) for the patient's
 * session and the real-time participant tokens. The key lives in the database (table
 * signing_keys, one per token kind, made on first use), so every API process on the same
 * database verifies what another issued. They are not JWTs on purpose: the provider endpoints'
 * JWT verifier refuses them by their shape, before any key is looked at.
 */
export function createTokenSigner<P extends object>(db: Db, options: { kind: string; prefix: string }) {
  let key: Promise<Buffer> | null = null;

  async function loadKey(): Promise<Buffer> {
    await sql`INSERT INTO signing_keys (name, secret) VALUES (${options.kind}, ${crypto.randomBytes(32)})
              ON CONFLICT (name) DO NOTHING`.execute(db);
    const row = await db
      .selectFrom('signing_keys')
      .select('secret')
      .where('name', '=', options.kind)
      .executeTakeFirstOrThrow();
    return Buffer.from(row.secret);
  }
  const getKey = () => {
    key ??= loadKey().catch((error: unknown) => {
      key = null;
      throw error;
    });
    return key;
  };
  const mac = (secret: Buffer, body: string) =>
    crypto.createHmac('sha256', secret).update(`${options.prefix}.${body}`).digest('base64url');

  return {
    /** Signs the payload with `iat` and `exp` (seconds) added. */
    async sign(payload: P, ttlSeconds: number, now = Date.now()): Promise<string> {
      const iat = Math.floor(now / 1000);
      const body = Buffer.from(JSON.stringify({ ...payload, iat, exp: iat + ttlSeconds })).toString('base64url');
      return `${options.prefix}.${body}.${mac(await getKey(), body)}`;
    },

    async verify(token: string, now = Date.now()): Promise<VerifiedToken<P & { iat: number; exp: number }>> {
      const parts = token.split('.');
      if (parts.length !== 3 || parts[0] !== options.prefix || !parts[1] || !parts[2]) {
        return { ok: false, reason: 'invalid' };
      }
      const expected = Buffer.from(mac(await getKey(), parts[1]));
      const given = Buffer.from(parts[2]);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
        return { ok: false, reason: 'invalid' };
      }
      let payload: P & { iat: number; exp: number };
      try {
        payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      if (typeof payload.exp !== 'number') return { ok: false, reason: 'invalid' };
      if (payload.exp * 1000 <= now) return { ok: false, reason: 'expired' };
      return { ok: true, payload };
    },
  };
}

/** The bearer token of a request, whatever its kind. */
export function bearerToken(header: string | undefined): string | null {
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header) : null;
  return match?.[1] ?? null;
}
