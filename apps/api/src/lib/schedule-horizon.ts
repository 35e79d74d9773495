/**
 * How far ahead an exam may be scheduled or a self exam be due (issue 36, item 8): a year and a
 * day, so "the same day next year" fits. A date past it (9999-12-31) is a mistake or a probe, and
 * would keep an access code alive for ever.
 */
const scheduleHorizonDays = 366;
const day = 86_400_000;

/** Whether a calendar date (YYYY-MM-DD) lies past the horizon (in the latest time zone, UTC+14). */
export function isDateTooFarAhead(date: string, now = Date.now()): boolean {
  return date > new Date(now + (scheduleHorizonDays + 1) * day).toISOString().slice(0, 10);
}

/** Whether an instant lies past the horizon. */
export function isTimeTooFarAhead(time: Date, now = Date.now()): boolean {
  return time.getTime() > now + scheduleHorizonDays * day;
}
