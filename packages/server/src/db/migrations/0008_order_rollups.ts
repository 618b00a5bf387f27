import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Engine } from '../database';
import { rebuildRollups } from '../order-rollups';
import type { Migration } from './helpers';

const org = (col: ColumnDefinitionBuilder) => col.notNull().references('organizations.id').onDelete('cascade');
const zero = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(0);

/**
 * Daily roll-ups of orders for the summaries (docs/decisions.md, Orders, Summaries): one row per
 * organisation, local day (YYYYMMDD, Europe/Warsaw), order status and income source, and one per
 * those plus the goods' group key (an item group id, 0 = catalogue goods without a group, -1 =
 * lines not connected to a catalogue item). Kept in step by every write of orders in the same
 * transaction (modules/orders/orders.rollups.ts) and filled here from the orders already stored.
 * Money in grosze. No foreign keys to statuses, sources or groups: the roll-ups are derived data,
 * and the writes that remove those rows move the orders' figures first.
 */
export const m0008OrderRollups: Migration = {
  name: '0008_order_rollups',
  async up(db: Kysely<unknown>, engine: Engine) {
    const money = engine === 'postgres' ? 'bigint' : 'integer';
    await db.schema
      .createTable('order_rollup_days')
      .addColumn('org_id', 'integer', org)
      .addColumn('day', 'integer', (col) => col.notNull())
      .addColumn('order_status_id', 'integer', (col) => col.notNull())
      .addColumn('income_source_id', 'integer', (col) => col.notNull())
      .addColumn('orders_count', 'integer', zero)
      .addColumn('items_count', money, zero)
      .addColumn('problem_count', 'integer', zero)
      .addColumn('unnumbered_count', 'integer', zero)
      .addColumn('delivery', money, zero)
      .addColumn('goods', money, zero)
      .addPrimaryKeyConstraint('order_rollup_days_pk', ['org_id', 'day', 'order_status_id', 'income_source_id'])
      .execute();
    await db.schema
      .createTable('order_rollup_groups')
      .addColumn('org_id', 'integer', org)
      .addColumn('day', 'integer', (col) => col.notNull())
      .addColumn('order_status_id', 'integer', (col) => col.notNull())
      .addColumn('income_source_id', 'integer', (col) => col.notNull())
      .addColumn('group_key', 'integer', (col) => col.notNull())
      .addColumn('orders_count', 'integer', zero)
      .addColumn('items_count', money, zero)
      .addColumn('delivery', money, zero)
      .addColumn('goods', money, zero)
      .addPrimaryKeyConstraint('order_rollup_groups_pk', [
        'org_id',
        'day',
        'order_status_id',
        'income_source_id',
        'group_key',
      ])
      .execute();
    await rebuildRollups(db, engine === 'postgres');
  },
};
