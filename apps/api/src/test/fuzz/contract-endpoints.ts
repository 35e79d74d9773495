import * as contracts from '@auscura/contracts';
import type { Endpoint } from '@auscura/contracts';
import { z } from 'zod';

type ContractEndpoint = {
  /** `METHOD /api/v1/path`, as app.registeredRoutes names it. */
  key: string;
  /** Where the contract defines it, e.g. `examRoutes.get`. */
  name: string;
  endpoint: Endpoint;
};

const isEndpoint = (value: unknown): value is Endpoint =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as Endpoint).method === 'string' &&
  typeof (value as Endpoint).path === 'string' &&
  (value as Endpoint).path.startsWith('/') &&
  typeof (value as Endpoint).responses === 'object';

/**
 * Every endpoint of the contract: each exported table whose values are endpoints (examRoutes,
 * healthcareProviderRoutes, …), so a table added later is found without changing this file.
 */
export function contractEndpoints(): Map<string, ContractEndpoint> {
  const found = new Map<string, ContractEndpoint>();
  for (const [tableName, table] of Object.entries(contracts)) {
    if (!table || typeof table !== 'object' || isEndpoint(table)) continue;
    for (const [name, value] of Object.entries(table as Record<string, unknown>)) {
      // The operator endpoints are outside /api/v1, on loopback with the operator secret only
      // (operator/routes.ts and its tests), not for callers with tokens.
      if (!isEndpoint(value) || value.path.startsWith(contracts.operatorBasePath)) continue;
      const key = `${value.method} ${contracts.apiBasePath}${value.path}`;
      if (!found.has(key)) found.set(key, { key, name: `${tableName}.${name}`, endpoint: value });
    }
  }
  return found;
}

/** The object shape of a schema (through optional, default and pipe wrappers), if it is an object. */
export function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  let current: z.ZodType | undefined = schema;
  for (let i = 0; current && i < 10; i++) {
    if (current instanceof z.ZodObject) return current.shape as Record<string, z.ZodType>;
    const def = current._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
    current = def.innerType ?? def.in;
  }
  return undefined;
}

/** A list call takes the JSON `q`: its contract declares `q` in its query, or it answers a page. */
export function takesListQuery(endpoint: Endpoint): boolean {
  if (objectShape(endpoint.query)?.q) return true;
  const ok = objectShape(endpoint.responses[200]);
  return !!ok?.items && !!ok.totalCount;
}

/** The `:name` placeholders of a path, in order. */
export const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);

/**
 * An example value of a schema's shape: the right JSON type for every field (not necessarily
 * passing every refinement). Generated requests start from it and break one thing at a time.
 */
export function exampleOf(schema: z.ZodType, idFor: (field: string) => string, field = ''): unknown {
  const def = schema._zod.def as {
    type: string;
    format?: string;
    innerType?: z.ZodType;
    in?: z.ZodType;
    options?: z.ZodType[];
    entries?: Record<string, string>;
    values?: unknown[];
    element?: z.ZodType;
    checks?: { _zod: { def: { check: string; minimum?: number } } }[];
  };
  switch (def.type) {
    case 'object': {
      const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
      return Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, exampleOf(value, idFor, key)]));
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return exampleOf(def.innerType!, idFor, field);
    case 'pipe':
      return exampleOf(def.in!, idFor, field);
    case 'union':
      return exampleOf(def.options![0]!, idFor, field);
    case 'enum':
      return Object.values(def.entries!)[0];
    case 'literal':
      return def.values![0];
    case 'array': {
      const min = def.checks?.find((check) => check._zod.def.check === 'min_length')?._zod.def.minimum ?? 0;
      return Array.from({ length: Math.max(1, min) }, () => exampleOf(def.element!, idFor, field));
    }
    case 'boolean':
      return true;
    case 'number':
    case 'int':
      return 1;
    case 'null':
      return null;
    case 'string':
      if (def.format === 'uuid' || def.format === 'guid') return idFor(field);
      if (def.format === 'email') return 'fuzz@example.org';
      if (def.format === 'date') return new Date().toISOString().slice(0, 10);
      if (def.format === 'datetime') return new Date().toISOString();
      if (def.format === 'url') return 'https://example.org/';
      return 'Fuzz';
    default:
      return 'Fuzz';
  }
}
