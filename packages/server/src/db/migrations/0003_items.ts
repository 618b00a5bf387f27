import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Engine } from '../database';
import { columns, type Migration } from './helpers';

const org = (col: ColumnDefinitionBuilder) => col.notNull().references('organizations.id').onDelete('cascade');
const ref = (table: string) => (col: ColumnDefinitionBuilder) => col.references(`${table}.id`);

/**
 * Items with photos, parameters and additional descriptions, uploaded files, the warehouse-change
 * ledger and mass-edit idempotency keys. Designed for a million items per organisation
 * (docs/performance.md): one index per sort, the reference columns indexed for filters and for
 * their foreign keys, and a contains-search index per engine (FTS5 trigram on SQLite, pg_trgm on
 * PostgreSQL).
 */
export const m0003Items: Migration = {
  name: '0003_items',
  async up(db: Kysely<unknown>, engine: Engine) {
    const c = columns(engine);
    const money = engine === 'postgres' ? 'bigint' : 'integer';

    await c
      .id(db.schema.createTable('items'))
      .addColumn('org_id', 'integer', org)
      .addColumn('code', 'varchar(64)', (col) => col.notNull())
      .addColumn('gtin', 'varchar(14)', (col) => col.notNull().defaultTo(''))
      .addColumn('name', 'varchar(1000)', (col) => col.notNull().defaultTo(''))
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      // Grosze and hundredths of a percent: exact integers (docs/rules/server-side-rules.md, Money).
      .addColumn('price', money, (col) => col.notNull())
      .addColumn('vat', 'integer', (col) => col.notNull())
      .addColumn('currency', 'varchar(3)', (col) => col.notNull())
      .addColumn('count_ware', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('count_offer', 'integer')
      .addColumn('item_status_id', 'integer', (col) => col.notNull().references('item_statuses.id'))
      .addColumn('delivery_price_list_id', 'integer', ref('delivery_price_lists'))
      .addColumn('delivery_time_id', 'integer', ref('delivery_times'))
      .addColumn('item_group_id', 'integer', ref('item_groups'))
      .addColumn('category_id', 'integer', ref('categories'))
      .addColumn('place_id', 'integer', ref('places'))
      .addColumn('has_ext', 'smallint', (col) => col.notNull().defaultTo(0))
      .addColumn('ext_code', 'varchar(200)', (col) => col.notNull().defaultTo(''))
      .addColumn('ext_url', 'varchar(2000)', (col) => col.notNull().defaultTo(''))
      .addColumn('ext_price', money, (col) => col.notNull().defaultTo(0))
      .addColumn('ext_margin', 'integer')
      // Kept on the row so a page of 10,000 needs no per-row subqueries.
      .addColumn('count_photos', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('count_params', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('main_photo', 'varchar(2000)')
      .addColumn('main_photo_type', 'varchar(4)')
      .addColumn('last_changed', c.timestamp, (col) => col.notNull())
      .addColumn('last_changed_photos', c.timestamp)
      .execute();

    // Codes are stored upper-case, so this is the case-insensitive uniqueness of the spec.
    if (engine === 'postgres') {
      // INCLUDE (id): the CODE sort walks this index only, even to page 5,000 (SQLite's indexes
      // carry the rowid anyway).
      await sql`create unique index items_code_idx on items (org_id, code) include (id)`.execute(db);
    } else {
      await db.schema.createIndex('items_code_idx').on('items').columns(['org_id', 'code']).unique().execute();
    }
    await db.schema.createIndex('items_gtin_idx').on('items').columns(['org_id', 'gtin']).execute();
    await db.schema.createIndex('items_name_idx').on('items').columns(['org_id', 'name', 'id']).execute();
    await db.schema.createIndex('items_price_idx').on('items').columns(['org_id', 'price', 'id']).execute();
    await db.schema.createIndex('items_ware_idx').on('items').columns(['org_id', 'count_ware', 'id']).execute();
    await sql`create index items_offer_idx on items (org_id, (coalesce(count_offer, count_ware)), id)`.execute(db);
    // Reference columns lead their own index: it serves a filter on that reference alone (ids are
    // unique across organisations) and the foreign-key check when a status, group, category... is
    // deleted.
    for (const column of [
      'item_status_id',
      'delivery_price_list_id',
      'delivery_time_id',
      'item_group_id',
      'category_id',
      'place_id',
    ]) {
      await db.schema.createIndex(`items_${column}_idx`).on('items').columns([column, 'id']).execute();
    }
    // The list's filters together, equality columns first, ranges last: status = and group = and
    // category IN (a subtree) seek into it, price and stock narrow the range or are checked inside
    // it, so the count of a filtered search never reads the table (docs/performance.md). A filter
    // that leaves status or group out still uses it through a skip-scan (SQLite) or a scan of
    // the much narrower index (PostgreSQL).
    await db.schema
      .createIndex('items_filter_idx')
      .on('items')
      .columns(['org_id', 'item_status_id', 'item_group_id', 'category_id', 'price', 'count_ware', 'place_id'])
      .execute();

    // Items per organisation, kept by the items module in the transaction that inserts or deletes
    // them: the count of the unfiltered list is one row, not a scan of a million index entries.
    await db.schema
      .createTable('item_counts')
      .addColumn('org_id', 'integer', (col) => col.primaryKey().references('organizations.id').onDelete('cascade'))
      .addColumn('items', 'integer', (col) => col.notNull())
      .execute();

    if (engine === 'postgres') {
      await sql`create extension if not exists pg_trgm`.execute(db);
      for (const column of ['code', 'name', 'gtin', 'ext_code']) {
        await sql.raw(`create index items_${column}_trgm_idx on items using gin (${column} gin_trgm_ops)`).execute(db);
      }
    } else {
      await sql`create virtual table items_fts using fts5(code, name, gtin, ext_code, content='items', content_rowid='id', tokenize='trigram')`.execute(
        db,
      );
      await sql`create trigger items_fts_insert after insert on items begin
          insert into items_fts(rowid, code, name, gtin, ext_code) values (new.id, new.code, new.name, new.gtin, new.ext_code);
        end`.execute(db);
      await sql`create trigger items_fts_delete after delete on items begin
          insert into items_fts(items_fts, rowid, code, name, gtin, ext_code) values ('delete', old.id, old.code, old.name, old.gtin, old.ext_code);
        end`.execute(db);
      // Only the searched columns: a stock change must not rewrite the search index.
      await sql`create trigger items_fts_update after update of code, name, gtin, ext_code on items begin
          insert into items_fts(items_fts, rowid, code, name, gtin, ext_code) values ('delete', old.id, old.code, old.name, old.gtin, old.ext_code);
          insert into items_fts(rowid, code, name, gtin, ext_code) values (new.id, new.code, new.name, new.gtin, new.ext_code);
        end`.execute(db);
    }

    // Uploaded files (photos with their thumbnail and display size). item_id is null between the
    // upload and the save of the item; unclaimed uploads are removed after a day.
    await db.schema
      .createTable('files')
      .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
      .addColumn('org_id', 'integer', org)
      .addColumn('item_id', 'integer', (col) => col.references('items.id').onDelete('set null'))
      .addColumn('bytes', 'integer', (col) => col.notNull())
      .addColumn('created_at', c.timestamp, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('files_org_idx').on('files').columns(['org_id', 'item_id']).execute();
    await db.schema.createIndex('files_item_idx').on('files').columns(['item_id']).execute();

    await c
      .id(db.schema.createTable('item_photos'))
      .addColumn('org_id', 'integer', org)
      .addColumn('item_id', 'integer', (col) => col.notNull().references('items.id').onDelete('cascade'))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('type', 'varchar(4)', (col) => col.notNull())
      .addColumn('name', 'varchar(2000)', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('item_photos_item_idx').on('item_photos').columns(['item_id', 'position']).execute();

    await db.schema
      .createTable('item_params')
      .addColumn('org_id', 'integer', org)
      .addColumn('item_id', 'integer', (col) => col.notNull().references('items.id').onDelete('cascade'))
      .addColumn('param_id', 'integer', (col) => col.notNull().references('parameters.id'))
      .addColumn('position', 'integer', (col) => col.notNull())
      // JSON array of strings.
      .addColumn('vals', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('item_params_pk', ['item_id', 'param_id'])
      .execute();
    await db.schema.createIndex('item_params_param_idx').on('item_params').columns(['param_id']).execute();

    await db.schema
      .createTable('item_descs')
      .addColumn('org_id', 'integer', org)
      .addColumn('item_id', 'integer', (col) => col.notNull().references('items.id').onDelete('cascade'))
      .addColumn('desc_id', 'integer', (col) => col.notNull().references('additional_descs.id'))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('item_descs_pk', ['item_id', 'desc_id'])
      .execute();
    await db.schema.createIndex('item_descs_desc_idx').on('item_descs').columns(['desc_id']).execute();

    // The stock ledger (docs/rules/server-side-rules.md, Stock): every change of an item's stock is a row here.
    await c
      .id(db.schema.createTable('warehouse_changes'))
      .addColumn('org_id', 'integer', org)
      .addColumn('item_id', 'integer', (col) => col.references('items.id').onDelete('set null'))
      // Kept so the history still reads after the item is deleted.
      .addColumn('item_code', 'varchar(64)', (col) => col.notNull())
      .addColumn('item_name', 'varchar(1000)', (col) => col.notNull())
      // The orders issue adds the foreign key when the orders table exists.
      .addColumn('order_id', 'integer')
      .addColumn('type', 'varchar(20)', (col) => col.notNull())
      .addColumn('quantity', 'integer', (col) => col.notNull())
      .addColumn('qty_before', 'integer')
      .addColumn('qty_after', 'integer')
      .addColumn('change_date', c.timestamp, (col) => col.notNull())
      .addColumn('commit_date', c.timestamp)
      .addColumn('committed', 'smallint', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('warehouse_changes_date_idx')
      .on('warehouse_changes')
      .columns(['org_id', 'change_date', 'id'])
      .execute();
    await db.schema
      .createIndex('warehouse_changes_item_idx')
      .on('warehouse_changes')
      .columns(['item_id', 'committed'])
      .execute();

    await db.schema
      .createTable('idempotency_keys')
      .addColumn('org_id', 'integer', org)
      .addColumn('key', 'varchar(120)', (col) => col.notNull())
      .addColumn('answer', 'text', (col) => col.notNull())
      .addColumn('created_at', c.timestamp, (col) => col.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['org_id', 'key'])
      .execute();
  },
};
