import path from 'node:path';
import { z } from 'zod';

/**
 * All configuration comes from environment variables, validated here and nowhere else
 * (CONVENTIONS.md rule 7). Every variable has an embedded default so `npm start` needs nothing.
 */
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** The address browsers use to reach the portal; also the built-in identity provider's issuer. */
  PUBLIC_URL: optionalString,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
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
  /** Where the built web app lives; the API serves it so the portal is one origin. */
  WEB_DIST_DIR: optionalString,
  /** Sign-in lockout: failures in a row for one address before it is locked, and for how long. */
  SIGN_IN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  SIGN_IN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  /**
   * Master key that wraps each recording's data key: base64 of 32 bytes. Without it the server
   * keeps one in DATA_DIR/keys/recordings-master.key (0600), apart from DATA_DIR/recordings.
   */
  RECORDINGS_MASTER_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be base64 of exactly 32 bytes')
      .optional(),
  ),
  /** Stored blobs without an auscultation row older than this are deleted by the orphan sweep. */
  RECORDINGS_ORPHAN_GRACE_SECONDS: z.coerce.number().int().min(0).default(900),
  /** Worker threads that process uploaded recordings (0 turns processing off, e.g. for CLIs). */
  RECORDING_WORKERS: z.coerce.number().int().min(0).max(8).default(1),
});

export type Env = z.infer<typeof envSchema> & { publicUrl: string; dataDir: string };

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return { ...env, publicUrl, dataDir: path.resolve(env.DATA_DIR) };
}
