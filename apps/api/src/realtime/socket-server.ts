import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { apiError, clientMessageSchema, realtimeCloseCodes, realtimeHeartbeat } from '@auscura/contracts';
import type { ApiError, ClientMessage, ServerMessage } from '@auscura/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { ZodError } from 'zod';
import type { Db } from '../db/connect.js';
import type { BusEvent, StateBus } from './bus.js';
import { createPresenceLeases, presenceTimings } from './presence.js';
import { addPresence, applyWrite, endPresenceAndCancel, isAdmitted, viewFor, WriteRefused } from './rules.js';
import type { Participant, StoredState } from './rules.js';
import { createStateStore } from './store.js';
import type { ParticipantTokens } from './tokens.js';

const socketPath = /^\/api\/v1\/realtime\/live-exam\/([0-9a-f-]{36})$/i;
/** Time to send the auth message after connecting. */
const authTimeoutMs = 10_000;
/** Messages a connection may send per second on average (bursts up to twice that). */
const messagesPerSecond = 50;
/** A client this far behind on reading is dropped (it reconnects and resynchronises). */
const maxBufferedBytes = 1 << 20;

type Connection = {
  socket: WebSocket;
  virtualExamId: string;
  participant?: Participant;
  presenceKey?: string;
  version: number;
  lastSeen: number;
  tokens: number;
  unsubscribe?: () => void;
  closed: boolean;
  /** The message being handled; the next waits for it. */
  queue: Promise<void>;
  /** Whether the newest state sent lets this participant into the room (signaling is for them only). */
  admitted: boolean;
  /** The newest change heard between subscribing and `ready`. */
  early?: { version: number; state: StoredState };
};

export type RealtimeServerOptions = {
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

/** A live-exam event for the audit trail; `participant` is absent when a sweep ends a crashed process's presence. */
export type LiveExamEvent = {
  virtualExamId: string;
  participant?: Participant;
  action: 'join' | 'leave' | 'update';
  detail?: Record<string, unknown>;
};

/**
 * The built-in adapter's WebSocket endpoint: one connection per participant and exam, authorized
 * with a §7.3 participant token in its first message, state read from and written to PostgreSQL,
 * changes fanned out through the bus, and presence decided here: a connection that closes, or
 * sends nothing for the heartbeat timeout, has its participant-log entry marked loggedOut.
 */
export function createRealtimeServer(options: RealtimeServerOptions) {
  const { db, bus, tokens, serverId, log } = options;
  const store = createStateStore(db);
  const leases = createPresenceLeases(db, serverId);
  const heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? realtimeHeartbeat.timeoutMs;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const connections = new Set<Connection>();
  const timers: NodeJS.Timeout[] = [];
  const audit = (event: LiveExamEvent) => {
    options.audit?.(event).catch((error: unknown) => log.error({ err: error }, 'auditing a live exam event failed'));
  };

  const sendText = (connection: Connection, text: string) => {
    if (connection.closed || connection.socket.readyState !== connection.socket.OPEN) return;
    if (connection.socket.bufferedAmount > maxBufferedBytes) {
      connection.socket.terminate();
      return;
    }
    connection.socket.send(text);
  };
  const send = (connection: Connection, message: ServerMessage) => sendText(connection, JSON.stringify(message));
  const fail = (connection: Connection, code: number, error: ApiError) => {
    send(connection, { type: 'error', error });
    connection.socket.close(code, error.name);
  };

  /**
   * The provider and admitted patients see the same view of a version: it is serialized once for
   * all of them (the last one serialized is kept; every connection of an exam gets each version).
   */
  let shared: { state: StoredState; version: number; text: string } | null = null;
  const sendState = (connection: Connection, version: number, state: StoredState) => {
    const participant = connection.participant;
    if (!participant || version <= connection.version) return;
    // Before `ready`, keep only the newest: it follows `ready` if newer than the first snapshot.
    if (!connection.presenceKey) {
      if (!connection.early || connection.early.version < version) connection.early = { version, state };
      return;
    }
    connection.version = version;
    connection.admitted = isAdmitted(state, participant);
    if (!connection.admitted) {
      return send(connection, { type: 'state', version, state: viewFor(state, participant) });
    }
    if (shared?.state !== state || shared.version !== version) {
      const message: ServerMessage = { type: 'state', version, state: viewFor(state, participant) };
      shared = { state, version, text: JSON.stringify(message) };
    }
    sendText(connection, shared.text);
  };

  const publish = (virtualExamId: string, result: { version: number; state: StoredState } | null) => {
    if (result) bus.publish({ virtualExamId, version: result.version, state: result.state, origin: serverId });
  };

  /** Ends a presence in the state (loggedOut) and forgets its lease. */
  async function endPresenceAt(virtualExamId: string, presenceKey: string, at: Date, participant?: Participant) {
    const result = await store.update(virtualExamId, (state) => endPresenceAndCancel(state, presenceKey, at));
    publish(virtualExamId, result);
    await leases.close(presenceKey);
    if (result) audit({ virtualExamId, participant, action: 'leave' });
  }

  async function authenticate(connection: Connection, token: string) {
    const verified = await tokens.verify(token);
    if (!verified.ok) {
      const error =
        verified.reason === 'expired'
          ? apiError('SIGNATURE_HAS_EXPIRED', 'The participant token has expired.')
          : apiError('UNAUTHORIZED', 'The participant token is not valid.');
      return fail(connection, realtimeCloseCodes.tokenRefused, error);
    }
    if (verified.participant.virtualExamId !== connection.virtualExamId) {
      return fail(connection, realtimeCloseCodes.forbidden, apiError('UNAUTHORIZED', 'The token is for another exam.'));
    }
    const participant = verified.participant;
    connection.participant = participant;
    const presenceKey = crypto.randomBytes(12).toString('base64url');
    // Listen first, then read: a change in between arrives twice at most, never not at all.
    const unsubscribe = await bus.subscribe(connection.virtualExamId, (event: BusEvent) => {
      if ('signal' in event) return deliverSignal(connection, event.signal);
      if (event.origin !== serverId)
        store.remember(event.virtualExamId, { version: event.version, state: event.state });
      sendState(connection, event.version, event.state);
    });
    connection.unsubscribe = unsubscribe;
    if (connection.closed) return unsubscribe();
    await leases.open(presenceKey, connection.virtualExamId);
    const result = await store.update(connection.virtualExamId, (state) =>
      addPresence(state, presenceKey, participant, new Date()),
    );
    audit({ virtualExamId: connection.virtualExamId, participant, action: 'join' });
    // Closed while signing in: its presence ends at once (onClose did not know the key yet).
    if (connection.closed) {
      publish(connection.virtualExamId, result);
      return endPresenceAt(connection.virtualExamId, presenceKey, new Date(), participant);
    }
    connection.presenceKey = presenceKey;
    send(connection, {
      type: 'ready',
      participant: { id: participant.id, name: participant.name, role: participant.role },
      presenceKey,
    });
    const first = result ?? (await store.read(connection.virtualExamId));
    sendState(connection, first.version, first.state);
    if (connection.early) sendState(connection, connection.early.version, connection.early.state);
    connection.early = undefined;
    publish(connection.virtualExamId, result);
  }

  async function write(connection: Connection, id: number, path: string, value: unknown) {
    const participant = connection.participant!;
    try {
      const result = await store.update(connection.virtualExamId, (state) =>
        applyWrite(state, participant, path, value),
      );
      publish(connection.virtualExamId, result);
      send(connection, { type: 'ack', id, version: result?.version ?? connection.version });
      // The way in is audited: a patient asking to enter, the provider admitting or denying.
      if (result && path.startsWith('examEntryRequest')) {
        const entryRequest = result.state.examEntryRequest?.status ?? null;
        audit({ virtualExamId: connection.virtualExamId, participant, action: 'update', detail: { entryRequest } });
      }
    } catch (error) {
      if (error instanceof WriteRefused) {
        return send(connection, { type: 'error', id, error: apiError('UNAUTHORIZED', error.message) });
      }
      if (error instanceof ZodError) {
        return send(connection, { type: 'error', id, error: apiError('INVALID_DATA', 'The value is not valid here.') });
      }
      throw error;
    }
  }

  /** A signal reaches the other side's admitted connections, never the sender's side. */
  function deliverSignal(connection: Connection, signal: Extract<BusEvent, { signal: unknown }>['signal']) {
    const participant = connection.participant;
    if (!participant || !connection.presenceKey || !connection.admitted) return;
    if (participant.role === signal.from.role) return;
    send(connection, { type: 'signal', from: signal.from, data: signal.data });
  }

  function relaySignal(connection: Connection, data: Extract<ClientMessage, { type: 'signal' }>['data']) {
    const participant = connection.participant;
    if (!participant || !connection.presenceKey) {
      return fail(connection, realtimeCloseCodes.tokenRefused, apiError('UNAUTHORIZED', 'Sign in first.'));
    }
    if (!connection.admitted) {
      return send(connection, { type: 'error', error: apiError('UNAUTHORIZED', 'Not admitted to the room yet.') });
    }
    bus.publish({
      virtualExamId: connection.virtualExamId,
      origin: serverId,
      signal: { from: { id: participant.id, role: participant.role }, data },
    });
  }

  function onMessage(connection: Connection, data: Buffer) {
    connection.lastSeen = Date.now();
    if (--connection.tokens < 0) {
      return fail(connection, realtimeCloseCodes.protocolError, apiError('INVALID_DATA', 'Too many messages.'));
    }
    let message;
    try {
      message = clientMessageSchema.parse(JSON.parse(data.toString('utf8')));
    } catch {
      return fail(connection, realtimeCloseCodes.protocolError, apiError('INVALID_DATA', 'Not a protocol message.'));
    }
    if (message.type === 'ping') return send(connection, { type: 'pong' });
    // Signals skip the queue: they change no state, and an ICE candidate must not wait for a write.
    if (message.type === 'signal') return relaySignal(connection, message.data);
    // One message at a time per connection: writes apply in the order sent, and a write sent
    // right after `auth` waits for the sign-in instead of being refused.
    const next = message;
    connection.queue = connection.queue
      .then(() => handle(connection, next))
      .catch((error: unknown) => {
        log.error({ err: error }, 'live exam message failed');
        fail(connection, 1011, apiError('INTERNAL_SERVER_ERROR', 'An internal error occurred.'));
      });
  }

  async function handle(
    connection: Connection,
    message: Exclude<ClientMessage, { type: 'ping' | 'signal' }>,
  ): Promise<void> {
    if (connection.closed) return;
    if (message.type === 'auth') {
      if (!connection.participant) return authenticate(connection, message.token);
      return fail(connection, realtimeCloseCodes.protocolError, apiError('INVALID_DATA', 'Already signed in.'));
    }
    if (connection.participant) return write(connection, message.id, message.path, message.value);
    return fail(connection, realtimeCloseCodes.tokenRefused, apiError('UNAUTHORIZED', 'Sign in first.'));
  }

  function onClose(connection: Connection) {
    if (connection.closed) return;
    connection.closed = true;
    connections.delete(connection);
    connection.unsubscribe?.();
    if (connection.presenceKey) {
      endPresenceAt(connection.virtualExamId, connection.presenceKey, new Date(), connection.participant).catch(
        (error: unknown) => log.error({ err: error }, 'ending a presence failed'),
      );
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
      const connection: Connection = {
        socket: ws,
        virtualExamId,
        version: -1,
        lastSeen: Date.now(),
        tokens: messagesPerSecond * 2,
        admitted: false,
        closed: false,
        queue: Promise.resolve(),
      };
      connections.add(connection);
      ws.on('message', (data: Buffer) => onMessage(connection, data));
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
      setInterval(() => {
        const now = Date.now();
        for (const connection of connections) {
          connection.tokens = Math.min(messagesPerSecond * 2, connection.tokens + messagesPerSecond);
          // Gone without a close (network cut, sleeping laptop): end it, which ends its presence.
          if (now - connection.lastSeen > heartbeatTimeoutMs) connection.socket.terminate();
        }
      }, 1000),
      setInterval(
        () => void leases.renew().catch((error: unknown) => log.error({ err: error }, 'lease renewal failed')),
        presenceTimings.renewMs,
      ),
      setInterval(
        () => void sweep().catch((error: unknown) => log.error({ err: error }, 'presence sweep failed')),
        presenceTimings.sweepMs,
      ),
    );
    for (const timer of timers) timer.unref();
    return leases.renew();
  }

  async function sweep() {
    for (const orphan of await leases.orphans()) {
      await endPresenceAt(orphan.virtualExamId, orphan.presenceKey, orphan.lastSeen);
    }
    await leases.forgetStaleServers();
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
          ? endPresenceAt(connection.virtualExamId, connection.presenceKey, new Date(), connection.participant)
          : Promise.resolve(),
      ),
    );
    for (const connection of open) connection.socket.close(realtimeCloseCodes.serverRestart, 'server restart');
    await leases.stop().catch(() => undefined);
    wss.close();
  }

  /**
   * A change the server itself makes to an exam's state (a remote recording stored), seen by every
   * participant like theirs. `change` may throw to refuse, or answer null for nothing to change.
   */
  async function change(virtualExamId: string, apply: (state: StoredState) => StoredState | null) {
    const result = await store.update(virtualExamId, apply);
    publish(virtualExamId, result);
    return result;
  }

  return {
    handleUpgrade,
    start,
    stop,
    sweep,
    change,
    read: (virtualExamId: string) => store.read(virtualExamId),
    connectionCount: () => connections.size,
    examCount: () => new Set([...connections].map((connection) => connection.virtualExamId)).size,
  };
}
export type RealtimeServer = ReturnType<typeof createRealtimeServer>;
