import type { ServerMessage } from '@auscura/contracts';
import type { BusEvent } from './bus.js';
import { send, sendText } from './connection.js';
import type { Connection } from './connection.js';
import { isAdmitted, viewFor } from './rules.js';
import type { StoredState } from './rules.js';

export type Signal = Extract<BusEvent, { signal: unknown }>['signal'];

/**
 * What each connection is sent of an exam's changes. The provider and admitted patients see the same
 * view of a version: it is serialized once for all of them (the last one serialized is kept; every
 * connection of an exam gets each version in turn).
 */
export function createDelivery() {
  let shared: { state: StoredState; version: number; bytes: Buffer } | null = null;

  /** A newer state than the connection has, in the view its participant may see. */
  function sendState(connection: Connection, version: number, state: StoredState) {
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
      // Encoded once, not once per connection.
      shared = { state, version, bytes: Buffer.from(JSON.stringify(message)) };
    }
    sendText(connection, shared.bytes);
  }

  /** A signal reaches the other side's admitted connections, never the sender's side. */
  function sendSignal(connection: Connection, signal: Signal) {
    const participant = connection.participant;
    if (!participant || !connection.presenceKey || !connection.admitted) return;
    if (participant.role === signal.from.role) return;
    send(connection, { type: 'signal', from: signal.from, data: signal.data });
  }

  return { sendState, sendSignal };
}
export type Delivery = ReturnType<typeof createDelivery>;
