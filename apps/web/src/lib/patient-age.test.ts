import { describe, expect, it } from 'vitest';
import { ageInYears } from './format-patient.ts';

describe('ageInYears', () => {
  it('counts a year only once the birthday has come', () => {
    expect(ageInYears('1960-05-20', new Date(2026, 4, 19))).toBe(65);
    expect(ageInYears('1960-05-20', new Date(2026, 4, 20))).toBe(66);
  });
  it('answers null for a malformed or future date', () => {
    expect(ageInYears('05/20/1960', new Date(2026, 0, 1))).toBeNull();
    expect(ageInYears('2030-01-01', new Date(2026, 0, 1))).toBeNull();
  });
});
