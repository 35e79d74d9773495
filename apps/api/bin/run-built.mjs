// Runs one of the API's built scripts (admin, seed) without rebuilding when the build is current.
// Plain JavaScript on purpose: it must run before anything is built. Turbo decides what is current
// (its task hashes cover every source, config and dependency the build reads, the same cache
// `npm start` uses), so a current build costs a cache lookup instead of a minute of tsc.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../../..');
// Both are fixed in use; a test points them at a fake turbo and fake scripts.
const turbo = process.env.AUSCURA_RUN_BUILT_TURBO ?? path.join(root, 'node_modules/.bin/turbo');
const builtDir = process.env.AUSCURA_RUN_BUILT_DIR ?? path.join(root, 'apps/api/dist/scripts');
const build = ['run', 'build', '--filter=@auscura/api...'];

/** The packages whose build turbo would have to run (not a cache hit), or null when it cannot tell. */
function staleBuilds() {
  const dry = spawnSync(turbo, [...build, '--dry=json'], { cwd: root, encoding: 'utf8' });
  if (dry.status !== 0) return null;
  try {
    const plan = JSON.parse(dry.stdout);
    return plan.tasks.filter((task) => task.cache?.status !== 'HIT').map((task) => task.package);
  } catch {
    return null;
  }
}

const [script, ...args] = process.argv.slice(2);
const entry = path.join(builtDir, `${script}.js`);
const stale = staleBuilds();
if (stale === null || stale.length > 0 || !fs.existsSync(entry)) {
  process.stderr.write(
    `The API's build is not current${stale?.length ? ` (${stale.join(', ')} changed)` : ''}: building it first, which takes a minute or two…\n`,
  );
}
// On a cache hit this replays the build's outputs in well under a second.
const built = spawnSync(turbo, [...build, '--output-logs=errors-only'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0 || !fs.existsSync(entry)) {
  process.stderr.write('The build failed: fix the errors above, then run the command again.\n');
  process.exit(1);
}

// The same configuration as `npm start`: the environment, and a .env file at the repository root
// for what it does not set (Node's rule: the environment wins).
const envFile = path.join(root, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
process.argv = [process.argv[0], entry, ...args];
await import(pathToFileURL(entry).href);
