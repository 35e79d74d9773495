import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { realtimeCloseCodes } from '@auscura/contracts';
import { metricValue, startCluster, waitFor } from '../../../../deploy/local-cluster.mjs';
import type { Cluster } from '../../../../deploy/local-cluster.mjs';
import { demo, signInAs } from '../support';
import { launchWithFakeMedia, pageAccessToken, roomPage } from '../video/room-page';
import { examWithPatient, join, openChannel } from '../video/session';
import type { Side } from '../video/session';
import {
  heartRecordings,
  liveExamToken,
  openDatabase,
  openLiveSocket,
  providerSession,
  slowUpload,
  uploadWithRetries,
} from './cluster-api';
import { liveState, mediaFrames, sinceKill, watchStatus } from './live-room';

/**
 * Auscura beyond one machine (issue 39): HAProxy in front of two api processes, two workers, one
 * PostgreSQL database, Redis, s3rver and coturn, all on this machine (deploy/local-cluster.mjs),
 * and processes killed under them. Each test prints what it killed and how long recovery took.
 */
let cluster: Cluster;
const report = (line: string) => console.log(`[topology] ${line}`);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const started = Date.now();
  // The workers start later: the first test shows the queue growing without them.
  cluster = await startCluster({ startWorkers: false });
  report(`cluster up in ${Date.now() - started} ms: HAProxy on ${cluster.origin}, api1, api2`);
});
test.afterAll(async () => {
  await cluster?.stop();
});

test('uploads survive an api killed under them; the queue waits for workers and survives a worker killed mid-job', async () => {
  test.setTimeout(240_000);
  const { token, examId } = await providerSession(cluster.origin);
  const db = await openDatabase(cluster.databaseUrl);
  try {
    const pendingOn = (port: number) => metricValue(port, 'auscura_recording_jobs', { state: 'pending' });
    const apiMetrics = cluster.api(2).metricsPort;
    expect(await pendingOn(apiMetrics)).toBe(0);

    // 20 uploads in flight through HAProxy; api1 is killed once a few are answered.
    const uploads = heartRecordings.length
      ? Array.from({ length: 20 }, (_, i) => heartRecordings[i % heartRecordings.length]!)
      : [];
    let answered = 0;
    let killedAt = 0;
    const killer = waitFor('five answered uploads', () => answered >= 5, 120_000, 5).then(async () => {
      killedAt = Date.now();
      await cluster.api(1).stop('SIGKILL');
      report(`killed api1 (SIGKILL) with ${20 - answered} of 20 uploads still in flight`);
    });
    const outcomes = await Promise.all(
      uploads.map((recording) =>
        uploadWithRetries(cluster.origin, token, examId, recording).then((outcome) => {
          answered++;
          return outcome;
        }),
      ),
    );
    await killer;
    const retried = outcomes.filter((outcome) => outcome.tries > 1);
    const lastAnswer = Math.max(...outcomes.map((outcome) => outcome.answeredAt));
    report(
      `uploads: ${retried.length} retried by the client after the kill; all 20 answered ${lastAnswer - killedAt} ms after it`,
    );
    expect(outcomes.every((outcome) => outcome.status === 201 || outcome.status === 200)).toBe(true);

    // Each upload stored exactly once: one auscultation per client key, with its recording.
    const keys = outcomes.map((outcome) => outcome.clientRecordingId);
    const rows = (
      await db.query<{ id: string; client_recording_id: string; recording_blob_key: string }>(
        'SELECT id, client_recording_id, recording_blob_key FROM auscultations WHERE client_recording_id = ANY($1)',
        [keys],
      )
    ).rows;
    expect(rows.map((row) => row.client_recording_id).sort()).toEqual([...keys].sort());
    const objects = await fetch(`${cluster.s3Endpoint}/auscura?list-type=2`).then((response) => response.text());
    for (const row of rows) expect(objects).toContain(`<Key>${row.recording_blob_key}</Key>`);
    const ids = rows.map((row) => row.id);

    // No worker runs: the queue depth rises and stays (read from the surviving api's /metrics).
    expect(await pendingOn(apiMetrics)).toBeGreaterThanOrEqual(20);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await pendingOn(apiMetrics)).toBeGreaterThanOrEqual(20);
    report(`queue depth with no worker running: ${await pendingOn(apiMetrics)} pending`);
    const restartApi = cluster.startApi(1);

    // Two workers start; worker1 is killed while it processes a recording.
    const [first, second] = await Promise.all([cluster.startWorker(1), cluster.startWorker(2)]);
    // A worker serves no API: its one listening port is health and metrics.
    const listening = execFileSync('ss', ['-ltnpH'], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes(`pid=${first.pid},`))
      .map((line) => Number(/:(\d+)\s/.exec(line)?.[1]));
    expect(listening).toEqual([first.metricsPort]);
    expect((await fetch(`http://127.0.0.1:${first.metricsPort}/api/v1/config`)).status).toBe(404);
    const workerMetrics = await (await fetch(`http://127.0.0.1:${first.metricsPort}/metrics`)).text();
    expect(workerMetrics).toContain('auscura_recording_processing_seconds');
    expect(workerMetrics).not.toContain('auscura_http_requests_total');
    const victim = await waitFor(
      'worker1 to run a job',
      async () =>
        (
          await db.query<{ auscultation_id: string }>(
            "SELECT auscultation_id FROM recording_jobs WHERE state = 'running' AND locked_by LIKE $1",
            [`%:${first.pid}:%`],
          )
        ).rows[0]?.auscultation_id,
      60_000,
      10,
    );
    await first.stop('SIGKILL');
    const workerKilledAt = Date.now();
    report(`killed worker1 (SIGKILL) while it processed recording ${victim}`);
    await waitFor(
      'every job to be done',
      async () =>
        (
          await db.query("SELECT 1 FROM recording_jobs WHERE auscultation_id = ANY($1) AND state <> 'done' LIMIT 1", [
            ids,
          ])
        ).rowCount === 0,
      120_000,
      200,
    );
    const taken = (
      await db.query<{ attempts: number; processed_by: string; date_updated: Date }>(
        'SELECT attempts, processed_by, date_updated FROM recording_jobs WHERE auscultation_id = $1',
        [victim],
      )
    ).rows[0]!;
    expect(taken.processed_by).toContain(`:${second.pid}:`);
    expect(taken.attempts).toBe(2);
    report(
      `worker2 finished worker1's interrupted job ${new Date(taken.date_updated).getTime() - workerKilledAt} ms after the kill (lease 10 s)`,
    );
    // Processed exactly once: one 'recording processed' line per recording, across both workers.
    const processed = [...first.lines, ...second.lines]
      .filter((line) => line.includes('"recording processed"'))
      .map((line) => (JSON.parse(line) as { auscultationId: string }).auscultationId)
      .filter((id) => ids.includes(id));
    expect(processed.sort()).toEqual([...ids].sort());
    const statuses = (
      await db.query<{ beataware_status: string }>('SELECT beataware_status FROM auscultations WHERE id = ANY($1)', [
        ids,
      ])
    ).rows;
    expect(statuses.every((row) => row.beataware_status === 'ready')).toBe(true);
    await expect.poll(() => pendingOn(apiMetrics)).toBe(0);
    report('queue depth after the workers ran: 0 pending');
    await restartApi;
    await cluster.startWorker(1);
    await cluster.waitForHaproxy({ api1: 'UP', api2: 'UP' });
  } finally {
    await db.end();
  }
});

test('a live exam keeps its state and video when the api either side is connected to is killed', async ({
  baseURL,
}) => {
  test.setTimeout(240_000);
  const browsers: Browser[] = [];
  try {
    const providerBrowser = await launchWithFakeMedia();
    const patientBrowser = await launchWithFakeMedia();
    browsers.push(providerBrowser, patientBrowser);
    const signedIn = await roomPage(providerBrowser, baseURL!);
    await signedIn.goto('/');
    await signInAs(signedIn, demo.ada);
    const token = await pageAccessToken(signedIn);
    const { virtualExamId, patientToken } = await examWithPatient(signedIn, token);
    const provider: Side = {
      browser: providerBrowser,
      page: await roomPage(providerBrowser, baseURL!),
      bearer: token,
      role: 'HealthcareProvider',
    };
    const patient: Side = {
      browser: patientBrowser,
      page: await roomPage(patientBrowser, baseURL!),
      bearer: patientToken,
      role: 'Patient',
    };
    const sockets = async () => ({
      api1: (await metricValue(cluster.api(1).metricsPort, 'auscura_websocket_connections')) ?? 0,
      api2: (await metricValue(cluster.api(2).metricsPort, 'auscura_websocket_connections')) ?? 0,
    });
    const countOf = (total: number) =>
      waitFor(`${total} live-exam sockets`, async () => {
        const counts = await sockets();
        return counts.api1 + counts.api2 === total ? counts : null;
      });
    await openChannel(provider, virtualExamId);
    const afterProvider = await countOf(1);
    await openChannel(patient, virtualExamId);
    const afterPatient = await countOf(2);
    const on = {
      provider: afterProvider.api1 > 0 ? 1 : 2,
      patient: afterPatient.api1 > afterProvider.api1 ? 1 : 2,
    };
    report(`provider's live-exam socket on api${on.provider}, patient's on api${on.patient}`);

    await patient.page.evaluate(() => window.room.channel.write('examEntryRequest', { status: 'pending' }));
    await provider.page.waitForFunction(() => window.room.channel.state?.examEntryRequest?.status === 'pending');
    await provider.page.evaluate(() => window.room.channel.write('examEntryRequest', { status: 'approved' }));
    await patient.page.waitForFunction(() => window.room.channel.state?.examEntryRequest?.status === 'approved');
    await Promise.all([join(provider, virtualExamId, 'relay'), join(patient, virtualExamId, 'relay')]);
    for (const side of [provider, patient]) {
      await expect.poll(() => mediaFrames(side.page), { timeout: 30_000 }).toBeGreaterThan(10);
      await watchStatus(side.page);
    }
    await patient.page.evaluate(() => window.room.channel.write('isM1Connected', true));
    await provider.page.waitForFunction(() => window.room.channel.state?.isM1Connected === true);
    const peers = {
      provider: await provider.page.evaluate(() => window.peers.length),
      patient: await patient.page.evaluate(() => window.peers.length),
    };

    for (const [round, victimSide] of [
      [1, 'provider'],
      [2, 'patient'],
    ] as const) {
      const victim = on[victimSide];
      const frames = { provider: await mediaFrames(provider.page), patient: await mediaFrames(patient.page) };
      const killedAt = Date.now();
      await cluster.api(victim).stop('SIGKILL');
      // The kernel closes a killed process's sockets at once: the side it held notices within moments.
      await waitFor(
        'a side to lose its connection',
        async () =>
          (await sinceKill(provider.page, killedAt))?.stayed === false ||
          (await sinceKill(patient.page, killedAt))?.stayed === false,
        5_000,
        20,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      const recovered: Record<string, number> = {};
      for (const [name, side] of [
        ['provider', provider],
        ['patient', patient],
      ] as const) {
        const back = await waitFor(
          `${name} to be connected again`,
          () => sinceKill(side.page, killedAt),
          15_000,
          50,
        ).catch(async (error: Error) => {
          const log = await side.page.evaluate(() => window.statusLog);
          throw new Error(`${error.message}; killed at ${killedAt}; its status log: ${JSON.stringify(log)}`);
        });
        recovered[name] = back.ms;
        if (on[name] === victim) expect(back.stayed).toBe(false);
        await expect.poll(() => mediaFrames(side.page), { timeout: 15_000 }).toBeGreaterThan(frames[name] + 25);
      }
      report(
        `round ${round}: killed api${victim} (SIGKILL, the ${victimSide}'s); provider connected again after ${recovered.provider} ms, patient after ${recovered.patient} ms` +
          (recovered.provider === 0 || recovered.patient === 0 ? ' (0 ms: its socket was on the other api)' : '') +
          '; video kept playing on both sides',
      );
      expect(recovered.provider).toBeLessThan(5000);
      expect(recovered.patient).toBeLessThan(5000);
      // Nobody re-entered: the same peer connections, the patient still admitted, the state kept.
      for (const [name, side] of [
        ['provider', provider],
        ['patient', patient],
      ] as const) {
        expect(await side.page.evaluate(() => window.peers.length)).toBe(peers[name]);
        expect(await liveState(side.page)).toMatchObject({ entry: 'approved', m1: true, patientPresent: true });
      }
      // Both sides still write and see each other's changes.
      const value = round === 1 ? false : true;
      await patient.page.evaluate((next) => window.room.channel.write('isM1Connected', next), value);
      await provider.page.waitForFunction((next) => window.room.channel.state?.isM1Connected === next, value);
      // Where the sockets are now: both on the survivor; the killed api comes back for the next round.
      on.provider = on.patient = victim === 1 ? 2 : 1;
      await cluster.startApi(victim);
      await cluster.waitForHaproxy({ api1: 'UP', api2: 'UP' });
      if (round === 1) {
        // Both sides now share one process: round 2 kills it under both.
        await patient.page.evaluate(() => window.room.channel.write('isM1Connected', true));
        await provider.page.waitForFunction(() => window.room.channel.state?.isM1Connected === true);
      }
    }
  } finally {
    for (const browser of browsers) await browser.close();
  }
});

test('SIGTERM drains an api: readiness fails first, HAProxy stops sending, the upload in flight finishes, sockets close with 1012', async () => {
  test.setTimeout(120_000);
  const { token, examId } = await providerSession(cluster.origin);
  const { virtualExamId, participant } = await liveExamToken(cluster.origin, token);
  // Everything new goes to api1 while api2 is drained on HAProxy's runtime API.
  await cluster.haproxyCommand('set server auscura_api/api2 state drain');
  const socket = await openLiveSocket(cluster.origin, virtualExamId, await participant());
  const upload = slowUpload(cluster.origin, token, examId, heartRecordings[0]!, 6);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await metricValue(cluster.api(1).metricsPort, 'auscura_websocket_connections')).toBe(1);
  await cluster.haproxyCommand('set server auscura_api/api2 state ready');
  await cluster.waitForHaproxy({ api1: 'UP', api2: 'UP' });

  const api1 = cluster.api(1);
  const stoppedAt = Date.now();
  const exited = api1.stop('SIGTERM');
  const readyFailed = await waitFor(
    'api1 to fail /readyz',
    async () => ((await fetch(`http://127.0.0.1:${api1.port}/readyz`)).status === 503 ? Date.now() : 0),
    10_000,
    20,
  );
  const down = await waitFor(
    'HAProxy to mark api1 down',
    async () => ((await cluster.haproxyServers()).api1?.status.startsWith('DOWN') ? Date.now() : 0),
    10_000,
    50,
  );
  // From now on HAProxy sends nothing to api1, while it still finishes what it has.
  const before = (await cluster.haproxyServers()).api1!.sessions;
  for (let i = 0; i < 10; i++) expect((await fetch(`${cluster.origin}/api/v1/config`)).status).toBe(200);
  expect((await cluster.haproxyServers()).api1!.sessions).toBe(before);
  const closed = await socket.closed;
  const uploaded = await upload;
  const { code } = await exited;
  report(
    `SIGTERM to api1: /readyz 503 after ${readyFailed - stoppedAt} ms, HAProxy marked it down after ${down - stoppedAt} ms, ` +
      `its WebSocket closed with ${closed.code} after ${closed.at - stoppedAt} ms, the upload in flight answered ${uploaded.status} ` +
      `after ${uploaded.at - stoppedAt} ms, the process exited with code ${code}`,
  );
  expect(readyFailed).toBeLessThanOrEqual(down);
  expect(down).toBeLessThanOrEqual(closed.at);
  expect(closed.code).toBe(realtimeCloseCodes.serverRestart);
  expect(uploaded.status).toBe(201);
  expect(code).toBe(0);
  // The client reconnects elsewhere at once: through HAProxy, to api2.
  const again = await openLiveSocket(cluster.origin, virtualExamId, await participant());
  expect(await metricValue(cluster.api(2).metricsPort, 'auscura_websocket_connections')).toBeGreaterThanOrEqual(1);
  again.socket.close();
});
