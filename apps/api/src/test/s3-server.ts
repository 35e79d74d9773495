import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** s3rver's built-in account (it accepts requests signed with this access key id). */
const s3rverCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type TestS3Server = {
  endpoint: string;
  bucket: string;
  /** The environment variables that put the app's recordings in this server's bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
};

// Runs in the child: s3rver on a random port of 127.0.0.1, objects in the given folder.
const serverScript = `
const S3rver = require(process.env.S3RVER_MODULE);
const server = new S3rver({
  address: '127.0.0.1', port: 0, silent: true, directory: process.env.S3RVER_DIRECTORY,
  configureBuckets: [{ name: process.env.S3RVER_BUCKET }],
});
server.run().then(({ port }) => process.stdout.write(JSON.stringify({ port }) + '\\n'));
// The parent holds stdin open: if it dies without closing the server, this ends too.
process.stdin.on('end', () => process.exit(0)).resume();
`;

/**
 * A real S3 HTTP server (s3rver 3.7, objects in a temporary folder) on a random local port, with
 * one bucket. It runs in a child process started with --openssl-legacy-provider: its ListObjectsV2
 * continuation tokens are DES-encrypted, which OpenSSL 3 refuses by default (every truncated list
 * page answered 500 InternalError in-process). s3rver checks the access key id but does not verify
 * SigV4 signatures (the signing is the AWS SDK's, tested by AWS).
 */
export async function startS3Server(bucket = 'auscura-test'): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'auscura-s3rver-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', serverScript], {
    env: {
      ...process.env,
      S3RVER_MODULE: createRequire(import.meta.url).resolve('s3rver'),
      S3RVER_DIRECTORY: directory,
      S3RVER_BUCKET: bucket,
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (data: Buffer) => {
      output += data.toString();
      const line = output.split('\n')[0];
      if (output.includes('\n') && line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited before listening (code ${code})`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      RECORDINGS_S3_BUCKET: bucket,
      RECORDINGS_S3_ENDPOINT: endpoint,
      RECORDINGS_S3_ACCESS_KEY_ID: s3rverCredentials.accessKeyId,
      RECORDINGS_S3_SECRET_ACCESS_KEY: s3rverCredentials.secretAccessKey,
    },
    async close() {
      child.kill('SIGTERM');
      await exited;
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
