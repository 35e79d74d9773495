import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

/** The e2e server's TURN settings (playwright.config.ts) and the coturn this test starts with them. */
// E2E_TURN_PORT moves it (and its relay range with it), so two checkouts can run their e2e tests at once.
const turnPort = Number(process.env.E2E_TURN_PORT ?? 3480);
const relayBase = 49200 + (turnPort - 3480) * 100;
export const e2eTurn = {
  port: turnPort,
  secret: 'e2e-turn-secret',
  minPort: relayBase,
  maxPort: relayBase + 99,
} as const;

export type Coturn = { process: ChildProcess; log: () => string; stop: () => Promise<void> };

/**
 * coturn (Debian's `turnserver`) on loopback with REST-secret credentials (use-auth-secret). It
 * must allow loopback peers, or it refuses to relay to 127.0.0.1 (coturn's `allow-loopback-peers`;
 * tried on these machines with coturn 4.6).
 */
export async function startCoturn(): Promise<Coturn> {
  const child = spawn(
    'turnserver',
    [
      '-n',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${e2eTurn.port}`,
      `--alt-listening-port=${e2eTurn.port + 1}`,
      `--min-port=${e2eTurn.minPort}`,
      `--max-port=${e2eTurn.maxPort}`,
      '--use-auth-secret',
      `--static-auth-secret=${e2eTurn.secret}`,
      '--realm=auscura.test',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      '--fingerprint',
      '--allow-loopback-peers',
      '--no-tcp-relay',
      '--log-file=stdout',
      '--simple-log',
      '--verbose',
      `--pidfile=/tmp/auscura-e2e-coturn-${process.pid}.pid`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 10_000;
  while (!/listener opened on|IPv4. UDP listener opened/i.test(output)) {
    if (child.exitCode !== null) throw new Error(`turnserver exited: ${output}`);
    if (Date.now() > deadline) throw new Error(`turnserver did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    process: child,
    log: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
