import { sql, type AliasedSelectQueryBuilder, type Insertable, type SelectQueryBuilder, type Updateable } from 'kysely';
import { utcText } from '../../db/database';
import { chunks, valueById, type PerRowType } from '../../db/per-row';
import type { DB, ItemsTable } from '../../db/schema';
import type { TenantDb } from '../../db/tenant';

/** Ids per `in (...)` query: far below the bound-parameter limits of both engines. */
export const CHUNK = 500;

export type ItemColumns = Omit<Insertable<ItemsTable>, 'id' | 'org_id'>;
export type ItemChanges = Updateable<Omit<ItemsTable, 'id' | 'org_id' | 'count_ware'>>;

/** Columns a batch update may give a different value per item, with the type each is cast to. */
const PER_ITEM_COLUMNS = {
  price: 'bigint',
  gtin: 'text',
  count_offer: 'integer',
  count_params: 'integer',
  name: 'text',
  vat: 'integer',
  currency: 'text',
  has_ext: 'integer',
  ext_code: 'text',
  ext_url: 'text',
  ext_price: 'bigint',
  ext_margin: 'integer',
} as const;
export type PerItemColumn = keyof typeof PER_ITEM_COLUMNS;
/** A batch update: values common to every item, and per-item values by item id. */
export interface BatchChanges {
  common: ItemChanges;
  perItem: Partial<{ [C in PerItemColumn]: Map<number, ItemsTable[C]> }>;
}

/** The item's own columns of a list row, qualified: they are read beside a joined page of ids. */
const ITEM_ROW_COLUMNS = [
  'items.id',
  'items.code',
  'items.gtin',
  'items.name',
  'items.price',
  'items.vat',
  'items.currency',
  'items.count_ware',
  'items.count_offer',
  'items.item_status_id',
  'items.delivery_price_list_id',
  'items.delivery_time_id',
  'items.item_group_id',
  'items.category_id',
  'items.place_id',
  'items.has_ext',
  'items.ext_code',
  'items.ext_url',
  'items.ext_price',
  'items.ext_margin',
  'items.count_photos',
  'items.count_params',
  'items.main_photo',
  'items.main_photo_type',
  'items.last_changed',
  'items.last_changed_photos',
] as const;

/** The own columns' names in select order: the positions of a big page's array rows. */
export const ITEM_ROW_FIELDS = ITEM_ROW_COLUMNS.map((c) => c.slice('items.'.length) as StripItems<typeof c>);
type StripItems<C> = C extends `items.${infer N}` ? N : never;

/** Timestamps the PostgreSQL lookup reads as UTC text (db/database.ts utcText; the mapper makes ISO). */
const TIMESTAMPS = new Set<string>(['last_changed', 'last_changed_photos']);

/** What the PostgreSQL lookup of each id selects: the own columns, timestamps as UTC text, same names. */
const ITEM_LOOKUP_COLUMNS = ITEM_ROW_FIELDS.map((name) =>
  TIMESTAMPS.has(name) ? utcText(`items.${name}`, name) : name,
) as unknown as (typeof ITEM_ROW_FIELDS)[number][];

/** One page of item ids (items.search pageIdsQuery) as the derived table `page` the row queries join. */
export type PageIds = AliasedSelectQueryBuilder<{ id: number }, 'page'>;

/**
 * The items of a page of ids, the page driving the join: SQLite keeps a CROSS JOIN's order, so it
 * looks the page's ids up rather than walking a sort index over the whole organisation to spare
 * itself sorting the page (an inner join planned that way took 2 s). PostgreSQL looks each id up
 * through a lateral subquery fenced by LIMIT 1 (an id names one row): as a join it hashed a
 * 10,000-id page against a sequential scan of the whole organisation (146 ms of its 158 ms at a
 * million items, where the 10,000 primary-key probes take 20 ms; docs/performance.md). The page
 * holds this organisation's ids only (it is built from this TenantDb); the lookup repeats the
 * organisation so that no row of another can come in through it.
 */
function pageItems(tdb: TenantDb, page: PageIds) {
  const joined = tdb
    .selectFromSubquery(page)
    .crossJoin('items')
    .whereRef('items.id', '=', 'page.id')
    .where('items.org_id', '=', tdb.orgId);
  if (!tdb.isPostgres) return joined;
  const lookedUp = tdb.selectFromSubquery(page).innerJoinLateral(
    (eb) =>
      eb
        .selectFrom('items')
        .select(ITEM_LOOKUP_COLUMNS)
        .whereRef('items.id', '=', 'page.id')
        .where('items.org_id', '=', tdb.orgId)
        .limit(1)
        .as('items'),
    (join) => join.onTrue(),
  );
  // The lookup carries every column a list row, its references and its sort read, under `items`.
  return lookedUp as unknown as typeof joined;
}

/** A page of ids given as a list (the exact lookups). */
export function listedIds(tdb: TenantDb, ids: readonly number[]): PageIds {
  return tdb.selectFrom('items').select('id').where('id', 'in', ids).as('page');
}

/** The references a list row names: alias, table, the items column pointing at it, the columns shown. */
const REFERENCES = [
  ['st', 'item_statuses', 'item_status_id', ['name', 'color']],
  ['dpl', 'delivery_price_lists', 'delivery_price_list_id', ['name']],
  ['dt', 'delivery_times', 'delivery_time_id', ['name']],
  ['ig', 'item_groups', 'item_group_id', ['name']],
  ['cat', 'categories', 'category_id', ['name', 'number', 'full_number', 'full_name']],
  ['pl', 'places', 'place_id', ['name', 'number', 'full_number', 'full_name']],
] as const;

/**
 * The items of a page with their references joined. SQLite: six left joins. PostgreSQL: six
 * lateral lookups fenced by LIMIT 1 (an id names one row), so the planner does not search the
 * orders of an 8-relation join: planning that join took 1-15 ms a page, several times the page's
 * own run, while the fenced lookups plan in under a millisecond and cost at most 600 probes (fewer
 * through Memoize, since the rows of a page share their references). LIMIT also ends the scan of a
 * small table (310 categories) the planner prefers to its primary key at the first match.
 */
function joinReferences(tdb: TenantDb, page: PageIds) {
  if (!tdb.isPostgres) return leftJoins(tdb, page);
  let q = pageItems(tdb, page) as unknown as SelectQueryBuilder<DB, 'items', object>;
  for (const [alias, table, column, shown] of REFERENCES) {
    q = q.leftJoinLateral(
      (eb) =>
        eb
          .selectFrom(table)
          .select([...shown])
          .whereRef(`${table}.id`, '=', `items.${column}`)
          .limit(1)
          .as(alias),
      (join) => join.onTrue(),
    ) as unknown as SelectQueryBuilder<DB, 'items', object>;
  }
  // The same columns under the same aliases as the joins above.
  return q as unknown as ReturnType<typeof leftJoins>;
}

/** The references as plain left joins (SQLite); their row type is both engines'. */
function leftJoins(tdb: TenantDb, page: PageIds) {
  return pageItems(tdb, page)
    .leftJoin('item_statuses as st', 'st.id', 'items.item_status_id')
    .leftJoin('delivery_price_lists as dpl', 'dpl.id', 'items.delivery_price_list_id')
    .leftJoin('delivery_times as dt', 'dt.id', 'items.delivery_time_id')
    .leftJoin('item_groups as ig', 'ig.id', 'items.item_group_id')
    .leftJoin('categories as cat', 'cat.id', 'items.category_id')
    .leftJoin('places as pl', 'pl.id', 'items.place_id');
}

/** A page's list rows with their references' names in the same select (no query per row), unordered. */
export function pageRowsQuery(tdb: TenantDb, page: PageIds) {
  return joinReferences(tdb, page).select([
    ...ITEM_ROW_COLUMNS,
    'st.name as status_name',
    'st.color as status_color',
    'dpl.name as dpl_name',
    'dt.name as dt_name',
    'ig.name as group_name',
    'cat.name as cat_name',
    'cat.number as cat_number',
    'cat.full_number as cat_full_number',
    'cat.full_name as cat_full_name',
    'pl.name as place_name',
    'pl.number as place_number',
    'pl.full_number as place_full_number',
    'pl.full_name as place_full_name',
  ]);
}

export type ItemRowData = Awaited<ReturnType<ReturnType<typeof pageRowsQuery>['executeTakeFirstOrThrow']>>;

/**
 * A big page's rows (up to 10,000): the item's own columns only, in no particular order. Its
 * references' names come from `referenceNames`, read once, which is several times cheaper than
 * six joins per row.
 */
export function bigPageRowsQuery(tdb: TenantDb, page: PageIds) {
  return pageItems(tdb, page).select(ITEM_ROW_COLUMNS);
}

/**
 * The own columns of a list row for these ids, from `items` alone (one statement, no lookup of
 * references: their names come from referenceNames, kept by the item filter index).
 */
export function itemRowsByIds(tdb: TenantDb, ids: readonly number[]) {
  return tdb.selectFrom('items').select(ITEM_ROW_COLUMNS).where('items.id', 'in', ids);
}

/** The statements that read the organisation's reference names (a few thousand rows at most). */
export function referenceNameQueries(tdb: TenantDb) {
  const tree = (table: 'categories' | 'places') =>
    tdb.selectFrom(table).select(['id', 'name', 'number', 'full_number', 'full_name']);
  return {
    statuses: tdb.selectFrom('item_statuses').select(['id', 'name', 'color']),
    dpl: tdb.selectFrom('delivery_price_lists').select(['id', 'name']),
    dt: tdb.selectFrom('delivery_times').select(['id', 'name']),
    groups: tdb.selectFrom('item_groups').select(['id', 'name']),
    categories: tree('categories'),
    places: tree('places'),
  };
}

/** The organisation's reference names by id, read concurrently. */
export async function referenceNames(tdb: TenantDb) {
  const q = referenceNameQueries(tdb);
  const byId = <R extends { id: number }>(rows: R[]) => new Map(rows.map((r) => [r.id, r]));
  const [statuses, dpl, dt, groups, categories, places] = await Promise.all([
    q.statuses.execute(),
    q.dpl.execute(),
    q.dt.execute(),
    q.groups.execute(),
    q.categories.execute(),
    q.places.execute(),
  ]);
  return {
    statuses: byId(statuses),
    dpl: byId(dpl),
    dt: byId(dt),
    groups: byId(groups),
    categories: byId(categories),
    places: byId(places),
  };
}

export type ReferenceNames = Awaited<ReturnType<typeof referenceNames>>;

/** The SET values of a batch update for the items `ids` (one chunk of the batch). */
export function batchSet(changes: BatchChanges, ids: readonly number[]): ItemChanges {
  const set: Record<string, unknown> = { ...changes.common };
  for (const [column, values] of Object.entries(changes.perItem) as [PerItemColumn, Map<number, unknown>][]) {
    const mine = new Map(ids.map((id) => [id, values.get(id) as string | number | null]));
    set[column] = valueById('id', mine, PER_ITEM_COLUMNS[column] as PerRowType);
  }
  return set as ItemChanges;
}

function pushTo<T>(map: Map<number, T[]>, key: number, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export const itemsRepository = {
  /** Rows by id (the exact lookups: a few ids), in the order of `ids`; missing ids are skipped. */
  async rowsByIds(tdb: TenantDb, ids: readonly number[]): Promise<ItemRowData[]> {
    const byId = new Map<number, ItemRowData>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await pageRowsQuery(tdb, listedIds(tdb, ids.slice(i, i + CHUNK))).execute();
      for (const r of rows) byId.set(r.id, r);
    }
    return ids.flatMap((id) => byId.get(id) ?? []);
  },

  async rowById(tdb: TenantDb, id: number): Promise<ItemRowData | undefined> {
    return pageRowsQuery(tdb, listedIds(tdb, [id])).executeTakeFirst();
  },

  /** Every stored column (copying an item). */
  async rawById(tdb: TenantDb, id: number) {
    return tdb.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /**
   * Every stored column of these items, by id. `lock` holds the rows until the transaction ends
   * (PostgreSQL FOR UPDATE; SQLite write transactions run one at a time), for read-then-write.
   */
  async rawByIds(tdb: TenantDb, ids: readonly number[], lock = false) {
    const out = new Map<number, Awaited<ReturnType<typeof itemsRepository.rawById>> & {}>();
    for (const part of chunks(ids, CHUNK)) {
      // In id order: concurrent batches lock their common rows in the same order (no deadlock).
      const q = tdb.selectFrom('items').selectAll().where('id', 'in', part).orderBy('id');
      for (const r of await (lock && tdb.isPostgres ? q.forUpdate() : q).execute()) out.set(r.id, r);
    }
    return out;
  },

  async brief(tdb: TenantDb, id: number): Promise<{ id: number; code: string; name: string } | undefined> {
    return tdb.selectFrom('items').select(['id', 'code', 'name']).where('id', '=', id).executeTakeFirst();
  },

  async idByCode(tdb: TenantDb, code: string): Promise<number | undefined> {
    return (await tdb.selectFrom('items').select('id').where('code', '=', code).executeTakeFirst())?.id;
  },

  async idsByGtin(tdb: TenantDb, gtin: string): Promise<number[]> {
    const rows = await tdb.selectFrom('items').select('id').where('gtin', '=', gtin).orderBy('id').limit(2).execute();
    return rows.map((r) => r.id);
  },

  async existingCodes(tdb: TenantDb, codes: readonly string[]): Promise<string[]> {
    const found: string[] = [];
    for (let i = 0; i < codes.length; i += CHUNK) {
      const rows = await tdb
        .selectFrom('items')
        .select('code')
        .where('code', 'in', codes.slice(i, i + CHUNK))
        .execute();
      found.push(...rows.map((r) => r.code));
    }
    return found;
  },

  /** Names of the items with these codes (item code sheets). */
  async namesByCodes(tdb: TenantDb, codes: readonly string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (let i = 0; i < codes.length; i += CHUNK) {
      const rows = await tdb
        .selectFrom('items')
        .select(['code', 'name'])
        .where('code', 'in', codes.slice(i, i + CHUNK))
        .execute();
      for (const r of rows) out.set(r.code, r.name);
    }
    return out;
  },

  /** Which of these GTINs items of the organisation already carry. */
  async gtinsTaken(tdb: TenantDb, gtins: readonly string[]): Promise<Set<string>> {
    const taken = new Set<string>();
    for (const part of chunks(gtins, CHUNK)) {
      const rows = await tdb.selectFrom('items').select('gtin').where('gtin', 'in', part).execute();
      for (const r of rows) taken.add(r.gtin);
    }
    return taken;
  },

  async description(tdb: TenantDb, id: number): Promise<string> {
    const row = await tdb.selectFrom('items').select('description').where('id', '=', id).executeTakeFirst();
    return row?.description ?? '';
  },

  async insert(tdb: TenantDb, values: ItemColumns): Promise<number> {
    const row = await tdb.insertInto('items', values).returning('id').executeTakeFirstOrThrow();
    await this.countItems(tdb, 1);
    return row.id;
  },

  /**
   * Moves the organisation's item counter by `delta`. Callers are inside the transaction that
   * inserts or deletes the items, so the counter and the table never disagree.
   */
  async countItems(tdb: TenantDb, delta: number): Promise<void> {
    if (delta === 0) return;
    await tdb
      .insertInto('item_counts', { items: delta })
      .onConflict((oc) => oc.column('org_id').doUpdateSet({ items: sql<number>`item_counts.items + ${delta}` }))
      .execute();
  },

  /** The organisation's number of items (the unfiltered list's count). */
  async itemCount(tdb: TenantDb): Promise<number> {
    const row = await tdb.selectFrom('item_counts').select('items').executeTakeFirst();
    return row?.items ?? 0;
  },

  async insertMany(tdb: TenantDb, values: ItemColumns[]): Promise<{ id: number; code: string }[]> {
    const out: { id: number; code: string }[] = [];
    // 30-odd columns a row: 25 rows keep a statement under SQLite's 999 bound values of old builds.
    for (let i = 0; i < values.length; i += 25) {
      out.push(
        ...(await tdb
          .insertInto('items', values.slice(i, i + 25))
          .returning(['id', 'code'])
          .execute()),
      );
    }
    await this.countItems(tdb, out.length);
    return out;
  },

  async update(tdb: TenantDb, id: number, values: ItemChanges): Promise<boolean> {
    const r = await tdb.updateTable('items').set(values).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  async remove(tdb: TenantDb, id: number): Promise<boolean> {
    const r = await tdb.deleteFrom('items').where('id', '=', id).executeTakeFirst();
    const deleted = Number(r.numDeletedRows) === 1;
    if (deleted) await this.countItems(tdb, -1);
    return deleted;
  },

  // ---- photos, parameters, descriptions ----------------------------------------------------------

  async photos(tdb: TenantDb, itemId: number): Promise<{ type: string; name: string }[]> {
    return tdb
      .selectFrom('item_photos')
      .select(['type', 'name'])
      .where('item_id', '=', itemId)
      .orderBy('position')
      .execute();
  },

  async replacePhotos(tdb: TenantDb, itemId: number, photos: readonly { type: string; name: string }[]): Promise<void> {
    await tdb.deleteFrom('item_photos').where('item_id', '=', itemId).execute();
    if (photos.length === 0) return;
    await tdb
      .insertInto(
        'item_photos',
        photos.map((p, position) => ({ item_id: itemId, position, type: p.type, name: p.name })),
      )
      .execute();
  },

  async params(tdb: TenantDb, itemId: number): Promise<{ param_id: number; vals: string }[]> {
    return (await this.paramsOf(tdb, [itemId])).get(itemId) ?? [];
  },

  /** The parameter values of these items, in their order, by item id (items without: absent). */
  async paramsOf(
    tdb: TenantDb,
    itemIds: readonly number[],
  ): Promise<Map<number, { param_id: number; vals: string }[]>> {
    const out = new Map<number, { param_id: number; vals: string }[]>();
    for (const part of chunks(itemIds, CHUNK)) {
      const rows = await tdb
        .selectFrom('item_params')
        .select(['item_id', 'param_id', 'vals'])
        .where('item_id', 'in', part)
        .orderBy('item_id')
        .orderBy('position')
        .execute();
      for (const r of rows) pushTo(out, r.item_id, { param_id: r.param_id, vals: r.vals });
    }
    return out;
  },

  async replaceParams(
    tdb: TenantDb,
    itemId: number,
    params: readonly { paramId: number; values: string[] }[],
  ): Promise<void> {
    await this.replaceParamsMany(tdb, new Map([[itemId, params]]));
  },

  /** Replaces the parameter values of every item of `byItem` (one delete, multi-row inserts). */
  async replaceParamsMany(
    tdb: TenantDb,
    byItem: ReadonlyMap<number, readonly { paramId: number; values: string[] }[]>,
  ): Promise<void> {
    for (const part of chunks([...byItem.keys()], CHUNK)) {
      await tdb.deleteFrom('item_params').where('item_id', 'in', part).execute();
    }
    const rows = [...byItem].flatMap(([item_id, params]) =>
      params.map((p, position) => ({ item_id, param_id: p.paramId, position, vals: JSON.stringify(p.values) })),
    );
    for (const part of chunks(rows, CHUNK)) await tdb.insertInto('item_params', part).execute();
  },

  async descs(tdb: TenantDb, itemId: number): Promise<{ id: number; name: string; description: string }[]> {
    return tdb
      .selectFrom('item_descs')
      .innerJoin('additional_descs as d', 'd.id', 'item_descs.desc_id')
      .select(['d.id', 'd.name', 'd.description'])
      .where('item_descs.item_id', '=', itemId)
      .orderBy('item_descs.position')
      .execute();
  },

  /** The additional-description ids of these items, in their order, by item id. */
  async descIdsOf(tdb: TenantDb, itemIds: readonly number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>();
    for (const part of chunks(itemIds, CHUNK)) {
      const rows = await tdb
        .selectFrom('item_descs')
        .select(['item_id', 'desc_id'])
        .where('item_id', 'in', part)
        .orderBy('item_id')
        .orderBy('position')
        .execute();
      for (const r of rows) pushTo(out, r.item_id, r.desc_id);
    }
    return out;
  },

  async replaceDescs(tdb: TenantDb, itemId: number, descIds: readonly number[]): Promise<void> {
    await this.replaceDescsMany(tdb, new Map([[itemId, descIds]]));
  },

  /** Replaces the additional descriptions of every item of `byItem` (one delete, multi-row inserts). */
  async replaceDescsMany(tdb: TenantDb, byItem: ReadonlyMap<number, readonly number[]>): Promise<void> {
    for (const part of chunks([...byItem.keys()], CHUNK)) {
      await tdb.deleteFrom('item_descs').where('item_id', 'in', part).execute();
    }
    const rows = [...byItem].flatMap(([item_id, ids]) =>
      ids.map((desc_id, position) => ({ item_id, desc_id, position })),
    );
    for (const part of chunks(rows, CHUNK)) await tdb.insertInto('item_descs', part).execute();
  },

  /** Whether any item of the organisation points at `id` through `column` (usage checks). */
  async anyWith(
    tdb: TenantDb,
    column:
      'item_status_id' | 'delivery_price_list_id' | 'delivery_time_id' | 'item_group_id' | 'category_id' | 'place_id',
    id: number,
  ): Promise<boolean> {
    return (await tdb.selectFrom('items').select('id').where(column, '=', id).executeTakeFirst()) !== undefined;
  },

  async anyParamValue(tdb: TenantDb, paramId: number): Promise<boolean> {
    const row = await tdb
      .selectFrom('item_params')
      .select('item_id')
      .where('param_id', '=', paramId)
      .executeTakeFirst();
    return row !== undefined;
  },

  async anyDesc(tdb: TenantDb, descId: number): Promise<boolean> {
    const row = await tdb.selectFrom('item_descs').select('item_id').where('desc_id', '=', descId).executeTakeFirst();
    return row !== undefined;
  },
};
