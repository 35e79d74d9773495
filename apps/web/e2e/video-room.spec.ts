import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { demo, signInAs } from './support';
import { startCoturn } from './video/coturn';
import type { Coturn } from './video/coturn';
import { launchWithFakeMedia, pageAccessToken, roomPage } from './video/room-page';
import type { RoomWindow } from './video/room-page';
import { examWithPatient, join, openChannel } from './video/session';
import type { Side } from './video/session';

/**
 * The embedded video room end to end (issue 16): two Chromium instances with fake camera and
 * microphone, the provider's and the patient's, signaling through the live exam's WebSocket and
 * ICE from GET /video/turn-credentials. With relay-only ICE every packet crosses a real coturn.
 */

let coturn: Coturn;
test.beforeAll(async () => {
  coturn = await startCoturn();
});
test.afterAll(async () => {
  await coturn?.stop();
});

/** The connected peer's media: video size, audio received, and the selected candidate pair's types. */
function media(page: Page) {
  return page.evaluate(async () => {
    const { video, peak } = (window as unknown as RoomWindow).room as { video: HTMLVideoElement; peak: number };
    const peer = ((window as unknown as RoomWindow).peers as RTCPeerConnection[]).findLast(
      (p) => p.connectionState === 'connected',
    );
    if (!peer) return null;
    const stats = await peer.getStats();
    let pairId: string | undefined;
    let audio: { packetsReceived?: number } | undefined;
    let videoIn: { framesDecoded?: number } | undefined;
    stats.forEach((report) => {
      if (report.type === 'transport') pairId = report.selectedCandidatePairId;
      if (report.type === 'inbound-rtp' && report.kind === 'audio') audio = report;
      if (report.type === 'inbound-rtp' && report.kind === 'video') videoIn = report;
    });
    const pair = pairId ? stats.get(pairId) : undefined;
    return {
      videoWidth: video.videoWidth,
      framesDecoded: videoIn?.framesDecoded ?? 0,
      audioPackets: audio?.packetsReceived ?? 0,
      audioPeak: peak,
      local: pair ? stats.get(pair.localCandidateId)?.candidateType : undefined,
      remote: pair ? stats.get(pair.remoteCandidateId)?.candidateType : undefined,
    };
  });
}

for (const policy of ['relay', 'all'] as const) {
  test(`provider and patient see and hear each other (${policy === 'relay' ? 'relay-only through coturn' : 'direct'})`, async ({
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const sides: Side[] = [];
    const browsers: Browser[] = [];
    try {
      const providerBrowser = await launchWithFakeMedia();
      browsers.push(providerBrowser);
      const patientBrowser = await launchWithFakeMedia();
      browsers.push(patientBrowser);
      const providerPage = await roomPage(providerBrowser, baseURL!);
      await providerPage.goto('/');
      await signInAs(providerPage, demo.ada);
      const token = await pageAccessToken(providerPage);
      const { virtualExamId, patientToken } = await examWithPatient(providerPage, token);
      await providerPage.goto('/healthz');
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
      sides.push(provider, patient);

      await openChannel(provider, virtualExamId);
      await openChannel(patient, virtualExamId);
      await patient.page.evaluate(() =>
        (window as unknown as RoomWindow).room.channel.write('examEntryRequest', { status: 'pending' }),
      );
      await provider.page.waitForFunction(
        () => (window as unknown as RoomWindow).room.channel.state?.examEntryRequest?.status === 'pending',
      );
      await provider.page.evaluate(() =>
        (window as unknown as RoomWindow).room.channel.write('examEntryRequest', { status: 'approved' }),
      );
      await patient.page.waitForFunction(
        () => (window as unknown as RoomWindow).room.channel.state?.examEntryRequest?.status === 'approved',
      );

      const allocationsBefore = (coturn.log().match(/ALLOCATE processed, success/g) ?? []).length;
      await Promise.all([join(provider, virtualExamId, policy), join(patient, virtualExamId, policy)]);

      for (const side of sides) {
        await expect
          .poll(async () => (await media(side.page))?.videoWidth ?? 0, { timeout: 20_000 })
          .toBeGreaterThan(0);
        await expect
          .poll(async () => (await media(side.page))?.audioPeak ?? 0, { timeout: 20_000 })
          .toBeGreaterThan(0.05);
        const figures = (await media(side.page))!;
        expect(figures.framesDecoded).toBeGreaterThan(0);
        expect(figures.audioPackets).toBeGreaterThan(0);
        if (policy === 'relay') expect([figures.local, figures.remote]).toEqual(['relay', 'relay']);
        else expect(figures.local).toBe('host');
      }
      const allocations = (coturn.log().match(/ALLOCATE processed, success/g) ?? []).length - allocationsBefore;
      if (policy === 'relay') expect(allocations).toBeGreaterThanOrEqual(2);

      // §7.2 data message: the provider's target position reaches the patient.
      await expect
        .poll(
          async () => {
            await provider.page.evaluate(() =>
              (window as unknown as RoomWindow).room.room.send({ type: 'targetPos', detail: [0.25, 0.75] }),
            );
            return patient.page.evaluate(() => (window as unknown as RoomWindow).room.received as unknown[]);
          },
          { timeout: 10_000 },
        )
        .toContainEqual({ type: 'targetPos', detail: [0.25, 0.75] });

      if (policy === 'relay') {
        // Acceptance 4: the network goes away — the TURN server (the only media path) and the
        // patient's WebSocket — for a few seconds and comes back: media resumes without re-entry.
        const frames = () =>
          provider.page.evaluate(async () => {
            const peers = (window as unknown as RoomWindow).peers;
            let decoded = 0;
            (await peers[peers.length - 1]!.getStats()).forEach((report) => {
              if (report.type === 'inbound-rtp' && report.kind === 'video') decoded = report.framesDecoded ?? 0;
            });
            return decoded;
          });
        const peersBefore = await provider.page.evaluate(() => (window as unknown as RoomWindow).peers.length);
        await coturn.stop();
        await patient.page.evaluate(() =>
          (window as unknown as RoomWindow).sockets.forEach((socket) => socket.close()),
        );
        for (const side of sides) {
          await expect
            .poll(() => side.page.evaluate(() => (window as unknown as RoomWindow).room.states), { timeout: 15_000 })
            .toContain('reconnecting');
        }
        const stalled = await frames();
        coturn = await startCoturn();
        const back = Date.now();
        await expect.poll(frames, { timeout: 15_000 }).toBeGreaterThan(stalled + 25);
        const recoveredMs = Date.now() - back;
        console.log(`media back ${recoveredMs} ms after the network returned`);
        for (const side of sides) {
          await expect
            .poll(() => side.page.evaluate(() => (window as unknown as RoomWindow).room.room.state))
            .toBe('connected');
        }
        // The same peer connection, healed by an ICE restart: nobody re-entered.
        expect(await provider.page.evaluate(() => (window as unknown as RoomWindow).peers.length)).toBe(peersBefore);
        expect(await media(patient.page)).toMatchObject({ local: 'relay', remote: 'relay' });
      }
    } finally {
      for (const browser of browsers) await browser.close();
    }
  });
}
