import path from 'node:path';
import { build } from 'esbuild';
import { chromium, expect } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { fakeMediaLaunchOptions } from '../fake-media';
import type { LiveExamChannel } from '../../src/lib/realtime/live-exam-channel.ts';
import type { createWebSocketChannel } from '../../src/lib/realtime/websocket-channel.ts';
import type { VideoRoom } from '../../src/lib/video/video-room.ts';
import type { joinWebRtcRoom } from '../../src/lib/video/webrtc-room.ts';

/** What the test pages hold: the bundled modules, every peer connection, and the room under test. */
export type RoomWindow = typeof globalThis & {
  videoLib: { createWebSocketChannel: typeof createWebSocketChannel; joinWebRtcRoom: typeof joinWebRtcRoom };
  peers: RTCPeerConnection[];
  sockets: WebSocket[];
  room: {
    channel: LiveExamChannel;
    received: unknown[];
    states: string[];
    room: VideoRoom;
    video: HTMLVideoElement;
    peak: number;
  };
};

/** The room's real modules (lib/realtime, lib/video) bundled once for the test pages. */
let bundle: Promise<string> | null = null;
function harnessBundle(): Promise<string> {
  bundle ??= build({
    entryPoints: [path.join(import.meta.dirname, 'harness-entry.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    conditions: ['source'],
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text);
  return bundle;
}

/** A separate Chromium with a fake camera and microphone; `audioFile` (a WAV) plays into the microphone. */
export function launchWithFakeMedia(audioFile?: string): Promise<Browser> {
  return chromium.launch(fakeMediaLaunchOptions(audioFile));
}

/**
 * A page of the portal's origin (a secure context: localhost) with the room's modules loaded and
 * every RTCPeerConnection kept in window.peers, so the test can read getStats().
 */
export async function roomPage(browser: Browser, baseURL: string): Promise<Page> {
  // The harness injects its bundle as a script into a page of the origin: a test device, not the
  // app, so the server's Content-Security-Policy (which refuses inline scripts) is bypassed here
  // only; the room's screens are checked under the policy in video-room-ui.spec.ts.
  const context = await browser.newContext({ baseURL, bypassCSP: true });
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const peers: RTCPeerConnection[] = [];
    Object.assign(window, { peers });
    window.RTCPeerConnection = class extends Native {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        peers.push(this);
      }
    };
    // The live exam's WebSockets too, so a test can cut them like a network drop.
    const NativeSocket = window.WebSocket;
    const sockets: WebSocket[] = [];
    Object.assign(window, { sockets });
    window.WebSocket = class extends NativeSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        sockets.push(this);
      }
    };
  });
  const page = await context.newPage();
  await page.goto('/healthz');
  await page.addScriptTag({ content: await harnessBundle() });
  return page;
}

/** The access token the web app keeps after sign-in (auth0-spa-js's cache). */
export async function pageAccessToken(page: Page): Promise<string> {
  const token = await page.evaluate(
    () =>
      Object.entries(localStorage)
        .filter(([key]) => key.startsWith('@@auth0spajs@@'))
        .map(([, value]) => JSON.parse(value) as { body?: { access_token?: string } })
        .find((entry) => entry.body?.access_token)?.body?.access_token,
  );
  expect(token).toBeTruthy();
  return token!;
}
