import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Engine } from '../database';
import { columns, type Migration } from './helpers';

const org = (col: ColumnDefinitionBuilder) => col.notNull().references('organizations.id').onDelete('cascade');

/** Options, the simple reference lists, the category and place trees, package sizes, parameters. */
export const m0002ReferenceData: Migration = {
  name: '0002_reference_data',
  async up(db: Kysely<unknown>, engine: Engine) {
    const c = columns(engine);

    await db.schema
      .createTable('options')
      .addColumn('org_id', 'integer', org)
      .addColumn('key', 'varchar(64)', (col) => col.notNull())
      .addColumn('value', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('options_pk', ['org_id', 'key'])
      .execute();

    const named = ['delivery_price_lists', 'delivery_times', 'item_groups', 'income_sources'];
    for (const table of named) {
      await c
        .id(db.schema.createTable(table))
        .addColumn('org_id', 'integer', org)
        .addColumn('name', 'varchar(200)', (col) => col.notNull())
        .execute();
    }
    await c
      .id(db.schema.createTable('additional_descs'))
      .addColumn('org_id', 'integer', org)
      .addColumn('name', 'varchar(200)', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .execute();
    for (const table of ['item_statuses', 'order_statuses']) {
      await c
        .id(db.schema.createTable(table))
        .addColumn('org_id', 'integer', org)
        .addColumn('name', 'varchar(200)', (col) => col.notNull())
        .addColumn('color', 'varchar(6)', (col) => col.notNull().defaultTo('ffffff'))
        .execute();
    }
    for (const table of [...named, 'additional_descs', 'item_statuses', 'order_statuses']) {
      await db.schema.createIndex(`${table}_org_idx`).on(table).columns(['org_id', 'id']).execute();
    }

    for (const table of ['categories', 'places']) {
      await c
        .id(db.schema.createTable(table))
        .addColumn('org_id', 'integer', org)
        .addColumn('parent_id', 'integer', (col) => col.references(`${table}.id`))
        .addColumn('number', 'varchar(50)', (col) => col.notNull())
        .addColumn('name', 'varchar(200)', (col) => col.notNull())
        .addColumn('full_number', 'varchar(2000)', (col) => col.notNull())
        .addColumn('full_name', 'varchar(4000)', (col) => col.notNull())
        .execute();
      // Sorted lists and position search read by full_number; children are found by parent.
      await db.schema
        .createIndex(`${table}_full_number_idx`)
        .on(table)
        .columns(['org_id', 'full_number'])
        .unique()
        .execute();
      await db.schema.createIndex(`${table}_parent_idx`).on(table).columns(['org_id', 'parent_id']).execute();
    }

    await c
      .id(db.schema.createTable('user_sizes'))
      .addColumn('org_id', 'integer', org)
      .addColumn('name', 'varchar(200)', (col) => col.notNull())
      .addColumn('size_a', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('size_b', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('size_c', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('user_sizes_org_idx').on('user_sizes').columns(['org_id', 'id']).execute();

    await c
      .id(db.schema.createTable('parameters'))
      .addColumn('org_id', 'integer', org)
      .addColumn('name', 'varchar(200)', (col) => col.notNull())
      .addColumn('category_id', 'integer', (col) => col.references('categories.id'))
      .addColumn('type', 'varchar(20)', (col) => col.notNull())
      .addColumn('is_multi', 'smallint', (col) => col.notNull().defaultTo(0))
      // JSON array of strings; only DICT parameters have entries.
      .addColumn('dictionary', 'text', (col) => col.notNull().defaultTo('[]'))
      .execute();
    await db.schema
      .createIndex('parameters_category_idx')
      .on('parameters')
      .columns(['org_id', 'category_id'])
      .execute();
  },
};
