import path from 'node:path';
import { z } from 'zod';

/**
 * All configuration comes from environment variables, validated here and nowhere else
 * (CONVENTIONS.md rule 7). Every variable has an embedded default so `npm start` needs nothing.
 */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const base64Key32 = z
  .string()
  .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be base64 of exactly 32 bytes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /**
   * What this process does (DESIGN.md "Scale"): `all` serves HTTP and processes recordings (one
   * process, the default); `api` serves HTTP, WebSockets and signaling and only queues recordings;
   * `worker` processes the recording queue and serves nothing but health and metrics on
   * METRICS_PORT. The `--role=…` flag of the server overrides it.
   */
  AUSCURA_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  /**
   * Prometheus metrics (GET /metrics) and, for a worker, /healthz and /readyz, on a port of their
   * own, never the public one. Unset: no metrics listener, except for a worker (9464).
   */
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  /** Interface of the metrics port; default HOST. */
  METRICS_HOST: optionalString,
  /**
   * On SIGTERM, how long /readyz answers 503 while the process still serves, so the load balancer
   * stops sending before connections close (at least its health-check interval × fall count).
   * Unset: 5 s for the api role, 0 otherwise (one process has no balancer to wait for).
   */
  SHUTDOWN_DRAIN_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(300).optional()),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** The address browsers use to reach the portal; also the built-in identity provider's issuer. */
  PUBLIC_URL: optionalString,
  DATA_DIR: z.string().default('./data'),
  /**
   * The longest a request may take to arrive, headers and body (a 25 MiB upload needs about
   * 1.7 Mbit/s to fit in the default); a slower or stalled body is cut off with 408. Headers
   * must arrive within 15 s (or this, when shorter).
   */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** Tests only: also append each Content-Security-Policy violation report to this file (the e2e run checks it is empty). */
  CSP_VIOLATIONS_FILE: optionalString,
  /**
   * The reverse proxies whose X-Forwarded-For the server believes, comma-separated: addresses,
   * CIDR ranges, or `loopback`, `linklocal`, `uniquelocal`. Unset (default): none — the client
   * address is the connection's, and rate limits cannot be escaped by sending the header.
   */
  TRUST_PROXY: z.preprocess(
    (value) => (value === '' || value === 'false' ? undefined : value),
    z
      .string()
      .regex(
        /^\s*[0-9A-Za-z.:/]+(\s*,\s*[0-9A-Za-z.:/]+)*\s*$/,
        'must be a comma-separated list of proxy addresses or CIDR ranges (or loopback, linklocal, uniquelocal)',
      )
      .refine((value) => !/^(true|\*)$/i.test(value.trim()), 'must name the proxies, not trust every client')
      .optional(),
  ),
  DATABASE_URL: optionalString,
  /**
   * PostgreSQL only: connections this process keeps to the database. Queries are pipelined on
   * them (db/postgres-js-dialect.ts), so each connection keeps a backend busy: about one per core
   * the database server can give this process is enough, and more only add backends competing for
   * those cores (bench:api; benchmarks/history/2026-11-results-journal.md, "Exam lists and exam
   * detail under load"). A transaction holds one for its duration.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH0_DOMAIN: optionalString,
  AUTH0_CLIENT_ID: optionalString,
  AUTH0_AUDIENCE: optionalString,
  /**
   * Auth0 Management API (machine-to-machine application with create:users and update:users):
   * account creation, password and email changes go there when Auth0 is the identity provider.
   */
  AUTH0_MGMT_CLIENT_ID: optionalString,
  AUTH0_MGMT_CLIENT_SECRET: optionalString,
  /**
   * The tenant's canonical domain for the Management API when AUTH0_DOMAIN is a custom domain
   * (the Management API is served only on the canonical one). An http(s):// origin is used as is.
   */
  AUTH0_MANAGEMENT_DOMAIN: optionalString,
  /** The Auth0 database connection that holds the providers' accounts. */
  AUTH0_CONNECTION: z.string().default('Username-Password-Authentication'),
  /** Audience of the API's access tokens in built-in mode. */
  API_AUDIENCE: z.string().default('https://api.auscura.example'),
  TC_VERSION: z.coerce.number().int().min(0).default(1),
  ALLOWED_IDLE_TIME_IN_SECONDS: z.coerce.number().int().min(1).default(1800),
  ALLOWED_IDLE_GRACE_PERIOD_IN_SECONDS: z.coerce.number().int().min(1).default(60),
  SENTRY_DSN: optionalString,
  /** Send mail through this SMTP server (nodemailer URL) instead of writing DATA_DIR/outbox files. */
  SMTP_URL: optionalString,
  /**
   * Fan the live exams' state changes out through this Redis server (redis:// or rediss://), so
   * that a provider and a patient on different API processes see each other's changes.
   */
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  /**
   * Keep the live exams' shared state in Firebase's Realtime Database instead of the API's
   * WebSocket: the database's URL, the web app's API key and project id (public), and the path
   * of a service account JSON file (secret: it signs the custom tokens of the §7.3 calls).
   */
  FIREBASE_DATABASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  FIREBASE_API_KEY: optionalString,
  FIREBASE_PROJECT_ID: optionalString,
  FIREBASE_SERVICE_ACCOUNT_FILE: optionalString,
  /**
   * STUN/TURN servers for the browser-to-browser video room, comma-separated
   * (`turn:turn.example.org:3478?transport=udp,turns:turn.example.org:5349`). turn: URLs need
   * TURN_SECRET: coturn's `static-auth-secret` (with `use-auth-secret`), from which the server makes
   * short-lived credentials (lifetime TURN_CREDENTIAL_TTL_SECONDS, default 4 hours).
   */
  TURN_URLS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(z.string().regex(/^(stun|stuns|turn|turns):[^\s,]+$/, 'must be stun:, stuns:, turn: or turns: URLs')),
      )
      .optional(),
  ),
  TURN_SECRET: optionalString,
  TURN_CREDENTIAL_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(14_400),
  /**
   * The public compatibility test (/live-exam-compatibility-test) ends at this instant (ISO 8601):
   * its token then answers 'token server expired' and the page says the app has expired
   * (exams-and-devices §7.6, §8). Unset: it never ends.
   */
  COMPATIBILITY_TEST_EXPIRES_AT: z.preprocess(emptyToUndefined, z.iso.datetime({ offset: true }).optional()),
  /**
   * UDP ports (`min-max`) of the compatibility test's WebRTC peer in the API, for a firewall that
   * must let them in (browsers reach it directly, or the TURN server does). Unset: any free port.
   */
  COMPATIBILITY_TEST_UDP_PORTS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{1,5}-\d{1,5}$/, 'must be a port range such as 40000-40099')
      .transform((value) => value.split('-').map(Number) as [number, number])
      .refine(([min, max]) => min >= 1024 && max <= 65535 && max > min, 'must be min-max with 1024 ≤ min < max ≤ 65535')
      .optional(),
  ),
  /** Twilio Video instead of browser-to-browser WebRTC: the account and an API key (SID and secret). */
  TWILIO_ACCOUNT_SID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^AC[0-9a-f]{32}$/, 'must be an account SID (AC…)')
      .optional(),
  ),
  TWILIO_API_KEY_SID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^SK[0-9a-f]{32}$/, 'must be an API key SID (SK…)')
      .optional(),
  ),
  TWILIO_API_KEY_SECRET: optionalString,
  /** Seed the demo organizations and users into an empty database (on by default). */
  SEED_DEMO_DATA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /**
   * Give seeded auscultations real recordings from benchmarks/fixtures/audio, processed in the
   * background (on by default with the demo data; benchmarks turn it off to measure alone).
   */
  SEED_DEMO_RECORDINGS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /**
   * exams-and-devices §4: mute the clinician's microphone while a remote recording runs, so the
   * clinician's voice from the patient's speakers does not reach the stethoscope (on by default).
   */
  MUTE_HCP_IN_AUSCULTATION_RECORDING: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** Where the built web app lives; the API serves it so the portal is one origin. */
  WEB_DIST_DIR: optionalString,
  /** Sign-in lockout: failures in a row for one address before it is locked, and for how long. */
  SIGN_IN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  SIGN_IN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  /**
   * Master key that wraps each recording's data key: base64 of 32 bytes. Without it the server
   * keeps one in DATA_DIR/keys/recordings-master.key (0600), apart from DATA_DIR/recordings.
   */
  RECORDINGS_MASTER_KEY: z.preprocess(emptyToUndefined, base64Key32.optional()),
  /** Seals backups: base64 of 32 bytes (`openssl rand -base64 32`), kept apart from DATA_DIR, the master key and backups. */
  BACKUP_KEY: z.preprocess(emptyToUndefined, base64Key32.optional()),
  /** The operator says the database files lie on an encrypted volume: `npm start` does not warn of plaintext data. */
  DATA_AT_REST_ENCRYPTED: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** Stored blobs without an auscultation row older than this are deleted by the orphan sweep. */
  RECORDINGS_ORPHAN_GRACE_SECONDS: z.coerce.number().int().min(0).default(900),
  /** Worker threads that process uploaded recordings (0 turns processing off, e.g. for CLIs). */
  RECORDING_WORKERS: z.coerce.number().int().min(0).max(8).default(1),
  /**
   * Keep recordings in an S3-compatible bucket instead of DATA_DIR/recordings (same encryption,
   * same master key). Set the bucket and the credentials; the endpoint for anything but AWS.
   */
  RECORDINGS_S3_BUCKET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3–63 of a–z, 0–9, dot, dash)')
      .optional(),
  ),
  /** An S3-compatible server's origin (MinIO, Ceph, R2 …); unset: AWS S3 in RECORDINGS_S3_REGION. */
  RECORDINGS_S3_ENDPOINT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .url()
      .refine((value) => {
        const url = new URL(value);
        return /^https?:$/.test(url.protocol) && url.pathname.replace(/\/+$/, '') === '' && !url.search;
      }, 'must be an http(s) origin such as https://minio.example:9000 (no path)')
      .optional(),
  ),
  RECORDINGS_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as eu-west-1')
    .default('us-east-1'),
  RECORDINGS_S3_ACCESS_KEY_ID: optionalString,
  RECORDINGS_S3_SECRET_ACCESS_KEY: optionalString,
  /** A folder-like prefix inside the bucket for the recordings (the orphan sweep stays under it). */
  RECORDINGS_S3_PREFIX: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/, 'must be a key prefix such as auscura/recordings/')
      .optional(),
  ),
});

/** The S3-compatible recording store's settings, when RECORDINGS_S3_BUCKET selects it. */
export type RecordingsS3Config = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** '' or ending in '/'. */
  prefix: string;
};

export type FirebaseConfig = { databaseURL: string; apiKey: string; projectId: string; serviceAccountFile: string };

export type TwilioConfig = { accountSid: string; apiKeySid: string; apiKeySecret: string };

export type Role = 'all' | 'api' | 'worker';

export type Env = z.infer<typeof envSchema> & {
  publicUrl: string;
  role: Role;
  /** The metrics listener's port, or null for none. */
  metricsPort: number | null;
  metricsHost: string;
  /** Seconds between readiness failing and connections closing on SIGTERM. */
  drainSeconds: number;
  twilio: TwilioConfig | null;
  dataDir: string;
  recordingsS3: RecordingsS3Config | null;
  firebase: FirebaseConfig | null;
};

const firebaseVariables = [
  'FIREBASE_DATABASE_URL',
  'FIREBASE_API_KEY',
  'FIREBASE_PROJECT_ID',
  'FIREBASE_SERVICE_ACCOUNT_FILE',
] as const;

const twilioVariables = ['TWILIO_ACCOUNT_SID', 'TWILIO_API_KEY_SID', 'TWILIO_API_KEY_SECRET'] as const;

/** All three Twilio variables or none; turn: URLs only with their secret. */
function video(env: z.infer<typeof envSchema>): TwilioConfig | null {
  if (env.TURN_URLS?.some((url) => /^turns?:/.test(url)) && !env.TURN_SECRET) {
    throw new Error('Invalid configuration: TURN_SECRET: is required when TURN_URLS has turn: or turns: URLs');
  }
  const missing = twilioVariables.filter((name) => !env[name]);
  if (missing.length === twilioVariables.length) return null;
  if (missing.length) {
    throw new Error(
      `Invalid configuration: ${missing.map((name) => `${name}: is required when another TWILIO_ variable is set`).join('; ')}`,
    );
  }
  return {
    accountSid: env.TWILIO_ACCOUNT_SID!,
    apiKeySid: env.TWILIO_API_KEY_SID!,
    apiKeySecret: env.TWILIO_API_KEY_SECRET!,
  };
}

/** All four Firebase variables, or none: a half-done setup must not silently fall back. */
function firebase(env: z.infer<typeof envSchema>): FirebaseConfig | null {
  const missing = firebaseVariables.filter((name) => !env[name]);
  if (missing.length === firebaseVariables.length) return null;
  if (missing.length) {
    throw new Error(
      `Invalid configuration: ${missing.map((name) => `${name}: is required when another FIREBASE_ variable is set`).join('; ')}`,
    );
  }
  return {
    databaseURL: env.FIREBASE_DATABASE_URL!,
    apiKey: env.FIREBASE_API_KEY!,
    projectId: env.FIREBASE_PROJECT_ID!,
    serviceAccountFile: env.FIREBASE_SERVICE_ACCOUNT_FILE!,
  };
}

const s3Variables = [
  'RECORDINGS_S3_ENDPOINT',
  'RECORDINGS_S3_ACCESS_KEY_ID',
  'RECORDINGS_S3_SECRET_ACCESS_KEY',
  'RECORDINGS_S3_PREFIX',
] as const;

function recordingsS3(env: z.infer<typeof envSchema>): RecordingsS3Config | null {
  const problems: string[] = [];
  if (!env.RECORDINGS_S3_BUCKET) {
    // A half-done S3 setup must not silently fall back to local files.
    for (const name of s3Variables) {
      if (env[name]) problems.push(`RECORDINGS_S3_BUCKET: is required when ${name} is set`);
    }
    if (problems.length) throw new Error(`Invalid configuration: ${problems.join('; ')}`);
    return null;
  }
  for (const name of ['RECORDINGS_S3_ACCESS_KEY_ID', 'RECORDINGS_S3_SECRET_ACCESS_KEY'] as const) {
    if (!env[name]) problems.push(`${name}: is required when RECORDINGS_S3_BUCKET is set`);
  }
  if (problems.length) throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  const prefix = env.RECORDINGS_S3_PREFIX ?? '';
  return {
    bucket: env.RECORDINGS_S3_BUCKET,
    region: env.RECORDINGS_S3_REGION,
    endpoint: env.RECORDINGS_S3_ENDPOINT?.replace(/\/+$/, ''),
    accessKeyId: env.RECORDINGS_S3_ACCESS_KEY_ID!,
    secretAccessKey: env.RECORDINGS_S3_SECRET_ACCESS_KEY!,
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
  };
}

/** The server's `--role=worker` (or `--role worker`) flag, which overrides AUSCURA_ROLE. */
function roleFlag(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('--role=')) return arg.slice('--role='.length);
    if (arg === '--role') return argv[i + 1];
  }
  return undefined;
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env, argv: readonly string[] = []): Env {
  const flag = roleFlag(argv);
  const parsed = envSchema.safeParse(flag === undefined ? source : { ...source, AUSCURA_ROLE: flag });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const role = env.AUSCURA_ROLE;
  return {
    ...env,
    publicUrl,
    role,
    metricsPort: env.METRICS_PORT ?? (role === 'worker' ? 9464 : null),
    metricsHost: env.METRICS_HOST ?? env.HOST,
    drainSeconds: env.SHUTDOWN_DRAIN_SECONDS ?? (role === 'api' ? 5 : 0),
    dataDir: path.resolve(env.DATA_DIR),
    recordingsS3: recordingsS3(env),
    firebase: firebase(env),
    twilio: video(env),
  };
}
