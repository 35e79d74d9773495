import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { demo, signInAs } from './support';

// What the listening tests use: the playback worklet's output captured in the page, and the
// measures that place it in the engine's own rendering and compare it sample for sample.

type Capture = { sampleRate: number; chunks: number[][] };
declare global {
  interface Window {
    __captures?: Capture[];
  }
}

/**
 * Taps what the engine's 'playback-processor' AudioWorklet sends to the speakers, without any
 * hook in the app: the page's AudioWorkletNode and AudioNode.connect are wrapped so that when a
 * playback node is connected to the destination, the app's own 'recorder-processor' (served by the
 * app, so the page's Content-Security-Policy allows it) records the same output. A recorder on the
 * audio thread: a ScriptProcessor runs on the main thread and, on a busy machine, drops buffers,
 * whose seams add broadband noise that reads as "high bands" in the comparison.
 */
function tapPlaybackOutput(recorderUrl: string) {
  const captures: Capture[] = [];
  window.__captures = captures;
  const playbackNodes = new WeakSet<AudioNode>();
  const Native = window.AudioWorkletNode;
  window.AudioWorkletNode = class extends Native {
    constructor(context: BaseAudioContext, name: string, options?: AudioWorkletNodeOptions) {
      super(context, name, options);
      if (name === 'playback-processor') playbackNodes.add(this);
    }
  };
  const connect = AudioNode.prototype.connect as (this: AudioNode, ...args: unknown[]) => AudioNode;
  AudioNode.prototype.connect = function (this: AudioNode, ...args: unknown[]) {
    const result = connect.apply(this, args);
    if (playbackNodes.has(this) && args[0] instanceof AudioDestinationNode) {
      const context = this.context;
      // The playback node's own connect, for the recorder (arrows keep this call's `this`).
      const connectPlayback = (target: AudioNode) => connect.call(this, target);
      const capture: Capture = { sampleRate: context.sampleRate, chunks: [] };
      captures.push(capture);
      void context.audioWorklet.addModule(recorderUrl).then(() => {
        const recorder = new Native(context, 'recorder-processor', {
          numberOfOutputs: 1,
          processorOptions: { chunkSeconds: 0.05, maxSeconds: 3600 },
        });
        recorder.port.onmessage = (event: MessageEvent<{ type: string; samples?: Float32Array }>) => {
          if (event.data.type === 'chunk' && event.data.samples) capture.chunks.push(Array.from(event.data.samples));
        };
        const mute = context.createGain();
        mute.gain.value = 0;
        connectPlayback(recorder);
        connect.call(recorder, mute);
        connect.call(mute, context.destination);
      });
    }
    return result;
  } as typeof AudioNode.prototype.connect;
}

/** The built app's recorder worklet, by the name Vite gave it. */
function recorderAssetUrl(): string {
  const assets = path.resolve(import.meta.dirname, '../dist/assets');
  const file = fs.readdirSync(assets).find((name) => /^recorder-processor-.*\.js$/.test(name));
  if (!file) throw new Error('Build the web app first: no recorder-processor in apps/web/dist/assets');
  return `/assets/${file}`;
}

/** From the next navigation on, what every playback worklet sends to the speakers is captured. */
export async function capturePlayback(page: Page) {
  await page.addInitScript(tapPlaybackOutput, recorderAssetUrl());
}

/** Signs in as Ada and opens the first organization exam with a heart recording; returns its card. */
export async function openHeartRecording(page: Page): Promise<Locator> {
  await capturePlayback(page);
  await page.goto('/organization/exams?all=true');
  await signInAs(page, demo.ada);
  const links = page.getByRole('table').getByRole('link', { name: /^View exam/ });
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href') ?? ''));
  for (const href of hrefs) {
    await page.goto(href);
    await expect(page.getByRole('heading', { name: 'Auscultations' })).toBeVisible();
    const card = page.getByRole('article', { name: /^Heart \d$/ }).first();
    if ((await card.count()) === 0) continue;
    // The demo recordings are attached in the background after the server starts: wait for this one.
    await expect(async () => {
      if (await card.getByText('The recording could not be loaded.').isVisible()) await page.reload();
      await expect(card.getByRole('slider', { name: /^Playback position/ })).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 90_000 });
    return card;
  }
  throw new Error('No seeded exam with a heart recording');
}

/** Samples captured from chunk `from` on, without the silence before playback started and after it stopped. */
export async function captured(page: Page, from: number): Promise<{ samples: Float32Array; sampleRate: number }> {
  const capture = await page.evaluate(() => window.__captures?.at(-1) ?? null);
  if (!capture) throw new Error('Nothing was captured');
  const flat = capture.chunks.slice(from).flat();
  let start = 0;
  let end = flat.length;
  while (start < end && Math.abs(flat[start]!) < 1e-7) start++;
  while (end > start && Math.abs(flat[end - 1]!) < 1e-7) end--;
  return { samples: Float32Array.from(flat.slice(start, end)), sampleRate: capture.sampleRate };
}

export const chunkCount = (page: Page) => page.evaluate(() => window.__captures?.at(-1)?.chunks.length ?? 0);

/**
 * Waits until the newest chunk the tap has delivered is silence (or nothing is tapped yet): all
 * that was played before has then reached the page. The recorder posts a chunk every 50 ms of
 * audio, but on a loaded machine its messages can lag the audio by more than a fixed wait; a
 * capture counted from a chunk count read before the last play's tail arrived would start with
 * that tail.
 */
async function delivered(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const chunks = window.__captures?.at(-1)?.chunks;
          if (!chunks) return true;
          const last = chunks.at(-1);
          return !!last && last.every((x) => Math.abs(x) < 1e-7);
        }),
      { timeout: 20_000, message: 'the tap delivers the silence after the sound' },
    )
    .toBe(true);
}

/** Plays from the start for `ms` and returns what the worklet sent out meanwhile. */
export async function playFor(page: Page, card: Locator, ms: number) {
  await delivered(page);
  const from = await chunkCount(page);
  await card.getByRole('button', { name: /^Play,/ }).click();
  await expect(card.getByRole('button', { name: /^Stop,/ })).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(ms);
  await card.getByRole('button', { name: /^Stop,/ }).click();
  await page.waitForTimeout(300);
  await delivered(page);
  return captured(page, from);
}
