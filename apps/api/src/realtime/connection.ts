import { apiError, realtimeCloseCodes } from '@auscura/contracts';
import type { ApiError, ServerMessage } from '@auscura/contracts';
import type { WebSocket } from 'ws';
import type { Participant, StoredState } from './rules.js';

/** Messages a connection may send per second on average (bursts up to twice that). */
const messagesPerSecond = 50;
/** A client this far behind on reading is dropped (it reconnects and resynchronises). */
const maxBufferedBytes = 1 << 20;

/** One participant's WebSocket to one live exam, and what the server knows of it. */
export type Connection = {
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

export function openConnection(socket: WebSocket, virtualExamId: string): Connection {
  return {
    socket,
    virtualExamId,
    version: -1,
    lastSeen: Date.now(),
    tokens: messagesPerSecond * 2,
    admitted: false,
    closed: false,
    queue: Promise.resolve(),
  };
}

/**
 * Sends a serialized message (text, or its UTF-8 bytes when the same message goes to many connections),
 * dropping a client that reads too slowly instead of buffering without end.
 */
export function sendText(connection: Connection, text: string | Buffer) {
  if (connection.closed || connection.socket.readyState !== connection.socket.OPEN) return;
  if (connection.socket.bufferedAmount > maxBufferedBytes) {
    connection.socket.terminate();
    return;
  }
  connection.socket.send(text, { binary: false });
}

/**
 * Runs `work`, holding back the socket writes it makes to this connection until it is done, so that
 * the messages it sends (a write's new state and its ack) leave in one system call instead of one
 * each: at 10,000 clients on loopback, writev was most of the server's CPU during bench:realtime's
 * load (its --cpu-prof, 2026-12-07). `ws` writes each frame to its net.Socket (and corks it itself
 * around a frame's header and payload); Node's cork nests, and the last uncork sends what was held
 * with one writev. `ws` has no public way to reach the socket: `_socket` is its own name for it.
 */
export function corked(connection: Connection, work: () => void) {
  const socket = (connection.socket as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
  socket?.cork();
  try {
    work();
  } finally {
    socket?.uncork();
  }
}

export const send = (connection: Connection, message: ServerMessage) => sendText(connection, JSON.stringify(message));

/** Says what went wrong, then closes with the protocol's close code. */
export function fail(connection: Connection, code: number, error: ApiError) {
  send(connection, { type: 'error', error });
  connection.socket.close(code, error.name);
}

/** Spends one message of the connection's budget; false (and the connection failed) when it is spent. */
export function spendMessage(connection: Connection): boolean {
  connection.lastSeen = Date.now();
  if (--connection.tokens >= 0) return true;
  fail(connection, realtimeCloseCodes.protocolError, apiError('INVALID_DATA', 'Too many messages.'));
  return false;
}

/**
 * The once-a-second round: the message budget refills, and a connection silent past the heartbeat
 * timeout (a network cut, a sleeping laptop) is ended, which ends its presence.
 */
export function heartbeat(connections: Iterable<Connection>, now: number, timeoutMs: number) {
  for (const connection of connections) {
    connection.tokens = Math.min(messagesPerSecond * 2, connection.tokens + messagesPerSecond);
    if (now - connection.lastSeen > timeoutMs) connection.socket.terminate();
  }
}
