import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import { columns, type Migration } from './helpers';

/**
 * Shipments whose number comes later, and their tracking (docs/decisions.md, Documents: "A waybill
 * number that comes later"; "Shipment states"):
 * - a carrier may answer 'created, number pending': the shipment is kept as state PENDING with an
 *   empty waybill number until a job or the next scan gets the number, so the waybill number's
 *   unique index leaves the empty number out;
 * - `state_at` is when the state last changed, `checked_at` when the carrier was last asked;
 *   `shipments_open` finds an organisation's shipments still on their way, least recently asked
 *   first, without reading the delivered ones;
 * - the own carrier cannot tell where a parcel is: its shipments are UNKNOWN, not CREATED for ever.
 */
/** The states a carrier is still asked about, as a literal (a partial index's queries must repeat it). */
export const OPEN_STATES_SQL = sql<boolean>`state in ('PENDING', 'CREATED', 'IN_TRANSIT')`;

export const m0033ShipmentTracking: Migration = {
  name: '0033_shipment_tracking',
  async up(db: Kysely<unknown>, engine: Engine) {
    const c = columns(engine);
    await db.schema.dropIndex('shipments_waybill_uq').execute();
    await db.schema
      .createIndex('shipments_waybill_uq')
      .on('shipments')
      .columns(['org_id', 'carrier_id', 'waybill_number'])
      .unique()
      .where(sql<boolean>`waybill_number <> ''`)
      .execute();
    await db.schema.alterTable('shipments').addColumn('state_at', c.timestamp).execute();
    await db.schema.alterTable('shipments').addColumn('checked_at', c.timestamp).execute();
    await sql`update shipments set state = 'UNKNOWN' where carrier_id = 'own' and state = 'CREATED'`.execute(db);
    await db.schema
      .createIndex('shipments_open')
      .on('shipments')
      .columns(['org_id', 'carrier_id', 'checked_at'])
      .where(OPEN_STATES_SQL)
      .execute();
  },
};
