import { describe, expect, it } from 'vitest';
import { alignOnS1, firstS1, shiftSegments } from './compare-alignment.ts';

describe('aligning two recordings on S1', () => {
  it('puts both first S1s at the later one, so a beat sits over a beat', () => {
    const aligned = alignOnS1({ duration: 20, s1: 0.4 }, { duration: 15, s1: 1.1 });
    expect(aligned.alignedAt).toBe(1.1);
    expect(aligned.current.pad + 0.4).toBeCloseTo(1.1, 9);
    expect(aligned.earlier.pad + 1.1).toBeCloseTo(1.1, 9);
    expect(aligned.total).toBeCloseTo(20.7, 9);
    expect(aligned.overlap?.start).toBeCloseTo(0.7, 9);
    expect(aligned.overlap?.end).toBe(15);
  });

  it('starts both at 0 when either has no S1', () => {
    const aligned = alignOnS1({ duration: 20, s1: null }, { duration: 15, s1: 1.1 });
    expect(aligned.alignedAt).toBeNull();
    expect([aligned.current.pad, aligned.earlier.pad]).toEqual([0, 0]);
    expect(aligned.total).toBe(20);
  });

  it('reads the first S1 of the segmentation, and none from a report without one', () => {
    const report = {
      segmentation: [
        { state: 'diastole' as const, start: 0, end: 0.3 },
        { state: 'S1' as const, start: 0.3, end: 0.42 },
        { state: 'S1' as const, start: 1.1, end: 1.2 },
      ],
    };
    expect(firstS1(report as never)).toBe(0.3);
    expect(firstS1({} as never)).toBeNull();
    expect(firstS1(null)).toBeNull();
  });

  it('moves segments onto the shared axis', () => {
    expect(shiftSegments([{ state: 'S1', start: 0.3, end: 0.4 }], 0.5)).toEqual([
      { state: 'S1', start: 0.8, end: 0.9 },
    ]);
  });
});
