// The live exam's bad-noise indicator at lung points (issue 35): the streaming lung criterion, fed in
// 128-sample quanta as the audio thread feeds it, tells breathing from speech and walking as the
// recording's analysis does, and at heart points the heart detector still judges.
import { describe, expect, it } from 'vitest';
import { loadEngine, readMonoWav } from '../src/node.js';
import { LungNoiseDetector } from '../src/lung-noise-detector.js';
import { lungNoiseQuality } from '../src/lung-noise.js';
import { NoiseDetector } from '../src/noise-detector.js';
import { fixturePath } from './helpers.js';

const engine = loadEngine();

/** Share of the checks that found the last second noisy, the recording fed quantum by quantum. */
function liveShare(name: string, make: (sampleRate: number) => LungNoiseDetector | NoiseDetector): number {
  const { samples, sampleRate } = readMonoWav(fixturePath(name));
  const detector = make(sampleRate);
  let checks = 0;
  let bad = 0;
  for (let off = 0; off + 128 <= samples.length; off += 128) {
    if (detector.push(samples.subarray(off, off + 128)) > 0) {
      checks++;
      if (detector.bad) bad++;
    }
  }
  detector.destroy();
  expect(checks).toBeGreaterThan(0);
  return bad / checks;
}

const lung = (sampleRate: number) => new LungNoiseDetector(engine, sampleRate);
const heart = (sampleRate: number) => new NoiseDetector(engine, sampleRate);
const normal = 'lung_normal_icbhi_102_1b1_Ar_sc_Meditron_44k_first16s';
const crackle = 'lung_crackle_icbhi_107_2b3_Ll_mc_AKGC417L_44k24_first10s';

describe('the live bad-noise check at lung points', () => {
  it('does not call breathing noisy, where the heart check does', () => {
    expect(liveShare(normal, lung)).toBeLessThanOrEqual(0.2);
    expect(liveShare(crackle, lung)).toBeLessThanOrEqual(0.2);
    expect(liveShare(normal, heart)).toBeGreaterThan(0.5);
  });

  it('still calls speaking and walking noisy, clearly more than breathing', () => {
    const breathing = liveShare(normal, lung);
    expect(liveShare('heart_stethoscope_speaking_noisy_44k_artiexu', lung)).toBeGreaterThanOrEqual(0.5);
    const walking = liveShare('heart_wearablemic_walking_noisy_44k_artiexu', lung);
    expect(walking).toBeGreaterThanOrEqual(0.25);
    expect(walking).toBeGreaterThanOrEqual(3 * breathing);
  });

  it('agrees with the recording analysis second by second on the speaking recording', () => {
    const { samples, sampleRate } = readMonoWav(fixturePath('heart_stethoscope_speaking_noisy_44k_artiexu'));
    const offline = lungNoiseQuality(engine, samples, sampleRate);
    const detector = lung(sampleRate);
    const live: number[] = [];
    // The live verdict at the end of each whole second, against that second's offline flag.
    const second = Math.round(sampleRate);
    for (let off = 0; off + 128 <= samples.length; off += 128) {
      detector.push(samples.subarray(off, off + 128));
      if (Math.floor((off + 128) / second) > Math.floor(off / second)) live.push(detector.bad ? 1 : 0);
    }
    detector.destroy();
    const n = Math.min(live.length, offline.length);
    let same = 0;
    for (let k = 1; k < n; k++) if (live[k - 1] === offline[k - 1]) same++;
    expect(same / (n - 1)).toBeGreaterThanOrEqual(0.7);
  });
});
