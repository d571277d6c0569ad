import { type SelectQueryBuilder, sql } from "kysely";

/** Which page of a list: 1-based page number and its size. */
export interface Paging {
  page: number;
  pageSize: number;
}

export interface Page<T> extends Paging {
  items: T[];
  /** Rows matching the filters on every page. */
  total: number;
}

/**
 * One page of a filtered list and the count of all its rows, from the same filtered query, so
 * the total always counts what the pages show. `select` orders and picks the columns.
 */
export async function countAndPage<DB, TB extends keyof DB, O, Row, Item>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  paging: Paging,
  select: (query: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, Row>,
  toItem: (row: Row) => Item,
): Promise<Page<Item>> {
  const [counted, rows] = await Promise.all([
    filtered.select(sql<string>`count(*)`.as("total")).executeTakeFirstOrThrow(),
    select(filtered)
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize)
      .execute(),
  ]);
  return { items: rows.map((row) => toItem(row as Row)), total: Number((counted as { total: string }).total), page: paging.page, pageSize: paging.pageSize };
}
