import { pluginColumns, pluginTable, type Generated, type PluginMigration, type TenantDb } from '@zaplecze/plugin-sdk';

/**
 * dpd's table (docs/plugins.md, "Plugin: dpd"): every parcel DPD numbered for the organisation,
 * by the core's shipment reference, written as soon as DPD answers (before the core records the
 * waybill), so a retried dispatch finds it instead of numbering a second parcel.
 */
export const PARCELS = pluginTable('dpd', 'parcels') as 'p_dpd_parcels';

export interface DpdTables {
  p_dpd_parcels: {
    id: Generated<number>;
    org_id: number;
    reference: string;
    order_id: number;
    method_key: string;
    waybill: string;
    package_id: string;
    weight_grams: number;
    /** ISO time DPD numbered the parcel. */
    created_at: string;
    /** ISO time it was put on a hand-over protocol (null: not yet). */
    protocol_at: string | null;
    /** DPD's courier order number it was called for (null: none yet). */
    pickup_order: string | null;
  };
}

export const dpdDb = (tdb: TenantDb) => tdb.withTables<DpdTables>();

export const TABLES = [PARCELS];

export const migrations: PluginMigration[] = [
  {
    name: '0001_dpd_parcels',
    async up(db, engine) {
      const c = pluginColumns(engine);
      await c
        .id(db.schema.createTable(PARCELS))
        .addColumn('org_id', 'integer', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
        .addColumn('reference', 'varchar(64)', (col) => col.notNull())
        .addColumn('order_id', 'integer', (col) => col.notNull())
        .addColumn('method_key', 'varchar(20)', (col) => col.notNull())
        .addColumn('waybill', 'varchar(100)', (col) => col.notNull())
        .addColumn('package_id', 'varchar(40)', (col) => col.notNull())
        .addColumn('weight_grams', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
        .addColumn('protocol_at', 'varchar(40)')
        .addColumn('pickup_order', 'varchar(64)')
        .execute();
      await db.schema.createIndex(`${PARCELS}_ref_uq`).on(PARCELS).columns(['org_id', 'reference']).unique().execute();
      await db.schema.createIndex(`${PARCELS}_created`).on(PARCELS).columns(['org_id', 'created_at']).execute();
    },
  },
];
