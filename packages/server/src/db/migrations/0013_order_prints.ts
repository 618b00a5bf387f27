import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Engine } from '../database';
import { columns, type Migration } from './helpers';

const org = (col: ColumnDefinitionBuilder) => col.notNull().references('organizations.id').onDelete('cascade');

/**
 * The print log of orders (docs/decisions.md, Documents: Print log): one row per dispatch, waybill,
 * label and invoice print or e-mail of an order, with who did it, when and in which format. It goes
 * with its order (ON DELETE CASCADE); issued invoices keep their own snapshot elsewhere. The login
 * is copied, so the row still names a user who was deleted since.
 */
export const m0013OrderPrints: Migration = {
  name: '0013_order_prints',
  async up(db: Kysely<unknown>, engine: Engine) {
    const c = columns(engine);
    await c
      .id(db.schema.createTable('order_prints'))
      .addColumn('org_id', 'integer', org)
      .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('user_login', 'varchar(200)')
      .addColumn('kind', 'varchar(20)', (col) => col.notNull())
      .addColumn('format', 'varchar(10)')
      .addColumn('detail', 'varchar(1000)', (col) => col.notNull().defaultTo(''))
      .addColumn('created_at', c.timestamp, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('order_prints_order_idx')
      .on('order_prints')
      .columns(['org_id', 'order_id', 'id'])
      .execute();
  },
};
