import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Engine } from '../database';
import { columns, type Migration } from './helpers';

const org = (col: ColumnDefinitionBuilder) => col.notNull().references('organizations.id').onDelete('cascade');

/**
 * The order barcode reader (docs/decisions.md, Documents: Order reader):
 * - `order_packing`: units of each order line scanned at the packing station; goes with its line
 *   (an edit of the order's lines replaces them, and so starts the packing check afresh);
 * - `order_reader_state`: the side a SIZE code fills next, per order, so scans in separate
 *   requests (and readers) continue A, B, C;
 * - `order_scans`: the reader's log, one row per scan, insert only; its index serves "this user's
 *   recent scans". No foreign key on the order or user: a log row outlives both and the insert
 *   stays one index write.
 */
export const m0016OrderReader: Migration = {
  name: '0016_order_reader',
  async up(db: Kysely<unknown>, engine: Engine) {
    const c = columns(engine);
    await db.schema
      .createTable('order_packing')
      .addColumn('line_id', 'integer', (col) => col.primaryKey().references('order_lines.id').onDelete('cascade'))
      .addColumn('org_id', 'integer', org)
      .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('packed', 'integer', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('order_packing_order_idx').on('order_packing').columns(['order_id']).execute();

    await db.schema
      .createTable('order_reader_state')
      .addColumn('order_id', 'integer', (col) => col.primaryKey().references('orders.id').onDelete('cascade'))
      .addColumn('org_id', 'integer', org)
      .addColumn('next_side', 'varchar(1)', (col) => col.notNull())
      .execute();

    await c
      .id(db.schema.createTable('order_scans'))
      .addColumn('org_id', 'integer', org)
      .addColumn('user_id', 'integer', (col) => col.notNull())
      .addColumn('order_id', 'integer')
      .addColumn('barcode', 'varchar(500)', (col) => col.notNull())
      .addColumn('action_type', 'varchar(30)', (col) => col.notNull())
      .addColumn('description', 'varchar(2000)', (col) => col.notNull())
      .addColumn('client_action', 'varchar(20)', (col) => col.notNull())
      .addColumn('is_error', 'integer', (col) => col.notNull())
      .addColumn('created_at', c.timestamp, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('order_scans_user_idx')
      .on('order_scans')
      .columns(['org_id', 'user_id', 'id'])
      .execute();
  },
};
