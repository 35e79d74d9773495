// `tsx training/cli.ts timing`: the timing and shape estimator alone, cross-validated patient-disjointly at the
// most audible location (every Present patient with an annotated timing, whether or not the
// detector would call the murmur), and the thresholds fitted on all of them for ../timing.json.
import type { TimingModel } from '../src/murmur/timing.js';
import {
  crossValidateTiming,
  fitTiming,
  formatClasses,
  PATTERNS,
  prepare,
  scoreClasses,
  SHAPES,
  type TimingItem,
} from './timing-fit.js';

export function timingCommand(
  data: { systolic: TimingItem[]; diastolic: TimingItem[] },
  k: number,
): { report: string; model: TimingModel } {
  const sys = prepare(data.systolic);
  const cv = crossValidateTiming(sys, k);
  const pattern = scoreClasses(
    PATTERNS,
    cv.map((c) => ({ want: c.item.want, got: c.pattern })),
  );
  const shape = scoreClasses(
    SHAPES,
    cv.map((c) => ({ want: c.item.wantShape, got: c.shape })),
  );
  const holo = sys.filter((d) => d.item.want === 'holo').length;
  const withTiming = sys.filter((d) => d.item.want).length;
  const plateau = sys.filter((d) => d.item.wantShape === 'plateau').length;
  const withShape = sys.filter((d) => d.item.wantShape).length;
  const params = fitTiming(sys);
  const lines = [
    `Murmur timing and shape, patient-disjoint ${k}-fold cross-validation at the most audible location`,
    `${data.systolic.length} Present patients with a systolic timing (${sys.length} with complete cycles), ${data.diastolic.length} with a diastolic one`,
    '',
    ...formatClasses('systolic timing', PATTERNS, pattern),
    `  (always "holosystolic" would be right for ${holo} of ${withTiming}: ${(holo / withTiming).toFixed(3)})`,
    ...formatClasses('systolic shape', SHAPES, shape),
    `  (always "plateau" would be right for ${plateau} of ${withShape}: ${(plateau / withShape).toFixed(3)})`,
    '',
    `thresholds fitted on all ${sys.length}: ${JSON.stringify(params)}`,
  ];
  return {
    report: lines.join('\n'),
    model: {
      params,
      trainedOn: { patients: sys.length, date: '', command: 'npm run eval:murmur-timing -- --out' },
    },
  };
}
