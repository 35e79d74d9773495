import { setFlagsFromString } from 'node:v8';

/**
 * V8 flags this process runs with, set before any of its code gets hot (server.ts imports this
 * module first; worker threads share the process's V8 flags).
 *
 * `--no-maglev`: V8's mid-tier optimizing compiler is off. On Node 24.21 (V8 13.6) under CPU
 * starvation it produced objects sharing their number fields: a print of the engine's regression
 * harness took the numbers of the next object built by the same code (RMS and peak, exactly), in 8
 * of 302 runs on a loaded 2-core machine and 0 of 298 with `--no-maglev`, at no measurable cost to
 * the analysis or the start and ~10 % more server CPU on the cheapest API read
 * (benchmarks/history/2026-12-07-ci-time.md §6). Public reports of Maglev's concurrent compiles
 * failing on Node 24 under CPU starvation: nodejs/node#64841, #66126.
 * The analysis builds such objects (heart rate, murmur probability) in this process, so it runs
 * without Maglev: code goes from the baseline compiler straight to TurboFan. Checked by
 * runtime-flags.test.ts.
 */
export const v8Flags = ['--no-maglev'] as const;

for (const flag of v8Flags) setFlagsFromString(flag);
