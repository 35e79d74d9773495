import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { apiError } from '@auscura/contracts';
import { OperatorError, operatorCommandSchema, runOperatorCommand } from './commands.js';
import type { OperatorContext } from './commands.js';

export const operatorPath = '/_operator/commands';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The local operator endpoint: the CLI's way in while the server holds DATA_DIR. Only from
 * this machine (loopback, not via a proxy header) and only with the secret file's content.
 */
export async function operatorRoutes(
  app: FastifyInstance,
  options: OperatorContext & { secret: string; /** After `seed` changed the demo data. */ afterSeed?: () => void },
) {
  const expected = Buffer.from(options.secret);
  app.post(operatorPath, async (request, reply) => {
    const presented = Buffer.from(String(request.headers['x-operator-secret'] ?? ''));
    const fromLoopback = loopback.has(request.socket.remoteAddress ?? '') && !request.headers['x-forwarded-for'];
    if (!fromLoopback || presented.length !== expected.length || !crypto.timingSafeEqual(presented, expected)) {
      return reply.status(403).send(apiError('UNAUTHORIZED', 'Operator access is refused.'));
    }
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
