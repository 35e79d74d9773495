import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/connect.js';

/**
 * The key a record is stored under: a SHA-256 of its id (hex), never the id. Refresh tokens,
 * authorization codes and session ids are bearer secrets; a copy of the table (a backup, a stolen
 * volume) must not give them away (issue 36; OAuth 2.0 Security BCP, RFC 9700 §4.14). The ids
 * are 256-bit random strings, so no salt is needed. Migration 017 converted older rows.
 */
export const storedOidcId = (id: string) => crypto.createHash('sha256').update(id, 'utf8').digest('hex');

/**
 * oidc-provider's storage in our database (instead of its in-memory default) so sessions,
 * grants and refresh tokens survive restarts and are shared by every API process. The payload's
 * copy of the id (`jti`) is left out and given back by `find`, which knows the id; the two
 * `findByUid` callers (a session's existence for a refresh token or an interaction) only read.
 */
export function createOidcAdapterFactory(db: Db): new (type: string) => Adapter {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly type: string) {}

    async upsert(rawId: string, rawPayload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const id = storedOidcId(rawId);
      const { jti: _jti, ...kept } = rawPayload;
      const payload: AdapterPayload = kept;
      const uid = rawPayload.uid ? storedOidcId(rawPayload.uid) : null;
      const userCode = rawPayload.userCode ? storedOidcId(rawPayload.userCode) : null;
      await db
        .insertInto('oidc_payloads')
        .values({
          id,
          type: this.type,
          payload: JSON.stringify(payload),
          grant_id: payload.grantId ?? null,
          user_code: userCode,
          uid,
          expires_at: expiresAt,
          consumed_at: null,
        })
        .onConflict((oc) =>
          oc.columns(['type', 'id']).doUpdateSet({
            payload: JSON.stringify(payload),
            grant_id: payload.grantId ?? null,
            user_code: userCode,
            uid,
            expires_at: expiresAt,
          }),
        )
        .execute();
    }

    private async findWhere(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oidc_payloads')
        .select(['payload', 'consumed_at'])
        .where('type', '=', this.type)
        .where(column, '=', storedOidcId(value))
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
        .executeTakeFirst();
      if (!row) return undefined;
      const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
      return {
        ...payload,
        ...(column === 'id' ? { jti: value } : {}),
        ...(row.consumed_at ? { consumed: true } : {}),
      } as AdapterPayload;
    }

    find(id: string) {
      return this.findWhere('id', id);
    }
    findByUid(uid: string) {
      return this.findWhere('uid', uid);
    }
    findByUserCode(userCode: string) {
      return this.findWhere('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable('oidc_payloads')
        .set({ consumed_at: sql<Date>`now()` })
        .where('type', '=', this.type)
        .where('id', '=', storedOidcId(id))
        .execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('type', '=', this.type).where('id', '=', storedOidcId(id)).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
    }
  };
}

/** Expired rows are never read again; remove them now and then. */
export async function sweepExpiredOidcPayloads(db: Db): Promise<void> {
  await db
    .deleteFrom('oidc_payloads')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
}
