import { isoDateSchema, isoDateTimeSchema, listQuerySchema } from '@auscura/contracts';
import type { FilterOp, ListQuery } from '@auscura/contracts';
import type { FastifyReply } from 'fastify';
import { pagingHeaders } from '@auscura/contracts';
import { assertCleanText } from './clean-text.js';
import { invalidData } from './http-error.js';

/** What a resource allows in `q`: each field maps to a column and lists its operators. */
export type FieldRule = { ops: readonly FilterOp[]; type: 'string' | 'uuid' | 'date' | 'boolean' | 'number' };
export type ListWhitelist = {
  filters: Record<string, FieldRule>;
  sorts: readonly string[];
  joinedLoads: readonly string[];
  defaultSort: { field: string; direction: 'asc' | 'desc' };
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function checkValue(field: string, rule: FieldRule, value: unknown): void {
  const values = Array.isArray(value) ? value : [value];
  for (const item of values) {
    const ok =
      (rule.type === 'string' && typeof item === 'string' && item.length <= 200) ||
      (rule.type === 'uuid' && typeof item === 'string' && uuidPattern.test(item)) ||
      (rule.type === 'date' && typeof item === 'string' && isStorableDate(item)) ||
      (rule.type === 'boolean' && typeof item === 'boolean') ||
      (rule.type === 'number' && typeof item === 'number' && Number.isFinite(item));
    if (!ok) throw invalidData(`Invalid value for filter ${field}.`);
  }
}

/**
 * A date or date-time as the contract sends them (ISO 8601: `YYYY-MM-DD`, or with time and offset),
 * in years 1–9999. `Date.parse` alone accepted "1" (year 2001) and "+275760-09-13T00:00:00Z", which
 * PostgreSQL refused with a server error.
 */
function isStorableDate(text: string): boolean {
  if (!isoDateSchema.safeParse(text).success && !isoDateTimeSchema.safeParse(text).success) return false;
  const year = Number(text.slice(0, 4));
  return year >= 1 && !Number.isNaN(Date.parse(text));
}

/** Freezes a parsed query and everything in it, so a cached one cannot be changed by a caller. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/**
 * Checked queries by whitelist and text. A client sends the same few `q` strings again and again
 * (a list, its pages, its filters), and parsing and checking one (JSON.parse, the zod schema, the
 * whitelist) was ~2.5 % of the API's CPU for an exam list request. Only queries that passed are
 * kept, frozen so that no request can change another's; bounded, emptied when full.
 */
const checkedQueries = new WeakMap<ListWhitelist, Map<string, ListQuery>>();
const checkedLimit = 1000;

/**
 * Parses and checks the JSON `q` parameter against a resource's whitelist. Anything not
 * whitelisted (field, operator, sort, joined load) is INVALID_DATA. The answer is frozen.
 */
export function parseListQuery(raw: unknown, whitelist: ListWhitelist): ListQuery {
  if (typeof raw !== 'string') return deepFreeze(parseUncached(raw, whitelist));
  let known = checkedQueries.get(whitelist);
  if (!known) {
    known = new Map();
    checkedQueries.set(whitelist, known);
  }
  const hit = known.get(raw);
  if (hit) return hit;
  const query = deepFreeze(parseUncached(raw, whitelist));
  if (known.size >= checkedLimit) known.clear();
  known.set(raw, query);
  return query;
}

function parseUncached(raw: unknown, whitelist: ListWhitelist): ListQuery {
  let json: unknown = {};
  if (typeof raw === 'string' && raw.length > 0) {
    if (raw.length > 4000) throw invalidData('The list query is too long.');
    try {
      json = JSON.parse(raw);
    } catch {
      throw invalidData('The list query is not valid JSON.');
    }
  } else if (raw !== undefined && raw !== '') {
    throw invalidData('The list query must be a JSON string.');
  }
  const parsed = listQuerySchema.safeParse(json);
  if (!parsed.success) throw invalidData('The list query is not valid.');
  const query = parsed.data;
  assertCleanText(query);
  for (const filter of query.filters) {
    // Own keys only: a field named __proto__, constructor or toString must not find Object.prototype's.
    const rule = Object.hasOwn(whitelist.filters, filter.field) ? whitelist.filters[filter.field] : undefined;
    if (!rule) throw invalidData(`Filtering by ${filter.field} is not allowed.`);
    if (!rule.ops.includes(filter.op)) throw invalidData(`Operator ${filter.op} is not allowed on ${filter.field}.`);
    if (filter.op === 'in' ? !Array.isArray(filter.value) : Array.isArray(filter.value)) {
      throw invalidData(`Invalid value for filter ${filter.field}.`);
    }
    if (Array.isArray(filter.value) && filter.value.length === 0) {
      throw invalidData(`The in filter on ${filter.field} needs at least one value.`);
    }
    checkValue(filter.field, rule, filter.value);
  }
  for (const sort of query.sort) {
    if (!whitelist.sorts.includes(sort.field)) throw invalidData(`Sorting by ${sort.field} is not allowed.`);
  }
  for (const load of query.joinedLoads) {
    if (!whitelist.joinedLoads.includes(load)) throw invalidData(`Joined load ${load} is not allowed.`);
  }
  if (query.sort.length === 0) query.sort = [whitelist.defaultSort];
  return query;
}

export function filtersFor(query: ListQuery, field: string) {
  return query.filters.filter((filter) => filter.field === field);
}

/** Sets the paging headers and returns the paged body. */
export function sendPaged<T>(reply: FastifyReply, query: ListQuery, page: { items: T[]; totalCount: number }) {
  reply.header(pagingHeaders.totalCount, String(page.totalCount));
  reply.header(pagingHeaders.pageNumber, String(query.pagination.pageNumber));
  reply.header(pagingHeaders.pageSize, String(query.pagination.pageSize));
  return page;
}

/** Escapes LIKE wildcards in user text. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
