import crypto from 'node:crypto';
import fc from 'fast-check';
import { apiBasePath } from '@auscura/contracts';
import type { Endpoint } from '@auscura/contracts';
import type { z } from 'zod';
import { findUncleanText } from '../../lib/clean-text.js';
import { badListQuery } from './bad-list-query.js';
import { badPathParam, badText, badValue, prototypeKeys } from './bad-values.js';
import { exampleOf, objectShape, pathParams, takesListQuery } from './contract-endpoints.js';

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was broken, for the failure message. */
  defects: string[];
  /** true: the request is bad by construction or by the contract, so only a 4xx may answer it. */
  mustRefuse: boolean;
};

/** What the generator knows about the database: a real id per path resource, and a valid recording. */
export type FuzzContext = {
  /** Real ids by the path segment before the parameter (`exams` → an exam of the caller's organization). */
  idFor(segment: string, param: string): string | undefined;
  wav: Buffer;
};

// JSON is UTF-8 (RFC 8259 §8.1): a charset parameter means nothing to it, and a leading byte order
// mark may be ignored, so neither is a defect here.
const jsonTypes = ['application/json', 'application/json; charset=utf-8'];
const wrongTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  '',
];

/** The JSON of a value, keeping own `__proto__` keys (JSON.stringify of a literal would drop them). */
const toJson = (value: unknown) => JSON.stringify(value);

/** Breaks one field of an example object: wrong type, missing, extra (prototype keys too), or the whole body. */
function mutatedBody(example: unknown): fc.Arbitrary<{ body: unknown; defect: string }> {
  const keys = example && typeof example === 'object' && !Array.isArray(example) ? Object.keys(example) : [];
  const withKey = (key: string, value: unknown) => {
    const copy = { ...(example as Record<string, unknown>) };
    Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
    return copy;
  };
  const options: fc.Arbitrary<{ body: unknown; defect: string }>[] = [
    badValue.map((body) => ({ body, defect: 'body of the wrong type' })),
    fc
      .tuple(fc.oneof(fc.constantFrom(...prototypeKeys), badText), badValue)
      .map(([key, value]) => ({ body: withKey(key, value), defect: `extra field ${JSON.stringify(key)}` })),
  ];
  if (keys.length) {
    options.push(
      fc.tuple(fc.constantFrom(...keys), badValue).map(([key, value]) => ({
        body: withKey(key, value),
        defect: `bad ${key}`,
      })),
      fc.constantFrom(...keys).map((key) => {
        const copy = { ...(example as Record<string, unknown>) };
        delete copy[key];
        return { body: copy, defect: `missing ${key}` };
      }),
      fc.constantFrom(...keys).map((key) => ({ body: withKey(key, deepNesting(200)), defect: `deeply nested ${key}` })),
    );
  }
  return fc.oneof(...options);
}

function deepNesting(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = { a: [value] };
  return value;
}

/** How a JSON body travels: as it should, or broken on the way (type, syntax, size). */
function encodedBody(body: unknown): fc.Arbitrary<{ payload: string; contentType: string; defect?: string }> {
  const text = toJson(body) ?? 'null';
  return fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...jsonTypes).map((contentType) => ({ payload: text, contentType })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...wrongTypes)
        .map((contentType) => ({ payload: text, contentType, defect: `content type ${contentType || 'missing'}` })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.integer({ min: 0, max: Math.max(0, text.length - 1) }).map((end) => text.slice(0, end)),
          fc.constantFrom(`${text}}`, `${text},`, `{${text}`, "{'a':1}", '{"a":1,}', '\u0000', '\ufeff'),
        )
        .map((payload) => ({ payload, contentType: 'application/json', defect: 'malformed JSON' })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        payload: `{"pad":"${'x'.repeat(1024 * 1024 + 16)}"}`,
        contentType: 'application/json',
        defect: 'body over the 1 MiB limit',
      }),
    },
  );
}

const multipartCrlf = '\r\n';

/** A multipart body with one thing broken: boundaries, parts, JSON part, file. Always refused. */
function badMultipart(
  endpoint: Endpoint,
  context: FuzzContext,
): fc.Arbitrary<{ payload: Buffer; contentType: string; defect: string }> {
  const multipart = endpoint.multipart!;
  const [jsonName, jsonSchema] = Object.entries(multipart.json)[0]!;
  const fileName = multipart.files[0]!;
  const example = exampleOf(jsonSchema, () => crypto.randomUUID());
  const validJson = { auscultationPoint: { type: 'heart', label: 'h1' } };
  const build = (parts: { name: string; data: Buffer | string; file?: boolean }[], boundary: string, close = true) => {
    const chunks: Buffer[] = [];
    for (const part of parts) {
      const disposition = `form-data; name="${part.name}"${part.file ? '; filename="r.wav"' : ''}`;
      const type = part.file ? `${multipartCrlf}Content-Type: audio/wav` : '';
      chunks.push(
        Buffer.from(
          `--${boundary}${multipartCrlf}Content-Disposition: ${disposition}${type}${multipartCrlf}${multipartCrlf}`,
        ),
      );
      chunks.push(Buffer.from(part.data), Buffer.from(multipartCrlf));
    }
    if (close) chunks.push(Buffer.from(`--${boundary}--${multipartCrlf}`));
    return Buffer.concat(chunks);
  };
  const boundary = 'fuzzboundary';
  const type = `multipart/form-data; boundary=${boundary}`;
  const good = (json: unknown) => [
    { name: jsonName, data: toJson(json) },
    { name: fileName, data: context.wav, file: true },
  ];
  return fc.oneof(
    fc.constant({ payload: build(good(validJson), boundary, false), contentType: type, defect: 'no closing boundary' }),
    fc.integer({ min: 1, max: 400 }).map((cut) => ({
      payload: build(good(validJson), boundary).subarray(0, cut),
      contentType: type,
      defect: 'body cut short',
    })),
    fc.constant({
      payload: build(good(validJson), boundary),
      contentType: 'multipart/form-data',
      defect: 'no boundary',
    }),
    fc.constant({ payload: build(good(validJson), 'other'), contentType: type, defect: 'boundary mismatch' }),
    fc.constant({ payload: build([good(validJson)[1]!], boundary), contentType: type, defect: `no ${jsonName} part` }),
    fc.constant({ payload: build([good(validJson)[0]!], boundary), contentType: type, defect: `no ${fileName} part` }),
    mutatedBody(example).map(({ body, defect }) => ({
      payload: build(good(body), boundary),
      contentType: type,
      defect: `${jsonName}: ${defect}`,
    })),
    fc.oneof(badText, fc.constant('{"auscultationPoint":')).map((text) => ({
      payload: build([{ name: jsonName, data: text }, good(validJson)[1]!], boundary),
      contentType: type,
      defect: `${jsonName} not JSON`,
    })),
    fc.uint8Array({ maxLength: 2000 }).map((bytes) => ({
      payload: build([good(validJson)[0]!, { name: fileName, data: Buffer.from(bytes), file: true }], boundary),
      contentType: type,
      defect: 'file is not a WAV',
    })),
    fc.constantFrom('a\u0000b', '\ud800').map((text) => ({
      payload: build(good({ ...validJson, deviceLabel: text }), boundary),
      contentType: type,
      defect: 'unclean text in the JSON part',
    })),
  );
}

const isMutating = (method: string) => method !== 'GET' && method !== 'HEAD';
const valid = (schema: z.ZodType | undefined, value: unknown) => !schema || schema.safeParse(value).success;

/**
 * Bad requests for one endpoint, derived from its contract: path parameters, declared query
 * parameters, `q` for list calls, the JSON body or the multipart parts. Each request is either bad
 * by construction or by the contract's own schemas (mustRefuse), or a read with valid input. A
 * valid change is never generated (it would change rows on purpose).
 */
type GeneratedRequest = Omit<FuzzRequest, 'headers'> & { contentType?: string };

export function badRequests(endpoint: Endpoint, context: FuzzContext): fc.Arbitrary<GeneratedRequest> {
  const names = pathParams(endpoint.path);
  const segments = endpoint.path.split('/');
  const realId = (param: string) => context.idFor(segments[segments.indexOf(`:${param}`) - 1] ?? '', param);
  const paramValues = names.map((param) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant({ raw: realId(param) ?? crypto.randomUUID(), bad: false }) },
      { weight: 1, arbitrary: fc.uuid().map((raw) => ({ raw, bad: false })) },
      { weight: 2, arbitrary: badPathParam.map((raw) => ({ raw, bad: true })) },
    ),
  );
  const queryShape = objectShape(endpoint.query);
  const declaredQuery = Object.keys(queryShape ?? {}).filter((name) => name !== 'q');
  const queryValue = fc.option(
    fc.tuple(
      fc.constantFrom(...(declaredQuery.length ? declaredQuery : ['-'])),
      fc.oneof(badText, fc.constant('true')),
    ),
    { nil: undefined },
  );
  const list = takesListQuery(endpoint);
  const q = list ? badListQuery.map((value) => value) : fc.constant(undefined);
  const example = endpoint.body ? exampleOf(endpoint.body, () => crypto.randomUUID()) : undefined;
  const body = endpoint.body
    ? fc.oneof(
        { weight: 4, arbitrary: mutatedBody(example) },
        { weight: 1, arbitrary: fc.constant({ body: example, defect: '' }) },
      )
    : fc.constant(undefined);

  return fc
    .tuple(fc.tuple(...paramValues), queryValue, q, body, fc.boolean())
    .chain(([params, query, listQuery, bodyChoice, junkBody]): fc.Arbitrary<GeneratedRequest> => {
      let path = endpoint.path;
      const decoded: Record<string, string> = {};
      const defects: string[] = [];
      let knownBad = false;
      names.forEach((name, index) => {
        const value = params[index]!;
        path = path.replace(`:${name}`, value.raw);
        if (value.bad) {
          knownBad = true;
          defects.push(`bad :${name} ${JSON.stringify(value.raw.slice(0, 60))}`);
        } else decoded[name] = value.raw;
      });
      const search = new URLSearchParams();
      const queryObject: Record<string, string> = {};
      if (query && declaredQuery.length) {
        search.set(query[0], query[1]);
        queryObject[query[0]] = query[1];
      }
      if (listQuery) {
        for (const text of Array.isArray(listQuery.q) ? listQuery.q : [listQuery.q]) search.append('q', text);
        defects.push(listQuery.defect);
        knownBad = true;
      }
      let searchText = search.toString();
      // Lone surrogates cannot be percent-encoded by URLSearchParams (it writes U+FFFD); send them raw-escaped.
      if (listQuery && findUncleanText(listQuery.q))
        searchText = `q=${encodeURIComponent(String(listQuery.q).replace(/[\ud800-\udfff]/g, '?'))}%ED%A0%80`;
      const url = `${apiBasePath}${path}${searchText ? `?${searchText}` : ''}`;
      const paramsValid = !names.some((_, index) => params[index]!.bad) && valid(endpoint.params, decoded);
      const queryValid = valid(endpoint.query, queryObject) && !findUncleanText(queryObject);

      if (endpoint.multipart) {
        return badMultipart(endpoint, context).map((part): GeneratedRequest => ({
          method: endpoint.method,
          url,
          payload: part.payload,
          contentType: part.contentType,
          defects: [...defects, part.defect],
          mustRefuse: true,
        }));
      }
      if (bodyChoice) {
        return encodedBody(bodyChoice.body).map((encoded): GeneratedRequest => {
          const bodyDefects = [bodyChoice.defect, encoded.defect].filter((text): text is string => !!text);
          const bodyValid =
            !encoded.defect && valid(endpoint.body, bodyChoice.body) && !findUncleanText(bodyChoice.body);
          return {
            method: endpoint.method,
            url,
            payload: encoded.payload,
            contentType: encoded.contentType,
            defects: [...defects, ...bodyDefects],
            mustRefuse: knownBad || !paramsValid || !queryValid || !bodyValid,
          };
        });
      }
      // No body in the contract: sometimes a stray one, which must change nothing.
      const stray = junkBody && isMutating(endpoint.method);
      return fc.constant<GeneratedRequest>({
        method: endpoint.method,
        url,
        ...(stray ? { payload: '{"value":', contentType: 'application/json' } : {}),
        defects: [...defects, ...(stray ? ['malformed stray body'] : [])],
        mustRefuse: knownBad || !paramsValid || !queryValid || stray,
      });
    })
    .filter((request) => request.mustRefuse || !isMutating(request.method));
}
