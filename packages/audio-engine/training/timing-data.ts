// The timing estimator's data: for every Present patient of the dataset with an annotated timing,
// the per-cycle envelope profiles (../timing.ts) of the recordings at the most audible location,
// analysed by the engine exactly as an upload is (analysis.ts heartInputs). Only these recordings
// are read (about one per Present patient), so `tsx training/cli.ts timing` runs in a minute or two.
import { readFileSync } from 'node:fs';
import type { Engine } from '../src/engine.js';
import { heartInputs } from '../src/analysis.js';
import { decodeFlac } from '../src/flac.js';
import { toMono } from '../src/wav.js';
import { completeCycles, type Cycle } from '../src/murmur/features.js';
import { cycleProfile, type MurmurPhase } from '../src/murmur/timing.js';
import { personGroups, readPatients, readRecordings, type Patient } from './dataset.js';
import { PATTERN_OF, SHAPE_OF, type TimingItem } from './timing-fit.js';

/** The per-cycle profiles of one phase (cycles whose phase is too short left out). */
export function phaseProfiles(bands: Float32Array, cycles: Cycle[], phase: MurmurPhase): number[][] {
  return cycles.map((c) => cycleProfile(bands, c, phase)).filter((p): p is number[] => p !== null);
}

/** The patient's annotated murmur in a phase as a timing item (null when that phase has none). */
export function timingItem(
  patient: Patient,
  person: string,
  phase: MurmurPhase,
  profiles: number[][],
): TimingItem | null {
  const timing = phase === 'systolic' ? patient.systolicTiming : patient.diastolicTiming;
  const shape = phase === 'systolic' ? patient.systolicShape : patient.diastolicShape;
  if (!timing) return null;
  return {
    person,
    patient: patient.id,
    want: PATTERN_OF[timing] ?? null,
    wantShape: SHAPE_OF[shape] ?? null,
    profiles,
  };
}

export async function timingData(
  engine: Engine,
  dir: string,
  progress: (done: number, total: number) => void = () => {},
): Promise<{ systolic: TimingItem[]; diastolic: TimingItem[] }> {
  const patients = readPatients(dir);
  const groups = personGroups(patients);
  const recs = readRecordings(dir, patients).filter(
    (r) => r.patient.murmur === 'Present' && r.site === r.patient.mostAudible,
  );
  const byPatient = new Map<string, { systolic: number[][]; diastolic: number[][] }>();
  let done = 0;
  for (const r of recs) {
    const flac = await decodeFlac(readFileSync(r.path));
    const { record } = heartInputs(engine, toMono(flac.channels), flac.sampleRate);
    const cycles = completeCycles(record);
    const acc = byPatient.get(r.patient.id) ?? { systolic: [], diastolic: [] };
    acc.systolic.push(...phaseProfiles(record.bands, cycles, 'systolic'));
    acc.diastolic.push(...phaseProfiles(record.bands, cycles, 'diastolic'));
    byPatient.set(r.patient.id, acc);
    progress(++done, recs.length);
  }
  const out = { systolic: [] as TimingItem[], diastolic: [] as TimingItem[] };
  for (const [id, acc] of byPatient) {
    const p = patients.get(id)!;
    for (const phase of ['systolic', 'diastolic'] as const) {
      const item = timingItem(p, groups.get(id)!, phase, acc[phase]);
      if (item) out[phase].push(item);
    }
  }
  return out;
}
