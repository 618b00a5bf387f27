import type { Kysely } from 'kysely';
import type { Engine } from '../database';
import { columns, type Migration } from './helpers';

/**
 * Carrier methods and the order's method (docs/decisions.md, Orders: Carriers). `carrier_methods`
 * is global (carriers are not an organisation's data): one row per (carrier, method key) that a
 * carrier provider ever registered, whose id is the method's stable number in the API. It keeps the
 * last names the provider gave, so an order still answers its method after a carrier plugin is
 * gone. Rows are written by the carriers module when a provider's method is first seen.
 */
export const m0009Carriers: Migration = {
  name: '0009_carriers',
  async up(db: Kysely<unknown>, engine: Engine) {
    const c = columns(engine);
    await c
      .id(db.schema.createTable('carrier_methods'))
      .addColumn('carrier_id', 'varchar(100)', (col) => col.notNull())
      .addColumn('method_key', 'varchar(100)', (col) => col.notNull())
      .addColumn('carrier_name', 'varchar(200)', (col) => col.notNull())
      .addColumn('name', 'varchar(200)', (col) => col.notNull())
      .addColumn('sub_name', 'varchar(200)', (col) => col.notNull().defaultTo(''))
      .addColumn('send_type', 'varchar(30)', (col) => col.notNull())
      .addUniqueConstraint('carrier_methods_key_uq', ['carrier_id', 'method_key'])
      .execute();
    // Null: no carrier (always for personal pickup). SQLite can add a column with a reference when
    // its default is null.
    await db.schema
      .alterTable('orders')
      .addColumn('carrier_method_id', 'integer', (col) => col.references('carrier_methods.id'))
      .execute();
  },
};
