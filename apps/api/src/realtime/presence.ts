import { sql } from 'kysely';
import type { Db } from '../db/connect.js';

/**
 * Presence leases. Each API process renews its row in realtime_servers every `renewMs`; each open
 * connection has a row in live_exam_presences under its process. A process ends the presences of
 * its own connections when they close; the presences of a process that died (no renewal for
 * `staleMs`) are found by the sweep of any process, the restarted one included.
 */
export const presenceTimings = { renewMs: 2000, staleMs: 6000, sweepMs: 2000 } as const;

type OrphanPresence = { presenceKey: string; virtualExamId: string; lastSeen: Date };

export function createPresenceLeases(db: Db, serverId: string) {
  return {
    async renew(): Promise<void> {
      await sql`INSERT INTO realtime_servers (server_id, last_seen) VALUES (${serverId}, now())
                ON CONFLICT (server_id) DO UPDATE SET last_seen = now()`.execute(db);
    },
    async open(presenceKey: string, virtualExamId: string): Promise<void> {
      await db
        .insertInto('live_exam_presences')
        .values({ presence_key: presenceKey, virtual_exam_id: virtualExamId, server_id: serverId })
        .execute();
    },
    async close(presenceKey: string): Promise<void> {
      await db.deleteFrom('live_exam_presences').where('presence_key', '=', presenceKey).execute();
    },
    /** Presences whose process stopped renewing (or never registered), with when it was last seen. */
    async orphans(staleMs = presenceTimings.staleMs): Promise<OrphanPresence[]> {
      const result = await sql<{ presence_key: string; virtual_exam_id: string; last_seen: Date | string | null }>`
        SELECT p.presence_key, p.virtual_exam_id, COALESCE(s.last_seen, p.date_created) AS last_seen
        FROM live_exam_presences p
        LEFT JOIN realtime_servers s ON s.server_id = p.server_id
        WHERE p.server_id <> ${serverId}
          AND (s.server_id IS NULL OR s.last_seen < now() - make_interval(secs => ${staleMs / 1000}))
        LIMIT 500`.execute(db);
      return result.rows.map((row) => ({
        presenceKey: row.presence_key,
        virtualExamId: row.virtual_exam_id,
        lastSeen: new Date(row.last_seen ?? Date.now()),
      }));
    },
    /** Forgets processes that have been gone for a minute (their presences are swept by then). */
    async forgetStaleServers(): Promise<void> {
      await sql`DELETE FROM realtime_servers s WHERE s.last_seen < now() - interval '60 seconds'
                AND NOT EXISTS (SELECT 1 FROM live_exam_presences p WHERE p.server_id = s.server_id)`.execute(db);
    },
    async stop(): Promise<void> {
      await db.deleteFrom('realtime_servers').where('server_id', '=', serverId).execute();
    },
  };
}
