import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';

/**
 * A timestamptz column selected as PostgreSQL's text ('2026-11-16 06:25:04.664123+00') instead
 * of a Date. Otherwise the driver parses every timestamptz into a Date and the answer writes it
 * back out as ISO text: with node-postgres (a regular expression per value) that was ~10 % of the
 * API's CPU for an exam list page (benchmarks/history/2026-11-results-journal.md, "Exam lists and
 * exam detail under load"). isoTimestamp rewrites the text directly.
 */
export const timestampText = (column: string): RawBuilder<string> => sql<string>`${sql.ref(column)}::text`;

// ISO DateStyle output in a UTC session (the server's default here, and PGlite's): date, time,
// up to six fraction digits, offset +00.
const utcText = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;
// Any other offset: -03, +05:30, +05:30:15 (seconds only for historical zones).
const offsetText = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?)([+-]\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;

/**
 * The ISO form Date.prototype.toISOString writes ('2026-11-16T06:25:04.664Z') of a timestamptz's
 * text: milliseconds truncated from the microseconds, as a Date parsed from that text has them. A
 * session in another time zone (an offset other than +00) goes through Date.
 */
export function isoTimestamp(text: string): string {
  const utc = utcText.exec(text);
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  const zoned = offsetText.exec(text);
  if (!zoned) throw new Error(`Not a PostgreSQL timestamptz: ${text}`);
  const [, date, time, hours, minutes = '00', seconds] = zoned;
  // Date has no seconds in offsets: shift them into the time first.
  const shift = seconds ? Number(`${hours![0]}${seconds}`) * 1000 : 0;
  const [whole, fraction = ''] = time!.split('.');
  const millis = Date.parse(`${date}T${whole}.${fraction.padEnd(3, '0').slice(0, 3)}${hours}:${minutes}`) - shift;
  if (Number.isNaN(millis)) throw new Error(`Not a PostgreSQL timestamptz: ${text}`);
  return new Date(millis).toISOString();
}
