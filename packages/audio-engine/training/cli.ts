#!/usr/bin/env node
// The murmur detector's training and evaluation commands (the repository's `npm run train:murmur`
// and `npm run eval:murmur`):
//   tsx training/cli.ts train [DATASET_DIR] [--out FILE]   writes src/murmur/weights.json
//   tsx training/cli.ts eval [DATASET_DIR] [--json FILE] [--seed N]
//                                            patient-disjoint 5-fold CV (--seed: the networks' first
//                                            seed, default the shipped one, to see what the scores owe it)
//   tsx training/cli.ts rate [DATASET_DIR] [--rows FILE]    heart rate and S1/S2 against the annotations,
//                                            rates given only when judged (gate chosen patient-disjointly);
//                                            --rows keeps the per-recording analysis (reused when present)
//                                            --stretch annotated analyses only the annotated span, so the rate
//                                            is scored over the seconds its reference covers;
//                                            --out writes the rate-confidence model fitted on all
//                                            recordings (src/heart/rate-confidence.json)
//   tsx training/cli.ts timing [DATASET_DIR] [--out FILE]   murmur timing and shape alone: patient-disjoint
//                                            5-fold CV at the most audible location; --out writes the
//                                            thresholds fitted on all patients (src/murmur/timing.json)
// DATASET_DIR defaults to ../shared/datasets/circor beside the repository. Deterministic: the
// same dataset gives the same weights and the same scores on every run.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadEngine } from '../src/node.js';
import { FOLDS, fitModel, networkJobs } from './cv.js';
import { CNN_SEED, trainCnns } from './cnn-train.js';
import { extractDataset } from './extract.js';
import { evaluate, formatEvaluation } from './evaluate.js';
import { evaluateRateRows, formatRates, rateRows, withReasons } from './rate-eval.js';
import type { RateRow } from './rate-gate.js';
import { timingCommand } from './timing-eval.js';
import { timingData } from './timing-data.js';

// The server's V8 flags (apps/api/src/runtime-flags.ts): the evaluation runs the analysis as the product does.
setFlagsFromString('--no-maglev');

const DEFAULT_DATASET = fileURLToPath(new URL('../../../../shared/datasets/circor', import.meta.url));
const DEFAULT_WEIGHTS = fileURLToPath(new URL('../src/murmur/weights.json', import.meta.url));

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      json: { type: 'string' },
      seed: { type: 'string' },
      rows: { type: 'string' },
      stretch: { type: 'string' },
    },
  });
  if (command !== 'train' && command !== 'eval' && command !== 'rate' && command !== 'timing') {
    console.log(
      'usage: train|eval|rate|timing [DATASET_DIR] [--out weights.json] [--json scores.json] [--seed N] [--rows rows.json] [--stretch whole|annotated]',
    );
    return 2;
  }
  if (values.stretch !== undefined && (command !== 'rate' || !['whole', 'annotated'].includes(values.stretch))) {
    console.error('--stretch is for rate only: whole (the whole recording, as the product) or annotated');
    return 2;
  }
  if (values.seed !== undefined && command !== 'eval') {
    console.error('--seed is for eval only: train always uses the shipped seed, so its weights are reproducible');
    return 2;
  }
  const seed = values.seed === undefined ? CNN_SEED : /^\d{1,9}$/.test(values.seed) ? Number(values.seed) : NaN;
  if (Number.isNaN(seed)) {
    console.error(`--seed must be a whole number from 0 to 999999999, not "${values.seed}"`);
    return 2;
  }
  const dir = resolve(positionals[0] ?? DEFAULT_DATASET);
  if (!existsSync(resolve(dir, 'patients.csv'))) {
    console.error(`no patients.csv in ${dir}: pass the CirCor dataset folder`);
    return 2;
  }
  const started = Date.now();
  const engine = loadEngine();
  let last = 0;
  /** Progress on stderr, at most every 5 s and at the end. */
  const progress = (what: string) => (done: number, total: number) => {
    if (done === total || Date.now() - last > 5000) {
      last = Date.now();
      console.error(`${what}: ${done}/${total} recordings`);
    }
  };
  if (command === 'rate') {
    let rows: RateRow[];
    if (values.rows && existsSync(values.rows))
      rows = withReasons(JSON.parse(readFileSync(values.rows, 'utf8')) as RateRow[]);
    else {
      rows = await rateRows(engine, dir, progress('rates'), values.stretch === 'annotated' ? 'annotated' : 'whole');
      if (values.rows) writeFileSync(values.rows, JSON.stringify(rows) + '\n');
    }
    const evaluation = evaluateRateRows(rows);
    console.log(formatRates(evaluation));
    if (values.out) {
      evaluation.chosen.trainedOn = new Date().toISOString().slice(0, 10);
      writeFileSync(values.out, JSON.stringify(evaluation.chosen, null, 2) + '\n');
      console.log(`wrote ${values.out}`);
    }
    console.log(`(${dir}, ${((Date.now() - started) / 1000).toFixed(0)} s)`);
    return 0;
  }
  if (command === 'timing') {
    const data = await timingData(engine, dir, progress('timing'));
    const { report, model } = timingCommand(data, FOLDS);
    console.log(report);
    if (values.out) {
      model.trainedOn.date = new Date().toISOString().slice(0, 10);
      writeFileSync(values.out, JSON.stringify(model, null, 2) + '\n');
      console.log(`wrote ${values.out}`);
    }
    console.log(`(${dir}, ${((Date.now() - started) / 1000).toFixed(0)} s)`);
    return 0;
  }
  const data = await extractDataset(engine, dir, progress('features'));
  console.error(`features of ${data.rows.length} recordings in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (command === 'train') {
    const out = values.out ?? DEFAULT_WEIGHTS;
    const patients = new Set(data.rows.map((r) => r.patient.id)).size;
    const nets = trainCnns(data.rows, networkJobs(data.rows));
    const model = fitModel(
      engine,
      data.rows,
      {
        recordings: data.rows.length,
        patients,
        date: new Date().toISOString().slice(0, 10),
        command: 'npm run train:murmur',
      },
      nets,
    );
    writeFileSync(out, JSON.stringify(model) + '\n');
    console.log(
      `wrote ${out}: ${model.murmur.trees.length} + ${model.unknown.trees.length} trees, thresholds present ${model.thresholds.present}, unknown ${model.thresholds.unknown}, segment contrast ${model.segmentContrastDb.systolic} / ${model.segmentContrastDb.diastolic} dB (${data.rows.length} recordings, ${patients} patients, ${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
    return 0;
  }
  const result = evaluate(engine, data, FOLDS, seed);
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, network seed ${seed}`;
  console.log(formatEvaluation(result, { machine, seconds: (Date.now() - started) / 1000, dir }));
  if (values.json) writeFileSync(values.json, JSON.stringify(result, null, 2) + '\n');
  return 0;
}

// Exit codes are set, not forced: process.exit() can deadlock Node 24 at exit (see ../../cli.ts).
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  },
);
