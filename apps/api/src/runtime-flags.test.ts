import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { v8Flags } from './runtime-flags.js';

/** Runs a hot loop in a fresh Node, after `setup`, and returns V8's optimization trace. */
function traceOfHotLoop(setup: string): string {
  const script = `${setup}
    function hot(x) { let s = 0; for (let i = 0; i < 1000; i++) s += Math.sqrt(x + i); return s; }
    let t = 0; for (let k = 0; k < 20000; k++) t += hot(k);
    if (!(t > 0)) throw new Error('no result');`;
  return execFileSync(process.execPath, ['--trace-opt', '--input-type=module', '-e', script], { encoding: 'utf8' });
}

describe('the V8 flags the server runs with', () => {
  it('server.ts imports runtime-flags before anything else', () => {
    const firstImport = readFileSync(new URL('./server.ts', import.meta.url), 'utf8').match(/^import .*$/m)?.[0];
    expect(firstImport).toBe("import './runtime-flags.js';");
  });

  it('after runtime-flags, hot code is never compiled by Maglev (without it, it is)', () => {
    expect(v8Flags).toContain('--no-maglev');
    expect(traceOfHotLoop('')).toMatch(/target MAGLEV/);
    const module = new URL('./runtime-flags.ts', import.meta.url).href;
    const trace = traceOfHotLoop(`await import(${JSON.stringify(module)});`);
    expect(trace).toMatch(/target TURBOFAN/);
    expect(trace).not.toMatch(/MAGLEV/);
  });
});
