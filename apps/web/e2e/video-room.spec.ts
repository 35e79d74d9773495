import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { demo, signInAs } from './support';
import { startCoturn } from './video/coturn';
import type { Coturn } from './video/coturn';
import { launchWithFakeMedia, pageAccessToken, roomPage } from './video/room-page';
import type { RoomWindow } from './video/room-page';

/**
 * The embedded video room end to end (issue 16): two Chromium instances with fake camera and
 * microphone, the provider's and the patient's, signaling through the live exam's WebSocket and
 * ICE from GET /video/turn-credentials. With relay-only ICE every packet crosses a real coturn.
 */
type Side = { browser: Browser; page: Page; bearer: string; role: 'HealthcareProvider' | 'Patient' };

let coturn: Coturn;
test.beforeAll(async () => {
  coturn = await startCoturn();
});
test.afterAll(async () => {
  await coturn?.stop();
});

/** A virtual exam of Ada's, started now, and a patient session for it. */
async function examWithPatient(provider: Page, token: string) {
  return provider.evaluate(async (bearer) => {
    const headers = { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' };
    const claims = JSON.parse(atob(bearer.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    const patients = await (await fetch('/api/v1/search/patient-profiles', { headers })).json();
    const created = await fetch('/api/v1/virtual-exams', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        healthcareProviderId: claims['https://auscura.example/healthcareProviderId'],
        patientProfileId: patients.items[0].id,
        timeZone: 'Europe/Paris',
      }),
    });
    const exam = await created.json();
    const auth = await fetch(`/api/v1/virtual-exams/${exam.id}/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'Pat Patient', accessCode: exam.accessCode }),
    });
    return { virtualExamId: exam.id as string, patientToken: (await auth.json()).token as string };
  }, token);
}

/** Opens the live exam's channel as this side (the §7.3 token calls, then the WebSocket). */
function openChannel(side: Side, virtualExamId: string) {
  return side.page.evaluate(
    async ({ virtualExamId, bearer, role }) => {
      const kind = role === 'HealthcareProvider' ? 'authorized-participant' : 'potential-participant';
      const getToken = async () => {
        const response = await fetch(`/api/v1/realtime/auth/live-exam/${virtualExamId}/${kind}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${bearer}` },
        });
        if (!response.ok) throw new Error(`token call answered ${response.status}`);
        return ((await response.json()) as { value: string }).value;
      };
      const lib = (window as unknown as RoomWindow).videoLib;
      const channel = lib.createWebSocketChannel({ virtualExamId, getToken });
      Object.assign(window, { room: { channel, received: [], states: [] } });
      await new Promise<void>((resolve) => channel.onStatus((s: string) => s === 'connected' && resolve()));
    },
    { virtualExamId, bearer: side.bearer, role: side.role },
  );
}

/** Joins the room with the fake camera and microphone; the remote stream plays in a muted <video>. */
function join(side: Side, virtualExamId: string, policy: RTCIceTransportPolicy) {
  return side.page.evaluate(
    async ({ virtualExamId, bearer, role, policy }) => {
      const state = (window as unknown as RoomWindow).room;
      const local = await navigator.mediaDevices.getUserMedia({ video: { width: 500, height: 625 }, audio: true });
      const getIceServers = async () => {
        const response = await fetch(`/api/v1/video/turn-credentials?virtualExamId=${virtualExamId}`, {
          headers: { authorization: `Bearer ${bearer}` },
        });
        return ((await response.json()) as { iceServers: RTCIceServer[] }).iceServers;
      };
      const video = document.createElement('video');
      video.muted = true;
      video.autoplay = true;
      document.body.append(video);
      const room = await (window as unknown as RoomWindow).videoLib.joinWebRtcRoom({
        role,
        signaling: state.channel.signaling!,
        localTracks: local.getTracks(),
        getIceServers,
        iceTransportPolicy: policy,
      });
      // The level heard: the remote audio through Web Audio (its peak so far, sampled every 20 ms).
      const audio = new AudioContext();
      const analyser = audio.createAnalyser();
      const samples = new Float32Array(analyser.fftSize);
      let source: MediaStreamAudioSourceNode | null = null;
      Object.assign(state, { peak: 0 });
      setInterval(() => {
        analyser.getFloatTimeDomainData(samples);
        for (const value of samples) state.peak = Math.max(state.peak, Math.abs(value));
      }, 20);
      const play = (stream: MediaStream | null) => {
        video.srcObject = stream;
        source?.disconnect();
        source = null;
        if (stream?.getAudioTracks().length) {
          source = audio.createMediaStreamSource(stream);
          source.connect(analyser);
        }
      };
      room.on('remoteStream', play);
      room.on('data', (message: unknown) => state.received.push(message));
      room.on('state', (next: string) => state.states.push(next));
      if (room.remoteStream) play(room.remoteStream);
      Object.assign(state, { room, video });
    },
    { virtualExamId, bearer: side.bearer, role: side.role, policy },
  );
}

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
