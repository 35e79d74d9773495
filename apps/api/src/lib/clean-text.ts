import { invalidData } from './http-error.js';

/**
 * Text the server accepts anywhere (path, query, JSON body, multipart JSON part): no NUL character,
 * which PostgreSQL cannot store in text or jsonb and refused with a server error, and no lone UTF-16
 * surrogate, which cannot be encoded as UTF-8 and would be stored silently replaced by U+FFFD. Both
 * are the client's error (INVALID_DATA), never a 500 or a quiet change.
 */
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function findUncleanText(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return 'Text must not contain NUL characters.';
    if (loneSurrogate.test(value)) return 'Text must be valid Unicode (a lone surrogate was sent).';
    return undefined;
  }
  // Bodies are bounded by the body limit; the depth bound keeps a deeply nested one from costing a deep recursion.
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const problem = findUncleanText(key, depth + 1) ?? findUncleanText(item, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

/** Throws INVALID_DATA for text no endpoint accepts (see findUncleanText). */
export function assertCleanText(...values: unknown[]): void {
  for (const value of values) {
    const problem = findUncleanText(value);
    if (problem) throw invalidData(problem);
  }
}

/**
 * Bidirectional control characters (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069) make a
 * name display as something else ("Trojan Source", CVE-2021-42574): refused in names people see.
 */
const bidiControls = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export function assertNoBidiControls(...values: (string | null | undefined)[]): void {
  if (values.some((value) => typeof value === 'string' && bidiControls.test(value))) {
    throw invalidData('Names must not contain bidirectional control characters.');
  }
}
