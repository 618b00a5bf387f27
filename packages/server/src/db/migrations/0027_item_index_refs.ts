import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import type { Migration } from './helpers';

/**
 * The item filter index keeps the names a list row shows of its references (status name and
 * colour, group, delivery price list and time, category and place with their numbers and full
 * names), so that the rows of a page are read from `items` alone (docs/decisions.md "The item filter
 * index", reference names). A change of any of them is logged as `item_id` = -2 in
 * `item_index_log` (migration 0023), in the writing transaction, and each worker drops its copy at
 * its next search. Adding or deleting a category or place already logs -1, which drops it too.
 */
const SHOWN: Record<string, readonly string[]> = {
  item_statuses: ['name', 'color'],
  item_groups: ['name'],
  delivery_price_lists: ['name'],
  delivery_times: ['name'],
  categories: ['name', 'number', 'full_number', 'full_name'],
  places: ['name', 'number', 'full_number', 'full_name'],
};
/** Tables whose inserts and deletes are not logged yet (the trees' are, as -1). */
const LISTS = ['item_statuses', 'item_groups', 'delivery_price_lists', 'delivery_times'];

const log = (org: string) => `insert into item_index_log (org_id, item_id, strs) values (${org}, -2, 0);`;

function sqliteTriggers(): string[] {
  const out: string[] = [];
  for (const [table, columns] of Object.entries(SHOWN)) {
    const changed = columns.map((c) => `old.${c} is not new.${c}`).join(' or ');
    out.push(`create trigger ${table}_refs_update after update on ${table} when ${changed}
      begin ${log('new.org_id')} end`);
  }
  for (const table of LISTS) {
    out.push(`create trigger ${table}_refs_insert after insert on ${table} begin ${log('new.org_id')} end`);
    out.push(`create trigger ${table}_refs_delete after delete on ${table} begin ${log('old.org_id')} end`);
  }
  return out;
}

function postgresTriggers(): string[] {
  const out = [
    `create or replace function item_index_refs_added() returns trigger language plpgsql as $$
     begin
       insert into item_index_log (org_id, item_id, strs) select distinct org_id, -2, 0 from new_rows;
       return null;
     end $$`,
    `create or replace function item_index_refs_removed() returns trigger language plpgsql as $$
     begin
       insert into item_index_log (org_id, item_id, strs) select distinct org_id, -2, 0 from old_rows;
       return null;
     end $$`,
  ];
  for (const [table, columns] of Object.entries(SHOWN)) {
    const row = (alias: string) => `(${columns.map((c) => `${alias}.${c}`).join(', ')})`;
    out.push(
      `create or replace function ${table}_refs_updated() returns trigger language plpgsql as $$
       begin
         insert into item_index_log (org_id, item_id, strs)
           select distinct n.org_id, -2, 0 from new_rows n join old_rows o on o.id = n.id
           where ${row('o')} is distinct from ${row('n')};
         return null;
       end $$`,
      `create trigger ${table}_refs_update after update on ${table} referencing old table as old_rows new table as new_rows
         for each statement execute function ${table}_refs_updated()`,
    );
  }
  for (const table of LISTS)
    out.push(
      `create trigger ${table}_refs_insert after insert on ${table} referencing new table as new_rows
         for each statement execute function item_index_refs_added()`,
      `create trigger ${table}_refs_delete after delete on ${table} referencing old table as old_rows
         for each statement execute function item_index_refs_removed()`,
    );
  return out;
}

export const m0027ItemIndexRefs: Migration = {
  name: '0027_item_index_refs',
  async up(db: Kysely<unknown>, engine: Engine) {
    for (const s of engine === 'postgres' ? postgresTriggers() : sqliteTriggers()) await sql.raw(s).execute(db);
  },
};
