import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auscultationPoints, inPersonPoints } from './auscultation.js';
import { auscultationSites, pointName, siteName, siteOf } from './auscultation-sites.js';

const repo = path.resolve(import.meta.dirname, '../../..');
const roots = ['apps/web/src', 'apps/api/src', 'packages/contracts/src', 'packages/audio-engine/src'];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(file);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * What a second source of point anatomy looks like: one of the table's own words, a long label
 * built from a label, or a map keyed by point labels (h1: …, l4: […]).
 */
function secondSources(text: string): string[] {
  const found: string[] = [];
  for (const site of auscultationSites) {
    for (const words of [site.description, site.patientPlacement]) {
      if (words && text.includes(words.slice(0, 40))) found.push(`${site.label}'s words "${words.slice(0, 40)}…"`);
    }
    if (site.type !== 'other' && new RegExp(`['"\`]${site.longLabel}['"\`]`).test(text))
      found.push(`the literal '${site.longLabel}'`);
  }
  if (/(Heart|Lung) \$\{/.test(text)) found.push('a long label built from a label');
  const keyed = text.match(/\b[hl][1-5]\s*:\s*['"`[]/g);
  if (keyed) found.push(`a map keyed by point labels (${keyed.join(', ')})`);
  return found;
}

describe('one anatomy for every point', () => {
  it('lists h1–h5, l1–l5 and Other once each, every standard point with its words and its place', () => {
    expect(auscultationSites.map((site) => site.label)).toEqual([
      ...['h1', 'h2', 'h3', 'h4', 'h5', 'l1', 'l2', 'l3', 'l4', 'l5'],
      'other',
    ]);
    for (const site of auscultationSites.filter((s) => s.type !== 'other')) {
      expect(site.description, site.label).toBeTruthy();
      expect(site.patientPlacement, site.label).toBeTruthy();
      expect(site.position, site.label).not.toBeNull();
    }
  });

  it('says the same place to the clinician and to the patient: the lower lobes are on the back for both', () => {
    for (const label of ['l4', 'l5']) {
      const site = siteOf(label)!;
      expect(site.description).toMatch(/posterior/);
      expect(site.patientPlacement).toMatch(/your back/);
      expect(site.position?.view).toBe('back');
    }
    for (const site of auscultationSites.filter((s) => s.position?.view === 'front')) {
      expect(site.description).not.toMatch(/posterior/);
      expect(site.patientPlacement).not.toMatch(/your back/);
    }
    // Right and left as the views show them: facing the front, the patient's right is on the left.
    expect(siteOf('l1')!.position!.x).toBeLessThan(60);
    expect(siteOf('h1')!.position!.x).toBeLessThan(60);
    // From behind, the patient's right is on the right.
    expect(siteOf('l4')!.position!.x).toBeGreaterThan(60);
  });

  it('is where the points lists and the names come from', () => {
    expect(auscultationPoints.map((p) => p.longLabel)).toEqual(
      auscultationSites.filter((s) => s.type !== 'other').map((s) => s.longLabel),
    );
    expect(inPersonPoints.at(-1)).toEqual({ type: 'other', label: 'other', longLabel: 'Other' });
    expect(siteName('l4')).toBe('Lung 4');
    expect(siteName('x9')).toBe('x9');
    expect(pointName({ label: 'other', longLabel: 'Other' })).toBe('Other');
  });

  it('has no second source anywhere in the apps or the packages', () => {
    const offenders = roots
      .flatMap((root) => sources(path.join(repo, root)))
      .filter((file) => !file.endsWith(path.join('contracts', 'src', 'auscultation-sites.ts')))
      .flatMap((file) =>
        secondSources(fs.readFileSync(file, 'utf8')).map((what) => `${path.relative(repo, file)}: ${what}`),
      );
    expect(offenders).toEqual([]);
  });

  it('would notice a second source', () => {
    expect(secondSources("const hints = { h1: 'Upper chest' };")).toHaveLength(1);
    expect(secondSources('const name = `Heart ${n}`;')).toHaveLength(1);
    expect(secondSources("label: 'Lung 3'")).toHaveLength(1);
    expect(secondSources(`text: '${siteOf('l5')!.patientPlacement}'`)).toHaveLength(1);
    expect(secondSources("siteName('h1')")).toEqual([]);
  });
});
