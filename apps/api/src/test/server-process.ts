import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const serverSource = path.resolve(import.meta.dirname, '../server.ts');

export type ServerProcess = { origin: string; pid: number; stop(signal?: NodeJS.Signals): Promise<void> };

/**
 * Starts the API as its own process (from source, through tsx) on a port and waits until it is
 * ready. Each process gets its own DATA_DIR (the folder is locked by one server).
 */
export async function startServerProcess(
  port: number,
  env: Record<string, string>,
  options: { prepareDataDir?: (dataDir: string) => Promise<void> } = {},
): Promise<ServerProcess> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'auscura-process-'));
  // E.g. the identity keys every process behind one load balancer shares.
  await options.prepareDataDir?.(dataDir);
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', serverSource], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO_RECORDINGS: 'false',
      RECORDING_WORKERS: '0',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      await exited;
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return { origin, pid: child.pid!, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop('SIGKILL');
  throw new Error(`the API process on port ${port} did not become ready`);
}
