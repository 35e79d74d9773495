import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * `npm run admin` and `npm run seed` go through apps/api/bin/run-built.mjs: a current build is not
 * rebuilt, a stale one is built first and said so, a failed build stops with a clear message. Here
 * turbo is a fake that answers a chosen cache status and logs its calls, and the built script is a
 * fake that prints what it was given.
 */
const launcher = path.resolve(import.meta.dirname, '../../bin/run-built.mjs');
const root = path.resolve(import.meta.dirname, '../../../..');
const folders: string[] = [];

function setup(cache: 'HIT' | 'MISS', buildExit = 0) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'run-built-'));
  folders.push(dir);
  const calls = path.join(dir, 'calls.log');
  const turbo = path.join(dir, 'turbo');
  fs.writeFileSync(
    turbo,
    `#!/bin/sh
echo "$*" >> ${calls}
case "$*" in
  *--dry=json*) echo '{"tasks":[{"package":"@auscura/contracts","cache":{"status":"HIT"}},{"package":"@auscura/api","cache":{"status":"${cache}"}}]}' ;;
  *) echo "building" >&2; exit ${buildExit} ;;
esac
`,
    { mode: 0o755 },
  );
  const built = path.join(dir, 'built');
  fs.mkdirSync(built);
  fs.writeFileSync(
    path.join(built, 'admin.js'),
    'console.log(JSON.stringify({ args: process.argv.slice(2), dataDir: process.env.DATA_DIR ?? null }));\n',
  );
  const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    spawnSync(process.execPath, [launcher, 'admin', ...args], {
      encoding: 'utf8',
      env: {
        ...process.env,
        DATA_DIR: undefined,
        ...env,
        AUSCURA_RUN_BUILT_TURBO: turbo,
        AUSCURA_RUN_BUILT_DIR: built,
      },
    });
  return { run, calls: () => fs.readFileSync(calls, 'utf8').trim().split('\n') };
}

afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the operator CLI launcher', () => {
  it('runs a current build at once, with the arguments it was given, and says nothing of building', () => {
    const { run, calls } = setup('HIT');
    const result = run(['invite', '--email', 'a@b.example', '--org', 'Riverside Cardiology']);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).args).toEqual([
      'invite',
      '--email',
      'a@b.example',
      '--org',
      'Riverside Cardiology',
    ]);
    expect(result.stderr).not.toMatch(/not current/);
    // The cache lookup, then the build that only replays the cached outputs.
    expect(calls()).toEqual([
      'run build --filter=@auscura/api... --dry=json',
      'run build --filter=@auscura/api... --output-logs=errors-only',
    ]);
  });

  it('says when it must build first, and which package changed', () => {
    const { run } = setup('MISS');
    const result = run(['audit', '--verify']);
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/The API's build is not current \(@auscura\/api changed\): building it first/);
  });

  it('stops with a clear message when the build fails, and runs nothing', () => {
    const { run } = setup('MISS', 2);
    const result = run(['invite']);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/The build failed: fix the errors above, then run the command again\./);
  });

  it('reads a .env at the repository root the way npm start does, the environment winning', () => {
    const envFile = path.join(root, '.env');
    if (fs.existsSync(envFile)) return; // an operator's own .env is not ours to replace
    fs.writeFileSync(envFile, 'DATA_DIR=/srv/from-env-file\n');
    try {
      const { run } = setup('HIT');
      expect(JSON.parse(run([]).stdout).dataDir).toBe('/srv/from-env-file');
      expect(JSON.parse(run([], { DATA_DIR: '/srv/from-environment' }).stdout).dataDir).toBe('/srv/from-environment');
    } finally {
      fs.rmSync(envFile);
    }
  });
});
