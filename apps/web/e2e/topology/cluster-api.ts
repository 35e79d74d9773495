import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import postgres from 'postgres';
import WebSocket from 'ws';
import { signInOverHttp } from '../../../../benchmarks/api/sign-in.mjs';

/** What the topology spec does over HTTP and the database, without a browser. */

const fixtures = path.resolve(import.meta.dirname, '../../../../benchmarks/fixtures/audio');
/** The heart recordings of the fixtures (4 kHz CirCor and others), uploaded in turn. */
export const heartRecordings = fs
  .readdirSync(fixtures)
  .filter((name) => name.startsWith('heart_') && name.endsWith('.wav'))
  .map((name) => fs.readFileSync(path.join(fixtures, name)));

export async function providerSession(origin: string) {
  const token = await signInOverHttp(origin, 'ada@riverside.example', 'Auscura-demo-2026');
  const api = (url: string, init: RequestInit = {}) =>
    fetch(`${origin}/api/v1${url}`, { ...init, headers: { ...init.headers, authorization: `Bearer ${token}` } });
  const exams = (await (await api('/search/exams')).json()) as { items: { id: string }[] };
  return { token, api, examId: exams.items[0]!.id };
}

export type UploadOutcome = { clientRecordingId: string; status: number; tries: number; answeredAt: number };

/**
 * One recording uploaded as the web app does (multipart, a client key of its own), retried like its
 * pending-uploads store: after a network error or a 5xx, the same bytes with the same key.
 */
export async function uploadWithRetries(
  origin: string,
  token: string,
  examId: string,
  recording: Buffer,
): Promise<UploadOutcome> {
  const clientRecordingId = crypto.randomUUID();
  for (let tries = 1; tries <= 20; tries++) {
    const form = new FormData();
    form.set('auscultation', JSON.stringify({ auscultationPoint: { type: 'heart', label: 'h1' }, clientRecordingId }));
    form.set('recordingData', new Blob([new Uint8Array(recording)], { type: 'audio/wav' }), 'recording.wav');
    try {
      const response = await fetch(`${origin}/api/v1/exams/${examId}/auscultations`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.status < 500) {
        await response.body?.cancel();
        return { clientRecordingId, status: response.status, tries, answeredAt: Date.now() };
      }
      await response.body?.cancel();
    } catch {
      // the connection was cut: try again
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`upload ${clientRecordingId} never succeeded`);
}

/** The cluster's database, for what only it can tell (jobs, who processed them). */
export async function openDatabase(url: string) {
  const sql = postgres(url, { max: 2, onnotice: () => undefined });
  return {
    async query<T>(text: string, parameters: unknown[] = []): Promise<{ rows: T[]; rowCount: number }> {
      const rows = (await sql.unsafe(text, parameters as never[])) as unknown as T[];
      return { rows, rowCount: rows.length };
    },
    end: () => sql.end({ timeout: 5 }),
  };
}

/** A virtual exam of Ada's patient started now, and a provider's participant token for its live state. */
export async function liveExamToken(origin: string, token: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, string>;
  const patients = (await (await fetch(`${origin}/api/v1/search/patient-profiles`, { headers })).json()) as {
    items: { id: string }[];
  };
  const exam = (await (
    await fetch(`${origin}/api/v1/virtual-exams`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        healthcareProviderId: claims['https://auscura.example/healthcareProviderId'],
        patientProfileId: patients.items[0]!.id,
        timeZone: 'Europe/Paris',
      }),
    })
  ).json()) as { id: string };
  const participant = async () =>
    (
      (await (
        await fetch(`${origin}/api/v1/realtime/auth/live-exam/${exam.id}/authorized-participant`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { value: string }
    ).value;
  return { virtualExamId: exam.id, participant };
}

/** A live-exam WebSocket through the balancer, signed in; resolves once the server says ready. */
export async function openLiveSocket(origin: string, virtualExamId: string, participantToken: string) {
  const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/api/v1/realtime/live-exam/${virtualExamId}`);
  const closed = new Promise<{ code: number; at: number }>((resolve) =>
    socket.once('close', (code) => resolve({ code, at: Date.now() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token: participantToken })));
    socket.on('message', (data) => {
      if ((JSON.parse(String(data)) as { type: string }).type === 'ready') resolve();
    });
  });
  // Pings as the web app's client does (every 3 s), so the server keeps the connection.
  const ping = setInterval(() => socket.send(JSON.stringify({ type: 'ping' })), 3000);
  void closed.then(() => clearInterval(ping));
  return { socket, closed };
}

/**
 * An upload whose body takes `seconds` to arrive (sent in pieces), straight through node:http so
 * the Content-Length is declared as a browser does; resolves with the status and when it came.
 */
export function slowUpload(
  origin: string,
  token: string,
  examId: string,
  recording: Buffer,
  seconds: number,
): Promise<{ status: number; at: number }> {
  const boundary = `----topology${crypto.randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="auscultation"\r\n\r\n` +
        JSON.stringify({ auscultationPoint: { type: 'heart', label: 'h2' }, clientRecordingId: crypto.randomUUID() }) +
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="recordingData"; filename="r.wav"\r\n` +
        'Content-Type: audio/wav\r\n\r\n',
    ),
    recording,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const url = new URL(`/api/v1/exams/${examId}/auscultations`, origin);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, at: Date.now() }));
      },
    );
    request.on('error', reject);
    const pieces = 10;
    const size = Math.ceil(body.length / pieces);
    let sent = 0;
    const next = () => {
      request.write(body.subarray(sent * size, (sent + 1) * size));
      if (++sent < pieces) setTimeout(next, (seconds * 1000) / pieces);
      else request.end();
    };
    next();
  });
}
