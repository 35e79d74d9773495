import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A second server for the compatibility specs that need other TURN settings than the e2e
 * server's (a TURN server behind an impairing relay, or one that is not there): the same built
 * bundle, its own port and data folder, no demo data.
 */
export type OwnServer = { origin: string; stop(): Promise<void> };

const bundle = path.resolve(import.meta.dirname, '../../../api/dist/server.bundle.js');

export async function startOwnServer(port: number, env: Record<string, string>): Promise<OwnServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'auscura-compat-e2e-'));
  const origin = `http://localhost:${port}`;
  const child = spawn(process.execPath, [bundle], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      SEED_DEMO_RECORDINGS: 'false',
      RECORDING_WORKERS: '0',
      CSP_VIOLATIONS_FILE: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return { origin, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the compatibility test's own server on port ${port} did not become ready`);
}
