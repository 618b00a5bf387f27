import type { Insertable, Kysely } from 'kysely';
import type { CarrierMethodsTable, DB } from '../../db/schema';

/**
 * carrier_methods: global rows (no organisation), read and written through the raw handle because
 * carriers are not an organisation's data. Never called inside a tenant transaction: on SQLite the
 * raw handle would wait for the connection that transaction holds.
 */
export const carriersRepository = {
  /** Inserts the methods not seen yet and refreshes the names of the others. */
  async upsert(db: Kysely<DB>, rows: Insertable<CarrierMethodsTable>[]): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insertInto('carrier_methods')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['carrier_id', 'method_key']).doUpdateSet((eb) => ({
          carrier_name: eb.ref('excluded.carrier_name'),
          name: eb.ref('excluded.name'),
          sub_name: eb.ref('excluded.sub_name'),
          send_type: eb.ref('excluded.send_type'),
        })),
      )
      .execute();
  },

  async ofCarriers(db: Kysely<DB>, carrierIds: readonly string[]) {
    if (carrierIds.length === 0) return [];
    return db.selectFrom('carrier_methods').selectAll().where('carrier_id', 'in', carrierIds).execute();
  },

  async byId(db: Kysely<DB>, id: number) {
    return db.selectFrom('carrier_methods').selectAll().where('id', '=', id).executeTakeFirst();
  },
};
