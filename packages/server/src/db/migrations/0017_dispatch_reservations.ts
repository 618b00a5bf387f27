import type { Kysely } from 'kysely';
import type { Engine } from '../database';
import { columns, type Migration } from './helpers';

/**
 * Dispatch reservations (docs/decisions.md, Documents: "Dispatch outside the order's lock"): an
 * order being dispatched holds one row here while its carrier is called outside any transaction.
 * `reference` is the order's shipment reference given to the carrier, kept across attempts so a
 * carrier that already created the shipment finds it instead of creating a second one;
 * `lease_until` says until when the holder may still record its result (a crashed or failed
 * attempt's lease runs out and the next attempt takes the row over with the same reference).
 */
export const m0017DispatchReservations: Migration = {
  name: '0017_dispatch_reservations',
  async up(db: Kysely<unknown>, engine: Engine) {
    const c = columns(engine);
    await db.schema
      .createTable('dispatch_reservations')
      .addColumn('order_id', 'integer', (col) => col.primaryKey().references('orders.id').onDelete('cascade'))
      .addColumn('org_id', 'integer', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('reference', 'varchar(64)', (col) => col.notNull())
      .addColumn('holder', 'varchar(64)', (col) => col.notNull())
      .addColumn('lease_until', c.timestamp, (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull())
      .addColumn('created_at', c.timestamp, (col) => col.notNull())
      .execute();
  },
};
