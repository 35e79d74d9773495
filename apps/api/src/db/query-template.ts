import { CompiledQuery } from 'kysely';
import type { Compilable } from 'kysely';
import type { DbOrTx } from './connect.js';

/** Stands in for a value while a query shape is built; replaced by the real value at each execution. */
class Slot {
  constructor(readonly name: string) {}
}

/** Hands out slots while a shape is built: `slot('organizationId')` goes where the value will. */
export type SlotFor = <T = string>(name: string) => T;

type Template = { sql: string; parameters: readonly unknown[] };

/**
 * Queries whose SQL is built once per shape. Kysely builds and compiles a query on every call,
 * which under load was ~13 % of the API's CPU for an exam list page (benchmarks/history/
 * 2026-11-results-journal.md, "The morning of 2026-11-23"); the
 * SQL text only depends on the shape (which filters, which sort, how many ids in an `in`), so it
 * is built once with slots in place of the values, and each execution sends the same text with
 * the values filled in. The same text also finds its prepared statement by a cached string hash.
 *
 * `shape` must name everything that changes the SQL text; a shape must not change its text later.
 * Both dialects (PGlite and PostgreSQL) compile with Kysely's PostgreSQL compiler, so one text serves both.
 */
export function createQueryTemplates(limit = 200) {
  const templates = new Map<string, Template>();

  function templateOf(shape: string, build: (slot: SlotFor) => Compilable<unknown>): Template {
    const known = templates.get(shape);
    if (known) return known;
    const compiled = build(((name: string) => new Slot(name)) as SlotFor).compile();
    const template = { sql: compiled.sql, parameters: compiled.parameters };
    // Bounded: shapes come from whitelisted query options, but an `in` list's length is the caller's.
    if (templates.size < limit) templates.set(shape, template);
    return template;
  }

  return {
    /** Runs the query of `shape` with `values` in its slots; `build` runs only the first time. */
    async execute<Row>(
      db: DbOrTx,
      shape: string,
      build: (slot: SlotFor) => Compilable<unknown>,
      values: Record<string, unknown>,
    ): Promise<Row[]> {
      const template = templateOf(shape, build);
      const parameters = template.parameters.map((parameter) => {
        if (!(parameter instanceof Slot)) return parameter;
        if (!(parameter.name in values)) throw new Error(`No value for slot ${parameter.name} of query ${shape}`);
        return values[parameter.name];
      });
      const result = await db.executeQuery<Row>(CompiledQuery.raw(template.sql, parameters));
      return result.rows;
    },
    /** How many shapes are kept (tests). */
    get size() {
      return templates.size;
    },
  };
}
