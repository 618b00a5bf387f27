import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import type { Migration } from './helpers';

/**
 * The change log of the item filter index (modules/items/item-index/, docs/decisions.md "The item
 * filter index"): which items changed, so that each worker's in-memory copy of an organisation's
 * filter and sort columns re-reads just those rows. Written by triggers in the writing transaction,
 * whichever code path writes, so a committed change is always in the log:
 * - `item_id` > 0: that item was inserted, deleted, or one of the columns below changed;
 *   `strs` = 1 when its code or name may have moved (insert, delete, code or name changed);
 * - `item_id` = -1: a category or place was added, moved or deleted (subtree filters);
 * - `item_id` = 0: reload everything (written by bulk loads that run without the triggers).
 *
 * Position in the log: SQLite runs one writer at a time, so `seq` (AUTOINCREMENT) grows in commit
 * order and a reader that saw `seq` <= S has seen every committed row up to S. PostgreSQL commits
 * side by side, and sequence values are not in commit order: a row carries its transaction id
 * (`tx`, xid8), and a reader keeps the snapshot it read at (xmax and the transactions in progress
 * then): the rows it has not seen are exactly those with tx >= xmax or tx among those in progress.
 *
 * Old rows are pruned (older than an hour, by the maintenance purge); `item_index_log_pruned`
 * holds the newest pruned position, and a reader that knew less reloads.
 */

/** The columns the index keeps: a change of any of them is logged. */
export const INDEXED_COLUMNS = [
  'code',
  'name',
  'item_status_id',
  'item_group_id',
  'category_id',
  'place_id',
  'price',
  'count_ware',
  'count_offer',
  'count_photos',
];
const TREES = ['categories', 'places'];

function sqliteTriggers(): string[] {
  const changed = INDEXED_COLUMNS.map((c) => `old.${c} is not new.${c}`).join(' or ');
  const log = (org: string, item: string, strs: string) =>
    `insert into item_index_log (org_id, item_id, strs) values (${org}, ${item}, ${strs});`;
  return [
    `create trigger items_index_insert after insert on items begin ${log('new.org_id', 'new.id', '1')} end`,
    `create trigger items_index_delete after delete on items begin ${log('old.org_id', 'old.id', '1')} end`,
    `create trigger items_index_update after update on items when ${changed}
       begin ${log('new.org_id', 'new.id', '(old.code is not new.code or old.name is not new.name)')} end`,
    ...TREES.flatMap((t) => [
      `create trigger ${t}_index_insert after insert on ${t} begin ${log('new.org_id', '-1', '0')} end`,
      `create trigger ${t}_index_update after update of parent_id on ${t} when old.parent_id is not new.parent_id
         begin ${log('new.org_id', '-1', '0')} end`,
      `create trigger ${t}_index_delete after delete on ${t} begin ${log('old.org_id', '-1', '0')} end`,
    ]),
  ];
}

/**
 * PostgreSQL: the items' statement-level triggers (one insert per statement, from the transition
 * tables). Exported for the demo seed, which loads a million items without them and then logs
 * one reload.
 */
export function itemIndexLogTriggers(): { create: string[]; drop: string[] } {
  const row = (alias: string) => `(${INDEXED_COLUMNS.map((c) => `${alias}.${c}`).join(', ')})`;
  const create = [
    `create or replace function item_index_rows_added() returns trigger language plpgsql as $$
     begin
       insert into item_index_log (org_id, item_id, strs) select org_id, id, 1 from new_rows;
       return null;
     end $$`,
    `create or replace function item_index_rows_removed() returns trigger language plpgsql as $$
     begin
       insert into item_index_log (org_id, item_id, strs) select org_id, id, 1 from old_rows;
       return null;
     end $$`,
    `create or replace function item_index_rows_updated() returns trigger language plpgsql as $$
     begin
       insert into item_index_log (org_id, item_id, strs)
         select n.org_id, n.id, case when o.code is distinct from n.code or o.name is distinct from n.name
           then 1 else 0 end
         from new_rows n join old_rows o on o.id = n.id
         where ${row('o')} is distinct from ${row('n')};
       return null;
     end $$`,
    `create trigger items_index_insert after insert on items referencing new table as new_rows
       for each statement execute function item_index_rows_added()`,
    `create trigger items_index_delete after delete on items referencing old table as old_rows
       for each statement execute function item_index_rows_removed()`,
    `create trigger items_index_update after update on items referencing old table as old_rows new table as new_rows
       for each statement execute function item_index_rows_updated()`,
  ];
  const drop = [
    'drop trigger if exists items_index_insert on items',
    'drop trigger if exists items_index_delete on items',
    'drop trigger if exists items_index_update on items',
  ];
  return { create, drop };
}

/** PostgreSQL: the category and place trees' triggers (created once, by the migration). */
function treeTriggers(): string[] {
  return [
    `create or replace function item_index_tree_added() returns trigger language plpgsql as $$
     begin
       insert into item_index_log (org_id, item_id, strs) select distinct org_id, -1, 0 from new_rows;
       return null;
     end $$`,
    `create or replace function item_index_tree_removed() returns trigger language plpgsql as $$
     begin
       insert into item_index_log (org_id, item_id, strs) select distinct org_id, -1, 0 from old_rows;
       return null;
     end $$`,
    `create or replace function item_index_tree_updated() returns trigger language plpgsql as $$
     begin
       insert into item_index_log (org_id, item_id, strs)
         select distinct n.org_id, -1, 0 from new_rows n join old_rows o on o.id = n.id
         where o.parent_id is distinct from n.parent_id;
       return null;
     end $$`,
    ...TREES.flatMap((t) => [
      `create trigger ${t}_index_insert after insert on ${t} referencing new table as new_rows
         for each statement execute function item_index_tree_added()`,
      `create trigger ${t}_index_update after update on ${t} referencing old table as old_rows new table as new_rows
         for each statement execute function item_index_tree_updated()`,
      `create trigger ${t}_index_delete after delete on ${t} referencing old table as old_rows
         for each statement execute function item_index_tree_removed()`,
    ]),
  ];
}

export const m0023ItemIndexLog: Migration = {
  name: '0023_item_index_log',
  async up(db: Kysely<unknown>, engine: Engine) {
    if (engine === 'postgres') {
      await sql`create table item_index_log (
          org_id integer not null,
          tx xid8 not null default pg_current_xact_id(),
          item_id integer not null,
          strs smallint not null default 0,
          at timestamptz not null default now())`.execute(db);
      await sql`create index item_index_log_idx on item_index_log (org_id, tx)`.execute(db);
      await sql`create table item_index_log_pruned (id integer primary key, tx xid8 not null)`.execute(db);
      await sql`insert into item_index_log_pruned (id, tx) values (1, '0')`.execute(db);
      for (const s of [...itemIndexLogTriggers().create, ...treeTriggers()]) await sql.raw(s).execute(db);
      return;
    }
    // No foreign keys: the delete triggers write while an organisation's items go by cascade.
    await sql`create table item_index_log (
        seq integer primary key autoincrement,
        org_id integer not null,
        item_id integer not null,
        strs integer not null default 0,
        at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))`.execute(db);
    await sql`create index item_index_log_idx on item_index_log (org_id, seq)`.execute(db);
    await sql`create table item_index_log_pruned (id integer primary key, seq integer not null)`.execute(db);
    await sql`insert into item_index_log_pruned (id, seq) values (1, 0)`.execute(db);
    for (const s of sqliteTriggers()) await sql.raw(s).execute(db);
  },
};
