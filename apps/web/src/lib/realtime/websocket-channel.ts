import { realtimeCloseCodes, realtimeHeartbeat, realtimeSocketPath, serverMessageSchema } from '@auscura/contracts';
import type { ClientMessage, ParticipantRole, SignalData } from '@auscura/contracts';
import { createChannelCore } from './live-exam-channel.ts';
import type { LiveExamChannel } from './live-exam-channel.ts';

/** The parts of the WebSocket API the channel uses (the browser's, or `ws` in Node tests). */
type SocketLike = {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
};
export type WebSocketConstructor = new (url: string) => SocketLike;

type WebSocketChannelOptions = {
  virtualExamId: string;
  /** A fresh §7.3 participant token (authorized-participant or potential-participant); asked for per connection. */
  getToken: () => Promise<string>;
  /** The API's origin; default: this page's. */
  origin?: string;
  /** Default: the browser's WebSocket. */
  WebSocket?: WebSocketConstructor;
  /** Longest wait between reconnection attempts (ms); default 10 s. */
  maxBackoffMs?: number;
};

const OPEN = 1;

/**
 * The built-in adapter: the API's WebSocket. Connects, signs in with a participant token, and
 * keeps the newest state the server sends. A lost connection is retried with growing waits
 * (0.25 s to 10 s, with jitter) and a fresh token; the server then sends the whole state again,
 * which is how the client resynchronises. Writes wait for the server's acknowledgement and are
 * sent again after a reconnect if none came. The client pings every 3 s; a connection that
 * answers nothing for 7 s is taken for dead and replaced.
 */
export function createWebSocketChannel(options: WebSocketChannelOptions): LiveExamChannel {
  const core = createChannelCore();
  const Socket = options.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketConstructor);
  const origin = options.origin ?? globalThis.location.origin;
  const url = `${origin.replace(/^http/, 'ws')}${realtimeSocketPath(options.virtualExamId)}`;
  const maxBackoffMs = options.maxBackoffMs ?? 10_000;
  const pending = new Map<
    number,
    { message: ClientMessage & { type: 'write' }; resolve: () => void; reject: (error: Error) => void }
  >();
  let nextId = 1;
  let socket: SocketLike | null = null;
  let ready = false;
  let closed = false;
  let attempt = 0;
  let lastHeard = 0;
  let version = -1;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const signalListeners = new Set<(from: { id: string; role: ParticipantRole }, data: SignalData) => void>();
  const reconnectListeners = new Set<() => void>();

  const heartbeat = setInterval(() => {
    if (!socket || socket.readyState !== OPEN) return;
    if (ready && Date.now() - lastHeard > realtimeHeartbeat.timeoutMs) {
      socket.close(4000, 'no answer');
      return;
    }
    socket.send(JSON.stringify({ type: 'ping' } satisfies ClientMessage));
  }, realtimeHeartbeat.intervalMs);

  function scheduleReconnect(immediate = false) {
    if (closed) return;
    core.setStatus('reconnecting');
    const wait = immediate ? 0 : Math.min(maxBackoffMs, 250 * 2 ** attempt) * (0.5 + Math.random() / 2);
    attempt++;
    retryTimer = setTimeout(() => void connect(), wait);
  }

  async function connect() {
    if (closed) return;
    let token: string;
    try {
      token = await options.getToken();
    } catch {
      scheduleReconnect();
      return;
    }
    if (closed) return;
    const current = new Socket(url);
    socket = current;
    ready = false;
    current.onopen = () => current.send(JSON.stringify({ type: 'auth', token } satisfies ClientMessage));
    current.onmessage = (event) => {
      lastHeard = Date.now();
      const parsed = serverMessageSchema.safeParse(JSON.parse(String(event.data)));
      if (!parsed.success) return;
      const message = parsed.data;
      if (message.type === 'ready') {
        ready = true;
        attempt = 0;
        // Writes the server never acknowledged go again, in their order.
        for (const entry of pending.values()) current.send(JSON.stringify(entry.message));
        for (const listener of reconnectListeners) listener();
      } else if (message.type === 'state') {
        // A reconnect to another process may deliver an older copy first: keep the newest.
        if (message.version >= version) {
          version = message.version;
          core.setState(message.state);
          core.setStatus('connected');
        }
      } else if (message.type === 'signal') {
        for (const listener of signalListeners) listener(message.from, message.data);
      } else if (message.type === 'ack') {
        pending.get(message.id)?.resolve();
        pending.delete(message.id);
      } else if (message.type === 'error' && message.id !== undefined) {
        pending.get(message.id)?.reject(new Error(message.error.message));
        pending.delete(message.id);
      }
    };
    current.onerror = () => undefined;
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      ready = false;
      if (closed) return;
      // Not allowed in: retrying will not help.
      if (event.code === realtimeCloseCodes.forbidden) {
        closeChannel();
        return;
      }
      // A server going away for a restart: the others are up, go at once.
      scheduleReconnect(event.code === realtimeCloseCodes.serverRestart && attempt === 0);
    };
  }

  function closeChannel() {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    clearTimeout(retryTimer);
    for (const entry of pending.values()) entry.reject(new Error('The live exam connection was closed.'));
    pending.clear();
    signalListeners.clear();
    reconnectListeners.clear();
    socket?.close(1000, 'left');
    socket = null;
    core.setStatus('closed');
    core.clear();
  }

  void connect();

  return core.channel({
    write(path, value) {
      if (closed) return Promise.reject(new Error('The live exam connection was closed.'));
      const message = { type: 'write' as const, id: nextId++, path, value };
      return new Promise<void>((resolve, reject) => {
        pending.set(message.id, { message, resolve, reject });
        if (ready && socket?.readyState === OPEN) socket.send(JSON.stringify(message));
      });
    },
    close: closeChannel,
    signaling: {
      // Not queued like writes: a signal of a dropped connection is stale; `onReconnect` starts over.
      send(data) {
        if (ready && socket?.readyState === OPEN)
          socket.send(JSON.stringify({ type: 'signal', data } satisfies ClientMessage));
      },
      onSignal(listener) {
        signalListeners.add(listener);
        return () => void signalListeners.delete(listener);
      },
      onReconnect(listener) {
        reconnectListeners.add(listener);
        return () => void reconnectListeners.delete(listener);
      },
    },
  });
}
