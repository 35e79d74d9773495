import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../config/env.js';
import type { DatabaseHandle } from '../db/connect.js';
import { createLiveExamAudit } from '../realtime/audit.js';
import { createLocalBus, createRedisBus } from '../realtime/bus.js';
import type { StateBus } from '../realtime/bus.js';
import { createRealtimeServer } from '../realtime/socket-server.js';
import type { RealtimeServer } from '../realtime/socket-server.js';
import { createParticipantTokens } from '../realtime/tokens.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live exams' WebSocket endpoint (tests reach its sweep and connection count here). */
    realtime: RealtimeServer;
    /** Fan-out of live-exam state changes: in-process, or Redis pub/sub across API processes. */
    realtimeBus: StateBus;
  }
}

/**
 * The live exam's shared-state adapter (DESIGN.md): WebSocket upgrades on the API's own port (same
 * origin as the app), state in the database, and a bus that is Redis pub/sub when REDIS_URL is set
 * (provider and patient may then reach different API processes), else in-process.
 */
export const realtimePlugin = fp(async (app: FastifyInstance, options: { env: Env; database: DatabaseHandle }) => {
  const serverId = crypto.randomUUID();
  const bus = options.env.REDIS_URL ? await createRedisBus(options.env.REDIS_URL, serverId, app.log) : createLocalBus();
  const realtime = createRealtimeServer({
    db: options.database.relaxedDb,
    bus,
    tokens: createParticipantTokens(options.database.db),
    serverId,
    log: app.log,
    audit: createLiveExamAudit(options.database.db),
  });
  app.server.on('upgrade', realtime.handleUpgrade);
  app.decorate('realtime', realtime);
  app.decorate('realtimeBus', bus);
  app.addHook('onReady', async () => realtime.start());
  // Before the HTTP server waits for its connections to end: close the sockets, end their presences.
  app.addHook('preClose', async () => realtime.stop());
  app.addHook('onClose', async () => bus.close());
});
