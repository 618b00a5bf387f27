import type { TenantDb } from '../../db/tenant';
import type { ListRow, ListTable } from './list-definition';

/**
 * Queries shared by every simple list. The table name comes from a fixed definition, never from
 * the request; the TenantDb scopes each query to the caller's organisation.
 */
export const listRepository = {
  async list(tdb: TenantDb, table: ListTable): Promise<ListRow[]> {
    const rows = await tdb.selectFrom(table).selectAll().orderBy('id').execute();
    return rows.map(strip);
  },

  async findById(tdb: TenantDb, table: ListTable, id: number): Promise<ListRow | undefined> {
    const row = await tdb.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
    return row ? strip(row) : undefined;
  },

  async insert(tdb: TenantDb, table: ListTable, values: Record<string, unknown>): Promise<ListRow> {
    const row = await tdb
      .insertInto(table, values as never)
      .returningAll()
      .executeTakeFirstOrThrow();
    return strip(row);
  },

  async update(tdb: TenantDb, table: ListTable, id: number, values: Record<string, unknown>) {
    const row = await tdb
      .updateTable(table)
      .set(values as never)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row ? strip(row) : undefined;
  },

  async remove(tdb: TenantDb, table: ListTable, id: number): Promise<void> {
    await tdb.deleteFrom(table).where('id', '=', id).execute();
  },
};

/** Drops org_id: it never leaves the server. */
function strip(row: object): ListRow {
  const { org_id: _org, ...rest } = row as Record<string, unknown>;
  return rest as ListRow;
}
