import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Engine } from '../database';
import { columns, type Migration } from './helpers';

const org = (col: ColumnDefinitionBuilder) => col.notNull().references('organizations.id').onDelete('cascade');

/**
 * Issued invoices and the mail outbox (docs/decisions.md, Documents: Invoices and e-mail).
 *
 * - `invoice_counters`: the last number taken per organisation and month, incremented in the
 *   issuing transaction (an upsert returning the new value), so numbers are continuous.
 * - `invoices`: one row per issued invoice with its immutable snapshot (JSON text). The number's
 *   parts are unique per organisation; an order has at most one invoice. The invoice outlives its
 *   order: deleting the order sets `order_id` null (an issued invoice must be kept).
 * - `outbox`: e-mails waiting to be sent (the invoice PDF is drawn from the snapshot at send time),
 *   with attempts, the next attempt, a lease (the process sending it) and the last error.
 */
export const m0015Invoices: Migration = {
  name: '0015_invoices',
  async up(db: Kysely<unknown>, engine: Engine) {
    const c = columns(engine);
    await db.schema
      .createTable('invoice_counters')
      .addColumn('org_id', 'integer', org)
      .addColumn('year', 'integer', c.notNull)
      .addColumn('month', 'integer', c.notNull)
      .addColumn('last_n', 'integer', c.notNull)
      .addPrimaryKeyConstraint('invoice_counters_pk', ['org_id', 'year', 'month'])
      .execute();
    await c
      .id(db.schema.createTable('invoices'))
      .addColumn('org_id', 'integer', org)
      .addColumn('order_id', 'integer', (col) => col.references('orders.id').onDelete('set null'))
      .addColumn('year', 'integer', c.notNull)
      .addColumn('month', 'integer', c.notNull)
      .addColumn('n', 'integer', c.notNull)
      .addColumn('number', 'varchar(100)', c.notNull)
      .addColumn('issued_at', c.timestamp, c.notNull)
      .addColumn('issued_by', 'varchar(200)')
      .addColumn('snapshot', 'text', c.notNull)
      .addUniqueConstraint('invoices_number_uq', ['org_id', 'year', 'month', 'n'])
      .addUniqueConstraint('invoices_order_uq', ['order_id'])
      .execute();
    await c
      .id(db.schema.createTable('outbox'))
      .addColumn('org_id', 'integer', org)
      .addColumn('order_id', 'integer', (col) => col.references('orders.id').onDelete('set null'))
      .addColumn('invoice_id', 'integer', (col) => col.notNull().references('invoices.id').onDelete('cascade'))
      .addColumn('to_address', 'varchar(200)', c.notNull)
      .addColumn('subject', 'varchar(500)', c.notNull)
      .addColumn('body', 'text', c.notNull)
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', c.timestamp, c.notNull)
      .addColumn('lease_until', c.timestamp)
      .addColumn('last_error', 'varchar(1000)')
      .addColumn('sent_at', c.timestamp)
      .addColumn('created_at', c.timestamp, c.notNull)
      .execute();
    await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['sent_at', 'next_attempt_at']).execute();
  },
};
