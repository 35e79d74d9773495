import type { Browser, Page } from '@playwright/test';
import type { RoomWindow } from './room-page';

/** One side of the room in its own Chromium: the provider (bearer: its access token) or the patient (its session). */
export type Side = { browser: Browser; page: Page; bearer: string; role: 'HealthcareProvider' | 'Patient' };

/** A virtual exam of Ada's, started now, and a patient session for it. */
export async function examWithPatient(provider: Page, token: string) {
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
export function openChannel(side: Side, virtualExamId: string) {
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
export function join(side: Side, virtualExamId: string, policy: RTCIceTransportPolicy) {
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
