import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { Database } from './schema.js';
import { PostgresJsDialect } from './postgres-js-dialect.js';

export type Db = Kysely<Database>;
/** Repositories take an optional transaction (CONVENTIONS.md rule 8). */
export type DbOrTx = Kysely<Database> | Transaction<Database>;

export type DatabaseHandle = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * The same database for writes that may skip waiting for the WAL flush (PostgreSQL's
   * synchronous_commit off): a crash of the database server itself can lose the last fraction of
   * a second of them, never corrupt anything; a crash or restart of the API loses nothing. The
   * live exams' shared state goes through it. PGlite: the same handle as `db`.
   */
  relaxedDb: Db;
  /** Runs a multi-statement SQL script (migrations). */
  execScript(script: string): Promise<void>;
  /**
   * PGlite only: its data folder as a tar, consistent — taken after a checkpoint inside a transaction,
   * which holds every other query of this (single-connection) database back until it is done.
   */
  dumpDataDir?(): Promise<Blob>;
  /**
   * Runs `work` while this process holds a database-wide lock (PostgreSQL: a session advisory lock
   * on a connection of its own; PGlite: one process per database already). Other processes
   * calling it wait until the holder is done, or until its connection ends when it dies.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only: calls `onNotify` for each NOTIFY on `channel` (on a connection of its own,
   * re-established and re-listened by postgres.js when lost); answers the way to stop.
   */
  listen?(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

/**
 * The advisory lock behind `exclusive` (migrations, the demo seed): two 32-bit keys, the first
 * naming this application so it cannot meet another application's locks on a shared server.
 */
const exclusiveLockKeys = [0x41555343, 1] as const;

/** PostgreSQL when a URL is given, else PGlite (PostgreSQL in WASM) in `dataDir/pgdata`. */
export async function connectDatabase(options: {
  url?: string;
  dataDir?: string;
  /** PostgreSQL only: the pool's connections (default 10). */
  poolSize?: number;
  /**
   * PostgreSQL only: a connection closed (ended by the server, lost, or retired at the end of its
   * lifetime). The next query opens another.
   */
  onConnectionClosed?: () => void;
}): Promise<DatabaseHandle> {
  if (options.url) return connectPostgres(options.url, options.poolSize ?? 10, options.onConnectionClosed);
  if (!options.dataDir) throw new Error('connectDatabase needs a URL or a data folder');
  return connectPglite(path.join(options.dataDir, 'pgdata'));
}

async function connectPostgres(
  url: string,
  poolSize: number,
  onConnectionClosed?: () => void,
): Promise<DatabaseHandle> {
  const { default: postgres } = await import('postgres');
  const settings = (max: number, connection: Record<string, string>) => ({
    max,
    // Prepared statements always run their generic plan. Left to choose (plan_cache_mode auto),
    // PostgreSQL kept re-planning the organization and council exam pages per execution because the
    // generic plan's estimate was a little higher; planning cost more than running them (0.61 and
    // 0.71 ms of PostgreSQL CPU per request against 0.26 and 0.39 with generic plans, bench:api).
    // Our statements filter on indexed ids and dates, and text search uses '%…%', so no plan
    // depends on a parameter's value.
    connection: { plan_cache_mode: 'force_generic_plan', ...connection },
    onnotice: () => undefined,
    onclose: () => onConnectionClosed?.(),
    types: {
      // Dates stay strings (YYYY-MM-DD); no time zone shifts for birthdates.
      // (Types are matched by OID: timestamps keep postgres.js's Date handling.)
      date: {
        to: 1082,
        from: [1082],
        serialize: (value: string | Date) => (value instanceof Date ? value.toISOString().slice(0, 10) : value),
        parse: (value: string) => value,
      },
      // COUNT(*) and other bigints: our counts fit in a JS number.
      bigint: {
        to: 20,
        from: [20],
        serialize: (value: number) => String(value),
        parse: (value: string) => Number(value),
      },
      // JSON values arrive as text already (JSON.stringify by the caller), as node-postgres took them.
      json: {
        to: 3802,
        from: [114, 3802],
        serialize: (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)),
        parse: (value: string) => JSON.parse(value) as unknown,
      },
    },
  });
  const sql = postgres(url, settings(poolSize, {}));
  const db = new Kysely<Database>({ dialect: new PostgresJsDialect(sql) });
  // The live exams' state changes (hundreds a second) commit without waiting for the WAL flush.
  const relaxedSql = postgres(url, settings(Math.max(1, Math.ceil(poolSize / 2)), { synchronous_commit: 'off' }));
  const relaxedDb = new Kysely<Database>({ dialect: new PostgresJsDialect(relaxedSql) });
  return {
    kind: 'postgres',
    db,
    relaxedDb,
    async execScript(script) {
      // The simple protocol accepts several statements; a connection of its own, as a script may
      // hold BEGIN … COMMIT (postgres.js refuses those on its shared connections).
      const connection = await sql.reserve();
      try {
        await connection.unsafe(script).simple();
      } finally {
        connection.release();
      }
    },
    async exclusive(work) {
      // A client of its own, so a small pool (DATABASE_POOL_SIZE=1) cannot be starved by the lock.
      const lockSql = postgres(url, { ...settings(1, {}), onclose: undefined });
      try {
        await lockSql`SELECT pg_advisory_lock(${exclusiveLockKeys[0]}, ${exclusiveLockKeys[1]})`;
        try {
          return await work();
        } finally {
          await lockSql`SELECT pg_advisory_unlock(${exclusiveLockKeys[0]}, ${exclusiveLockKeys[1]})`.catch(
            () => undefined,
          );
        }
      } finally {
        await lockSql.end({ timeout: 5 });
      }
    },
    async listen(channel, onNotify) {
      const { unlisten } = await sql.listen(channel, () => onNotify());
      return unlisten;
    },
    async close() {
      await Promise.all([db.destroy(), relaxedDb.destroy()]);
    },
  };
}

async function connectPglite(folder: string): Promise<DatabaseHandle> {
  const { PGlite, types } = await import('@electric-sql/pglite');
  const { PGliteDialect } = await import('kysely-pglite-dialect');
  await fs.mkdir(folder, { recursive: true });
  const client = await PGlite.create(folder, {
    parsers: { [types.DATE]: (value: string) => value, [types.INT8]: (value: string) => Number(value) },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return {
    kind: 'pglite',
    db,
    relaxedDb: db,
    async execScript(script) {
      await client.exec(script);
    },
    // One process per PGlite folder (the server lock): nobody else to wait for.
    exclusive: (work) => work(),
    async dumpDataDir() {
      return client.transaction(async (tx) => {
        await tx.exec('CHECKPOINT');
        return client.dumpDataDir('none');
      });
    },
    async close() {
      await db.destroy();
      if (!client.closed) await client.close();
    },
  };
}

/**
 * migrations/ beside the API package's package.json, found upwards from this module, so the
 * same code works from src/, from dist/ and from the single-file production bundle.
 */
function findMigrationsFolder(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'migrations');
    if (existsSync(candidate) && existsSync(path.join(dir, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`No migrations folder above ${start}`);
  }
}
const migrationsFolder = findMigrationsFolder(import.meta.dirname);

/**
 * Applies migrations/NNN_name.sql in order, each once, each in its own transaction. Several
 * processes may start at once on one database (an upgrade of a cluster): one applies the
 * migrations under the database-wide lock while the others wait for it, then find them applied.
 */
export async function migrate(handle: DatabaseHandle, folder = migrationsFolder): Promise<string[]> {
  return handle.exclusive(() => applyMigrations(handle, folder));
}

async function applyMigrations(handle: DatabaseHandle, folder: string): Promise<string[]> {
  await handle.execScript(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied = new Set(
    (await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(handle.db)).rows.map((row) => row.name),
  );
  const files = (await fs.readdir(folder)).filter((file) => /^\d{3}_[\w-]+\.sql$/.test(file)).sort();
  const newlyApplied: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const body = await fs.readFile(path.join(folder, file), 'utf8');
    const name = file.replace(/'/g, "''");
    await handle.execScript(`BEGIN;\n${body}\nINSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`);
    newlyApplied.push(file);
  }
  return newlyApplied;
}
