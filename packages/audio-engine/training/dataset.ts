// The CirCor DigiScope dataset as the training and evaluation commands read it: patients.csv and
// recordings/<patient>_<site>[_n].flac (J. H. Oliveira et al., "The CirCor DigiScope Dataset:
// From Murmur Detection to Murmur Classification", IEEE JBHI 2022, doi:10.1109/JBHI.2021.3137048;
// PhysioNet, doi:10.13026/tshs-mw03; ODC-By 1.0).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type PatientMurmur = 'Present' | 'Absent' | 'Unknown';
export const SITES = ['AV', 'PV', 'TV', 'MV', 'Phc'] as const;

export interface Patient {
  id: string;
  murmur: PatientMurmur;
  /** Sites where the murmur was heard (Present patients). */
  murmurLocations: string[];
  age: string;
  systolicTiming: string;
  diastolicTiming: string;
  /** The annotated shapes (Crescendo, Decrescendo, Diamond, Plateau; '' when none). */
  systolicShape: string;
  diastolicShape: string;
  /** The site where the murmur was loudest (Present patients; '' otherwise). */
  mostAudible: string;
  /** The same person's ID in the other campaign, when the dataset gives one. */
  additionalId: string | null;
}

export interface Recording {
  /** File stem, e.g. 49574_TV or 50012_AV_1. */
  name: string;
  patient: Patient;
  site: string;
  path: string;
  /**
   * Recording-level truth: 'present' for a Present patient's recording at a murmur location,
   * 'elsewhere' at another site of a Present patient, else the patient's label.
   */
  label: 'present' | 'elsewhere' | 'absent' | 'unknown';
}

/** Splits one CSV line (the file quotes nothing, but quoted fields are read too). */
function splitCsv(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

const nan = (v: string | undefined) => (v === undefined || v === '' || v === 'nan' ? '' : v);

export function readPatients(dir: string): Map<string, Patient> {
  const lines = readFileSync(join(dir, 'patients.csv'), 'utf8').split(/\r?\n/).filter(Boolean);
  const head = splitCsv(lines[0]!);
  const col = (name: string) => {
    const i = head.findIndex((h) => h.replace(/:$/, '') === name);
    if (i < 0) throw new Error(`patients.csv has no column "${name}"`);
    return i;
  };
  const c = {
    id: col('Patient ID'),
    murmur: col('Murmur'),
    locations: col('Murmur locations'),
    age: col('Age'),
    sys: col('Systolic murmur timing'),
    dia: col('Diastolic murmur timing'),
    sysShape: col('Systolic murmur shape'),
    diaShape: col('Diastolic murmur shape'),
    loudest: col('Most audible location'),
    extra: col('Additional ID'),
  };
  const patients = new Map<string, Patient>();
  for (const line of lines.slice(1)) {
    const f = splitCsv(line);
    const murmur = f[c.murmur] as PatientMurmur;
    if (murmur !== 'Present' && murmur !== 'Absent' && murmur !== 'Unknown')
      throw new Error(`patients.csv: patient ${f[c.id]} has murmur "${murmur}"`);
    patients.set(f[c.id]!, {
      id: f[c.id]!,
      murmur,
      murmurLocations: nan(f[c.locations]).split('+').filter(Boolean),
      age: nan(f[c.age]),
      systolicTiming: nan(f[c.sys]),
      diastolicTiming: nan(f[c.dia]),
      systolicShape: nan(f[c.sysShape]),
      diastolicShape: nan(f[c.diaShape]),
      mostAudible: nan(f[c.loudest]),
      additionalId: nan(f[c.extra]) || null,
    });
  }
  return patients;
}

/** Every FLAC recording of a listed patient, sorted by name (so every run sees the same order). */
export function readRecordings(dir: string, patients: Map<string, Patient>): Recording[] {
  const folder = join(dir, 'recordings');
  const out: Recording[] = [];
  for (const file of readdirSync(folder).sort()) {
    const m = /^(\d+)_(AV|PV|TV|MV|Phc)(?:_\d+)?\.flac$/.exec(file);
    if (!m) continue;
    const patient = patients.get(m[1]!);
    if (!patient) continue;
    const site = m[2]!;
    const label =
      patient.murmur === 'Present'
        ? patient.murmurLocations.includes(site)
          ? 'present'
          : 'elsewhere'
        : patient.murmur === 'Absent'
          ? 'absent'
          : 'unknown';
    out.push({ name: file.slice(0, -5), patient, site, path: join(folder, file), label });
  }
  return out;
}

/**
 * Groups of patient IDs that are one person: the dataset links a child recorded in both campaigns
 * through "Additional ID" (56 of this set's patients point to another patient in it), so a
 * patient-disjoint split must keep each group on one side.
 */
export function personGroups(patients: Map<string, Patient>): Map<string, string> {
  const parent = new Map<string, string>();
  const find = (a: string): string => {
    let r = a;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(a, r);
    return r;
  };
  for (const id of patients.keys()) parent.set(id, id);
  for (const p of patients.values()) {
    if (p.additionalId && patients.has(p.additionalId)) {
      const a = find(p.id);
      const b = find(p.additionalId);
      if (a !== b) parent.set(a < b ? b : a, a < b ? a : b);
    }
  }
  const out = new Map<string, string>();
  for (const id of patients.keys()) out.set(id, find(id));
  return out;
}
