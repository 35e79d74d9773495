import { z } from 'zod';
import { limits } from './common.js';

/** Operators a list filter may use; each resource whitelists fields and operators. */
export const filterOps = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'like'] as const;
export type FilterOp = (typeof filterOps)[number];

const filterValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string(), z.number()])),
]);

export const listFilterSchema = z.object({
  field: z.string().min(1).max(64),
  op: z.enum(filterOps).default('eq'),
  value: filterValueSchema,
});
export type ListFilter = z.infer<typeof listFilterSchema>;

export const listSortSchema = z.object({
  field: z.string().min(1).max(64),
  direction: z.enum(['asc', 'desc']).default('asc'),
});
export type ListSort = z.infer<typeof listSortSchema>;

export const paginationSchema = z.object({
  pageNumber: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(limits.maxPageSize).default(limits.pageSize),
});

/** The `q` parameter of every list call, after JSON.parse. */
export const listQuerySchema = z
  .object({
    filters: z.array(listFilterSchema).max(20).default([]),
    sort: z.array(listSortSchema).max(5).default([]),
    pagination: paginationSchema.default({ pageNumber: 1, pageSize: limits.pageSize }),
    joinedLoads: z.array(z.string().min(1).max(64)).max(10).default([]),
  })
  .strict();
export type ListQuery = z.infer<typeof listQuerySchema>;
export type ListQueryInput = z.input<typeof listQuerySchema>;

/**
 * The query string of every list call: `q`, the list query as JSON text (DESIGN.md). The server
 * parses the text and checks it against the resource's whitelist (fields, operators, loads).
 */
export const listQueryParamsSchema = z.object({ q: z.string().optional() });

/** Encodes a list query for the `q` search parameter. */
export function encodeListQuery(query: ListQueryInput): string {
  return JSON.stringify(query);
}

/** Paged answers: the body, plus headers X-Total-Count, X-Page-Number, X-Page-Size. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), totalCount: z.number().int().min(0) });
}
export type Paged<T> = { items: T[]; totalCount: number };

export const pagingHeaders = {
  totalCount: 'x-total-count',
  pageNumber: 'x-page-number',
  pageSize: 'x-page-size',
} as const;
