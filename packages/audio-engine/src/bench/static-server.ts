// Minimal static server for the Chromium tests: pages must come from http://localhost (secure
// context, module workers). Bare `comlink` imports are rewritten to the served ESM file, the one
// job a bundler would do for the app.
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const PKG = fileURLToPath(new URL('../../', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.wav': 'audio/wav',
  '.json': 'application/json',
};

function resolve(url: string): string | undefined {
  const path = normalize(decodeURIComponent(new URL(url, 'http://localhost').pathname));
  if (path.includes('..')) return undefined;
  if (path === '/') return join(PKG, 'test/browser/page.html');
  for (const [prefix, base] of [
    ['/dist/', join(PKG, 'dist')],
    ['/build/', join(PKG, 'build')],
    ['/test/browser/', join(PKG, 'test/browser')],
    ['/fixtures/', join(ROOT, 'benchmarks/fixtures/audio')],
    ['/node_modules/', join(ROOT, 'node_modules')],
  ] as const) {
    if (path.startsWith(prefix)) return join(base, path.slice(prefix.length));
  }
  return undefined;
}

export async function startServer(): Promise<{ server: Server; origin: string }> {
  const server = createServer(async (req, res) => {
    const file = resolve(req.url ?? '/');
    if (!file) return void res.writeHead(404).end();
    try {
      let body: Buffer | string = await readFile(file);
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      if (type === 'text/javascript') {
        body = body.toString('utf8').replace(/from 'comlink'/g, "from '/node_modules/comlink/dist/esm/comlink.mjs'");
      }
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { server, origin: `http://localhost:${port}` };
}
