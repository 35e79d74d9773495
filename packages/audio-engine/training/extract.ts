// Reads every recording of the dataset through the engine exactly as the upload pipeline does
// (analysis.ts heartInputs → heart facts → murmur features), keeping what training needs.
import { readFileSync } from 'node:fs';
import type { Engine } from '../src/engine.js';
import { heartInputs } from '../src/analysis.js';
import { heartFacts } from '../src/heart/rhythm.js';
import { toMono } from '../src/wav.js';
import { decodeFlac } from '../src/flac.js';
import { cnnInput } from '../src/murmur/cnn.js';
import { audibleDb, completeCycles, cycleContrast, cycleExcess, murmurFeatures } from '../src/murmur/features.js';
import { phaseProfiles } from './timing-data.js';
import { personGroups, readPatients, readRecordings, type Patient, type Recording } from './dataset.js';

export interface Row {
  name: string;
  patient: Patient;
  /** The person's group id (patients linked by "Additional ID" share one). */
  person: string;
  site: string;
  label: Recording['label'];
  x: Float64Array;
  /** Complete cycles segmented. */
  cycles: number;
  /** audibleDb() of the recording. */
  audibleDb: number;
  /** Per-cycle systolic and diastolic excess over S1/S2 (dB), for the timing. */
  excess: { systole: number; diastole: number }[];
  /** Per-cycle mid-systole over mid-diastole (dB), for the segment-marking thresholds. */
  contrast: number[];
  /** Per-cycle envelope profiles of systole and diastole (../timing.ts), for the timing and shape. */
  profiles: { systolic: number[][]; diastolic: number[][] };
  /** The network's input (cnn.ts). */
  cnn: ReturnType<typeof cnnInput>;
}

export interface Dataset {
  rows: Row[];
  patients: Map<string, Patient>;
}

export async function extractDataset(
  engine: Engine,
  dir: string,
  progress: (done: number, total: number) => void = () => {},
): Promise<Dataset> {
  const patients = readPatients(dir);
  const groups = personGroups(patients);
  const recordings = readRecordings(dir, patients);
  if (!recordings.length) throw new Error(`no recordings found under ${dir}/recordings`);
  const rows: Row[] = [];
  for (const r of recordings) {
    const flac = await decodeFlac(readFileSync(r.path));
    const input = heartInputs(engine, toMono(flac.channels), flac.sampleRate);
    const heart = heartFacts(input.record, input.durationSec);
    const cycles = completeCycles(input.record);
    rows.push({
      name: r.name,
      patient: r.patient,
      person: groups.get(r.patient.id)!,
      site: r.site,
      label: r.label,
      x: murmurFeatures({ ...input, heart }),
      cycles: cycles.length,
      audibleDb: audibleDb(input.record.bands, cycles),
      excess: cycles.map((c) => cycleExcess(input.record.bands, c)),
      contrast: cycles.map((c) => cycleContrast(input.record.bands, c)),
      profiles: {
        systolic: phaseProfiles(input.record.bands, cycles, 'systolic'),
        diastolic: phaseProfiles(input.record.bands, cycles, 'diastolic'),
      },
      cnn: cnnInput(input.record),
    });
    progress(rows.length, recordings.length);
  }
  return { rows, patients };
}
