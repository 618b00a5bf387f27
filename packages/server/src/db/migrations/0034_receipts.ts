import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Engine } from '../database';
import { columns, type Migration } from './helpers';

const org = (col: ColumnDefinitionBuilder) => col.notNull().references('organizations.id').onDelete('cascade');

/**
 * Receipts ('paragon') of stationary orders (docs/decisions.md, "Documents: receipts"), kept like
 * invoices: `receipt_counters` numbers them continuously per organisation and month (taken in the
 * issuing transaction), `receipts` holds one row per receipt with its immutable snapshot (the
 * invoice snapshot's shape). An order has at most one receipt; the receipt outlives its order.
 * `printed_at` / `printed_detail` say when a fiscal printer printed it (set once, by the printer's
 * plugin), so a receipt is never printed twice. The number's parts index serves the month's reads
 * (the tax files).
 */
export const m0034Receipts: Migration = {
  name: '0034_receipts',
  async up(db: Kysely<unknown>, engine: Engine) {
    const c = columns(engine);
    await db.schema
      .createTable('receipt_counters')
      .addColumn('org_id', 'integer', org)
      .addColumn('year', 'integer', c.notNull)
      .addColumn('month', 'integer', c.notNull)
      .addColumn('last_n', 'integer', c.notNull)
      .addPrimaryKeyConstraint('receipt_counters_pk', ['org_id', 'year', 'month'])
      .execute();
    await c
      .id(db.schema.createTable('receipts'))
      .addColumn('org_id', 'integer', org)
      .addColumn('order_id', 'integer', (col) => col.references('orders.id').onDelete('set null'))
      .addColumn('year', 'integer', c.notNull)
      .addColumn('month', 'integer', c.notNull)
      .addColumn('n', 'integer', c.notNull)
      .addColumn('number', 'varchar(100)', c.notNull)
      .addColumn('issued_at', c.timestamp, c.notNull)
      .addColumn('issued_by', 'varchar(200)')
      .addColumn('snapshot', 'text', c.notNull)
      .addColumn('printed_at', c.timestamp)
      .addColumn('printed_detail', 'varchar(200)')
      .addUniqueConstraint('receipts_number_uq', ['org_id', 'year', 'month', 'n'])
      .addUniqueConstraint('receipts_order_uq', ['order_id'])
      .execute();
  },
};
