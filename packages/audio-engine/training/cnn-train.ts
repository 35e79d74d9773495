// Trains the murmur detector's networks by handing the recordings' network inputs (cnn.ts
// cnnInput, computed here by the engine exactly as in the product) to cnn.py, which fits one
// network per job with PyTorch and writes their weights back. Only training needs Python; the
// networks run in TypeScript (cnn.ts).
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CNN_CHANNELS, type CnnModel } from '../src/murmur/cnn.js';
import { POSITIVE_WEIGHT } from './cv.js';
import type { Row } from './extract.js';

/**
 * Width of every layer, epochs and the first seed: chosen in cross-validation
 * (benchmarks/history/2026-11-results-journal.md, "Murmur detector").
 */
const CNN_HIDDEN = 16;
const CNN_EPOCHS = 25;
export const CNN_SEED = 1;

const SCRIPT = fileURLToPath(new URL('./cnn.py', import.meta.url));

/** PYTHON if set, else Debian's /usr/bin/python3 (where python3-torch installs), else python3 on the PATH. */
export function python(): string {
  return process.env.PYTHON ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
}

/**
 * Fits one network per job (each a list of rows of `rows`), in one Python process; job n starts from
 * seed `seed + n`.
 */
export function trainCnns(rows: Row[], jobs: Row[][], seed = CNN_SEED): CnnModel[] {
  const work = mkdtempSync(join(tmpdir(), 'auscura-cnn-'));
  try {
    const index = new Map(rows.map((r, i) => [r, i]));
    const inputs = openSync(join(work, 'inputs.f32'), 'w');
    const masks = openSync(join(work, 'masks.u8'), 'w');
    let offset = 0;
    let maskOffset = 0;
    const meta = rows.map((r) => {
      writeSync(inputs, new Uint8Array(r.cnn.x.buffer, r.cnn.x.byteOffset, r.cnn.x.byteLength));
      writeSync(masks, r.cnn.mask);
      const m = { offset, frames: r.cnn.frames, mask: maskOffset, y: r.label === 'present' ? 1 : 0 };
      offset += CNN_CHANNELS * r.cnn.frames;
      maskOffset += r.cnn.frames;
      return m;
    });
    closeSync(inputs);
    closeSync(masks);
    const spec = {
      channels: CNN_CHANNELS,
      hidden: CNN_HIDDEN,
      epochs: CNN_EPOCHS,
      seed,
      positiveWeight: POSITIVE_WEIGHT,
      rows: meta,
      jobs: jobs.map((j) => j.map((r) => index.get(r)!)),
    };
    writeFileSync(join(work, 'jobs.json'), JSON.stringify(spec));
    const check = spawnSync(python(), ['-c', 'import torch'], { stdio: 'ignore' });
    if (check.error || check.status !== 0)
      throw new Error(
        `${python()} cannot import PyTorch, which the network's training needs: install Debian's python3-torch (apt-get install python3-torch) or set PYTHON to a Python 3 that has it`,
      );
    const run = spawnSync(python(), [SCRIPT, work], { stdio: ['ignore', 'inherit', 'inherit'] });
    if (run.error || run.status !== 0)
      throw new Error(`the network's training failed (${run.error?.message ?? `exit ${run.status}`})`);
    return JSON.parse(readFileSync(join(work, 'nets.json'), 'utf8')) as CnnModel[];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
