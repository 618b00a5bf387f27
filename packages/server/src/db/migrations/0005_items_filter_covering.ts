import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import type { Migration } from './helpers';

/**
 * The filter index of the item list (0003_items) also carries what a filtered page sorts by and
 * returns: code, name and the offer quantity (and the id, which SQLite keeps in every index
 * anyway). A filtered page then never reads the table: it seeks the filter index, sorts the
 * matches by the index's own copy of the sort key and takes 100 ids (docs/performance.md). Before,
 * every match of a CODE or NAME sort was looked up in the table for its key: thousands of lookups
 * a page.
 */
export const m0005ItemsFilterCovering: Migration = {
  name: '0005_items_filter_covering',
  async up(db: Kysely<unknown>, engine: Engine) {
    await db.schema.dropIndex('items_filter_idx').execute();
    const filter = ['org_id', 'item_status_id', 'item_group_id', 'category_id', 'price', 'count_ware', 'place_id'];
    if (engine === 'postgres') {
      // INCLUDE: payload columns, not part of the key, so they cost no comparisons.
      await sql`create index items_filter_idx on items (${sql.join(filter.map((c) => sql.ref(c)))}) include (id, code, name, count_offer)`.execute(
        db,
      );
    } else {
      await db.schema
        .createIndex('items_filter_idx')
        .on('items')
        .columns([...filter, 'code', 'name', 'count_offer'])
        .execute();
      // The planner picks this index over a sort's index by its statistics (sqlite_stat1); a new
      // index has none until analysed. Unsampled, as migrate() explains.
      await sql`analyze items_filter_idx`.execute(db);
    }
  },
};
