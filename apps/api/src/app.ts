import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import { apiBasePath, apiError } from '@auscura/contracts';
import type { PublicConfig } from '@auscura/contracts';
import { sql } from 'kysely';
import type { Env } from './config/env.js';
import type { DatabaseHandle } from './db/connect.js';
import { accessCodeFailuresPerAddress, accessCodeFailuresPerCode, createClientThrottle } from './identity/lockout.js';
import { operatorRoutesPlugin } from './operator/routes.js';
import { requireBackupKey, writeEmbeddedBackup } from './backup/embedded-backup.js';
import { patientProfileRoutesPlugin } from './patient-profiles/routes.js';
import { examRoutesPlugin } from './exams/routes.js';
import { examExportRoutesPlugin } from './exams/export-routes.js';
import { accountRoutesPlugin } from './healthcare-providers/account-routes.js';
import { healthcareProviderRoutesPlugin } from './healthcare-providers/routes.js';
import { auscultationRoutesPlugin } from './auscultations/routes.js';
import { createRemoteUploads } from './realtime/remote-upload.js';
import { attachDemoRecordings, findDemoFixturesFolder } from './seed/demo-recordings.js';
import { createMailer } from './mail/mailer.js';
import { addAuthHook } from './plugins/auth.js';
import { addCleanTextHook } from './plugins/clean-text.js';
import { errorsPlugin } from './plugins/errors.js';
import { cspReportRoutes, securityHeadersPlugin } from './plugins/security-headers.js';
import { createRateLimiter } from './lib/rate-limit.js';
import { identityPlugin } from './plugins/identity.js';
import { createHealthcareProviderRepository } from './healthcare-providers/repository.js';
import { recordingsPlugin } from './plugins/recordings.js';
import { createMetricsRegistry, httpMetricsPlugin } from './plugins/metrics.js';
import type { MetricsRegistry } from './plugins/metrics.js';
import { registerRecordingMetrics } from './audio/metrics.js';
import { registerRealtimeMetrics } from './realtime/metrics.js';
import { systemRoutes } from './system/routes.js';
import { realtimePlugin } from './plugins/realtime.js';
import { realtimeRoutesPlugin } from './realtime/routes.js';
import { videoRoutesPlugin } from './video/routes.js';
import { createTwilioTokens } from './video/twilio-tokens.js';
import { createParticipantTokens } from './realtime/tokens.js';
import { createFirebaseTokens, firebaseServiceAccountSchema } from './realtime/firebase-tokens.js';
import { createPatientSessions } from './identity/patient-session.js';
import { virtualExamRoutesPlugin } from './virtual-exams/routes.js';
import { selfExamPatientRoutesPlugin } from './self-exams/routes.js';
import { createSelfExamSessions } from './self-exams/session.js';
import { selfExamListRoutesPlugin } from './self-exams/list.js';
import { compatibilityRoutesPlugin } from './video/compatibility/routes.js';
import { createPreflightPeers } from './video/compatibility/preflight-peers.js';
import { createCompatibilityTokens } from './video/compatibility/test-tokens.js';
import { deviceRoutesPlugin } from './devices/routes.js';
import { statusRoutesPlugin } from './status/routes.js';
import { statusChecks } from './status/app-checks.js';
import { preflightLimits } from '@auscura/contracts';
import { selfExamArrivalRoutesPlugin } from './self-exams/arrivals.js';
import { selfExamLinkPatientRoutesPlugin } from './self-exam-links/patient-routes.js';
import { selfExamLinkProviderRoutesPlugin } from './self-exam-links/provider-routes.js';
import { createSelfExamLinkSessions } from './self-exam-links/session.js';

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: string[];
    /**
     * Set when the process begins to stop (SIGTERM): /readyz answers 503 from then on, so the
     * load balancer stops sending while requests in flight finish.
     */
    lifecycle: { draining: boolean };
  }
}

type AppOptions = {
  env: Env;
  database: DatabaseHandle;
  /** Secret of the local operator endpoint; the endpoint is off without one. */
  operatorSecret?: string;
  /** Shorter token lifetimes in tests. */
  accessTokenTtlSeconds?: number;
  /** Where the metrics go (the process shell serves them on METRICS_PORT); default a registry of its own. */
  metrics?: MetricsRegistry;
};

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

/** Builds the whole server as a Fastify instance without listening (tests use app.inject). */
export async function buildApp(
  options: AppOptions,
  fastifyOptions: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    genReqId: () => crypto.randomUUID(),
    // Only the configured proxies' X-Forwarded-For counts (TRUST_PROXY); by default none does.
    trustProxy: options.env.TRUST_PROXY ? options.env.TRUST_PROXY.split(',').map((entry) => entry.trim()) : false,
    bodyLimit: 1024 * 1024,
    // A stalled or trickling request is cut off (issue 21, finding 8); open connections are checked every 2 s.
    requestTimeout: options.env.REQUEST_TIMEOUT_SECONDS * 1000,
    http: {
      headersTimeout: Math.min(15_000, options.env.REQUEST_TIMEOUT_SECONDS * 1000),
      connectionsCheckingInterval: 2_000,
    },
    // The router's own refusals (bad percent-escape, path parameter over 100 characters) answer in the catalogue's shape.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void reply.status(status).send(apiError('INVALID_DATA', 'The request path is not valid.'));
    },
    ...fastifyOptions,
  });
  // Every route the app registers, so tests can check that each API route is covered.
  const registered: string[] = [];
  app.addHook('onRoute', (routeOptions) => {
    const methods = Array.isArray(routeOptions.method) ? routeOptions.method : [routeOptions.method];
    for (const method of methods) if (method !== 'HEAD') registered.push(`${method} ${routeOptions.url}`);
  });
  app.decorate('registeredRoutes', registered);
  app.decorate('lifecycle', { draining: false });
  const metrics = options.metrics ?? createMetricsRegistry(options.env.role);
  app.decorate('metrics', metrics);
  await app.register(httpMetricsPlugin, { registry: metrics });
  // Security headers first, so every answer has them (the sign-in pages and static files too).
  app.decorate('cspViolations', []);
  await app.register(securityHeadersPlugin, { env: options.env });
  await app.register(cspReportRoutes, {
    limiter: createRateLimiter({ limit: 30, windowMs: 60_000 }),
    file: options.env.CSP_VIOLATIONS_FILE,
  });
  // On the root instance so tests, the seed and benchmarks can reach app.recordings.
  const recordingMetrics = registerRecordingMetrics(metrics, options.database.db);
  await app.register(recordingsPlugin, {
    env: options.env,
    database: options.database,
    onJobFinished: recordingMetrics.onJobFinished,
  });
  recordingMetrics.watch(app.recordings.processor);
  await app.register(realtimePlugin, { env: options.env, database: options.database });
  registerRealtimeMetrics(metrics, app.realtime);
  await app.register(appPlugin, options);
  return app;
}

async function appPlugin(app: FastifyInstance, options: AppOptions) {
  const { env, database } = options;
  const db = database.db;
  await app.register(errorsPlugin);

  const accounts = createHealthcareProviderRepository(db); // passed in: the identity adapter imports no domain
  await app.register(identityPlugin, { env, db, accounts, accessTokenTtlSeconds: options.accessTokenTtlSeconds });
  const { verify, auth, accounts: identity } = app.identity;

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

  const twilioTokens = env.twilio ? await createTwilioTokens(env.twilio) : undefined;
  const compatibilityTokens = await createCompatibilityTokens(db);

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
      video: twilioTokens ? 'twilio' : 'p2p',
    },
    features: { muteHcpInAuscultationRecording: env.MUTE_HCP_IN_AUSCULTATION_RECORDING },
    firebase: env.firebase
      ? { apiKey: env.firebase.apiKey, databaseURL: env.firebase.databaseURL, projectId: env.firebase.projectId }
      : null,
    version: '0.1.0',
  };

  // Access codes (≥ 40 bits): a ceiling per code, an hour at a time, above the per-address lock.
  const perCodeCeiling = {
    maxFailures: accessCodeFailuresPerCode,
    lockMinutes: env.SIGN_IN_LOCK_MINUTES,
    windowMinutes: 60,
  };
  await app.register(
    async (api) => {
      addAuthHook(api, verify, { db, tcVersion: env.TC_VERSION });
      // Answers carry patient data: no browser or proxy keeps them (unless a route says otherwise).
      api.addHook('onSend', (_request, reply, payload, done) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        done(null, payload);
      });
      addCleanTextHook(api);
      // Unknown API paths pass the auth hook first: no token, 401; with one, 404.
      api.setNotFoundHandler((_request, reply) => {
        reply.status(404).send(apiError('RESOURCE_DOES_NOT_EXIST', 'No such endpoint.'));
      });
      // Browser error reports: 60 a minute per client address (each one is a log line).
      await api.register(systemRoutes, {
        config: publicConfig,
        limiter: createRateLimiter({ limit: 60, windowMs: 60_000 }),
      });
      await api.register(patientProfileRoutesPlugin, { db, mailer, publicUrl: env.publicUrl });
      await api.register(examRoutesPlugin, { db, mailer, publicUrl: env.publicUrl });
      await api.register(examExportRoutesPlugin, { db, store, publicUrl: env.publicUrl });
      await api.register(healthcareProviderRoutesPlugin, { db });
      await api.register(accountRoutesPlugin, {
        db,
        identity,
        mailer,
        tcVersion: env.TC_VERSION,
        // 20 ids that match no invitation from one client address lock it out like sign-in failures.
        throttle: createClientThrottle(db, {
          scope: 'invitation-client',
          maxFailures: 20,
          lockMinutes: env.SIGN_IN_LOCK_MINUTES,
        }),
      });
      await api.register(auscultationRoutesPlugin, {
        db,
        store,
        processor,
        ingestor,
        // With Firebase the live exam's state is out of the API's sight: only the session and exam are checked.
        remote: createRemoteUploads({ db, sessions, liveState: env.firebase ? null : app.realtime }),
      });
      await api.register(virtualExamRoutesPlugin, {
        db,
        mailer,
        publicUrl: env.publicUrl,
        sessions,
        // Wrong or expired codes: 20 from one client address lock that address out; 100 an hour
        // against one exam (from many addresses) lock the exam. One address reaches its own lock
        // first, so guessing from one address never locks the patient out from another (issue 36).
        clientThrottle: createClientThrottle(db, {
          scope: 'access-code-client',
          maxFailures: accessCodeFailuresPerAddress,
          lockMinutes: env.SIGN_IN_LOCK_MINUTES,
        }),
        examThrottle: createClientThrottle(db, { scope: 'access-code-exam', ...perCodeCeiling }),
      });
      await api.register(selfExamListRoutesPlugin, { db });
      await api.register(selfExamArrivalRoutesPlugin, { db });
      const selfExamSessions = createSelfExamSessions(db);
      // Wrong self-exam codes from one client address, a request's or a standing link's: 20 lock it out.
      const selfExamCodeClientThrottle = createClientThrottle(db, {
        scope: 'self-exam-code-client',
        maxFailures: accessCodeFailuresPerAddress,
        lockMinutes: env.SIGN_IN_LOCK_MINUTES,
      });
      await api.register(selfExamPatientRoutesPlugin, {
        db,
        mailer,
        publicUrl: env.publicUrl,
        store,
        ingestor,
        processor,
        sessions: selfExamSessions,
        // Wrong codes: 20 from one client address, or 100 an hour against one request; 5 new-code mails per request.
        clientThrottle: selfExamCodeClientThrottle,
        requestThrottle: createClientThrottle(db, { scope: 'self-exam-code-request', ...perCodeCeiling }),
        mailThrottle: createClientThrottle(db, {
          scope: 'self-exam-code-mail',
          maxFailures: 5,
          lockMinutes: env.SIGN_IN_LOCK_MINUTES,
        }),
      });
      // Patient-initiated self exams: the standing link per patient (issue 18).
      await api.register(selfExamLinkProviderRoutesPlugin, { db, mailer, publicUrl: env.publicUrl });
      await api.register(selfExamLinkPatientRoutesPlugin, {
        db,
        mailer,
        publicUrl: env.publicUrl,
        linkSessions: createSelfExamLinkSessions(db),
        sessions: selfExamSessions,
        clientThrottle: selfExamCodeClientThrottle,
        // 100 wrong codes an hour against one link lock it for everyone (its patient asks the clinician to renew).
        linkThrottle: createClientThrottle(db, { scope: 'self-exam-link-code', ...perCodeCeiling }),
      });
      await api.register(realtimeRoutesPlugin, { db, tokens: participantTokens, sessions, firebaseTokens });
      await api.register(videoRoutesPlugin, {
        db,
        sessions,
        verify,
        participantTokens,
        turn: {
          urls: env.TURN_URLS ?? [],
          secret: env.TURN_SECRET ?? null,
          ttlSeconds: env.TURN_CREDENTIAL_TTL_SECONDS,
        },
        twilio: twilioTokens,
        checksAdmission: !env.firebase,
        compatibilityTokens,
      });
      // The compatibility test (exams-and-devices §2.10, §7.6): public, so every piece is bounded.
      await api.register(compatibilityRoutesPlugin, {
        tokens: compatibilityTokens,
        peers: createPreflightPeers({
          // Each peer is a WebRTC stack echoing at most maxEchoKbps for at most peerLifetimeSeconds.
          maxPeers: 8,
          lifetimeMs: preflightLimits.peerLifetimeSeconds * 1000,
          maxEchoBytesPerSecond: (preflightLimits.maxEchoKbps * 1000) / 8,
          portRange: env.COMPATIBILITY_TEST_UDP_PORTS,
        }),
        service: twilioTokens ? 'twilio' : 'p2p',
        expiresAt: env.COMPATIBILITY_TEST_EXPIRES_AT ? new Date(env.COMPATIBILITY_TEST_EXPIRES_AT) : null,
        // A page load asks for one token and runs one preflight; 'Restart test' reloads the page.
        tokenLimiter: createRateLimiter({ limit: 20, windowMs: 10 * 60_000 }),
        preflightLimiter: createRateLimiter({ limit: 10, windowMs: 10 * 60_000 }),
      });
      await api.register(statusRoutesPlugin, { checks: statusChecks({ env, db, store }) });
      await api.register(deviceRoutesPlugin);
    },
    { prefix: apiBasePath },
  );

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    if (app.lifecycle.draining) return reply.status(503).send({ status: 'draining' });
    try {
      await sql`SELECT 1`.execute(db);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });

  if (options.operatorSecret) {
    await app.register(operatorRoutesPlugin, {
      db,
      publicUrl: env.publicUrl,
      tcVersion: env.TC_VERSION,
      identity,
      secret: options.operatorSecret,
      // The embedded default only: PGlite and encrypted files in DATA_DIR (PostgreSQL and S3 have their own tools).
      backup:
        database.dumpDataDir && store.kind === 'encrypted-file'
          ? (folder) =>
              writeEmbeddedBackup(folder, {
                dumpDatabase: () => database.dumpDataDir!(),
                recordingsFolder: path.join(env.dataDir, 'recordings'),
                masterKey: Buffer.from(app.recordings.workerData.masterKey),
                backupKey: requireBackupKey(env.BACKUP_KEY),
                holdDeletions: app.recordings.holdDeletions,
              })
          : undefined,
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

  await serveWebApp(
    app,
    env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : defaultWebDist,
    env.NODE_ENV === 'production',
  );
}

/** The API also serves the built web app, so the portal is one origin on one port. */
async function serveWebApp(app: FastifyInstance, folder: string, production: boolean) {
  const indexFile = path.join(folder, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: folder,
      wildcard: false,
      index: false,
      maxAge: '1h',
      // Source maps stay on the server in production (they would publish the app's source).
      allowedPath: (pathName) => !production || !pathName.endsWith('.map'),
    });
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
