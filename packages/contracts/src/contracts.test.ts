import { describe, expect, it } from 'vitest';
import {
  ErrorCode,
  buildPath,
  enhancedNotesSchema,
  errorHttpStatus,
  listQuerySchema,
  paths,
  personNamePattern,
} from './index.js';

describe('the error catalogue', () => {
  it('numbers its 20 errors 1 to 20, each once, each with an HTTP status', () => {
    const codes = Object.values(ErrorCode).sort((a, b) => a - b);
    expect(codes).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const name of Object.keys(ErrorCode))
      expect(errorHttpStatus[name as keyof typeof ErrorCode]).toBeGreaterThanOrEqual(400);
    expect(ErrorCode.UNAUTHORIZED).toBe(6);
    expect(ErrorCode.RESOURCE_DOES_NOT_EXIST).toBe(8);
  });
});

describe('the list query', () => {
  it('fills page 1 of 10, no filters, no sort when given nothing', () => {
    expect(listQuerySchema.parse({})).toEqual({
      filters: [],
      sort: [],
      pagination: { pageNumber: 1, pageSize: 10 },
      joinedLoads: [],
    });
  });
  it('refuses unknown keys, page 0 and page sizes over 100', () => {
    expect(listQuerySchema.safeParse({ where: 'x' }).success).toBe(false);
    expect(listQuerySchema.safeParse({ pagination: { pageNumber: 0, pageSize: 10 } }).success).toBe(false);
    expect(listQuerySchema.safeParse({ pagination: { pageNumber: 1, pageSize: 101 } }).success).toBe(false);
  });
});

describe('enhanced notes', () => {
  it('accept options of both groups together', () => {
    expect(enhancedNotesSchema.safeParse(['Holosystolic', 'Wheezing', 'Crackling']).success).toBe(true);
  });
  it('refuse an exclusive option combined with others of its group, and unknown labels', () => {
    expect(enhancedNotesSchema.safeParse(['Likely no murmur', 'Holosystolic']).success).toBe(false);
    expect(enhancedNotesSchema.safeParse(['Likely regular respiratory sounds', 'Stridor']).success).toBe(false);
    expect(enhancedNotesSchema.safeParse(['Likely no murmur', 'Stridor']).success).toBe(true);
    expect(enhancedNotesSchema.safeParse(['Gallop']).success).toBe(false);
  });
});

describe('paths and names', () => {
  it('build hrefs with encoded ids and path parameters', () => {
    expect(paths.patient.getHref('a b')).toBe('/patients/a%20b');
    expect(paths.signedOut.getHref('inactivity', '/patients?p=2')).toBe(
      '/signed-out?reason=inactivity&returnTo=%2Fpatients%3Fp%3D2',
    );
    expect(buildPath('/exams/:id/adjacent', { id: 'x' })).toBe('/exams/x/adjacent');
    expect(() => buildPath('/exams/:id', {})).toThrow('Missing path parameter id');
  });
  it('allow letters, periods, commas, apostrophes, spaces and hyphens in names, nothing else', () => {
    expect(personNamePattern.test("Anne-Marie O'Neil, Jr.")).toBe(true);
    expect(personNamePattern.test('José Müller')).toBe(true);
    expect(personNamePattern.test('Robert<script>')).toBe(false);
    expect(personNamePattern.test('R2D2')).toBe(false);
  });
});
