import crypto from 'node:crypto';
import { apiError, clientMessageSchema, realtimeCloseCodes } from '@auscura/contracts';
import type { ClientMessage, ServerMessage } from '@auscura/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { ZodError } from 'zod';
import type { BusEvent, StateBus } from './bus.js';
import { corked, fail, send, sendText, spendMessage } from './connection.js';
import type { Connection } from './connection.js';
import type { Delivery } from './delivery.js';
import type { ExamStates } from './exam-states.js';
import { addPresence, applyWrite, WriteRefused } from './rules.js';
import type { ParticipantTokens } from './tokens.js';

const ping = Buffer.from(JSON.stringify({ type: 'ping' } satisfies ClientMessage));
const pong = JSON.stringify({ type: 'pong' } satisfies ServerMessage);

/**
 * What a participant's connection says, handled in order: `auth` (the §7.3 participant token), then
 * writes to the exam's state (the rules decide who may write what), pings, and WebRTC signals for the
 * other side of the room.
 */
export function createParticipantMessages(options: {
  tokens: ParticipantTokens;
  bus: StateBus;
  states: ExamStates;
  delivery: Delivery;
  serverId: string;
  log: FastifyBaseLogger;
}) {
  const { tokens, bus, states, delivery, serverId, log } = options;
  const { store, leases, audit, publish } = states;

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
      if ('signal' in event) return delivery.sendSignal(connection, event.signal);
      if (event.origin !== serverId)
        store.remember(event.virtualExamId, { version: event.version, state: event.state });
      delivery.sendState(connection, event.version, event.state);
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
      return states.endPresenceAt(connection.virtualExamId, presenceKey, new Date(), participant);
    }
    connection.presenceKey = presenceKey;
    send(connection, {
      type: 'ready',
      participant: { id: participant.id, name: participant.name, role: participant.role },
      presenceKey,
    });
    const first = result ?? (await store.read(connection.virtualExamId));
    delivery.sendState(connection, first.version, first.state);
    if (connection.early) delivery.sendState(connection, connection.early.version, connection.early.state);
    connection.early = undefined;
    publish(connection.virtualExamId, result);
  }

  async function write(connection: Connection, id: number, path: string, value: unknown) {
    const participant = connection.participant!;
    try {
      const result = await store.update(connection.virtualExamId, (state) =>
        applyWrite(state, participant, path, value),
      );
      // Everyone's new state, then the writer's ack (the writer's two in one packet).
      corked(connection, () => {
        publish(connection.virtualExamId, result);
        send(connection, { type: 'ack', id, version: result?.version ?? connection.version });
      });
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

  /** One message from a connection: within its budget, well-formed, then handled in order. */
  function onMessage(connection: Connection, data: Buffer) {
    if (!spendMessage(connection)) return;
    // The heartbeat, a third of all messages at rest, as every client sends it: no parsing needed.
    if (data.length === ping.length && data.equals(ping)) return sendText(connection, pong);
    let message;
    try {
      message = clientMessageSchema.parse(JSON.parse(data.toString('utf8')));
    } catch {
      return fail(connection, realtimeCloseCodes.protocolError, apiError('INVALID_DATA', 'Not a protocol message.'));
    }
    if (message.type === 'ping') return sendText(connection, pong);
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

  return { onMessage };
}
