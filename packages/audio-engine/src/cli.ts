#!/usr/bin/env node
// auscura-dsp: the engine for audio engineers, from a shell.
//   auscura-dsp process IN.wav --preset wide --gain 2 [--low-cut HZ --high-cut HZ] [--float] -o OUT.wav
//   auscura-dsp analyze IN.wav|IN.flac [--json] [--site heart|lungs|other] [--age-months N]
//   auscura-dsp variants IN.wav -o DIR [--float]
//   auscura-dsp regress [--update] [--fixtures DIR] [--golden DIR] [--report DIR]
//   auscura-dsp bench [--browser] [--chromium PATH] [--json]
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { cpus, loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { FlacError, loadEngine, readMonoAudio, readMonoWav } from './node.js';
import { PRESET_NAMES, type PresetName } from './presets.js';
import { encodeWav, WavError } from './wav.js';
import { analyzeRecording, type RecordingSite } from './analysis.js';
import { formatMurmur } from './murmur/describe.js';
import { VARIANT_NAMES } from './engine.js';
import { DEFAULT_FIXTURES, regress } from './regress.js';
import type { BrowserBenchResult } from './bench/browser-bench.js';

// The server's V8 flags (apps/api/src/runtime-flags.ts): Maglev off wherever the analysis runs.
setFlagsFromString('--no-maglev');

const USAGE = `usage:
  auscura-dsp process IN.wav --preset wide|low|high|raw [--gain G] [--low-cut HZ --high-cut HZ] [--float] -o OUT.wav
  auscura-dsp analyze IN.wav|IN.flac [--json] [--site heart|lungs|other] [--age-months N]
  auscura-dsp variants IN.wav -o DIR [--float]
  auscura-dsp regress [--update] [--fixtures DIR] [--golden DIR] [--report DIR]
  auscura-dsp bench [--browser] [--chromium PATH] [--json]`;

class UsageError extends Error {}

const SITES: RecordingSite[] = ['heart', 'lungs', 'other'];

function number(v: string | undefined, name: string): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new UsageError(`--${name} must be a number, got "${v}"`);
  return n;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      preset: { type: 'string', default: 'raw' },
      gain: { type: 'string' },
      'low-cut': { type: 'string' },
      'high-cut': { type: 'string' },
      float: { type: 'boolean', default: false },
      output: { type: 'string', short: 'o' },
      json: { type: 'boolean', default: false },
      update: { type: 'boolean', default: false },
      fixtures: { type: 'string' },
      golden: { type: 'string' },
      report: { type: 'string' },
      browser: { type: 'boolean', default: false },
      chromium: { type: 'string', default: '/usr/bin/chromium' },
      site: { type: 'string', default: 'heart' },
      'age-months': { type: 'string' },
    },
  });
  const engine = loadEngine();
  const encoding = values.float ? 'float32' : 'pcm16';
  switch (command) {
    case 'process': {
      const [input] = positionals;
      if (!input || !values.output) throw new UsageError('process needs IN.wav and -o OUT.wav');
      if (!PRESET_NAMES.includes(values.preset as PresetName))
        throw new UsageError(`--preset must be one of ${PRESET_NAMES.join(', ')}`);
      const low = number(values['low-cut'], 'low-cut');
      const high = number(values['high-cut'], 'high-cut');
      if ((low === undefined) !== (high === undefined)) throw new UsageError('--low-cut and --high-cut go together');
      const { samples, sampleRate } = readMonoWav(input);
      const out = engine.processPreset(samples, sampleRate, {
        preset: values.preset as PresetName,
        gain: number(values.gain, 'gain') ?? 1,
        ...(low !== undefined && high !== undefined ? { custom: { lowCutHz: low, highCutHz: high } } : {}),
      });
      writeFileSync(values.output, encodeWav([out], sampleRate, encoding));
      console.log(
        `${values.output}: ${values.preset}, gain ${values.gain ?? 1}, ${(samples.length / sampleRate).toFixed(2)} s at ${sampleRate} Hz`,
      );
      return 0;
    }
    case 'analyze': {
      const [input] = positionals;
      if (!input) throw new UsageError('analyze needs IN.wav or IN.flac');
      if (!SITES.includes(values.site as RecordingSite))
        throw new UsageError(`--site must be one of ${SITES.join(', ')}`);
      const ageMonths = number(values['age-months'], 'age-months');
      const { samples, sampleRate } = await readMonoAudio(input);
      const a = analyzeRecording(engine, samples, sampleRate, {
        site: values.site as RecordingSite,
        ageMonths: ageMonths ?? null,
      });
      const h = a.heart;
      if (values.json) {
        const m = h?.murmur;
        const murmur = m
          ? { status: m.status, probability: m.probability, timing: m.timing, segments: m.segments, reason: m.reason }
          : null;
        console.log(JSON.stringify({ ...a, murmur }, null, 2));
        return 0;
      }
      console.log(
        `${basename(input)}: ${a.durationSec.toFixed(2)} s at ${sampleRate} Hz, peak ${a.levels.peakDb.toFixed(1)} dBFS, RMS ${a.levels.rmsDb.toFixed(1)} dBFS`,
      );
      console.log(`noise slices  ${a.noiseSlices.join('')} (${(a.noisyShare * 100).toFixed(0)} % noisy)`);
      if (!h) {
        console.log('heart         not analysed (lung recording)');
        return 0;
      }
      console.log(
        `quality       ${h.quality.judged ? 'judged' : `not judged (${h.quality.reason}): ${h.quality.message}`}`,
      );
      console.log(
        `heart rate    ${h.heartRateBpm > 0 ? `${h.heartRateBpm.toFixed(1)} bpm` : h.quality.judged ? '-- (withheld: timing not established)' : '-- (not measured)'}${h.quality.judged ? ` (autocorrelation ${h.heartRateAcfBpm.toFixed(1)}, periodicity ${h.periodicity.toFixed(2)})` : ''}; normal ${h.rateRange.low}–${h.rateRange.high} bpm for ${h.rateRange.ageBand}`,
      );
      // Not judged: no murmur probability was measured, so none is printed (the verdict's 0 is a placeholder).
      console.log(`murmur        ${h.quality.judged ? formatMurmur(h.murmur) : '-- (not judged)'}`);
      console.log(`diagnosis     ${h.diagnosis}${h.reasons.length ? ' — ' + h.reasons.join('; ') : ''}`);
      for (const [k, s] of Object.entries(h.stats)) {
        console.log(
          `  ${k.padEnd(9)} ${String(s.count).padStart(3)} × ${(s.meanSec * 1000).toFixed(0)} ± ${(s.sdSec * 1000).toFixed(0)} ms`,
        );
      }
      return 0;
    }
    case 'variants': {
      const [input] = positionals;
      if (!input || !values.output) throw new UsageError('variants needs IN.wav and -o DIR');
      const { samples, sampleRate } = readMonoWav(input);
      const v = engine.variants(samples, sampleRate);
      mkdirSync(values.output, { recursive: true });
      const stem = basename(input).replace(/\.wav$/i, '');
      for (const name of VARIANT_NAMES) {
        const file = join(values.output, `${stem}.${name}.wav`);
        writeFileSync(file, encodeWav([v[name]], sampleRate, encoding));
        console.log(file);
      }
      return 0;
    }
    case 'regress': {
      if (values.update && values.report) throw new UsageError('--report compares with the golden: not with --update');
      const reports = regress(engine, {
        update: values.update,
        ...(values.fixtures ? { fixtures: values.fixtures } : {}),
        ...(values.golden ? { golden: values.golden } : {}),
      });
      let failed = 0;
      for (const r of reports) {
        if (r.drift.length) failed++;
        console.log(`${r.drift.length ? 'DRIFT' : 'ok   '} ${r.fixture}`);
        for (const d of r.drift) console.log(`      ${d}`);
        for (const n of r.notes) console.log(`      (${n})`);
      }
      console.log(
        values.update
          ? `golden written for ${reports.length} fixtures`
          : `${reports.length - failed}/${reports.length} fixtures match`,
      );
      if (values.report) {
        const { writeRegressReport } = await import('./regress-report.js');
        const files = writeRegressReport(values.report, reports);
        console.log(`report: ${files.html}\njunit:  ${files.junit}`);
      }
      return failed ? 1 : 0;
    }
    case 'bench': {
      const { runNodeBench } = await import('./bench/dsp-bench.js');
      const upload = readMonoWav(join(DEFAULT_FIXTURES, 'heart_stethoscope_quiet_44k_artiexu.wav'));
      const cases = runNodeBench(engine, upload);
      let browser: BrowserBenchResult | undefined;
      if (values.browser) {
        const { runBrowserBench } = await import('./bench/browser-bench.js');
        browser = await runBrowserBench(values.chromium);
      }
      const machine = {
        date: new Date().toISOString(),
        node: process.version,
        cpu: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
        loadavg: loadavg()
          .map((l) => l.toFixed(2))
          .join(' '),
      };
      if (values.json) console.log(JSON.stringify({ machine, cases, browser }, null, 2));
      else {
        console.log(`${machine.date}  Node ${machine.node}  ${machine.cpu}  load ${machine.loadavg}`);
        for (const c of cases)
          console.log(
            `${c.name.padEnd(72)} ${c.value.toFixed(c.unit === 'ns/call' ? 1 : 1).padStart(9)} ${c.unit}${c.detail ? '  ' + c.detail : ''}`,
          );
        if (browser) {
          console.log(
            `Chromium ${browser.version}: 60 s 44.1 kHz, 4 biquads + compressor + gain in OfflineAudioContext`,
          );
          console.log(
            `  native nodes ${browser.native.toFixed(1)} ms, engine AudioWorklet ${browser.engine.toFixed(1)} ms (${(browser.native / browser.engine).toFixed(2)}× native speed)`,
          );
          console.log(
            `  spectrogram of 60 s at 44100 Hz, 1200 × 128, in the comlink worker (round trip): median ${browser.spectrogram.median.toFixed(1)} ms of 9 (${browser.spectrogram.all.map((t) => t.toFixed(1)).join(' ')})`,
          );
        }
      }
      return 0;
    }
    default:
      console.log(USAGE);
      return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }
}

// The exit code is set and the process left to end by itself: process.exit() can deadlock Node 24
// (24.21.0 here) when a background compile waits for a garbage collection the exiting main thread
// will never run (nodejs/node#54918, #64274). It hung a CLI test in CI for good.
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    if (
      e instanceof UsageError ||
      e instanceof WavError ||
      e instanceof FlacError ||
      (e as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
    ) {
      console.error(`auscura-dsp: ${(e as Error).message}\n${USAGE}`);
      process.exitCode = 2;
      return;
    }
    if (e instanceof RangeError || (e as { code?: string }).code === 'ENOENT') {
      console.error(`auscura-dsp: ${(e as Error).message}`);
      process.exitCode = 1;
      return;
    }
    throw e;
  },
);
