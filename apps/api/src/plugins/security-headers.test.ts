import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { submitCredentials } from '../test/sign-in.js';
import { helmetOptions } from './security-headers.js';

const webDist = path.resolve(import.meta.dirname, '../../../web/dist');

function directives(header: unknown): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) found.set(name, values);
  }
  return found;
}

/** Header names as they will be written (Node's getRawHeaderNames, which this @types/node lacks). */
function rawHeaderNames(response: http.ServerResponse): string[] {
  return (response as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames();
}

/** Finding 6 of issue 21: the headers on `/`, a sign-in page and an API answer. */
describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', fs.existsSync(webDist) ? { WEB_DIST_DIR: webDist } : {});
  });
  afterAll(async () => t?.close());

  const common = (headers: Record<string, unknown>) => {
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['permissions-policy']).toMatch(/camera=\(self\)/);
    expect(headers['permissions-policy']).toMatch(/microphone=\(self\)/);
    const csp = directives(headers['content-security-policy']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    const scripts = csp.get('script-src') ?? csp.get('default-src')!;
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(csp.get('report-uri')).toEqual(['/csp-report']);
    // HSTS only when PUBLIC_URL is https.
    expect(headers['strict-transport-security']).toBeUndefined();
    return csp;
  };

  it('on the web app and an API answer', async () => {
    for (const url of ['/', '/patients', '/api/v1/config']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = common(response.headers);
      expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:8080']);
      expect(csp.get('frame-src')).toEqual(["'none'"]);
    }
  });

  it("are helmet's own, byte for byte: names as it spells them, values and order", async () => {
    // What helmet's middleware writes on a real response for this configuration…
    const request = new http.IncomingMessage(new net.Socket());
    const expected = new http.ServerResponse(request);
    helmet(helmetOptions(t.env))(request, expected, (error?: unknown) => {
      if (error) throw error;
    });
    const names = rawHeaderNames(expected);
    expect(names).toContain('Content-Security-Policy');
    // …is what an API answer and a page carry, in that order, before the headers of their own.
    for (const url of ['/api/v1/config', '/patients']) {
      const response = await t.app.inject({ method: 'GET', url });
      const sent = rawHeaderNames(response.raw.res);
      expect(sent.slice(0, names.length)).toEqual(names);
      for (const name of names) expect(response.raw.res.getHeader(name)).toBe(expected.getHeader(name));
    }
  });

  it('on the sign-in page, with a nonce for its inline style', async () => {
    const { signInPage } = await submitCredentials(t.app, 'nobody@example.org', 'x');
    expect(signInPage.statusCode).toBe(200);
    const csp = common(signInPage.headers);
    const nonce = /'nonce-([^']+)'/.exec(csp.get('style-src')!.join(' '))?.[1];
    expect(nonce).toBeTruthy();
    expect(signInPage.body).toContain(`<style nonce="${nonce}">`);
    expect(csp.get('default-src')).toEqual(["'none'"]);
  });

  it('sends HSTS and names the configured services when they are configured', async () => {
    const https = await createTestApp('pglite', {
      PUBLIC_URL: 'https://portal.example',
      AUTH0_DOMAIN: 'tenant.eu.auth0.com',
      AUTH0_CLIENT_ID: 'client',
      AUTH0_AUDIENCE: 'https://api.example',
    });
    try {
      const response = await https.app.inject({ method: 'GET', url: '/api/v1/config' });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      const csp = directives(response.headers['content-security-policy']);
      expect(csp.get('connect-src')).toEqual(["'self'", 'wss://portal.example', 'https://tenant.eu.auth0.com']);
      expect(csp.get('frame-src')).toEqual(['https://tenant.eu.auth0.com']);
    } finally {
      await https.close();
    }
  });

  it('takes violation reports, keeps no path or query, and limits them per client', async () => {
    const report = {
      'csp-report': {
        'document-uri': 'http://localhost:8080/virtual-exam/abc?code=secret-code',
        'effective-directive': 'script-src-elem',
        'blocked-uri': 'https://evil.example/x.js?token=secret',
      },
    };
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/csp-report',
        headers: { 'content-type': 'application/csp-report', 'x-forwarded-for': '198.51.100.77' },
        payload: JSON.stringify(report),
      });
    expect((await send()).statusCode).toBe(204);
    expect(t.app.cspViolations.at(-1)).toEqual({ directive: 'script-src-elem', blocked: 'https://evil.example' });
    expect(JSON.stringify(t.app.cspViolations)).not.toContain('secret');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await send()).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });
});
