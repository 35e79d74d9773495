import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import { apiBasePath, apiError } from '@auscura/contracts';
import type { PublicConfig } from '@auscura/contracts';
import { sql } from 'kysely';
import type { Env } from './config/env.js';
import type { DatabaseHandle } from './db/connect.js';
import { loadOrCreateIdentityKeys, publicJwks } from './identity/keys.js';
import { auth0ManagementFromEnv } from './identity/auth0-management.js';
import { createClientThrottle, createLockout } from './identity/lockout.js';
import { sweepExpiredOidcPayloads } from './identity/oidc-adapter.js';
import { createBuiltInProvider } from './identity/provider.js';
import { builtInIdentityRoutes } from './identity/routes.js';
import { createTokenVerifier } from './identity/verify-token.js';
import type { TokenVerifier } from './identity/verify-token.js';
import { operatorRoutes } from './operator/routes.js';
import { patientProfileRoutesPlugin } from './patient-profiles/routes.js';
import { examRoutesPlugin } from './exams/routes.js';
import { accountRoutesPlugin } from './healthcare-providers/account-routes.js';
import type { AccountIdentity } from './healthcare-providers/accounts.js';
import { healthcareProviderRoutesPlugin } from './healthcare-providers/routes.js';
import { auscultationRoutesPlugin } from './auscultations/routes.js';
import { createIngestor } from './audio/ingest.js';
import type { Ingestor } from './audio/ingest.js';
import { createRecordingProcessor } from './audio/processor.js';
import type { RecordingProcessor } from './audio/processor.js';
import { attachDemoRecordings, findDemoFixturesFolder } from './seed/demo-recordings.js';
import { openRecordingStorage, scheduleOrphanSweep } from './storage/plugin.js';
import type { RecordingStorage } from './storage/plugin.js';
import { createMailer } from './mail/mailer.js';
import { addAuthHook } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import { systemRoutes } from './system/routes.js';
import { createLocalBus, createRedisBus } from './realtime/bus.js';
import { realtimeRoutesPlugin } from './realtime/routes.js';
import { createRealtimeServer } from './realtime/socket-server.js';
import type { RealtimeServer } from './realtime/socket-server.js';
import type { StateBus } from './realtime/bus.js';
import { createParticipantTokens } from './realtime/tokens.js';
import { createFirebaseTokens, firebaseServiceAccountSchema } from './realtime/firebase-tokens.js';
import { createPatientSessions } from './virtual-exams/patient-session.js';
import { virtualExamRoutesPlugin } from './virtual-exams/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: string[];
    /** Recording storage and the processing queue (tests, seed and benchmarks reach them here). */
    recordings: RecordingStorage & { processor: RecordingProcessor; ingestor: Ingestor };
    /** The live exams' WebSocket endpoint (tests reach its sweep and connection count here). */
    realtime: RealtimeServer;
    realtimeBus: StateBus;
  }
}

export type AppOptions = {
  env: Env;
  database: DatabaseHandle;
  /** Secret of the local operator endpoint; the endpoint is off without one. */
  operatorSecret?: string;
  /** Shorter token lifetimes in tests. */
  accessTokenTtlSeconds?: number;
};

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

/** Builds the whole server as a Fastify instance without listening (tests use app.inject). */
export async function buildApp(
  options: AppOptions,
  fastifyOptions: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    genReqId: () => crypto.randomUUID(),
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    ...fastifyOptions,
  });
  // Every route the app registers, so tests can check that each API route is covered.
  const registered: string[] = [];
  app.addHook('onRoute', (routeOptions) => {
    const methods = Array.isArray(routeOptions.method) ? routeOptions.method : [routeOptions.method];
    for (const method of methods) if (method !== 'HEAD') registered.push(`${method} ${routeOptions.url}`);
  });
  app.decorate('registeredRoutes', registered);
  // Recordings: encrypted store, orphan sweep at start (before the queue runs) and the worker
  // queue. On the root instance so tests, the seed and benchmarks can reach them.
  const storage = await openRecordingStorage(options.env);
  const processor = createRecordingProcessor({
    db: options.database.db,
    store: storage.store,
    workerData: storage.workerData,
    workers: options.env.RECORDING_WORKERS,
    log: app.log,
  });
  const ingestor = createIngestor(storage.workerData);
  app.decorate('recordings', { ...storage, processor, ingestor });
  scheduleOrphanSweep(app, options.database.db, storage.store, options.env.RECORDINGS_ORPHAN_GRACE_SECONDS);
  // Only resets interrupted jobs before answering: the server is ready while the worker works.
  app.addHook('onReady', async () => processor.start());
  app.addHook('onClose', async () => {
    await processor.close();
    await ingestor.close();
  });
  // The live exam's shared state: WebSocket upgrades on the API's own port (same origin as the app).
  const serverId = crypto.randomUUID();
  const bus = options.env.REDIS_URL ? await createRedisBus(options.env.REDIS_URL, serverId, app.log) : createLocalBus();
  const realtime = createRealtimeServer({
    db: options.database.relaxedDb,
    bus,
    tokens: createParticipantTokens(options.database.db),
    serverId,
    log: app.log,
  });
  app.server.on('upgrade', realtime.handleUpgrade);
  app.decorate('realtime', realtime);
  app.decorate('realtimeBus', bus);
  app.addHook('onReady', async () => realtime.start());
  // Before the HTTP server waits for its connections to end: close the sockets, end their presences.
  app.addHook('preClose', async () => realtime.stop());
  app.addHook('onClose', async () => bus.close());
  await app.register(appPlugin, options);
  return app;
}

async function appPlugin(app: FastifyInstance, options: AppOptions) {
  const { env, database } = options;
  const db = database.db;
  await app.register(errorsPlugin);

  // Identity: real Auth0 when configured, else the built-in provider.
  let verify: TokenVerifier;
  let auth: PublicConfig['auth'];
  let identity: AccountIdentity;
  if (env.AUTH0_DOMAIN && env.AUTH0_CLIENT_ID && env.AUTH0_AUDIENCE) {
    const domain = env.AUTH0_DOMAIN.replace(/^https?:\/\//, '').replace(/\/+$/, '');
    verify = createTokenVerifier({
      issuer: `https://${domain}/`,
      audience: env.AUTH0_AUDIENCE,
      jwks: new URL(`https://${domain}/.well-known/jwks.json`),
    });
    auth = { mode: 'auth0', domain, clientId: env.AUTH0_CLIENT_ID, audience: env.AUTH0_AUDIENCE };
    // Accounts are created and changed through the Management API (when its credentials are set).
    identity = { mode: 'auth0', management: auth0ManagementFromEnv(env) };
  } else {
    const keys = await loadOrCreateIdentityKeys(env.dataDir);
    const provider = createBuiltInProvider({
      db,
      keys,
      publicUrl: env.publicUrl,
      audience: env.API_AUDIENCE,
      accessTokenTtlSeconds: options.accessTokenTtlSeconds,
    });
    const lockout = createLockout(db, {
      maxFailures: env.SIGN_IN_MAX_FAILURES,
      lockMinutes: env.SIGN_IN_LOCK_MINUTES,
      maxFailuresPerClient: 100,
    });
    await app.register(builtInIdentityRoutes, { provider, db, lockout, publicUrl: env.publicUrl });
    verify = createTokenVerifier({
      issuer: `${env.publicUrl}/`,
      audience: env.API_AUDIENCE,
      jwks: publicJwks(keys.jwks),
    });
    auth = { mode: 'built-in', domain: env.publicUrl, clientId: 'auscura-web', audience: env.API_AUDIENCE };
    identity = { mode: 'built-in' };
    const sweep = setInterval(() => void sweepExpiredOidcPayloads(db).catch(() => undefined), 3600_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  }

  const { store, processor, ingestor } = app.recordings;
  const mailer = await createMailer({ dataDir: env.dataDir, smtpUrl: env.SMTP_URL, log: app.log });

  const sessions = createPatientSessions(db);
  const participantTokens = createParticipantTokens(db);
  const bus = app.realtimeBus;
  // Firebase's Realtime Database instead of the WebSocket: the token calls mint its custom tokens.
  const firebaseTokens = env.firebase
    ? createFirebaseTokens(
        firebaseServiceAccountSchema.parse(
          JSON.parse(await fs.promises.readFile(env.firebase.serviceAccountFile, 'utf8')),
        ),
      )
    : undefined;

  const publicConfig: PublicConfig = {
    auth,
    tcVersion: env.TC_VERSION,
    idle: {
      allowedIdleTimeInSeconds: env.ALLOWED_IDLE_TIME_IN_SECONDS,
      allowedIdleGracePeriodInSeconds: env.ALLOWED_IDLE_GRACE_PERIOD_IN_SECONDS,
    },
    sentryDsn: env.SENTRY_DSN ?? null,
    adapters: {
      database: database.kind,
      mail: mailer.kind,
      recordings: store.kind,
      realtime: env.firebase ? 'firebase' : bus.kind === 'redis' ? 'websocket-redis' : 'websocket',
    },
    firebase: env.firebase
      ? { apiKey: env.firebase.apiKey, databaseURL: env.firebase.databaseURL, projectId: env.firebase.projectId }
      : null,
    version: '0.1.0',
  };

  await app.register(
    async (api) => {
      addAuthHook(api, verify);
      // Unknown API paths pass the auth hook first: no token, 401; with one, 404.
      api.setNotFoundHandler((_request, reply) => {
        reply.status(404).send(apiError('RESOURCE_DOES_NOT_EXIST', 'No such endpoint.'));
      });
      await api.register(systemRoutes, { config: publicConfig });
      await api.register(patientProfileRoutesPlugin, { db, mailer, publicUrl: env.publicUrl });
      await api.register(examRoutesPlugin, { db, mailer, publicUrl: env.publicUrl });
      await api.register(healthcareProviderRoutesPlugin, { db });
      await api.register(accountRoutesPlugin, {
        db,
        identity,
        tcVersion: env.TC_VERSION,
        // 20 ids that match no invitation from one client address lock it out like sign-in failures.
        throttle: createClientThrottle(db, {
          scope: 'invitation-client',
          maxFailures: 20,
          lockMinutes: env.SIGN_IN_LOCK_MINUTES,
        }),
      });
      await api.register(auscultationRoutesPlugin, { db, store, processor, ingestor });
      await api.register(virtualExamRoutesPlugin, {
        db,
        mailer,
        publicUrl: env.publicUrl,
        sessions,
        // Wrong or expired codes: 20 from one client address, or 20 against one exam, lock them out.
        clientThrottle: createClientThrottle(db, {
          scope: 'access-code-client',
          maxFailures: 20,
          lockMinutes: env.SIGN_IN_LOCK_MINUTES,
        }),
        examThrottle: createClientThrottle(db, {
          scope: 'access-code-exam',
          maxFailures: 20,
          lockMinutes: env.SIGN_IN_LOCK_MINUTES,
        }),
      });
      await api.register(realtimeRoutesPlugin, { db, tokens: participantTokens, sessions, firebaseTokens });
    },
    { prefix: apiBasePath },
  );

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await sql`SELECT 1`.execute(db);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });

  if (options.operatorSecret) {
    await app.register(operatorRoutes, {
      db,
      publicUrl: env.publicUrl,
      tcVersion: env.TC_VERSION,
      identity,
      secret: options.operatorSecret,
      // Reseeded demo rows get their recordings in the background, as at start.
      afterSeed: env.SEED_DEMO_RECORDINGS
        ? () => {
            const folder = findDemoFixturesFolder();
            if (!folder) return;
            void attachDemoRecordings({ db, store, processor, folder }).catch((error: unknown) =>
              app.log.error({ err: error }, 'demo recordings failed'),
            );
          }
        : undefined,
    });
  }

  await serveWebApp(app, env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : defaultWebDist);
}

/** The API also serves the built web app, so the portal is one origin on one port. */
async function serveWebApp(app: FastifyInstance, folder: string) {
  const indexFile = path.join(folder, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: folder, wildcard: false, index: false, maxAge: '1h' });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !url.startsWith('/api/') && !path.extname(url);
    if (hasWeb && wantsPage) {
      // Client-side routes: the app decides (and shows its own not-found page).
      return reply.header('cache-control', 'no-cache').type('text/html').send(fs.createReadStream(indexFile));
    }
    return reply.status(404).send(apiError('RESOURCE_DOES_NOT_EXIST', 'No such resource.'));
  });
}
