import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { apiError, realtimeCloseCodes, realtimeHeartbeat } from '@auscura/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer } from 'ws';
import type { Db } from '../db/connect.js';
import type { StateBus } from './bus.js';
import { fail, heartbeat, openConnection } from './connection.js';
import type { Connection } from './connection.js';
import { createDelivery } from './delivery.js';
import { createExamStates } from './exam-states.js';
import type { LiveExamEvent } from './exam-states.js';
import { createParticipantMessages } from './participant-messages.js';
import { presenceTimings } from './presence.js';
import type { StoredState } from './rules.js';
import type { ParticipantTokens } from './tokens.js';

const socketPath = /^\/api\/v1\/realtime\/live-exam\/([0-9a-f-]{36})$/i;
/** Time to send the auth message after connecting. */
const authTimeoutMs = 10_000;

type RealtimeServerOptions = {
  /** Where the state, presences and leases live (the relaxed-commit handle: see DatabaseHandle). */
  db: Db;
  bus: StateBus;
  tokens: ParticipantTokens;
  serverId: string;
  log: FastifyBaseLogger;
  /** Heartbeat timeout (tests shorten it). */
  heartbeatTimeoutMs?: number;
  /**
   * Records a live-exam event in the audit trail (who entered or left, entry requests and the
   * provider's decisions). Failures are logged, never felt by the participants.
   */
  audit?: (event: LiveExamEvent) => Promise<void>;
};

/**
 * The built-in adapter's WebSocket endpoint: one connection per participant and exam, authorized
 * with a §7.3 participant token in its first message, state read from and written to PostgreSQL,
 * changes fanned out through the bus, and presence decided here: a connection that closes, or
 * sends nothing for the heartbeat timeout, has its participant-log entry marked loggedOut. The
 * parts: connection.ts (one socket: sending, budget, heartbeat), exam-states.ts (the state in the
 * database, the bus, presence leases, the audit), delivery.ts (what each connection is sent),
 * participant-messages.ts (what a participant says); this file opens and closes connections.
 */
export function createRealtimeServer(options: RealtimeServerOptions) {
  const { log } = options;
  const heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? realtimeHeartbeat.timeoutMs;
  const states = createExamStates(options);
  const messages = createParticipantMessages({ ...options, states, delivery: createDelivery() });
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const connections = new Set<Connection>();
  const timers: NodeJS.Timeout[] = [];

  function onClose(connection: Connection) {
    if (connection.closed) return;
    connection.closed = true;
    connections.delete(connection);
    connection.unsubscribe?.();
    if (connection.presenceKey) {
      states
        .endPresenceAt(connection.virtualExamId, connection.presenceKey, new Date(), connection.participant)
        .catch((error: unknown) => log.error({ err: error }, 'ending a presence failed'));
    }
  }

  function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const match = socketPath.exec((request.url ?? '').split('?')[0] ?? '');
    if (!match?.[1]) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const virtualExamId = match[1].toLowerCase();
    wss.handleUpgrade(request, socket, head, (ws) => {
      const connection = openConnection(ws, virtualExamId);
      connections.add(connection);
      ws.on('message', (data: Buffer) => messages.onMessage(connection, data));
      ws.on('close', () => onClose(connection));
      ws.on('error', () => ws.terminate());
      const authTimer = setTimeout(() => {
        if (!connection.participant)
          fail(connection, realtimeCloseCodes.tokenRefused, apiError('UNAUTHORIZED', 'No token.'));
      }, authTimeoutMs);
      ws.once('close', () => clearTimeout(authTimer));
    });
  }

  /** Heartbeats and message budgets, once a second; leases and the orphan sweep every few seconds. */
  function start() {
    timers.push(
      setInterval(() => heartbeat(connections, Date.now(), heartbeatTimeoutMs), 1000),
      setInterval(
        () => void states.leases.renew().catch((error: unknown) => log.error({ err: error }, 'lease renewal failed')),
        presenceTimings.renewMs,
      ),
      setInterval(
        () => void states.sweep().catch((error: unknown) => log.error({ err: error }, 'presence sweep failed')),
        presenceTimings.sweepMs,
      ),
    );
    for (const timer of timers) timer.unref();
    return states.leases.renew();
  }

  /** Closes every connection (clients reconnect to another process) and ends their presences. */
  async function stop() {
    for (const timer of timers) clearInterval(timer);
    const open = [...connections];
    for (const connection of open) {
      connection.closed = true;
      connections.delete(connection);
      connection.unsubscribe?.();
    }
    await Promise.allSettled(
      open.map((connection) =>
        connection.presenceKey
          ? states.endPresenceAt(connection.virtualExamId, connection.presenceKey, new Date(), connection.participant)
          : Promise.resolve(),
      ),
    );
    for (const connection of open) connection.socket.close(realtimeCloseCodes.serverRestart, 'server restart');
    await states.leases.stop().catch(() => undefined);
    wss.close();
  }

  return {
    handleUpgrade,
    start,
    stop,
    sweep: states.sweep,
    /**
     * A change the server itself makes to an exam's state (a remote recording stored), seen by every
     * participant like theirs. `change` may throw to refuse, or answer null for nothing to change.
     */
    change: (virtualExamId: string, apply: (state: StoredState) => StoredState | null) =>
      states.change(virtualExamId, apply),
    read: (virtualExamId: string) => states.store.read(virtualExamId),
    connectionCount: () => connections.size,
    examCount: () => new Set([...connections].map((connection) => connection.virtualExamId)).size,
  };
}
export type RealtimeServer = ReturnType<typeof createRealtimeServer>;
