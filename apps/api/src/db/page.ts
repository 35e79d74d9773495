import { sql } from 'kysely';
import type { SelectQueryBuilder } from 'kysely';
import type { ListQuery } from '@auscura/contracts';

/**
 * One page of a whitelisted list query (lib/list-query.ts) over a filtered FROM: the number of
 * all matching rows, then the page's rows ordered by the query's sort fields (each mapped to its
 * column) and last by `tiebreak`, a unique column, so that pages never overlap or skip a row.
 * `select` adds the page's columns (and any joins only they need) to the filtered FROM.
 */
export async function selectPage<DB, TB extends keyof DB, PageDB, PageTB extends keyof PageDB, Row>(
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a FROM with its WHERE, nothing selected yet
  filtered: SelectQueryBuilder<DB, TB, {}>,
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  select: (from: SelectQueryBuilder<DB, TB, {}>) => SelectQueryBuilder<PageDB, PageTB, Row>,
  query: ListQuery,
  order: { columns: Readonly<Record<string, string>>; tiebreak: string },
): Promise<{ rows: Row[]; totalCount: number }> {
  const counted = filtered.select(sql<number | string>`count(*)`.as('count'));
  const { count } = (await counted.executeTakeFirstOrThrow()) as { count: number | string };
  let page = select(filtered);
  for (const sort of query.sort) {
    const column = order.columns[sort.field];
    // The whitelist has already refused any other field.
    if (column) page = page.orderBy(sql.ref(column), sort.direction);
  }
  const { pageNumber, pageSize } = query.pagination;
  const rows = await page
    .orderBy(sql.ref(order.tiebreak))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize)
    .execute();
  return { rows, totalCount: Number(count) };
}
