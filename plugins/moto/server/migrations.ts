import { pluginColumns, type PluginMigration } from '@zaplecze/plugin-sdk';
import { CHANGES, FITMENTS, MAKES, MODELS, VERSIONS } from './tables';

/**
 * The catalogue (makes, models) and the fitments, designed for millions of fitment rows
 * (docs/plugins.md, "The moto plugin"; docs/decisions.md, "Moto plugin"):
 * - `fitments_model_idx` (org_id, model_id, year_from, year_to, item_id) and `fitments_make_idx`
 *   (org_id, make_id, year_from, year_to, item_id) answer the item search filter from the index
 *   alone (the year's bounds are checked inside it);
 * - `fitments_item_idx` (item_id, model_id, year_from, year_to), unique, serves an item's list
 *   and the cascade when an item is deleted. It leads with item_id, not org_id: item ids are
 *   unique across organisations (every query still names the organisation), and the database's
 *   cascade from `items` can only use an index whose first column is item_id.
 * Models and makes of fitments are not foreign keys (a delete of a model would check 2 million
 * rows without an index leading with model_id); the routes keep them whole under the
 * organisation's 'moto' lock.
 */
export const migrations: PluginMigration[] = [
  {
    name: '0001_catalogue',
    async up(db, engine) {
      const c = pluginColumns(engine);
      await c
        .id(db.schema.createTable(MAKES))
        .addColumn('org_id', 'integer', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
        .addColumn('name', 'varchar(100)', c.notNull)
        .execute();
      await db.schema.createIndex(`${MAKES}_name_idx`).on(MAKES).columns(['org_id', 'name']).unique().execute();
      await c
        .id(db.schema.createTable(MODELS))
        .addColumn('org_id', 'integer', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
        .addColumn('make_id', 'integer', (col) => col.notNull().references(`${MAKES}.id`))
        .addColumn('name', 'varchar(100)', c.notNull)
        .addColumn('capacity', 'integer', c.notNull)
        .addColumn('year_from', 'integer', c.notNull)
        .addColumn('year_to', 'integer')
        .addColumn('type', 'varchar(20)', c.notNull)
        .execute();
      await db.schema
        .createIndex(`${MODELS}_name_idx`)
        .on(MODELS)
        .columns(['org_id', 'make_id', 'name'])
        .unique()
        .execute();
      await db.schema
        .createTable(FITMENTS)
        .addColumn('org_id', 'integer', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
        .addColumn('item_id', 'integer', (col) => col.notNull().references('items.id').onDelete('cascade'))
        .addColumn('make_id', 'integer', c.notNull)
        .addColumn('model_id', 'integer', c.notNull)
        .addColumn('year_from', 'integer', c.notNull)
        .addColumn('year_to', 'integer', c.notNull)
        .execute();
      await db.schema
        .createIndex(`${FITMENTS}_item_idx`)
        .on(FITMENTS)
        .columns(['item_id', 'model_id', 'year_from', 'year_to'])
        .unique()
        .execute();
      await db.schema
        .createIndex(`${FITMENTS}_model_idx`)
        .on(FITMENTS)
        .columns(['org_id', 'model_id', 'year_from', 'year_to', 'item_id'])
        .execute();
      await db.schema
        .createIndex(`${FITMENTS}_make_idx`)
        .on(FITMENTS)
        .columns(['org_id', 'make_id', 'year_from', 'year_to', 'item_id'])
        .execute();
    },
  },
  {
    // The fitments' version per organisation: the search filter's ids are kept per process until it moves.
    name: '0002_versions',
    async up(db) {
      await db.schema
        .createTable(VERSIONS)
        .addColumn('org_id', 'integer', (col) => col.primaryKey().references('organizations.id').onDelete('cascade'))
        .addColumn('v', 'integer', (col) => col.notNull())
        .execute();
    },
  },
  {
    // The change log the in-memory fitment index catches up from (fitment-index.ts): the items
    // each version changed, read by (org_id, v); `floor` says up to which version it was cut.
    name: '0003_changes',
    async up(db) {
      await db.schema
        .alterTable(VERSIONS)
        .addColumn('floor', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable(CHANGES)
        .addColumn('org_id', 'integer', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
        .addColumn('v', 'integer', (col) => col.notNull())
        .addColumn('item_id', 'integer', (col) => col.notNull())
        .execute();
      await db.schema.createIndex(`${CHANGES}_v_idx`).on(CHANGES).columns(['org_id', 'v', 'item_id']).execute();
    },
  },
];
