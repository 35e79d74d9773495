import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compatibilityTokenSchema, preflightLimits, turnCredentialsSchema } from '@auscura/contracts';
import { createTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { preflightOffer, runEchoClient } from '../../test/werift-echo-client.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('the compatibility test calls (token, TURN credentials, preflight)', () => {
  let t: TestApp;
  const secret = 'compat-turn-secret';

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      TURN_URLS: 'turn:127.0.0.1:3509?transport=udp',
      TURN_SECRET: secret,
      TURN_CREDENTIAL_TTL_SECONDS: '14400',
    });
  });
  afterAll(async () => t?.close());

  const token = async (remoteAddress = '10.0.0.1') => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/video/compatibility-test/token',
      remoteAddress,
    });
    expect(response.statusCode, response.body).toBe(200);
    return compatibilityTokenSchema.parse(response.json());
  };

  it('gives anyone a token for the test, naming the video service', async () => {
    const answer = await token();
    expect(answer.token).toMatch(/^ct1\./);
    expect(answer.service).toBe('p2p');
  });

  it('limits tokens per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/video/compatibility-test/token',
        remoteAddress: '10.0.0.99',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('gives minutes-long TURN credentials to a test token, and nothing without one', async () => {
    const { token: value } = await token();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/video/turn-credentials',
      headers: bearer(value),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = turnCredentialsSchema.parse(response.json());
    expect(body.expiresIn).toBe(300);
    const [server] = body.iceServers;
    const expiry = Number(server!.username!.split(':')[0]);
    expect(expiry - Date.now() / 1000).toBeLessThanOrEqual(301);
    expect(server!.credential).toBe(crypto.createHmac('sha1', secret).update(server!.username!).digest('base64'));
    for (const headers of [{}, bearer('ct1.forged.token'), bearer(`${value}x`)]) {
      const refused = await t.app.inject({ method: 'GET', url: '/api/v1/video/turn-credentials', headers });
      expect(refused.statusCode).toBe(401);
    }
  });

  it('refuses a preflight without a token, and an offer that is not one', async () => {
    const { token: value } = await token();
    const post = (headers: Record<string, string>, sdp: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/video/compatibility-test/preflight', headers, payload: { sdp } });
    expect((await post({}, preflightOffer)).statusCode).toBe(401);
    const invalid = await post(bearer(value), 'v=0\r\nnot an offer');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ name: 'INVALID_DATA' });
  });

  it('answers a real offer with its own peer, which echoes the audio renumbered and the data', async () => {
    const { token: value } = await token('10.0.0.7');
    const result = await runEchoClient(async (sdp) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/video/compatibility-test/preflight',
        headers: bearer(value),
        payload: { sdp },
        remoteAddress: '10.0.0.7',
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { sdp: string }).sdp;
    });
    // Every packet sent came back (loopback), numbered consecutively whatever the sender's numbers were.
    expect(result.rtpBack).toBeGreaterThan(20);
    expect(result.sequenceGaps).toBe(0);
    expect(result.sequencesBack.every((seq, i, all) => i === 0 || seq === ((all[i - 1]! + 1) & 0xffff))).toBe(true);
    expect(result.dataBack).toBe(result.dataSent);
  }, 30_000);

  it('drops the data beyond maxEchoKbps in a burst', async () => {
    const { token: value } = await token('10.0.0.8');
    const result = await runEchoClient(
      async (sdp) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/video/compatibility-test/preflight',
          headers: bearer(value),
          payload: { sdp },
          remoteAddress: '10.0.0.8',
        });
        return (response.json() as { sdp: string }).sdp;
      },
      { dataBytes: (preflightLimits.maxEchoKbps * 1000 * 4) / 8 },
    );
    // Four seconds' worth sent at once arrives within about two windows: no more than that returns.
    expect(result.dataBack).toBeGreaterThan(0);
    expect(result.dataBack).toBeLessThan(result.dataSent);
  }, 30_000);
});

describe('a compatibility test the operator has ended (COMPATIBILITY_TEST_EXPIRES_AT)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { COMPATIBILITY_TEST_EXPIRES_AT: '2020-01-01T00:00:00Z' });
  });
  afterAll(async () => t?.close());

  it("answers the token with 'token server expired' (§7.6)", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/video/compatibility-test/token' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ name: 'UNAUTHORIZED', message: 'token server expired' });
  });
});
