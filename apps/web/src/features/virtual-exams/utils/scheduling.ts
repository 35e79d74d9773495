import { schedulingRules } from '@auscura/contracts';
import { z } from 'zod';

const minute = 60_000;
const step = schedulingRules.stepMinutes * minute;

/** exams-and-devices §5: the start defaults to the next 5-minute boundary. */
export function nextStep(now: Date): Date {
  return new Date(Math.floor(now.getTime() / step) * step + step);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A local date-time as the datetime-local input holds it (YYYY-MM-DDTHH:mm). */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The datetime-local value as an instant in this browser's zone; null when it is not one. */
export function fromLocalInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi);
  return date.getMonth() === mo - 1 && date.getDate() === d ? date : null;
}

/** The dialog's first values: start at the next 5-minute boundary, end 15 minutes later (§5). */
export function defaultSchedule(now: Date): { start: string; end: string } {
  const start = nextStep(now);
  return {
    start: toLocalInput(start),
    end: toLocalInput(new Date(start.getTime() + schedulingRules.defaultDurationMinutes * minute)),
  };
}

export const scheduleTexts = {
  patientRequired: 'You must select a patient',
  invalidDate: 'Enter a date and time',
  offStep: 'Choose a time on a 5-minute step',
  past: 'The start cannot be in the past',
  endTooEarly: 'The end must be at least 5 minutes after the start',
  tooLong: 'An exam can last at most 24 hours',
} as const;

/**
 * Every scheduling rule of exams-and-devices §5 (the server checks them again): a patient, times
 * on 5-minute steps, no past start, an end at least 5 minutes after the start; and our longest
 * exam, a day (schedulingRules).
 */
export function scheduleSchema(now: () => Date) {
  return z
    .object({
      patientProfileId: z.string().min(1, scheduleTexts.patientRequired),
      start: z.string(),
      end: z.string(),
    })
    .superRefine((value, ctx) => {
      const start = fromLocalInput(value.start);
      const end = fromLocalInput(value.end);
      if (!start) ctx.addIssue({ code: 'custom', path: ['start'], message: scheduleTexts.invalidDate });
      if (!end) ctx.addIssue({ code: 'custom', path: ['end'], message: scheduleTexts.invalidDate });
      if (!start || !end) return;
      if (start.getMinutes() % schedulingRules.stepMinutes !== 0) {
        ctx.addIssue({ code: 'custom', path: ['start'], message: scheduleTexts.offStep });
      } else if (start.getTime() < now().getTime()) {
        ctx.addIssue({ code: 'custom', path: ['start'], message: scheduleTexts.past });
      }
      const minutes = (end.getTime() - start.getTime()) / minute;
      if (end.getMinutes() % schedulingRules.stepMinutes !== 0) {
        ctx.addIssue({ code: 'custom', path: ['end'], message: scheduleTexts.offStep });
      } else if (minutes < schedulingRules.minimumDurationMinutes) {
        ctx.addIssue({ code: 'custom', path: ['end'], message: scheduleTexts.endTooEarly });
      } else if (minutes > schedulingRules.maximumDurationMinutes) {
        ctx.addIssue({ code: 'custom', path: ['end'], message: scheduleTexts.tooLong });
      }
    });
}
export type ScheduleFormValues = z.infer<ReturnType<typeof scheduleSchema>>;
