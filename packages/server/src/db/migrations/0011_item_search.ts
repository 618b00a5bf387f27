import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import type { Migration } from './helpers';

/**
 * What `item_search` copies from `items`: [its column, the expression over an items row]. The
 * searched texts the search compares case-insensitively are stored already lower-cased by
 * PostgreSQL's own lower(), so the recheck of each trigram match is a plain LIKE (a byte
 * comparison) instead of ILIKE, which lower-cases every candidate on every search:
 * `x ilike p` is `lower(x) like lower(p)`. Codes are stored upper-case and GTINs are digits, so
 * they are copied as they are. Everything else a list search filters or sorts by rides along
 * under the same names as in `items`.
 */
const COPIED: readonly (readonly [string, (row: string) => string])[] = [
  ['code', (r) => `${r}.code`],
  ['name', (r) => `${r}.name`],
  ['name_lower', (r) => `lower(${r}.name)`],
  ['gtin', (r) => `${r}.gtin`],
  ['ext_code_lower', (r) => `lower(${r}.ext_code)`],
  ...[
    'price',
    'count_ware',
    'count_offer',
    'count_photos',
    'item_status_id',
    'item_group_id',
    'category_id',
    'place_id',
  ].map((c) => [c, (r: string) => `${r}.${c}`] as const),
];

/** The searched columns of `item_search`, each with a GIN trigram index. */
export const ITEM_SEARCH_TEXTS = ['code', 'name_lower', 'gtin', 'ext_code_lower'] as const;

const columnList = ['id', 'org_id', ...COPIED.map(([c]) => c)].join(', ');
/** The values of every column of `item_search` for the items rows named `row`. */
const valuesOf = (row: string) => [`${row}.id`, `${row}.org_id`, ...COPIED.map(([, e]) => e(row))].join(', ');

/**
 * The triggers on `items` that keep `item_search` in step, in the same transaction: one statement
 * per statement on `items` (transition tables), not one per row, so a mass edit of 100 items pays
 * one small UPDATE here. The update refreshes only rows whose copy really differs; unchanged texts
 * keep their index entries, and a price or stock change is a HOT update (no indexed column of
 * `item_search` changes; fillfactor 90 leaves room on the page for the new row version). The
 * statements run through EXECUTE, so each is planned for its actual number of rows. A deleted
 * item's row goes with the foreign key (on delete cascade). The demo seed drops them around its
 * bulk insert and fills the table in one statement (`fillItemSearch`).
 */
export function itemSearchTriggers(): { create: string[]; drop: string[] } {
  const set = COPIED.map(([c, e]) => `${c} = ${e('n')}`).join(', ');
  const stored = COPIED.map(([c]) => `s.${c}`).join(', ');
  const fresh = COPIED.map(([, e]) => e('n')).join(', ');
  return {
    create: [
      `create or replace function item_search_insert() returns trigger language plpgsql as $$
      begin
        execute 'insert into item_search (${columnList}) select ${valuesOf('n')} from item_search_new n';
        return null;
      end $$`,
      `create or replace function item_search_update() returns trigger language plpgsql as $$
      begin
        execute 'update item_search s set ${set} from item_search_new n
          where s.id = n.id and (${stored}) is distinct from (${fresh})';
        return null;
      end $$`,
      `create trigger item_search_insert after insert on items
        referencing new table as item_search_new for each statement execute function item_search_insert()`,
      `create trigger item_search_update after update on items
        referencing new table as item_search_new for each statement execute function item_search_update()`,
    ],
    drop: ['drop trigger item_search_insert on items', 'drop trigger item_search_update on items'],
  };
}

/** Copies items with ids from `firstId` on into `item_search` (the migration, the demo seed). */
export function fillItemSearch(firstId: number) {
  return sql`insert into item_search (${sql.raw(columnList)})
    select ${sql.raw(valuesOf('i'))} from items i where i.id >= ${firstId} order by i.id`;
}

/** The foreign key of `item_search` on `items`: a deleted item takes its search row along. */
export const ITEM_SEARCH_KEY = {
  name: 'item_search_id_fkey',
  def: 'foreign key (id) references items (id) on delete cascade',
};

/** The GIN trigram index of each searched column of `item_search`. */
export function itemSearchIndexes(): string[] {
  return ITEM_SEARCH_TEXTS.map(
    (c) => `create index item_search_${c}_trgm_idx on item_search using gin (${c} gin_trgm_ops)`,
  );
}

/**
 * PostgreSQL: the contains-search moves from `items` to a side table, `item_search`
 * (docs/performance.md, Contains-search and Mass edit of 10,000 items; docs/decisions.md, Goods
 * catalogue).
 *
 * - A price or stock change is never a HOT update of `items` (those columns are in its indexes),
 *   so every edited row wrote new entries into all 18 indexes, 4 of them GIN trigram indexes
 *   (whose pending lists a long mass edit also had to merge into the index now and then). The
 *   trigram indexes are now on `item_search`, where the same change is a HOT update.
 * - A contains-search (its count and its sorted page) reads `item_search` alone, and rechecks
 *   each trigram match with LIKE on a lower-cased copy instead of ILIKE on the original.
 *
 * SQLite keeps its FTS5 index (migration 0003), which is already a table of its own.
 */
export const m0011ItemSearch: Migration = {
  name: '0011_item_search',
  async up(db: Kysely<unknown>, engine: Engine) {
    if (engine !== 'postgres') return;
    await sql`create table item_search (
      id integer primary key,
      org_id integer not null,
      code varchar(64) not null,
      name varchar(1000) not null,
      name_lower varchar(1000) not null,
      gtin varchar(14) not null,
      ext_code_lower varchar(200) not null,
      price bigint not null,
      count_ware integer not null,
      count_offer integer,
      count_photos integer not null,
      item_status_id integer not null,
      item_group_id integer,
      category_id integer,
      place_id integer
    ) with (fillfactor = 90)`.execute(db);
    // An existing catalogue: copied once, indexed after (sorting once beats row-by-row insertions),
    // the key validated in one pass. A million items take about a minute (GIN builds).
    await sql`set local maintenance_work_mem = '256MB'`.execute(db);
    await fillItemSearch(1).execute(db);
    for (const statement of itemSearchIndexes()) await sql.raw(statement).execute(db);
    await sql.raw(`alter table item_search add constraint ${ITEM_SEARCH_KEY.name} ${ITEM_SEARCH_KEY.def}`).execute(db);
    for (const statement of itemSearchTriggers().create) await sql.raw(statement).execute(db);
    for (const c of ['code', 'name', 'gtin', 'ext_code']) await sql.raw(`drop index items_${c}_trgm_idx`).execute(db);
    await sql`analyze item_search`.execute(db);
  },
};
