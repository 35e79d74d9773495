import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { demo, expectNoSeriousViolations, signInAs, snap } from './support';
import { launchWithFakeMedia, pageAccessToken } from './video/room-page';

/*
 * Issue 16 through the screens: the provider's lobby preview and settings, the room, the patient's
 * room; both play the other's video and receive its audio; the target marker lands at the same
 * relative position on the patient's side; a closed patient tab is announced; Exit and Re-enter.
 */

/** A started-now exam of Ada's and its access code, through the API with the page's token. */
async function startExam(page: Page) {
  const token = await pageAccessToken(page);
  return page.evaluate(async (bearer) => {
    const headers = { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' };
    const claims = JSON.parse(atob(bearer.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    const patients = await (await fetch('/api/v1/search/patient-profiles', { headers })).json();
    const response = await fetch('/api/v1/virtual-exams', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        healthcareProviderId: claims['https://auscura.example/healthcareProviderId'],
        patientProfileId: patients.items[0].id,
        timeZone: 'Europe/Paris',
      }),
    });
    return (await response.json()) as { id: string; accessCode: string };
  }, token);
}

/** Received media of the page's connected peer connection (kept by the init script). */
async function inbound(page: Page) {
  return page.evaluate(async () => {
    const peers = (window as unknown as { peers: RTCPeerConnection[] }).peers;
    const peer = peers.findLast((p) => p.connectionState === 'connected');
    if (!peer) return { audioPackets: 0, framesDecoded: 0 };
    let audioPackets = 0;
    let framesDecoded = 0;
    (await peer.getStats()).forEach((report) => {
      if (report.type === 'inbound-rtp' && report.kind === 'audio') audioPackets = report.packetsReceived ?? 0;
      if (report.type === 'inbound-rtp' && report.kind === 'video') framesDecoded = report.framesDecoded ?? 0;
    });
    return { audioPackets, framesDecoded };
  });
}

async function newPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
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
  });
  return context.newPage();
}

const videoWidth = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((video: HTMLVideoElement) => video.videoWidth);

/** The marker's centre relative to the video panel it sits on. */
const markerPosition = (page: Page) =>
  page.getByTestId('target-marker').evaluate((marker) => {
    const panel = marker.parentElement!.getBoundingClientRect();
    const box = marker.getBoundingClientRect();
    return [
      (box.left + box.width / 2 - panel.left) / panel.width,
      (box.top + box.height / 2 - panel.top) / panel.height,
    ];
  });

test('provider and patient see and hear each other in the room; target, disconnection, exit and re-entry', async ({
  baseURL,
}) => {
  test.setTimeout(150_000);
  const browsers: Browser[] = [];
  try {
    const providerBrowser = await launchWithFakeMedia();
    browsers.push(providerBrowser);
    const patientBrowser = await launchWithFakeMedia();
    browsers.push(patientBrowser);
    const provider = await newPage(providerBrowser, baseURL!);
    await provider.goto('/patients');
    await signInAs(provider, demo.ada);
    const exam = await startExam(provider);

    // The lobby: the local preview 500 × 625 with its toggles and settings (§2.3).
    await provider.goto(`/live-exam/${exam.id}`);
    await expect(provider.getByRole('heading', { name: 'Ready to enter the exam?' })).toBeVisible();
    const preview = provider.getByLabel('Your camera preview', { exact: true });
    await expect.poll(() => videoWidth(provider, 'Your camera preview')).toBeGreaterThan(0);
    const box = (await preview.boundingBox())!;
    expect([Math.round(box.width), Math.round(box.height)]).toEqual([500, 625]);
    await provider.getByRole('button', { name: 'Settings' }).click();
    const settings = provider.getByRole('dialog', { name: 'Settings' });
    await expect(settings.getByRole('combobox', { name: 'Video source' })).toBeVisible();
    await expect(settings.getByRole('combobox', { name: 'Audio source' })).toBeVisible();
    await expectNoSeriousViolations(provider);
    await settings.getByRole('button', { name: 'Close' }).click();
    await expectNoSeriousViolations(provider);
    await snap(provider, 'video-lobby', [1440, 1024]);
    await provider.getByRole('button', { name: 'Enter exam' }).click();

    // The patient asks to join from the link; the provider admits.
    const patient = await newPage(patientBrowser, baseURL!);
    await patient.goto(`/virtual-exam/${exam.id}`);
    await patient.getByRole('textbox', { name: 'Access code' }).fill(exam.accessCode);
    await patient.getByRole('button', { name: 'Continue' }).click();
    await patient.getByRole('textbox', { name: 'Your name' }).fill('Pat Example');
    await patient.getByRole('button', { name: 'Ask to join' }).click();
    const request = provider.getByRole('dialog', { name: 'Entry request' });
    await request.getByRole('button', { name: 'Admit' }).click();

    // Acceptance 1: both play the other's video and receive the other's audio.
    await expect.poll(() => videoWidth(provider, 'Patient video'), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => videoWidth(patient, 'Clinician video'), { timeout: 20_000 }).toBeGreaterThan(0);
    for (const page of [provider, patient]) {
      await expect.poll(async () => (await inbound(page)).audioPackets, { timeout: 10_000 }).toBeGreaterThan(20);
      await expect.poll(async () => (await inbound(page)).framesDecoded, { timeout: 10_000 }).toBeGreaterThan(10);
    }
    const local = provider.getByLabel('Your camera', { exact: true });
    const localBox = (await local.boundingBox())!;
    expect([Math.round(localBox.width), Math.round(localBox.height)]).toEqual([160, 200]);
    // At 1024 px the patient's video keeps at least 480 px, the self view over one of its corners
    // (it was a 270 px strip beside the auscultations panel, mostly under the self view).
    for (const width of [1440, 1024]) {
      await provider.setViewportSize({ width, height: width === 1024 ? 768 : 900 });
      const remoteBox = (await provider.getByLabel('Patient video', { exact: true }).boundingBox())!;
      const selfBox = (await local.boundingBox())!;
      expect(remoteBox.width, `the patient's video at ${width} px`).toBeGreaterThanOrEqual(480);
      expect(selfBox.x).toBeGreaterThanOrEqual(remoteBox.x);
      expect(selfBox.x + selfBox.width).toBeLessThanOrEqual(remoteBox.x + remoteBox.width + 1);
      expect(selfBox.y + selfBox.height).toBeLessThanOrEqual(remoteBox.y + remoteBox.height + 1);
    }
    await provider.setViewportSize({ width: 1440, height: 900 });
    await expectNoSeriousViolations(provider);
    await snap(provider, 'video-room', [1440, 1024]);
    await expectNoSeriousViolations(patient);
    await snap(patient, 'video-patient-room', [1440, 1024, 375]);

    // Acceptance 2: the dragged target shows at the same relative position for the patient (within 2 %).
    await provider.getByRole('button', { name: 'Show target' }).click();
    const marker = provider.getByTestId('target-marker');
    await expect(marker).toBeVisible();
    const panel = (await provider.getByLabel('Patient video', { exact: true }).boundingBox())!;
    const start = (await marker.boundingBox())!;
    await provider.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await provider.mouse.down();
    await provider.mouse.move(panel.x + panel.width * 0.3, panel.y + panel.height * 0.7, { steps: 8 });
    await provider.mouse.up();
    const placed = await markerPosition(provider);
    expect(placed[0]).toBeCloseTo(0.3, 1);
    await expect(patient.getByTestId('target-marker')).toBeVisible();
    await expect
      .poll(async () => {
        const seen = await markerPosition(patient);
        return Math.max(Math.abs(seen[0]! - placed[0]!), Math.abs(seen[1]! - placed[1]!));
      })
      .toBeLessThan(0.02);

    // Acceptance 3: the patient's tab closes: the provider is told within 10 s.
    const closedAt = Date.now();
    await patient.close();
    await expect(provider.getByText('The patient has disconnected.')).toBeVisible({ timeout: 10_000 });
    console.log(`video-room-ui: patient-disconnected notice after ${Date.now() - closedAt} ms`);

    // Exit and re-entry.
    await provider.getByRole('button', { name: 'Exit' }).first().click();
    await expect(provider.getByRole('heading', { name: 'You have left the exam' })).toBeVisible();
    await provider.getByRole('button', { name: 'Re-enter exam' }).click();
    await expect(provider.getByLabel('Patient video', { exact: true })).toBeVisible();
  } finally {
    for (const browser of browsers) await browser.close();
  }
});
