import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import type { Migration } from './helpers';

/**
 * Versions of each organisation's item lists, for the seek bookmarks of deep pages
 * (modules/items/items.bookmarks.ts, docs/decisions.md "Deep pages of the item list"). Three
 * counters, moved by triggers in the transaction of every write that can change a list's members
 * or order, whichever code path writes:
 * - `list_v`: an item inserted or deleted, or its code, name, GTIN, external code, status, group,
 *   category, place or photo count changed; a category or place moved or deleted (the category
 *   and place filters take a subtree);
 * - `stock_v`: stock or offer quantity changed;
 * - `price_v`: price changed.
 * A list's bookmarks stay valid while the counters its filters and sort read stay the same.
 *
 * SQLite runs one writer at a time: its triggers add to the counters directly. PostgreSQL runs
 * writers side by side, and one counter row updated by every writer would hold them in line until
 * each commits, and deadlock with the locks they take after it (an order line's foreign key
 * waiting for an item another order holds while that order waits for the counter). So there
 * statement-level triggers note each writing transaction in `item_list_changes` (one row per
 * organisation and transaction: inserts never wait for each other), and a writer that finds the
 * organisation's `item_list_versions` row unlocked (SKIP LOCKED, so it never waits) folds the
 * committed notes into it. A version is the counter plus the notes, read in one statement: every
 * committed writer adds at least 1 and folding keeps the sum. The counter row is created by the
 * first deep page that needs it (no row: no bookmarks).
 */

/** Columns whose change moves `list_v` (with inserts and deletes). */
const LIST_COLUMNS = [
  'org_id',
  'code',
  'name',
  'gtin',
  'ext_code',
  'item_status_id',
  'item_group_id',
  'category_id',
  'place_id',
  'count_photos',
];
const STOCK_COLUMNS = ['count_ware', 'count_offer'];
const PRICE_COLUMNS = ['price'];

function sqliteStatements(): string[] {
  const changed = (cols: string[]) => cols.map((c) => `old.${c} is not new.${c}`).join(' or ');
  const bump = (org: string, list: string, stock = '0', price = '0') =>
    `update item_list_versions set list_v = list_v + (${list}), stock_v = stock_v + (${stock}),
       price_v = price_v + (${price}) where org_id = ${org};`;
  const all = [...LIST_COLUMNS, ...STOCK_COLUMNS, ...PRICE_COLUMNS];
  return [
    `create trigger items_list_insert after insert on items begin ${bump('new.org_id', '1')} end`,
    `create trigger items_list_delete after delete on items begin ${bump('old.org_id', '1')} end`,
    `create trigger items_list_update after update on items when ${changed(all)}
       begin ${bump('new.org_id', changed(LIST_COLUMNS), changed(STOCK_COLUMNS), changed(PRICE_COLUMNS))} end`,
    ...['categories', 'places'].flatMap((tree) => [
      `create trigger ${tree}_list_update after update of parent_id on ${tree} when old.parent_id is not new.parent_id
         begin ${bump('new.org_id', '1')} end`,
      `create trigger ${tree}_list_delete after delete on ${tree} begin ${bump('old.org_id', '1')} end`,
    ]),
  ];
}

function postgresStatements(): string[] {
  const row = (alias: string, cols: string[]) => `(${cols.map((c) => `${alias}.${c}`).join(', ')})`;
  const changed = (cols: string[]) =>
    `max(case when ${row('o', cols)} is distinct from ${row('n', cols)} then 1 else 0 end)::smallint`;
  return [
    // Notes that this transaction changed lists of organisation `o` (l, s, p: list, stock, price),
    // then folds the notes of committed transactions into the counter row unless another writer
    // holds it (that writer folds them, or the next one).
    `create function item_list_note(o integer, l smallint, s smallint, p smallint) returns void
     language plpgsql as $$
     begin
       insert into item_list_changes as c (org_id, tx, list_c, stock_c, price_c) values (o, txid_current(), l, s, p)
         on conflict (org_id, tx) do update set list_c = greatest(c.list_c, excluded.list_c),
           stock_c = greatest(c.stock_c, excluded.stock_c), price_c = greatest(c.price_c, excluded.price_c);
       perform 1 from item_list_versions where org_id = o for update skip locked;
       if found then
         with folded as (
           delete from item_list_changes where org_id = o and tx <> txid_current()
           returning list_c, stock_c, price_c)
         update item_list_versions v set list_v = v.list_v + f.l, stock_v = v.stock_v + f.s, price_v = v.price_v + f.p
           from (select coalesce(sum(list_c), 0) as l, coalesce(sum(stock_c), 0) as s, coalesce(sum(price_c), 0) as p
                 from folded) f
           where v.org_id = o;
       end if;
     end $$`,
    `create function item_list_rows_added() returns trigger language plpgsql as $$
     begin
       perform item_list_note(t.org_id, 1::smallint, 0::smallint, 0::smallint) from (select distinct org_id from new_rows) t;
       return null;
     end $$`,
    `create function item_list_rows_removed() returns trigger language plpgsql as $$
     begin
       perform item_list_note(t.org_id, 1::smallint, 0::smallint, 0::smallint) from (select distinct org_id from old_rows) t;
       return null;
     end $$`,
    `create function item_list_items_updated() returns trigger language plpgsql as $$
     begin
       perform item_list_note(t.org_id, t.l, t.s, t.p) from (
         select n.org_id, ${changed(LIST_COLUMNS)} as l, ${changed(STOCK_COLUMNS)} as s, ${changed(PRICE_COLUMNS)} as p
         from old_rows o join new_rows n on n.id = o.id group by n.org_id) t
       where t.l + t.s + t.p > 0;
       return null;
     end $$`,
    `create function item_list_tree_updated() returns trigger language plpgsql as $$
     begin
       perform item_list_note(t.org_id, 1::smallint, 0::smallint, 0::smallint) from (
         select distinct n.org_id from old_rows o join new_rows n on n.id = o.id
         where o.parent_id is distinct from n.parent_id) t;
       return null;
     end $$`,
    `create trigger items_list_insert after insert on items referencing new table as new_rows
       for each statement execute function item_list_rows_added()`,
    `create trigger items_list_delete after delete on items referencing old table as old_rows
       for each statement execute function item_list_rows_removed()`,
    `create trigger items_list_update after update on items referencing old table as old_rows new table as new_rows
       for each statement execute function item_list_items_updated()`,
    ...['categories', 'places'].flatMap((tree) => [
      `create trigger ${tree}_list_update after update on ${tree} referencing old table as old_rows new table as new_rows
         for each statement execute function item_list_tree_updated()`,
      `create trigger ${tree}_list_delete after delete on ${tree} referencing old table as old_rows
         for each statement execute function item_list_rows_removed()`,
    ]),
  ];
}

export const m0010ItemListVersions: Migration = {
  name: '0010_item_list_versions',
  async up(db: Kysely<unknown>, engine: Engine) {
    const counter = engine === 'postgres' ? 'bigint' : 'integer';
    await db.schema
      .createTable('item_list_versions')
      .addColumn('org_id', 'integer', (col) => col.primaryKey().references('organizations.id').onDelete('cascade'))
      .addColumn('list_v', counter, (col) => col.notNull().defaultTo(0))
      .addColumn('stock_v', counter, (col) => col.notNull().defaultTo(0))
      .addColumn('price_v', counter, (col) => col.notNull().defaultTo(0))
      .execute();
    // No foreign key: a note is written by the items' delete trigger also while an organisation is
    // being deleted (its items go by cascade), when a key check would refuse it. Left-over notes of
    // a deleted organisation are a few rows that nothing reads.
    await db.schema
      .createTable('item_list_changes')
      .addColumn('org_id', 'integer', (col) => col.notNull())
      .addColumn('tx', 'bigint', (col) => col.notNull())
      .addColumn('list_c', 'smallint', (col) => col.notNull().defaultTo(0))
      .addColumn('stock_c', 'smallint', (col) => col.notNull().defaultTo(0))
      .addColumn('price_c', 'smallint', (col) => col.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('item_list_changes_pk', ['org_id', 'tx'])
      .execute();
    for (const statement of engine === 'postgres' ? postgresStatements() : sqliteStatements())
      await sql.raw(statement).execute(db);
  },
};
