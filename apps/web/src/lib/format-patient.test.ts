import { describe, expect, it } from 'vitest';
import { ageText, birthdateWithAge, sexLabel } from './format-patient.ts';

const on = (iso: string) => new Date(`${iso}T12:00:00`);

describe('the age text', () => {
  it('counts whole calendar months for babies', () => {
    expect(ageText('2026-01-15', on('2026-02-14'))).toBe('0 months old');
    expect(ageText('2026-01-15', on('2026-02-15'))).toBe('1 month old');
    expect(ageText('2025-11-30', on('2026-03-01'))).toBe('3 months old');
  });

  it('stays in months up to 24 months', () => {
    expect(ageText('2024-03-10', on('2026-03-09'))).toBe('23 months old');
    expect(ageText('2024-03-10', on('2026-03-10'))).toBe('24 months old');
  });

  it('switches to years after 24 months', () => {
    expect(ageText('2024-03-10', on('2026-04-10'))).toBe('2 years old');
    expect(ageText('1980-07-04', on('2026-07-03'))).toBe('45 years old');
    expect(ageText('1980-07-04', on('2026-07-04'))).toBe('46 years old');
  });

  it('reads unknown next to a missing date of birth', () => {
    expect(birthdateWithAge(null)).toBe('unknown');
    expect(birthdateWithAge('1980-07-04', on('2026-07-04'))).toBe('07/04/1980 (46 years old)');
  });
});

describe('the sex label', () => {
  it('names male and female and reads Unknown otherwise', () => {
    expect(sexLabel('male')).toBe('Male');
    expect(sexLabel('female')).toBe('Female');
    expect(sexLabel('unknown')).toBe('Unknown');
    expect(sexLabel(null)).toBe('Unknown');
  });
});
