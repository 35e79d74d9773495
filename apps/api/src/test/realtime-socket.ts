import { realtimeSocketPath, serverMessageSchema } from '@auscura/contracts';
import type { ClientMessage, LiveExamState, ServerMessage } from '@auscura/contracts';
import { WebSocket } from 'ws';

/** A protocol-level client for tests: records every message and waits for the one a test expects. */
export class TestSocket {
  readonly messages: ServerMessage[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters: (() => void)[] = [];
  private nextId = 1;

  private heartbeat: NodeJS.Timeout;

  private constructor(readonly socket: WebSocket) {
    // Like a real client: a ping every 2 s keeps the server from taking the connection for dead.
    this.heartbeat = setInterval(() => {
      if (socket.readyState === socket.OPEN) this.send({ type: 'ping' });
    }, 2000);
    socket.on('message', (data: Buffer) => {
      this.messages.push(serverMessageSchema.parse(JSON.parse(data.toString('utf8'))));
      this.wake();
    });
    socket.on('close', (code: number, reason: Buffer) => {
      clearInterval(this.heartbeat);
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
  }

  private wake() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  static async open(baseUrl: string, virtualExamId: string, token?: string): Promise<TestSocket> {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${realtimeSocketPath(virtualExamId)}`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const client = new TestSocket(socket);
    if (token) client.send({ type: 'auth', token });
    return client;
  }

  send(message: ClientMessage) {
    this.socket.send(JSON.stringify(message));
  }

  /** Sends a write and waits for its ack or error. */
  async write(path: string, value: unknown): Promise<ServerMessage> {
    const id = this.nextId++;
    this.send({ type: 'write', id, path, value });
    return this.waitFor((m) => (m.type === 'ack' || m.type === 'error') && m.id === id);
  }

  /** The newest state received. */
  get state(): LiveExamState | undefined {
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const message = this.messages[i]!;
      if (message.type === 'state') return message.state;
    }
    return undefined;
  }

  async waitFor(predicate: (message: ServerMessage) => boolean, timeoutMs = 5000): Promise<ServerMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(predicate);
      if (found) return found;
      if (this.closed) throw new Error(`socket closed (${this.closed.code} ${this.closed.reason}) while waiting`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('timed out waiting for a message');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until the newest state satisfies the predicate. */
  async waitForState(predicate: (state: LiveExamState) => boolean, timeoutMs = 5000): Promise<LiveExamState> {
    await this.waitFor(() => this.state !== undefined && predicate(this.state), timeoutMs);
    return this.state!;
  }

  async waitForClose(timeoutMs = 5000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('timed out waiting for the close');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.closed;
  }

  /** Stops the pings, as a client whose network went away. */
  stopHeartbeat() {
    clearInterval(this.heartbeat);
  }

  close() {
    clearInterval(this.heartbeat);
    this.socket.close();
  }
}
