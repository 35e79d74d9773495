import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installTemplate } from './test-app.js';

// The PGlite template that test workers copy (test-app.ts): a worker that finishes building second
// must leave the first worker's template in place, since other workers may be copying it.
describe('installing the PGlite test template', () => {
  let root: string;
  const folder = () => path.join(root, 'template');
  const built = () => path.join(root, 'building', 'pgdata');
  const database = async (at: string, file: string) => {
    await fs.mkdir(at, { recursive: true });
    await fs.writeFile(path.join(at, 'PG_VERSION'), '17\n');
    await fs.writeFile(path.join(at, file), file);
  };
  const files = (at: string) => fs.readdir(at).then((names) => names.sort());

  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'auscura-template-test-'));
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it('moves the built folder in place when there is none', async () => {
    await database(built(), 'ours');
    expect(await installTemplate(built(), folder())).toBe(folder());
    expect(await files(folder())).toEqual(['PG_VERSION', 'ours']);
    await expect(fs.access(built())).rejects.toThrow();
  });

  it('keeps a complete template that is already there, untouched, and removes its own', async () => {
    await database(folder(), 'theirs');
    const stat = await fs.stat(folder());
    await database(built(), 'ours');
    expect(await installTemplate(built(), folder())).toBe(folder());
    expect(await files(folder())).toEqual(['PG_VERSION', 'theirs']);
    expect((await fs.stat(folder())).ino).toBe(stat.ino);
    await expect(fs.access(built())).rejects.toThrow();
  });

  it('uses its own folder and removes nothing when an incomplete folder is in the way', async () => {
    await fs.mkdir(folder());
    await fs.writeFile(path.join(folder(), 'leftover'), '');
    await database(built(), 'ours');
    expect(await installTemplate(built(), folder())).toBe(built());
    expect(await files(folder())).toEqual(['leftover']);
    expect(await files(built())).toEqual(['PG_VERSION', 'ours']);
  });
});
