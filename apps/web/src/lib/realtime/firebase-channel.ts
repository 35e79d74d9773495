import { parseWritePath, writeValueSchema } from '@auscura/contracts';
import type { FirebaseApp, FirebaseOptions } from 'firebase/app';
import type * as DatabaseSdk from 'firebase/database';
import { createChannelCore } from './live-exam-channel.ts';
import type { LiveExamChannel, LiveExamParticipant } from './live-exam-channel.ts';

/** The Realtime Database functions the adapter calls (tests hand in wrappers to watch them). */
export type FirebaseDatabaseSdk = Pick<
  typeof DatabaseSdk,
  | 'getDatabase'
  | 'connectDatabaseEmulator'
  | 'ref'
  | 'child'
  | 'onValue'
  | 'set'
  | 'update'
  | 'push'
  | 'onDisconnect'
  | 'serverTimestamp'
  | 'goOffline'
>;

type FirebaseChannelOptions = {
  virtualExamId: string;
  participant: LiveExamParticipant;
  /** The web app's Firebase settings (public: apiKey, databaseURL, projectId). */
  firebase: FirebaseOptions;
  /**
   * Signs the Firebase app in before the database is used: in production with the custom token
   * of the §7.3 call (signInWithCustomToken), which the database rules check per exam.
   */
  signIn?: (app: FirebaseApp) => Promise<void>;
  /** A local database server instead of Firebase (tests). */
  emulator?: { host: string; port: number };
  /** Default: the SDK's own functions. */
  sdk?: FirebaseDatabaseSdk;
};

/** Where each exam's state lives: its fields are the spec's field names under this path. */
export const liveExamPath = (virtualExamId: string) => `liveExams/${virtualExamId}`;

/** Server timestamps arrive as milliseconds; the shared state speaks ISO strings. */
function normalizeTimestamps(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object') return raw;
  const state = { ...(raw as Record<string, unknown>) };
  const log = state.participantLog as Record<string, Record<string, unknown>> | undefined;
  if (log) {
    state.participantLog = Object.fromEntries(
      Object.entries(log).map(([key, entry]) => [
        key,
        {
          ...entry,
          loggedIn: typeof entry.loggedIn === 'number' ? new Date(entry.loggedIn).toISOString() : entry.loggedIn,
          loggedOut: typeof entry.loggedOut === 'number' ? new Date(entry.loggedOut).toISOString() : entry.loggedOut,
        },
      ]),
    );
  }
  return state;
}

let appCount = 0;

/**
 * The Firebase adapter: the same channel over the Realtime Database with the `firebase` SDK.
 * The SDK reconnects and resynchronises by itself; presence is a participant-log entry pushed
 * on every (re)connection, with `onDisconnect` setting its loggedOut on Firebase's side when the
 * connection dies. Loaded on demand: the default build never fetches the SDK.
 */
export async function createFirebaseChannel(options: FirebaseChannelOptions): Promise<LiveExamChannel> {
  const { initializeApp, deleteApp } = await import('firebase/app');
  const sdk: FirebaseDatabaseSdk = options.sdk ?? (await import('firebase/database'));
  const app = initializeApp(options.firebase, `live-exam-${++appCount}`);
  await options.signIn?.(app);
  const database = sdk.getDatabase(app);
  if (options.emulator) sdk.connectDatabaseEmulator(database, options.emulator.host, options.emulator.port);
  const core = createChannelCore();
  const root = sdk.ref(database, liveExamPath(options.virtualExamId));
  let presence: ReturnType<typeof sdk.push> | null = null;
  let closed = false;

  const stopState = sdk.onValue(root, (snapshot) => {
    core.setState(normalizeTimestamps(snapshot.val()));
    if (core.status === 'connecting') core.setStatus('connected');
  });

  function announce() {
    const entry = sdk.push(sdk.child(root, 'participantLog'));
    presence = entry;
    // Registered first so that a connection that dies right after the entry is written still
    // ends it. Not awaited: the acknowledgement can come late (and local test servers never send it).
    sdk
      .onDisconnect(sdk.child(entry, 'loggedOut'))
      .set(sdk.serverTimestamp())
      .catch(() => undefined);
    void sdk
      .set(entry, {
        id: options.participant.id,
        name: options.participant.name,
        role: options.participant.role,
        loggedIn: sdk.serverTimestamp(),
      })
      .catch(() => undefined);
  }

  const stopConnected = sdk.onValue(sdk.ref(database, '.info/connected'), (snapshot) => {
    if (closed) return;
    if (snapshot.val() === true) {
      announce();
      if (core.state) core.setStatus('connected');
    } else if (core.state) {
      core.setStatus('reconnecting');
    }
  });

  return core.channel({
    async write(path, value) {
      if (closed) throw new Error('The live exam connection was closed.');
      const parsed = parseWritePath(path);
      if (!parsed) throw new Error(`Nothing can be written at ${path}.`);
      // The database rules check who may write what; the shape is checked here, as the API does.
      const checked = parsed.field === 'examEntryRequest' ? value : writeValueSchema(parsed).parse(value);
      await sdk.set(sdk.child(root, path), checked ?? null);
    },
    close() {
      if (closed) return;
      closed = true;
      stopState();
      stopConnected();
      // Leaving on purpose: end the presence now, and drop the pending onDisconnect (not awaited,
      // as its registration).
      const leaving = presence
        ? sdk.update(presence, { loggedOut: sdk.serverTimestamp() }).catch(() => undefined)
        : Promise.resolve();
      if (presence)
        sdk
          .onDisconnect(presence)
          .cancel()
          .catch(() => undefined);
      core.setStatus('closed');
      core.clear();
      void leaving.finally(() => {
        sdk.goOffline(database);
        void deleteApp(app);
      });
    },
  });
}
