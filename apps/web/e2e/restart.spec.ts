import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { demo, signInAs } from './support';

// This test runs its own server so it can restart it; the shared one keeps running.
const port = 8093;
const origin = `http://localhost:${port}`;
const serverEntry = path.resolve(import.meta.dirname, '../../api/dist/server.bundle.js');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auscura-e2e-restart-'));

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return child;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not become ready');
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

test.afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

test('restarting the server keeps users, data and a signed-in browser session', async ({ page }) => {
  test.setTimeout(180_000);
  let server = await startServer();
  try {
    await page.goto(`${origin}/patients`);
    await signInAs(page, demo.ada);
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(11);
    const firstPatient = (await rows.nth(1).textContent()) ?? '';

    await stopServer(server);
    server = await startServer();

    // Make the cached access token look expired, so the app must use its refresh token against
    // the restarted provider (grants live in the database, keys in DATA_DIR).
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) {
        if (!key.startsWith('@@auth0spajs@@') || key.includes('@@user@@')) continue;
        const entry = JSON.parse(localStorage.getItem(key)!);
        entry.expiresAt = Math.floor(Date.now() / 1000) - 60;
        localStorage.setItem(key, JSON.stringify(entry));
      }
    });
    const refreshed = page.waitForResponse((response) => response.url().endsWith('/oauth/token'));
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(rows.nth(1)).toHaveText(firstPatient);
    expect(firstPatient.length).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  } finally {
    await stopServer(server);
  }
});
