import { loadEnv } from '../config/env.js';
import { privateUmask } from '../config/data-dir-permissions.js';
import { connectDatabase, migrate } from '../db/connect.js';
import { accountIdentityFromEnv } from '../identity/account-identity.js';
import type { OperatorCommand } from '@auscura/contracts';
import { runOperatorCommand } from '../operator/commands.js';
import { operatorSecret, readServerLock } from '../operator/data-dir-lock.js';
import { operatorRoutes } from '@auscura/contracts';

/**
 * Runs an operator command: through the running server when one holds DATA_DIR (PGlite allows
 * one process per folder), otherwise directly on the database.
 */
export async function runCommand(command: OperatorCommand): Promise<string> {
  const env = loadEnv();
  const server = readServerLock(env.dataDir);
  if (server) {
    const response = await fetch(`http://127.0.0.1:${server.port}${operatorRoutes.command.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-operator-secret': operatorSecret(env.dataDir) },
      body: JSON.stringify(command),
    });
    const body = (await response.json()) as { output?: string; message?: string };
    if (!response.ok) throw new Error(body.message ?? `The server refused the command (${response.status}).`);
    return body.output ?? '';
  }
  const database = await connectDatabase({ url: env.DATABASE_URL, dataDir: env.dataDir });
  try {
    await migrate(database);
    return await runOperatorCommand(
      { db: database.db, publicUrl: env.publicUrl, tcVersion: env.TC_VERSION, identity: accountIdentityFromEnv(env) },
      command,
    );
  } finally {
    await database.close();
  }
}

export async function runCli(action: () => Promise<string>) {
  // What the operator's commands write into DATA_DIR (a database opened directly, a restore) stays private.
  process.umask(privateUmask);
  try {
    const output = await action();
    if (output) process.stdout.write(`${output}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
