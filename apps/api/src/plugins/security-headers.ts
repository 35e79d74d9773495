import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';
import type { Env } from '../config/env.js';
import type { RateLimiter } from '../lib/rate-limit.js';
import { cspReportPath } from '../lib/sign-in-page-policy.js';

/**
 * The origins the browser may connect to beyond this one: each only when its adapter is
 * configured (Auth0's token endpoint, Firebase's Realtime Database and token service, Sentry).
 */
function externalOrigins(env: Env): { connect: string[]; frame: string[] } {
  const connect: string[] = [];
  const frame: string[] = [];
  if (env.AUTH0_DOMAIN && env.AUTH0_CLIENT_ID && env.AUTH0_AUDIENCE) {
    const origin = `https://${env.AUTH0_DOMAIN.replace(/^https?:\/\//, '').replace(/\/+$/, '')}`;
    connect.push(origin);
    // auth0-spa-js renews tokens in a hidden iframe when no refresh token is at hand.
    frame.push(origin);
  }
  if (env.firebase) {
    const database = new URL(env.firebase.databaseURL);
    connect.push(database.origin, `wss://${database.host}`);
    // Custom-token sign-in and its token refresh (Firebase Auth REST endpoints).
    connect.push('https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com');
  }
  if (env.SENTRY_DSN) {
    try {
      connect.push(new URL(env.SENTRY_DSN).origin);
    } catch {
      // An invalid DSN is the web app's to report; the policy just does not name it.
    }
  }
  return { connect, frame };
}

/**
 * The web app's policy. Scripts only from this origin (Vite's build has no inline script), no
 * eval; 'wasm-unsafe-eval' because the audio engine compiles its WebAssembly module
 * (WebAssembly.compile is refused without it, CSP Level 3 §6.7.1 / Chromium's wasm-eval) — it
 * allows compiling WebAssembly, not JavaScript eval. Styles may be inline: MUI (emotion) inserts
 * <style> elements at run time. Recordings play from blob: URLs; worklets and workers are this
 * origin's files. The live exam's WebSocket is this host's ws(s):.
 */
function webAppDirectives(env: Env): Record<string, string[]> {
  const publicUrl = new URL(env.publicUrl);
  const socket = `${publicUrl.protocol === 'https:' ? 'wss' : 'ws'}://${publicUrl.host}`;
  const external = externalOrigins(env);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", socket, ...external.connect],
    'frame-src': external.frame.length ? external.frame : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'report-uri': [cspReportPath],
    ...(publicUrl.protocol === 'https:' ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Helmet's options for this configuration (HSTS only when PUBLIC_URL is https). */
export function helmetOptions(env: Env): HelmetOptions {
  const https = new URL(env.publicUrl).protocol === 'https:';
  return {
    contentSecurityPolicy: { useDefaults: false, directives: webAppDirectives(env) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // The portal opens no cross-origin popups (sign-in is a redirect).
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/** One step of what helmet's middleware does to a response: set a header, or remove one. */
type HeaderWrite = { set: string; value: string } | { remove: string };

/**
 * What helmet's middleware does to every response for these options, recorded once: the header
 * names as helmet spells them, their values and its order. Every directive here is a fixed string
 * (no per-request function), so the answer is the same for every request, and replaying it is
 * byte for byte what helmet would write — without building helmet's middleware and parsing the CSP
 * directives again per request, as @fastify/helmet did (~13 KB allocated and ~10 µs per request,
 * benchmarks/history/2026-12-07-api-reads.md, "Second session"). Anything else helmet would do to
 * the response fails here, at start.
 */
export function helmetHeaderWrites(options: Readonly<HelmetOptions>): HeaderWrite[] {
  const writes: HeaderWrite[] = [];
  const response = {
    setHeader(name: string, value: unknown) {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a ${typeof value}, not a string`);
      writes.push({ set: name, value });
    },
    removeHeader(name: string) {
      writes.push({ remove: name });
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish at once');
  return writes;
}

/**
 * Only features Chromium knows: an unknown one ('bluetooth' — Web Bluetooth has no policy-controlled
 * feature in Chromium) is reported as an error on the console of every page.
 */
const permissionsPolicy =
  'camera=(self), microphone=(self), geolocation=(), payment=(), usb=(), serial=(), hid=(), display-capture=()';

/**
 * Security headers on every answer (issue 21, finding 6), helmet's: the CSP above, no framing,
 * nosniff, no referrer (links carry access codes and invitation ids), HSTS when PUBLIC_URL is https;
 * and a Permissions-Policy that gives camera and microphone to this origin only (the live exam and
 * the in-person recording use them) and turns off what the portal never uses. Helmet's headers go
 * on the raw response, as @fastify/helmet put them, so the answers the identity provider writes
 * itself (hijacked replies) have them too; the sign-in pages replace the CSP with their own later.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: { env: Env }) => {
  const writes = helmetHeaderWrites(helmetOptions(options.env));
  // A callback hook, not an async one: no promise per request.
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const write of writes) {
      if ('set' in write) raw.setHeader(write.set, write.value);
      else raw.removeHeader(write.remove);
    }
    reply.header('permissions-policy', permissionsPolicy);
    done();
  });
});

/**
 * POST /csp-report: the browser's violation reports (report-uri's application/csp-report and
 * the Reporting API's application/reports+json). Logged as the directive and the blocked
 * origin only — a document URL can carry an access code. 30 reports a minute per client address.
 */
export async function cspReportRoutes(app: FastifyInstance, options: { limiter: RateLimiter; file?: string }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(null, undefined);
    }
  });
  app.post(cspReportPath, async (request, reply) => {
    if (!options.limiter.take(request.ip)) return reply.status(429).send();
    for (const report of cspReports(request.body)) {
      request.log.warn(report, 'content security policy violation');
      app.cspViolations.push(report);
      if (options.file) await fs.promises.appendFile(options.file, `${JSON.stringify(report)}\n`);
      if (app.cspViolations.length > 100) app.cspViolations.shift();
    }
    return reply.status(204).send();
  });
}

type CspViolation = { directive: string; blocked: string };

function text(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 200) : '';
}

/** The origin (or keyword such as inline, eval) of what was blocked; never a path or query. */
function blockedOrigin(value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    return value.split(/[/?#]/)[0] ?? '';
  }
}

function cspReports(body: unknown): CspViolation[] {
  const entries = Array.isArray(body) ? body : [body];
  const found: CspViolation[] = [];
  for (const entry of entries.slice(0, 20)) {
    if (!entry || typeof entry !== 'object') continue;
    const record = entry as Record<string, unknown>;
    const report = (record['csp-report'] ?? record.body) as Record<string, unknown> | undefined;
    if (!report || typeof report !== 'object') continue;
    const directive = text(report['effective-directive'] ?? report.effectiveDirective ?? report['violated-directive']);
    const blocked = blockedOrigin(text(report['blocked-uri'] ?? report.blockedURL));
    found.push({ directive, blocked });
  }
  return found;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The last violation reports received (tests and the end-to-end run read them). */
    cspViolations: CspViolation[];
  }
}
