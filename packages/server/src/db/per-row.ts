import { sql, type RawBuilder } from 'kysely';

/** SQL types a per-row value is cast to: both engines accept these names. */
export type PerRowType = 'integer' | 'bigint' | 'text';

/**
 * `case <idColumn> when ? then cast(? as <type>) ... end`: a different value for each row of one
 * UPDATE (`set price = valueById(...) where id in (...)`), so a batch of rows is written by one
 * statement instead of one statement a row. The cast types every branch for PostgreSQL, whose
 * parameters are otherwise untyped; SQLite reads the same names as affinities. Rows whose id is not
 * in `values` get `otherwise`, or NULL without it.
 */
export function valueById<T extends string | number | null>(
  idColumn: string,
  values: ReadonlyMap<number, T>,
  type: PerRowType,
  otherwise?: T,
): RawBuilder<T> {
  const branches = [...values].map(([id, v]) => sql`when ${id} then cast(${v} as ${sql.raw(type)})`);
  const rest = otherwise === undefined ? sql`` : sql` else cast(${otherwise} as ${sql.raw(type)})`;
  return sql<T>`case ${sql.ref(idColumn)} ${sql.join(branches, sql` `)}${rest} end`;
}

/** Splits `rows` into chunks of at most `size` (statements stay under the engines' bound-value limits). */
export function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
