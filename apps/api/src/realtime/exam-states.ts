import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connect.js';
import type { StateBus } from './bus.js';
import { createPresenceLeases } from './presence.js';
import { endPresenceAndCancel } from './rules.js';
import type { Participant, StoredState } from './rules.js';
import { createStateStore } from './store.js';

/** A live-exam event for the audit trail; `participant` is absent when a sweep ends a crashed process's presence. */
export type LiveExamEvent = {
  virtualExamId: string;
  participant?: Participant;
  action: 'join' | 'leave' | 'update';
  detail?: Record<string, unknown>;
};

/**
 * The exams' shared state as this process changes it: read and written in PostgreSQL, every change
 * published on the bus (to this process's connections and the others'), presences leased, and the
 * live-exam events audited (failures logged, never felt by the participants).
 */
export function createExamStates(options: {
  db: Db;
  bus: StateBus;
  serverId: string;
  log: FastifyBaseLogger;
  audit?: (event: LiveExamEvent) => Promise<void>;
}) {
  const { db, bus, serverId, log } = options;
  const store = createStateStore(db);
  const leases = createPresenceLeases(db, serverId);

  const audit = (event: LiveExamEvent) => {
    options.audit?.(event).catch((error: unknown) => log.error({ err: error }, 'auditing a live exam event failed'));
  };

  const publish = (virtualExamId: string, result: { version: number; state: StoredState } | null) => {
    if (result) bus.publish({ virtualExamId, version: result.version, state: result.state, origin: serverId });
  };

  /** A change to an exam's state, seen by every participant. `apply` may throw to refuse, or answer null. */
  async function change(virtualExamId: string, apply: (state: StoredState) => StoredState | null) {
    const result = await store.update(virtualExamId, apply);
    publish(virtualExamId, result);
    return result;
  }

  /** Ends a presence in the state (loggedOut) and forgets its lease. */
  async function endPresenceAt(virtualExamId: string, presenceKey: string, at: Date, participant?: Participant) {
    const result = await change(virtualExamId, (state) => endPresenceAndCancel(state, presenceKey, at));
    await leases.close(presenceKey);
    if (result) audit({ virtualExamId, participant, action: 'leave' });
  }

  /** Presences whose process stopped renewing its leases (it crashed) end as of when it was last seen. */
  async function sweep() {
    for (const orphan of await leases.orphans()) {
      await endPresenceAt(orphan.virtualExamId, orphan.presenceKey, orphan.lastSeen);
    }
    await leases.forgetStaleServers();
  }

  return { store, leases, audit, publish, change, endPresenceAt, sweep };
}
export type ExamStates = ReturnType<typeof createExamStates>;
