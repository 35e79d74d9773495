import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { DbOrTx } from '../db/connect.js';

/**
 * The audit log's hash chain (migration 008): each entry's hash is SHA-256 of the previous entry's
 * hash followed by the entry's canonical text (audit_entry_text: its fields as jsonb text). The
 * database computes it on insert; this module checks it and exports it.
 */
export type ExportedAuditEntry = {
  seq: number;
  id: number;
  at: string;
  actorKind: string;
  actorRef: string | null;
  healthcareProviderId: string | null;
  organizationId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  patientProfileId: string | null;
  detail: unknown;
  prevHash: string;
  hash: string;
};

type ChainReport =
  | { ok: true; entries: number; head: { seq: number; hash: string } }
  | { ok: false; entries: number; brokenAt: { seq: number; id: number; at: string }; reason: string };

const pageSize = 2000;
const genesis = '00'.repeat(32);

type CheckedRow = { seq: number; id: number; at: string; hash: string; prev: string; expected: string };

/** Walks the whole chain in order of seq and names the first entry that does not fit. */
export async function verifyAuditChain(db: DbOrTx): Promise<ChainReport> {
  let lastSeq = 0;
  let lastHash = genesis;
  let entries = 0;
  for (;;) {
    const rows = await sql<CheckedRow>`
      SELECT seq, id,
             to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at,
             encode(hash, 'hex') AS hash, encode(prev_hash, 'hex') AS prev,
             encode(audit_entry_hash(prev_hash, a), 'hex') AS expected
      FROM audit_log a WHERE seq > ${lastSeq} ORDER BY seq LIMIT ${pageSize}`.execute(db);
    for (const row of rows.rows) {
      const brokenAt = { seq: row.seq, id: row.id, at: row.at };
      if (row.seq !== lastSeq + 1) {
        return { ok: false, entries, brokenAt, reason: `entries ${lastSeq + 1}–${row.seq - 1} are missing` };
      }
      if (row.prev !== lastHash) {
        return {
          ok: false,
          entries,
          brokenAt,
          reason: `its previous-entry hash does not match entry ${lastSeq} (that entry or this link was changed)`,
        };
      }
      if (row.expected !== row.hash) {
        return { ok: false, entries, brokenAt, reason: 'its content does not match its hash (the entry was changed)' };
      }
      lastSeq = row.seq;
      lastHash = row.hash;
      entries++;
    }
    if (rows.rows.length < pageSize) break;
  }
  const head = await sql<{ seq: number; hash: string }>`
    SELECT seq, encode(hash, 'hex') AS hash FROM audit_chain_head WHERE id = 1`.execute(db);
  const recorded = head.rows[0];
  if (!recorded || recorded.seq !== lastSeq || recorded.hash !== lastHash) {
    return {
      ok: false,
      entries,
      brokenAt: { seq: lastSeq + 1, id: 0, at: '' },
      reason: `the chain ends at entry ${lastSeq} but its head says ${recorded?.seq ?? 'nothing'} (entries at the end were removed)`,
    };
  }
  return { ok: true, entries, head: { seq: lastSeq, hash: lastHash } };
}

/** One line per verdict, for the operator. */
export function describeChainReport(report: ChainReport): string {
  if (report.ok) {
    return `Audit chain intact: ${report.entries} entries; head is entry ${report.head.seq} with hash ${report.head.hash}.\nKeep that hash elsewhere to notice later a rewritten chain.`;
  }
  const where = report.brokenAt.id
    ? `entry ${report.brokenAt.seq} (id ${report.brokenAt.id}, at ${report.brokenAt.at})`
    : `entry ${report.brokenAt.seq}`;
  return `Audit chain BROKEN at ${where}: ${report.reason}. ${report.entries} entries before it are intact.`;
}

/** Entries with `from <= at < to`, in chain order, a page at a time. */
export async function* exportAuditEntries(db: DbOrTx, from: Date, to: Date): AsyncGenerator<ExportedAuditEntry> {
  let lastSeq = 0;
  for (;;) {
    const rows = await sql<ExportedAuditEntry>`
      SELECT seq, id,
             to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at,
             actor_kind AS "actorKind", actor_ref AS "actorRef",
             healthcare_provider_id AS "healthcareProviderId", organization_id AS "organizationId",
             action, target_type AS "targetType", target_id AS "targetId",
             patient_profile_id AS "patientProfileId", detail,
             encode(prev_hash, 'hex') AS "prevHash", encode(hash, 'hex') AS hash
      FROM audit_log
      WHERE seq > ${lastSeq} AND at >= ${from.toISOString()}::timestamptz AND at < ${to.toISOString()}::timestamptz
      ORDER BY seq LIMIT ${pageSize}`.execute(db);
    for (const row of rows.rows) {
      yield row;
      lastSeq = row.seq;
    }
    if (rows.rows.length < pageSize) return;
  }
}

/**
 * PostgreSQL's jsonb text of a JSON value: object keys shortest first, then bytewise; ", " and ": "
 * between items; strings escaped as PostgreSQL's escape_json does. Lets anyone holding an export
 * recompute the hashes without the database.
 */
export function jsonbText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return jsonbString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(jsonbText).join(', ')}]`;
  const keys = Object.keys(value).sort((a, b) => {
    const byLength = Buffer.byteLength(a) - Buffer.byteLength(b);
    return byLength !== 0 ? byLength : Buffer.compare(Buffer.from(a), Buffer.from(b));
  });
  return `{${keys.map((key) => `${jsonbString(key)}: ${jsonbText((value as Record<string, unknown>)[key])}`).join(', ')}}`;
}

const escapes: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};
function jsonbString(text: string): string {
  const body = text.replace(
    // eslint-disable-next-line no-control-regex
    /["\\\u0000-\u001f]/g,
    (c) => escapes[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `"${body}"`;
}

/** The hash an exported entry must have, recomputed from its fields and its previous hash. */
export function exportedEntryHash(entry: ExportedAuditEntry): string {
  const text = jsonbText({
    id: entry.id,
    seq: entry.seq,
    at: entry.at,
    actorKind: entry.actorKind,
    actorRef: entry.actorRef,
    healthcareProviderId: entry.healthcareProviderId,
    organizationId: entry.organizationId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    patientProfileId: entry.patientProfileId,
    detail: entry.detail,
  });
  return crypto.createHash('sha256').update(Buffer.from(entry.prevHash, 'hex')).update(text, 'utf8').digest('hex');
}
