import { describe, expect, it } from 'vitest';
import { parseRange } from './range.js';

describe('parseRange (RFC 9110 byte ranges)', () => {
  it('reads first-last, open-ended and suffix ranges, clamping the end to the body', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('answers unsatisfiable when the range starts past the end or asks for nothing', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
  });

  it('sends the whole body for no header, other units, several ranges or nonsense', () => {
    for (const header of [undefined, 'items=0-1', 'bytes=0-1,5-9', 'bytes=5-1', 'bytes=-', 'bytes=a-b']) {
      expect(parseRange(header, 1000)).toBeNull();
    }
  });
});
