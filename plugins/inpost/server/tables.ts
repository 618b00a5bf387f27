import { pluginColumns, pluginTable, type Generated, type PluginMigration, type TenantDb } from '@zaplecze/plugin-sdk';

/**
 * inpost's table (docs/plugins.md, "Plugin: inpost"): every shipment the plugin asked ShipX for,
 * by the core's shipment reference. The row is written BEFORE the create call (`started_at`), and
 * ShipX's id right after its answer, so a dispatch retried after a lost answer or a killed process
 * looks for the shipment it may already have made (ShipX's list, created since `started_at`,
 * matched by reference) instead of creating a second one.
 */
export const SHIPMENTS = pluginTable('inpost', 'shipments') as 'p_inpost_shipments';

export interface InpostTables {
  p_inpost_shipments: {
    id: Generated<number>;
    org_id: number;
    reference: string;
    order_id: number;
    /** 'locker' | 'courier' */
    method_key: string;
    service: string;
    sending_method: string;
    /** ShipX's shipment id (null: the create call has not answered). */
    shipment_id: string | null;
    tracking_number: string | null;
    /** ShipX's status name as last read ('new' before the create call answered). */
    status: string;
    /** ISO time the create call was started. */
    started_at: string;
    updated_at: string;
    /** ShipX's dispatch order (courier pickup) id, null: none yet. */
    dispatch_order: string | null;
  };
}

export const inpostDb = (tdb: TenantDb) => tdb.withTables<InpostTables>();

export const TABLES = [SHIPMENTS];

export const migrations: PluginMigration[] = [
  {
    name: '0001_inpost_shipments',
    async up(db, engine) {
      const c = pluginColumns(engine);
      await c
        .id(db.schema.createTable(SHIPMENTS))
        .addColumn('org_id', 'integer', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
        .addColumn('reference', 'varchar(64)', (col) => col.notNull())
        .addColumn('order_id', 'integer', (col) => col.notNull())
        .addColumn('method_key', 'varchar(20)', (col) => col.notNull())
        .addColumn('service', 'varchar(60)', (col) => col.notNull())
        .addColumn('sending_method', 'varchar(30)', (col) => col.notNull())
        .addColumn('shipment_id', 'varchar(30)')
        .addColumn('tracking_number', 'varchar(40)')
        .addColumn('status', 'varchar(60)', (col) => col.notNull())
        .addColumn('started_at', 'varchar(40)', (col) => col.notNull())
        .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
        .addColumn('dispatch_order', 'varchar(30)')
        .execute();
      await db.schema
        .createIndex(`${SHIPMENTS}_ref_uq`)
        .on(SHIPMENTS)
        .columns(['org_id', 'reference'])
        .unique()
        .execute();
      await db.schema.createIndex(`${SHIPMENTS}_started`).on(SHIPMENTS).columns(['org_id', 'started_at']).execute();
      await db.schema.createIndex(`${SHIPMENTS}_shipment`).on(SHIPMENTS).columns(['org_id', 'shipment_id']).execute();
    },
  },
];
