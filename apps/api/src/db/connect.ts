import crypto from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { PostgresPool, PostgresPoolClient, Transaction } from 'kysely';
import type { Database } from './schema.js';
import type pg from 'pg';

export type Db = Kysely<Database>;
/** Repositories take an optional transaction (CONVENTIONS.md rule 8). */
export type DbOrTx = Kysely<Database> | Transaction<Database>;

export type DatabaseHandle = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs a multi-statement SQL script (migrations). */
  execScript(script: string): Promise<void>;
  close(): Promise<void>;
};

/** PostgreSQL when a URL is given, else PGlite (PostgreSQL in WASM) in `dataDir/pgdata`. */
export async function connectDatabase(options: {
  url?: string;
  dataDir?: string;
  /** PostgreSQL only: the pool's connections (default 10). */
  poolSize?: number;
  /**
   * PostgreSQL only: an idle pooled connection was lost (server restart, administrator command).
   * The pool replaces it; without a listener the error would end the process.
   */
  onConnectionError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.url) {
    return connectPostgres(options.url, options.poolSize ?? 10, options.onConnectionError ?? (() => undefined));
  }
  if (!options.dataDir) throw new Error('connectDatabase needs a URL or a data folder');
  return connectPglite(path.join(options.dataDir, 'pgdata'));
}

async function connectPostgres(
  url: string,
  poolSize: number,
  onConnectionError: (error: Error) => void,
): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  // Dates stay strings (YYYY-MM-DD); no time zone shifts for birthdates.
  pg.types.setTypeParser(1082, (value: string) => value);
  // COUNT(*) and other bigints: our counts fit in a JS number.
  pg.types.setTypeParser(20, (value: string) => Number(value));
  // Prepared statements always run their generic plan. Left to choose (plan_cache_mode auto),
  // PostgreSQL kept re-planning the organization and council exam pages per execution because the
  // generic plan's estimate was a little higher; planning cost more than running them (0.61 and
  // 0.71 ms of PostgreSQL CPU per request against 0.26 and 0.39 with generic plans, bench:api).
  // Our statements filter on indexed ids and dates, and text search uses '%…%', so no plan
  // depends on a parameter's value.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c plan_cache_mode=force_generic_plan' });
  pool.on('error', onConnectionError);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  return {
    kind: 'postgres',
    db,
    async execScript(script) {
      // No parameters: pg uses the simple protocol, which accepts several statements.
      await pool.query(script);
    },
    async close() {
      await db.destroy();
    },
  };
}

/** The most distinct statements that are prepared; any further ones run unnamed (bounded memory per session). */
const maxPreparedStatements = 500;

/**
 * Kysely's statements as named prepared statements. Kysely sends the same SQL text for the same
 * query shape (values travel as parameters), so each connection parses and plans a shape once
 * and then reuses it: under load, planning took most of PostgreSQL's time for our short indexed
 * queries (the exam join plans in ~1 ms and runs in ~0.1 ms; benchmarks/RESULTS.md). The name is
 * a hash of the text, so one text always has one name; past the limit, new texts run unnamed.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known) return known;
    if (names.size >= maxPreparedStatements || !/^\s*(select|insert|update|delete|with)\b/i.test(text))
      return undefined;
    const name = `k_${crypto.createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
    return name;
  };
  return {
    async connect() {
      const client = await pool.connect();
      const query = (textOrConfig: unknown, values?: readonly unknown[]) => {
        // Cursors (Kysely's streamed queries) and other query objects pass through unchanged.
        if (typeof textOrConfig !== 'string') return client.query(textOrConfig as never);
        const name = nameOf(textOrConfig);
        const params = values ? [...values] : undefined;
        return name ? client.query({ name, text: textOrConfig, values: params }) : client.query(textOrConfig, params);
      };
      return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
    },
    end: () => pool.end(),
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
    async execScript(script) {
      await client.exec(script);
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

/** Applies migrations/NNN_name.sql in order, each once, each in its own transaction. */
export async function migrate(handle: DatabaseHandle, folder = migrationsFolder): Promise<string[]> {
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
