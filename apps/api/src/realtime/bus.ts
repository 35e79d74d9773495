import type { ParticipantRole, SignalData } from '@auscura/contracts';
import type { StoredState } from './rules.js';

/** A change of one live exam's state, as it travels between API processes. */
export type StateEvent = { virtualExamId: string; version: number; state: StoredState; origin: string };
/**
 * A WebRTC signaling message of the video room (offer, answer, ICE candidate), relayed from one
 * participant to the other side's connections; it is not stored.
 */
export type SignalEvent = {
  virtualExamId: string;
  origin: string;
  signal: { from: { id: string; role: ParticipantRole }; data: SignalData };
};
export type BusEvent = StateEvent | SignalEvent;
export type StateListener = (event: BusEvent) => void;

/**
 * Fans state changes out to the connections of every API process. In one process it is a map of
 * listeners; with REDIS_URL each change is also published on the exam's Redis channel, and each
 * process subscribes to the channels of the exams it has connections for.
 */
export type StateBus = {
  kind: 'local' | 'redis';
  publish(event: BusEvent): void;
  /** Resolves once events from every process reach the listener; answers the unsubscribe. */
  subscribe(virtualExamId: string, listener: StateListener): Promise<() => void>;
  close(): Promise<void>;
};

function createListeners() {
  const byExam = new Map<string, Set<StateListener>>();
  return {
    add(virtualExamId: string, listener: StateListener): boolean {
      let set = byExam.get(virtualExamId);
      const first = !set;
      if (!set) byExam.set(virtualExamId, (set = new Set()));
      set.add(listener);
      return first;
    },
    remove(virtualExamId: string, listener: StateListener): boolean {
      const set = byExam.get(virtualExamId);
      if (!set) return false;
      set.delete(listener);
      if (set.size > 0) return false;
      byExam.delete(virtualExamId);
      return true;
    },
    deliver(event: BusEvent) {
      for (const listener of byExam.get(event.virtualExamId) ?? []) listener(event);
    },
  };
}

export function createLocalBus(): StateBus {
  const listeners = createListeners();
  return {
    kind: 'local',
    publish: (event) => listeners.deliver(event),
    async subscribe(virtualExamId, listener) {
      listeners.add(virtualExamId, listener);
      return () => void listeners.remove(virtualExamId, listener);
    },
    close: async () => undefined,
  };
}

const channelPrefix = 'auscura:live-exam:';

export async function createRedisBus(
  url: string,
  serverId: string,
  log: { error(object: object, message: string): void },
): Promise<StateBus> {
  const { Redis } = await import('ioredis');
  // A subscribed connection can do nothing but subscribe, so publishing needs a second one.
  // Auto-pipelining: the PUBLISHes of one event-loop turn leave in one write (thousands a second at
  // 10,000 clients per process), not one system call each.
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3, enableAutoPipelining: true });
  const subscriber = new Redis(url, { lazyConnect: true });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const listeners = createListeners();
  for (const client of [publisher, subscriber]) {
    client.on('error', (error: Error) => log.error({ err: error }, 'redis connection error'));
  }
  subscriber.on('message', (channel: string, message: string) => {
    let event: BusEvent;
    try {
      event = JSON.parse(message) as BusEvent;
    } catch {
      return;
    }
    // This process delivered its own changes already, without the round trip.
    if (event.origin === serverId || channel !== channelPrefix + event.virtualExamId) return;
    listeners.deliver(event);
  });
  return {
    kind: 'redis',
    publish(event) {
      listeners.deliver(event);
      publisher
        .publish(channelPrefix + event.virtualExamId, JSON.stringify(event))
        .catch((error: unknown) => log.error({ err: error }, 'redis publish failed'));
    },
    async subscribe(virtualExamId, listener) {
      // Redis answers SUBSCRIBE again for a channel already subscribed, so every caller can wait.
      listeners.add(virtualExamId, listener);
      await subscriber.subscribe(channelPrefix + virtualExamId);
      return () => {
        if (listeners.remove(virtualExamId, listener)) {
          subscriber.unsubscribe(channelPrefix + virtualExamId).catch(() => undefined);
        }
      };
    },
    async close() {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
