import { describe, expect, it } from 'vitest';
import { isoTimestamp } from './timestamp-text.js';

describe('isoTimestamp', () => {
  it('writes a UTC timestamp as toISOString does, truncating microseconds to milliseconds', () => {
    expect(isoTimestamp('2026-11-16 06:25:04.664987+00')).toBe('2026-11-16T06:25:04.664Z');
    expect(isoTimestamp('2026-11-16 06:25:04.5+00')).toBe('2026-11-16T06:25:04.500Z');
    expect(isoTimestamp('2026-11-16 06:25:04+00')).toBe('2026-11-16T06:25:04.000Z');
  });

  it('converts other offsets to UTC', () => {
    expect(isoTimestamp('2026-11-16 08:25:04.664123+02')).toBe('2026-11-16T06:25:04.664Z');
    expect(isoTimestamp('2026-11-16 00:25:04-06')).toBe('2026-11-16T06:25:04.000Z');
    expect(isoTimestamp('2026-11-16 11:55:04.1+05:30')).toBe('2026-11-16T06:25:04.100Z');
    expect(isoTimestamp('1900-01-01 00:19:32+00:19:32')).toBe('1900-01-01T00:00:00.000Z');
  });

  it('refuses text that is not a timestamp', () => {
    expect(() => isoTimestamp('2026-11-16T06:25:04Z')).toThrow('Not a PostgreSQL timestamptz');
    expect(() => isoTimestamp('infinity')).toThrow('Not a PostgreSQL timestamptz');
  });
});
