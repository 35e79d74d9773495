import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { exportAuditEntries } from '../audit/chain.js';
import { BackupRefusal } from '../backup/embedded-backup.js';
import type { Db } from '../db/connect.js';
import { apiError } from '@auscura/contracts';
import { OperatorError, operatorCommandSchema, runOperatorCommand } from './commands.js';
import type { OperatorContext } from './commands.js';

export const operatorPath = '/_operator/commands';
export const auditExportPath = '/_operator/audit-export';
export const backupPath = '/_operator/backup';

/** `--from` and `--to` of the audit export: ISO dates or date-times; the range is from ≤ at < to. */
export const auditRangeSchema = z.object({ from: z.coerce.date(), to: z.coerce.date() });

/** The export's lines: one JSON object per entry, in chain order. */
export async function* auditExportLines(db: Db, from: Date, to: Date) {
  for await (const entry of exportAuditEntries(db, from, to)) yield `${JSON.stringify(entry)}\n`;
}

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The local operator endpoint: the CLI's way in while the server holds DATA_DIR. Only from
 * this machine (loopback, not via a proxy header) and only with the secret file's content.
 */
export async function operatorRoutes(
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
  const refuse = (reply: FastifyReply) =>
    reply.status(403).send(apiError('UNAUTHORIZED', 'Operator access is refused.'));

  // The audit export streams JSON lines: a long log never sits in memory whole.
  app.get(auditExportPath, async (request, reply) => {
    if (!allowed(request)) return refuse(reply);
    const range = auditRangeSchema.parse(request.query);
    reply.type('application/x-ndjson');
    return reply.send(Readable.from(auditExportLines(options.db, range.from, range.to)));
  });

  // A consistent copy of the embedded database and the recordings, written by the server that holds them.
  app.post(backupPath, async (request, reply) => {
    if (!allowed(request)) return refuse(reply);
    if (!options.backup)
      return reply.status(400).send(apiError('INVALID_DATA', 'This server has no embedded data to back up.'));
    const { folder } = z.object({ folder: z.string().min(1).max(4096) }).parse(request.body);
    try {
      return { output: await options.backup(folder) };
    } catch (error) {
      if (error instanceof BackupRefusal) return reply.status(400).send(apiError('INVALID_DATA', error.message));
      throw error;
    }
  });

  app.post(operatorPath, async (request, reply) => {
    if (!allowed(request)) return refuse(reply);
    const command = operatorCommandSchema.parse(request.body);
    try {
      const output = await runOperatorCommand(options, command);
      if (command.command === 'seed') options.afterSeed?.();
      return { output };
    } catch (error) {
      if (error instanceof OperatorError) return reply.status(400).send(apiError('INVALID_DATA', error.message));
      throw error;
    }
  });
}
