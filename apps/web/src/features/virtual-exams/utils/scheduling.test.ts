import { describe, expect, it } from 'vitest';
import {
  defaultSchedule,
  fromLocalInput,
  nextStep,
  scheduleSchema,
  scheduleTexts,
  toLocalInput,
} from './scheduling.ts';

const now = new Date(2030, 4, 6, 10, 7, 30);
const schema = scheduleSchema(() => now);
const messages = (value: { patientProfileId: string; start: string; end: string }) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('scheduling rules (exams-and-devices §5)', () => {
  it('starts at the next 5-minute boundary and lasts 15 minutes by default', () => {
    expect(toLocalInput(nextStep(now))).toBe('2030-05-06T10:10');
    expect(toLocalInput(nextStep(new Date(2030, 4, 6, 10, 10, 0)))).toBe('2030-05-06T10:15');
    expect(defaultSchedule(now)).toEqual({ start: '2030-05-06T10:10', end: '2030-05-06T10:25' });
    expect(messages({ patientProfileId: 'p', ...defaultSchedule(now) })).toEqual([]);
  });

  it('requires a patient', () => {
    expect(messages({ patientProfileId: '', ...defaultSchedule(now) })).toEqual([
      `patientProfileId: ${scheduleTexts.patientRequired}`,
    ]);
  });

  it('refuses past starts, off-step times, short and overlong exams', () => {
    const base = { patientProfileId: 'p' };
    expect(messages({ ...base, start: '2030-05-06T10:05', end: '2030-05-06T10:20' })).toEqual([
      `start: ${scheduleTexts.past}`,
    ]);
    expect(messages({ ...base, start: '2030-05-06T10:12', end: '2030-05-06T10:30' })).toEqual([
      `start: ${scheduleTexts.offStep}`,
    ]);
    expect(messages({ ...base, start: '2030-05-06T10:10', end: '2030-05-06T10:10' })).toEqual([
      `end: ${scheduleTexts.endTooEarly}`,
    ]);
    expect(messages({ ...base, start: '2030-05-06T10:10', end: '2030-05-06T10:15' })).toEqual([]);
    expect(messages({ ...base, start: '2030-05-06T10:10', end: '2030-05-07T10:15' })).toEqual([
      `end: ${scheduleTexts.tooLong}`,
    ]);
    expect(messages({ ...base, start: '', end: '2030-05-06T10:15' })).toContain(`start: ${scheduleTexts.invalidDate}`);
  });

  it('reads only real local date-times', () => {
    expect(fromLocalInput('2030-02-30T10:00')).toBeNull();
    expect(fromLocalInput('2030-02-03T10:00')?.getDate()).toBe(3);
  });
});
