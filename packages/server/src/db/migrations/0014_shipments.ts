import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Engine } from '../database';
import { columns, type Migration } from './helpers';

const org = (col: ColumnDefinitionBuilder) => col.notNull().references('organizations.id').onDelete('cascade');

/**
 * Shipments (docs/decisions.md, Documents: Waybills and labels): one row per dispatched order, its
 * carrier's waybill number and the label data the carrier gave, so a repeated dispatch finds it
 * instead of sending the parcel again (order_id is unique). `waybill_counters` is the own carrier's
 * per-organisation number sequence; a counter is never lowered, so a number is never given twice.
 */
export const m0014Shipments: Migration = {
  name: '0014_shipments',
  async up(db: Kysely<unknown>, engine: Engine) {
    const c = columns(engine);
    await c
      .id(db.schema.createTable('shipments'))
      .addColumn('org_id', 'integer', org)
      .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('carrier_id', 'varchar(100)', (col) => col.notNull())
      .addColumn('method_key', 'varchar(100)', (col) => col.notNull())
      .addColumn('waybill_number', 'varchar(100)', (col) => col.notNull())
      .addColumn('state', 'varchar(20)', (col) => col.notNull())
      .addColumn('data', 'text', (col) => col.notNull())
      .addColumn('created_at', c.timestamp, (col) => col.notNull())
      .addColumn('created_by', 'varchar(200)')
      .execute();
    await db.schema.createIndex('shipments_order_uq').on('shipments').columns(['order_id']).unique().execute();
    await db.schema
      .createIndex('shipments_waybill_uq')
      .on('shipments')
      .columns(['org_id', 'carrier_id', 'waybill_number'])
      .unique()
      .execute();
    await db.schema
      .createTable('waybill_counters')
      .addColumn('org_id', 'integer', (col) => org(col).primaryKey())
      .addColumn('last_value', 'bigint', (col) => col.notNull())
      .execute();
  },
};
