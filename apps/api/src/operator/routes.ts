import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiError, operatorRoutes } from '@auscura/contracts';
import { exportAuditEntries } from '../audit/chain.js';
import { BackupRefusal } from '../backup/embedded-backup.js';
import type { Db } from '../db/connect.js';
import { route } from '../lib/route.js';
import { OperatorError, runOperatorCommand } from './commands.js';
import type { OperatorContext } from './commands.js';

/** The export's lines: one JSON object per entry, in chain order. */
export async function* auditExportLines(db: Db, from: Date, to: Date) {
  for await (const entry of exportAuditEntries(db, from, to)) yield `${JSON.stringify(entry)}\n`;
}

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The local operator endpoint: the CLI's way in while the server holds DATA_DIR. Only from
 * this machine (loopback, not via a proxy header) and only with the secret file's content.
 */
export async function operatorRoutesPlugin(
  app: FastifyInstance,
  options: OperatorContext & {
    secret: string;
    /** After `seed` changed the demo data. */
    afterSeed?: () => void;
    /** Writes a backup of the embedded data into a new folder (PGlite and local recordings only). */
    backup?: (folder: string) => Promise<string>;
  },
) {
  const expected = Buffer.from(options.secret);
  const allowed = (request: FastifyRequest) => {
    const presented = Buffer.from(String(request.headers['x-operator-secret'] ?? ''));
    const fromLoopback = loopback.has(request.socket.remoteAddress ?? '') && !request.headers['x-forwarded-for'];
    return fromLoopback && presented.length === expected.length && crypto.timingSafeEqual(presented, expected);
  };
  const refused = { status: 403, body: apiError('UNAUTHORIZED', 'Operator access is refused.') } as const;
  // Before anything is parsed: a caller without the secret learns nothing about what the endpoints accept.
  app.addHook('onRequest', async (request, reply) => {
    if (!allowed(request)) return reply.status(403).send(refused.body);
  });

  // The audit export streams JSON lines: a long log never sits in memory whole.
  route(app, operatorRoutes.auditExport, async ({ query, request, reply }) => {
    if (!allowed(request)) return refused;
    reply.type('application/x-ndjson');
    return { status: 200, body: Readable.from(auditExportLines(options.db, query.from, query.to)) };
  });

  // A consistent copy of the embedded database and the recordings, written by the server that holds them.
  route(app, operatorRoutes.backup, async ({ body, request }) => {
    if (!allowed(request)) return refused;
    if (!options.backup)
      return { status: 400, body: apiError('INVALID_DATA', 'This server has no embedded data to back up.') };
    try {
      return { status: 200, body: { output: await options.backup(body.folder) } };
    } catch (error) {
      if (error instanceof BackupRefusal) return { status: 400, body: apiError('INVALID_DATA', error.message) };
      throw error;
    }
  });

  route(app, operatorRoutes.command, async ({ body: command, request }) => {
    if (!allowed(request)) return refused;
    try {
      const output = await runOperatorCommand(options, command);
      if (command.command === 'seed') options.afterSeed?.();
      return { status: 200, body: { output } };
    } catch (error) {
      if (error instanceof OperatorError) return { status: 400, body: apiError('INVALID_DATA', error.message) };
      throw error;
    }
  });
}
