import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API operation: method, path under /api/v1 (with `:param` placeholders), the schemas of
 * its inputs, and one schema per answer status. The API validates with it and types its
 * handlers' answers by it; the web app's fetchers send what it accepts and parse what it
 * answers, so nobody re-declares these types (ts-rest's model).
 */
export type Endpoint = {
  method: HttpMethod;
  path: string;
  /** true: no bearer token (the spec marks the call unauth). */
  public?: boolean;
  /**
   * true: besides a provider's bearer token, a virtual exam's patient session token is let through
   * the authentication hook; the handler decides what that patient may do (remote auscultation).
   */
  patientSession?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * A multipart/form-data body instead of JSON: the JSON parts with their schemas, and the file
   * parts by name. Servers and generated tests read the parts from here.
   */
  multipart?: { json: Record<string, z.ZodType>; files: readonly string[] };
  responses: Partial<Record<number, z.ZodType>>;
  summary: string;
};

/** `const`: method and path keep their literal types, so a checker can name every endpoint a call reaches. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

/** Fills `:name` placeholders of an endpoint path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

export const apiBasePath = '/api/v1';

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a client sends in the path, the query string and the body (before the server's parsing). */
export type EndpointParams<E extends Endpoint> = InputOf<E['params']>;
export type EndpointQuery<E extends Endpoint> = InputOf<E['query']>;
export type EndpointBody<E extends Endpoint> = InputOf<E['body']>;

/** What a handler receives once the server has parsed the request with the endpoint's schemas. */
export type ParsedParams<E extends Endpoint> = OutputOf<E['params']>;
export type ParsedQuery<E extends Endpoint> = OutputOf<E['query']>;
export type ParsedBody<E extends Endpoint> = OutputOf<E['body']>;

/** The statuses an endpoint declares. */
export type EndpointStatus<E extends Endpoint> = Extract<keyof E['responses'], number>;

/** The body a client holds after parsing an answer of status S. */
export type ResponseBody<E extends Endpoint, S extends EndpointStatus<E>> = OutputOf<E['responses'][S]>;

/** The body a server may send with status S: anything that parses to the declared schema. */
export type ResponseInput<E extends Endpoint, S extends EndpointStatus<E>> = InputOf<E['responses'][S]>;

/**
 * The request options of an endpoint: a key is required when its schema requires it, optional
 * when everything in it is optional, and absent (never) when the endpoint declares no schema.
 */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : undefined extends T
    ? { [P in K]?: T }
    : // eslint-disable-next-line @typescript-eslint/no-empty-object-type
      {} extends T
      ? { [P in K]?: T }
      : { [P in K]: T };
export type EndpointRequest<E extends Endpoint> = Part<'params', EndpointParams<E>> &
  Part<'query', EndpointQuery<E>> &
  Part<'body', EndpointBody<E>>;

type KeysOfUnion<T> = T extends unknown ? keyof T : never;
type PropOf<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;
type ItemOf<T> = T extends readonly (infer Item)[] ? Item : never;
/** Values sent as they are, not looked into field by field. */
export type WireLeaf = string | number | boolean | bigint | symbol | null | undefined | Date | Uint8Array;

/**
 * The paths of the fields of A that no member of B has, through nested objects and arrays
 * (never when there are none). TypeScript refuses unknown fields only in an object literal
 * written where its type is expected; a value built elsewhere (a mapper's row, a spread) passes.
 * The API's route() and the web app's apiRequest() check what they send with this instead, so
 * a leaked column or a body field the endpoint does not accept fails to compile either way.
 */
export type ExtraFields<A, B, Path extends string, Leaf = WireLeaf> = A extends Leaf
  ? never
  : A extends readonly (infer Item)[]
    ? ExtraFields<Item, ItemOf<B>, `${Path}[]`, Leaf>
    : {
        [K in keyof A & string]: K extends KeysOfUnion<Exclude<B, Leaf>>
          ? ExtraFields<A[K], PropOf<Exclude<B, Leaf>, K>, `${Path}.${K}`, Leaf>
          : `${Path}.${K}`;
      }[keyof A & string];
