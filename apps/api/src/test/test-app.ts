import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../app.js';
import { loadEnv } from '../config/env.js';
import type { Env } from '../config/env.js';
import { connectDatabase, migrate } from '../db/connect.js';
import type { DatabaseHandle } from '../db/connect.js';
import { seedDemoData } from '../seed/demo-data.js';
import type { MetricsRegistry } from '../plugins/metrics.js';

export type Backend = 'pglite' | 'postgres';

/** The backends to run integration tests on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const backends: Backend[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export type TestApp = {
  app: FastifyInstance;
  env: Env;
  database: DatabaseHandle;
  close(): Promise<void>;
};

/**
 * A fresh database, migrated unless `empty`: a PGlite folder copied from a migrated template, or a
 * database on the test PostgreSQL server created from a migrated template database.
 */
export async function freshDatabase(
  backend: Backend,
  options: { empty?: boolean } = {},
): Promise<{ handle: DatabaseHandle; dataDir: string; url?: string; drop(): Promise<void> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'auscura-test-'));
  if (backend === 'pglite') {
    if (options.empty) {
      const handle = await connectDatabase({ dataDir });
      return { handle, dataDir, drop: async () => fs.rm(dataDir, { recursive: true, force: true }) };
    }
    // Copying a migrated template is ~10× faster than initdb in WASM for every test file.
    await fs.cp(await pgliteTemplate(), path.join(dataDir, 'pgdata'), { recursive: true });
    const handle = await connectDatabase({ dataDir });
    return { handle, dataDir, drop: async () => fs.rm(dataDir, { recursive: true, force: true }) };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `auscura_test_${crypto.randomBytes(6).toString('hex')}`;
  const template = options.empty ? null : await postgresTemplate(serverUrl);
  const admin = await connectDatabase({ url: serverUrl });
  await admin.execScript(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await connectDatabase({ url: url.toString() });
  return {
    handle,
    dataDir,
    url: url.toString(),
    drop: async () => {
      const cleanup = await connectDatabase({ url: serverUrl });
      await cleanup.execScript(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../migrations');

/** A digest of the migrations (names and contents): a template is made once per set of them. */
async function migrationsDigest(): Promise<string> {
  const files = (await fs.readdir(migrationsFolder)).sort();
  const hash = crypto.createHash('sha256');
  for (const file of files) hash.update(file).update(await fs.readFile(path.join(migrationsFolder, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A database on the test PostgreSQL server with every migration applied, made once per set of
 * migrations: CREATE DATABASE … TEMPLATE copies it in a fraction of the time the migrations take
 * (0.6–1.5 s a database on this machine under load). It is migrated under a name of its own and
 * renamed when complete, so a template that exists is whole; when two runs race, one rename wins
 * and the other drops its copy.
 */
async function postgresTemplate(serverUrl: string): Promise<string> {
  const template = `auscura_template_${await migrationsDigest()}`;
  const admin = await connectDatabase({ url: serverUrl });
  try {
    const { rows } = await sql<{
      found: number;
    }>`SELECT 1 AS found FROM pg_database WHERE datname = ${template}`.execute(admin.db);
    if (rows.length > 0) return template;
    const building = `auscura_building_${crypto.randomBytes(6).toString('hex')}`;
    await admin.execScript(`CREATE DATABASE ${building}`);
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    const handle = await connectDatabase({ url: url.toString() });
    try {
      await migrate(handle);
    } finally {
      await handle.close();
    }
    try {
      await admin.execScript(`ALTER DATABASE ${building} RENAME TO ${template}`);
    } catch {
      await admin.execScript(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    }
    return template;
  } finally {
    await admin.close();
  }
}

/**
 * A PGlite folder with every migration applied, made once per set of migrations. Test workers (and
 * two runs on one machine) may build it at the same time: each builds in a folder of its own and
 * `installTemplate` puts the first complete one in place. A template in place is never removed or
 * replaced, since another worker may be copying it (removing it under a reader failed a CI run on a
 * fresh machine: ENOENT in `fs.cp`).
 */
async function pgliteTemplate(): Promise<string> {
  const folder = path.join(os.tmpdir(), `auscura-pglite-template-${await migrationsDigest()}`);
  if (await isTemplate(folder)) return folder;
  const building = await fs.mkdtemp(path.join(os.tmpdir(), 'auscura-pglite-building-'));
  const handle = await connectDatabase({ dataDir: building });
  await migrate(handle);
  await handle.close();
  const template = await installTemplate(path.join(building, 'pgdata'), folder);
  if (template === folder) await fs.rm(building, { recursive: true, force: true });
  return template;
}

const isTemplate = (folder: string) =>
  fs.access(path.join(folder, 'PG_VERSION')).then(
    () => true,
    () => false,
  );

/**
 * Moves the complete database folder `built` to `folder` (an atomic rename, so a reader finds either
 * no template or a whole one) and returns `folder`. When a complete template is there already,
 * another builder's, it stays as it is, `built` is removed, and `folder` is returned. When something
 * else is in the way (a folder without PG_VERSION), nothing is removed and `built` itself is returned.
 */
export async function installTemplate(built: string, folder: string): Promise<string> {
  try {
    await fs.rename(built, folder);
    return folder;
  } catch {
    // The folder exists and is not empty: another builder's rename came first, or something stale.
  }
  if (!(await isTemplate(folder))) return built;
  await fs.rm(built, { recursive: true, force: true });
  return folder;
}

/** The whole app on a fresh database with the demo data, ready for app.inject. */
export async function createTestApp(
  backend: Backend,
  overrides: Record<string, string> = {},
  options: { accessTokenTtlSeconds?: number; operatorSecret?: string; metrics?: MetricsRegistry } = {},
): Promise<TestApp> {
  const fresh = await freshDatabase(backend);
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: fresh.dataDir,
    PUBLIC_URL: 'http://localhost:8080',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(fresh.dataDir, 'no-web'),
    // app.inject speaks from 127.0.0.1: tests set X-Forwarded-For to act as different clients.
    TRUST_PROXY: '127.0.0.1',
    ...overrides,
  });
  await migrate(fresh.handle);
  await seedDemoData(fresh.handle.db, { reset: false, tcVersion: env.TC_VERSION });
  const app = await buildApp({ env, database: fresh.handle, ...options }, { logger: false });
  await app.ready();
  return {
    app,
    env,
    database: fresh.handle,
    async close() {
      await app.close();
      await fresh.handle.close();
      await fresh.drop();
    },
  };
}
