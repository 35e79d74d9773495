// The enhanced-notes suggestion follows what the analysis measured: "Decrescendo systolic" only for a
// systolic murmur measured decrescendo, nothing when the timing or shape was left unsaid.
import { describe, expect, it } from 'vitest';
import type { MurmurResult, MurmurTiming } from '@auscura/audio-engine';
import { suggestedMurmurNote } from './report.js';

const present = (timing: MurmurTiming | null): MurmurResult => ({
  status: 'present',
  probability: 0.9,
  unknownProbability: 0,
  timing,
  segments: [],
  reason: 'murmur heard',
});

describe('suggested enhanced-notes murmur option', () => {
  it('names what was measured, and nothing where the analysis was unsure', () => {
    const sys = (pattern: MurmurTiming['pattern'], shape: MurmurTiming['shape']) =>
      suggestedMurmurNote(present({ phase: 'systolic', pattern, shape }));
    expect(sys('holo', 'plateau')).toBe('Holosystolic');
    expect(sys('mid', null)).toBe('Systolic ejection');
    expect(sys('early', 'decrescendo')).toBe('Decrescendo systolic');
    expect(sys(null, 'decrescendo')).toBe('Decrescendo systolic');
    expect(sys('early', 'plateau')).toBeNull();
    expect(sys('early', null)).toBeNull();
    expect(sys(null, null)).toBeNull();
    expect(sys('late', 'decrescendo')).toBeNull();
    expect(suggestedMurmurNote(present({ phase: 'diastolic', pattern: 'early', shape: null }))).toBe('Early diastolic');
    expect(suggestedMurmurNote(present(null))).toBeNull();
  });
});
