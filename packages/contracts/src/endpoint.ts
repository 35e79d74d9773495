import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API operation: method, path under /api/v1 (with `:param` placeholders), the schemas of
 * its inputs, and one schema per answer status. The API validates with it and the web app's
 * fetchers reuse it, so nobody re-declares these types.
 */
export type Endpoint = {
  method: HttpMethod;
  path: string;
  /** true: no bearer token (the spec marks the call unauth). */
  public?: boolean;
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

export function endpoint<E extends Endpoint>(definition: E): E {
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
