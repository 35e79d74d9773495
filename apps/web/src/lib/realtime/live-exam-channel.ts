import { liveExamStateSchema, participantLogEntries } from '@auscura/contracts';
import type { LiveExamField, LiveExamState, ParticipantRole, SignalData } from '@auscura/contracts';

/**
 * One live exam's shared state, whichever service carries it (the API's WebSocket or Firebase's
 * Realtime Database). Hooks and screens use only this interface.
 */
export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'closed';

export type LiveExamChannel = {
  /** The newest state, or null before the first one arrived. */
  readonly state: LiveExamState | null;
  readonly status: ConnectionStatus;
  /** Calls the listener with the field's value now (if known) and whenever it changes. */
  watch<K extends LiveExamField>(field: K, listener: (value: LiveExamState[K]) => void): () => void;
  /** The participant log, oldest first: who is and was present. */
  watchPresence(listener: (entries: ReturnType<typeof participantLogEntries>) => void): () => void;
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
  /**
   * Writes a value at a path ('isTargetEnabled', 'auscultationRequests/<id>/uploadProgress' …).
   * Resolves once the service has stored it; a write made while disconnected is sent on reconnect.
   */
  write(path: string, value: unknown): Promise<void>;
  /** Leaves the exam: the presence ends, listeners stop. */
  close(): void;
  /**
   * The video room's WebRTC signaling to the other side (admitted participants only). The API's
   * WebSocket relays it; Firebase's adapter has none (deployments on Firebase use Twilio video).
   */
  readonly signaling?: LiveExamSignaling;
};

export type LiveExamSignaling = {
  send(data: SignalData): void;
  onSignal(listener: (from: { id: string; role: ParticipantRole }, data: SignalData) => void): () => void;
  /** Called whenever the connection is (re)established: signals sent while it was down were dropped. */
  onReconnect(listener: () => void): () => void;
};

export type LiveExamParticipant = { id: string; name: string; role: ParticipantRole };

/** Shared bookkeeping of both adapters: the state, its watchers and the connection status. */
export function createChannelCore() {
  let state: LiveExamState | null = null;
  let status: ConnectionStatus = 'connecting';
  const fieldListeners = new Set<{
    field: LiveExamField;
    listener: (value: never) => void;
    last: string | undefined;
  }>();
  const statusListeners = new Set<(status: ConnectionStatus) => void>();

  function notify(entry: { field: LiveExamField; listener: (value: never) => void; last: string | undefined }) {
    if (!state) return;
    const value = state[entry.field];
    const text = JSON.stringify(value);
    if (text === entry.last) return;
    entry.last = text;
    entry.listener(value as never);
  }

  return {
    get state() {
      return state;
    },
    get status() {
      return status;
    },
    /**
     * A new copy of the state (missing fields get their defaults). A copy that does not parse is
     * skipped: the Firebase SDK shows a local write to a child before the server's data arrives.
     */
    setState(raw: unknown) {
      const parsed = liveExamStateSchema.safeParse(raw ?? {});
      if (!parsed.success) return;
      state = parsed.data;
      for (const entry of fieldListeners) notify(entry);
    },
    setStatus(next: ConnectionStatus) {
      if (next === status) return;
      status = next;
      for (const listener of statusListeners) listener(next);
    },
    watch<K extends LiveExamField>(field: K, listener: (value: LiveExamState[K]) => void) {
      const entry = { field, listener: listener as (value: never) => void, last: undefined };
      fieldListeners.add(entry);
      notify(entry);
      return () => void fieldListeners.delete(entry);
    },
    watchPresence(listener: (entries: ReturnType<typeof participantLogEntries>) => void) {
      return this.watch('participantLog', (log) => listener(participantLogEntries({ participantLog: log })));
    },
    onStatus(listener: (status: ConnectionStatus) => void) {
      statusListeners.add(listener);
      return () => void statusListeners.delete(listener);
    },
    clear() {
      fieldListeners.clear();
      statusListeners.clear();
    },
    /** The channel an adapter hands out: this bookkeeping plus the adapter's write and close. */
    channel(own: Pick<LiveExamChannel, 'write' | 'close' | 'signaling'>): LiveExamChannel {
      const watch = this.watch.bind(this);
      const watchPresence = this.watchPresence.bind(this);
      const onStatus = this.onStatus.bind(this);
      return {
        get state() {
          return state;
        },
        get status() {
          return status;
        },
        watch,
        watchPresence,
        onStatus,
        write: own.write,
        close: own.close,
        signaling: own.signaling,
      };
    },
  };
}
