import dgram from 'node:dgram';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceUnits, deviceUnitsAnswerSchema, serviceStatusSchema } from '@auscura/contracts';
import { createTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { turnCheck, twilioCheck } from './checks.js';
import { parseIceUrl, probeIceServer } from './stun-probe.js';

/** A STUN server that answers Binding requests with a success carrying the same transaction id. */
async function stunResponder(): Promise<{ port: number; close: () => void }> {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (message, from) => {
    if (message.readUInt16BE(0) !== 0x0001) return;
    const answer = Buffer.from(message.subarray(0, 20));
    answer.writeUInt16BE(0x0101, 0);
    socket.send(answer, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { port: (socket.address() as AddressInfo).port, close: () => socket.close() };
}

/** A UDP port with nothing listening. */
async function closedUdpPort(): Promise<number> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  socket.close();
  return port;
}

describe('the STUN/TURN probe', () => {
  it('reads TURN and STUN URLs with their default ports and transports', () => {
    expect(parseIceUrl('turn:turn.example.org?transport=tcp')).toEqual({
      scheme: 'turn',
      host: 'turn.example.org',
      port: 3478,
      transport: 'tcp',
    });
    expect(parseIceUrl('turns:turn.example.org')).toMatchObject({ port: 5349, transport: 'tcp' });
    expect(parseIceUrl('stun:[::1]:3479')).toMatchObject({ host: '::1', port: 3479, transport: 'udp' });
    expect(parseIceUrl('http://example.org')).toBeNull();
  });

  it('says a server that answers Binding is up and a closed port is not', async () => {
    const stun = await stunResponder();
    try {
      expect(await probeIceServer({ scheme: 'turn', host: '127.0.0.1', port: stun.port, transport: 'udp' })).toBe(true);
      const closed = await closedUdpPort();
      expect(await probeIceServer({ scheme: 'turn', host: '127.0.0.1', port: closed, transport: 'udp' }, 800)).toBe(
        false,
      );
    } finally {
      stun.close();
    }
  });

  it('grades TURN by how many of its servers answer', async () => {
    const stun = await stunResponder();
    const closed = await closedUdpPort();
    try {
      expect(await turnCheck([`turn:127.0.0.1:${stun.port}`]).check()).toBe('operational');
      expect(await turnCheck([`turn:127.0.0.1:${stun.port}`, `turn:127.0.0.1:${closed}`]).check()).toBe(
        'partial_outage',
      );
      expect(await turnCheck([`turn:127.0.0.1:${closed}`]).check()).toBe('major_outage');
    } finally {
      stun.close();
    }
  });
});

describe("Twilio's status page", () => {
  let server: http.Server;
  let body = '';
  let url = '';
  beforeAll(async () => {
    server = http.createServer((_request, response) => response.end(body));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/components.json`;
  });
  afterAll(() => server.close());

  it('gives the §3 video components with their status, and unknown when the page says nothing usable', async () => {
    body = JSON.stringify({
      components: [
        { name: 'Group Rooms', status: 'operational' },
        { name: 'Network Traversal Service', status: 'degraded_performance' },
        { name: 'SMS', status: 'major_outage' },
      ],
    });
    expect(await twilioCheck(url).check()).toEqual([
      { name: 'Twilio Group Rooms', status: 'operational' },
      { name: 'Twilio Network Traversal Service', status: 'degraded_performance' },
    ]);
    body = 'not json';
    expect(await twilioCheck(url).check()).toEqual([{ name: 'Twilio Video', status: 'unknown' }]);
  });
});

describe('GET /status and GET /ems/log', () => {
  let t: TestApp;
  let stun: { port: number; close: () => void };
  beforeAll(async () => {
    stun = await stunResponder();
    t = await createTestApp('pglite', { TURN_URLS: `turn:127.0.0.1:${stun.port}`, TURN_SECRET: 'x' });
  });
  afterAll(async () => {
    await t?.close();
    stun.close();
  });

  it('lists the components this deployment has, checked', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/status' });
    expect(response.statusCode).toBe(200);
    const status = serviceStatusSchema.parse(response.json());
    expect(status.components).toEqual([
      { name: 'API', status: 'operational' },
      { name: 'Realtime', status: 'operational' },
      { name: 'TURN', status: 'operational' },
      { name: 'Recordings store', status: 'operational' },
    ]);
  });

  it('serves the device units the web app detects stethoscopes with', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/ems/log' });
    expect(response.statusCode).toBe(200);
    expect(deviceUnitsAnswerSchema.parse(response.json()).deviceUnits).toEqual(deviceUnits);
  });
});
