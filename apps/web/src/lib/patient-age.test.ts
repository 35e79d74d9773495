import { describe, expect, it } from 'vitest';
import { ageLine } from './format-patient.ts';

const on = (date: string) => new Date(`${date}T12:00:00`);

describe('ageLine (the In-Person Exam dialog)', () => {
  it('uses the shared age text: months up to 24, then years (clinician-portal §5), never "Age 0"', () => {
    expect(ageLine('2025-08-10', on('2026-05-20'))).toBe('9 months old');
    expect(ageLine('2025-04-20', on('2026-05-20'))).toBe('13 months old');
    expect(ageLine('2024-05-20', on('2026-05-20'))).toBe('24 months old');
    expect(ageLine('1960-05-20', on('2026-05-19'))).toBe('65 years old');
    expect(ageLine('1960-05-20', on('2026-05-20'))).toBe('66 years old');
  });
  it('reads unknown for no or a malformed date', () => {
    expect(ageLine(null, on('2026-01-01'))).toBe('Age unknown');
    expect(ageLine('05/20/1960', on('2026-01-01'))).toBe('Age unknown');
  });
});
