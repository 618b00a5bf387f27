import type { TenantDb } from '../../db/tenant';

/** A parameter with its category's columns (null when global). */
export interface ParameterRow {
  id: number;
  name: string;
  category_id: number | null;
  type: string;
  is_multi: number;
  dictionary: string;
  cat_number: string | null;
  cat_full_number: string | null;
  cat_full_name: string | null;
}

export interface ParameterColumns {
  name: string;
  category_id: number | null;
  type: string;
  is_multi: number;
  dictionary: string;
}

/**
 * Which parameters a list shows: every one, only the global ones, or those of some categories
 * (with or without the global ones).
 */
export type ParameterFilter =
  { kind: 'all' } | { kind: 'global' } | { kind: 'categories'; ids: readonly number[]; withGlobal: boolean };

function selectRows(tdb: TenantDb) {
  return tdb
    .selectFrom('parameters')
    .leftJoin('categories', (join) =>
      join.onRef('categories.id', '=', 'parameters.category_id').onRef('categories.org_id', '=', 'parameters.org_id'),
    )
    .select([
      'parameters.id',
      'parameters.name',
      'parameters.category_id',
      'parameters.type',
      'parameters.is_multi',
      'parameters.dictionary',
      'categories.number as cat_number',
      'categories.full_number as cat_full_number',
      'categories.full_name as cat_full_name',
    ]);
}

export const parametersRepository = {
  list(tdb: TenantDb, filter: ParameterFilter): Promise<ParameterRow[]> {
    const q = selectRows(tdb);
    switch (filter.kind) {
      case 'all':
        return q.execute();
      case 'global':
        return q.where('parameters.category_id', 'is', null).execute();
      case 'categories':
        return q
          .where((eb) => {
            const inCategories = eb('parameters.category_id', 'in', filter.ids);
            return filter.withGlobal ? eb.or([inCategories, eb('parameters.category_id', 'is', null)]) : inCategories;
          })
          .execute();
    }
  },

  /** The caller's parameters among `ids` (item saves check their values against these). */
  byIds(tdb: TenantDb, ids: readonly number[]): Promise<ParameterRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return selectRows(tdb)
      .where('parameters.id', 'in', [...ids])
      .execute();
  },

  findById(tdb: TenantDb, id: number): Promise<ParameterRow | undefined> {
    return selectRows(tdb).where('parameters.id', '=', id).executeTakeFirst();
  },

  async insert(tdb: TenantDb, values: ParameterColumns): Promise<number> {
    const row = await tdb.insertInto('parameters', values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  async update(tdb: TenantDb, id: number, values: ParameterColumns): Promise<boolean> {
    const res = await tdb.updateTable('parameters').set(values).where('id', '=', id).executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  },

  async remove(tdb: TenantDb, id: number): Promise<boolean> {
    const res = await tdb.deleteFrom('parameters').where('id', '=', id).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  },

  /** Whether any parameter belongs to the category (blocks deleting it). */
  async anyInCategory(tdb: TenantDb, categoryId: number): Promise<boolean> {
    const row = await tdb
      .selectFrom('parameters')
      .select('id')
      .where('category_id', '=', categoryId)
      .executeTakeFirst();
    return row !== undefined;
  },
};
