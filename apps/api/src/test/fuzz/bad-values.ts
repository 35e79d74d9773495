import fc from 'fast-check';

/** Object.prototype's names: a lookup by a client's key must never find them. */
export const prototypeKeys = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];

/** Dates JavaScript parses but PostgreSQL refuses, and dates nobody parses. */
export const extremeDates = [
  '1',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '0000-01-01',
  '0000-00-00T00:00:00Z',
  '2024-02-30',
  '2024-13-01T00:00:00Z',
  '9999-12-31T24:00:00Z',
  '1970-01-01T00:00:00+25:00',
  'now',
  'infinity',
  '-infinity',
  'epoch',
  '20240101',
  '',
];

/** Text that has broken servers: NUL, lone surrogates, direction overrides, huge, markup, SQL. */
const nastyText = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202eevil',
  '\ufeff',
  '\uffff\ufffe',
  'Z\u0334\u0335\u0336\u0337a\u0338\u0321\u0322\u0327lgo',
  '\ud835\udd73\ud835\udd8a',
  '\u{1fac0}\u{1fac1}',
  "' OR 1=1 --",
  '"; DROP TABLE exams; --',
  '%00',
  '%',
  '\\',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}',
  'NaN',
  'null',
  '-1',
  '1e400',
  ' ',
  '\t\n\r',
  ...prototypeKeys,
  ...extremeDates,
);

/** Arbitrary text: any code unit (lone surrogates included), any length up to the bound. */
const anyText = (maxLength: number) =>
  fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength }).map((units) => String.fromCharCode(...units));

export const badText = fc.oneof(
  { weight: 4, arbitrary: nastyText },
  { weight: 3, arbitrary: anyText(40) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 201, max: 70_000 }).map((n) => 'A'.repeat(n)) },
);

const badNumber = fc.oneof(
  fc.constantFrom(-1, -0, 0.5, -1e308, 1e308, 2 ** 53 + 2, -(2 ** 63), 2 ** 64, Number.MAX_VALUE, Number.MIN_VALUE),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -(2 ** 31), max: -1 }),
);

/** Any JSON value a field should not get (nested values included). */
export const badValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { weight: 5, arbitrary: badText },
    { weight: 2, arbitrary: badNumber },
    { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
    { weight: 1, arbitrary: fc.array(tie('leaf'), { maxLength: 3 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.oneof(badText, fc.constantFrom(...prototypeKeys)), tie('leaf'), { maxKeys: 3 }),
    },
  ),
  leaf: fc.oneof(badText, badNumber, fc.constantFrom(true, null, [], {})),
})).value;

/** A path parameter no endpoint accepts, already encoded for the URL (raw bad percent-escapes included). */
export const badPathParam = fc.oneof(
  badText.filter((text) => text.length > 0 && !/[\ud800-\udfff]/.test(text)).map((text) => encodeURIComponent(text)),
  fc.constantFrom('%', '%zz', '%C0%80', '%ED%A0%80', '%FF', 'a%00b', '%2e%2e', '..', '.', 'a%2Fb', '-1', '0', '1e9'),
  fc.integer({ min: 101, max: 5000 }).map((n) => 'f'.repeat(n)),
);

/** Authorization headers of callers who are not signed in, or pretend to be. */
export function forgedAuthorization(realToken: string) {
  const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const [header, payload] = realToken.split('.');
  return fc.oneof(
    fc.constant(undefined),
    fc.constantFrom('Bearer', 'Bearer ', 'Basic YWRhOnBhc3N3b3Jk', `bearer ${realToken}`, `Bearer  ${realToken}`),
    fc.constant(`Bearer ${realToken.slice(0, -2)}${realToken.endsWith('A') ? 'BB' : 'AA'}`),
    fc.constant(`Bearer ${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`),
    fc.constant(`Bearer ${header}.${base64url({ sub: 'x', exp: 1 })}.${realToken.split('.')[2]}`),
    badText.filter((text) => /^[\x20-\x7e]*$/.test(text)).map((text) => `Bearer ${text}`),
    fc.integer({ min: 1000, max: 12_000 }).map((n) => `Bearer ${'a'.repeat(n)}`),
  );
}
