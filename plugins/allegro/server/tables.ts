import { pluginColumns, pluginTable, type Generated, type PluginMigration, type TenantDb } from '@zaplecze/plugin-sdk';

/**
 * allegro's tables (docs/plugins.md, "Plugin: allegro"): the connection and journal cursor of the
 * organisation, the checkout forms it imported, its offers and their links to items, the quantity
 * and price commands sent, the mapping, and delivery methods seen.
 */
export const STATE = pluginTable('allegro', 'state') as 'p_allegro_state';
export const FORMS = pluginTable('allegro', 'forms') as 'p_allegro_forms';
export const OFFERS = pluginTable('allegro', 'offers') as 'p_allegro_offers';
export const COMMANDS = pluginTable('allegro', 'commands') as 'p_allegro_commands';
export const DELIVERY = pluginTable('allegro', 'delivery_methods') as 'p_allegro_delivery_methods';

export interface AllegroTables {
  p_allegro_state: {
    id: Generated<number>;
    org_id: number;
    /** The last journal event id imported (null: the journal from its start). */
    cursor: string | null;
    /** 'none' | 'pending' | 'connected' | 'denied' | 'expired' */
    device_state: string;
    user_code: string | null;
    verification_uri: string | null;
    device_expires_at: string | null;
    device_interval: number;
    access_expires_at: string | null;
    /** Held while one process refreshes the organisation's tokens (one refresh at a time). */
    refresh_lock_until: string | null;
    last_sync_at: string | null;
    last_error: string | null;
    last_error_at: string | null;
    /** The mapping as JSON (schemas.ts mappingInputSchema's output, without delivery methods). */
    mapping: string;
  };
  p_allegro_forms: {
    id: Generated<number>;
    org_id: number;
    form_id: string;
    order_id: number;
    revision: string;
    /** The fulfilment status we last saw on Allegro or sent there. */
    fulfillment: string;
    status: string;
    /** The checkout form's line item ids as JSON (shipments name them). */
    line_ids: string;
    /** Waybills already added to the form, JSON array. */
    waybills: string;
    imported_at: string;
  };
  p_allegro_offers: {
    id: Generated<number>;
    org_id: number;
    offer_id: string;
    name: string;
    external_id: string | null;
    status: string;
    stock: number | null;
    /** grosze */
    price: number | null;
    item_id: number | null;
    /** 'auto' (external id = item code) | 'manual' | null */
    link: string | null;
    sent_qty: number | null;
    sent_price: number | null;
    /** 1: the item's stock or price changed since it was last sent. */
    dirty: number;
    last_error: string | null;
    updated_at: string;
  };
  p_allegro_commands: {
    id: Generated<number>;
    org_id: number;
    command_id: string;
    job_id: number;
    kind: string;
    /** quantity, or price in grosze */
    value: number;
    /** JSON array of offer ids */
    offers: string;
    sent: number;
    created_at: string;
  };
  p_allegro_delivery_methods: {
    id: Generated<number>;
    org_id: number;
    method_id: string;
    name: string;
    carrier_method_id: number | null;
  };
}

export const allegroDb = (tdb: TenantDb) => tdb.withTables<AllegroTables>();

/** Timestamps are ISO texts on both engines (compared as text; always written by toISOString). */
const TS = 'varchar(40)';

export const TABLES = [COMMANDS, OFFERS, FORMS, DELIVERY, STATE];

export const migrations: PluginMigration[] = [
  {
    name: '0001_allegro',
    async up(db, engine) {
      const c = pluginColumns(engine);
      const org = (t: ReturnType<typeof db.schema.createTable>) =>
        c
          .id(t)
          .addColumn('org_id', 'integer', (col) => col.notNull().references('organizations.id').onDelete('cascade'));
      await org(db.schema.createTable(STATE))
        .addColumn('cursor', 'varchar(64)')
        .addColumn('device_state', 'varchar(20)', (col) => col.notNull().defaultTo('none'))
        .addColumn('user_code', 'varchar(64)')
        .addColumn('verification_uri', 'varchar(500)')
        .addColumn('device_expires_at', TS)
        .addColumn('device_interval', 'integer', (col) => col.notNull().defaultTo(5))
        .addColumn('access_expires_at', TS)
        .addColumn('refresh_lock_until', TS)
        .addColumn('last_sync_at', TS)
        .addColumn('last_error', 'text')
        .addColumn('last_error_at', TS)
        .addColumn('mapping', 'text', (col) => col.notNull().defaultTo('{}'))
        .execute();
      await db.schema.createIndex(`${STATE}_org_uq`).on(STATE).columns(['org_id']).unique().execute();
      await org(db.schema.createTable(FORMS))
        .addColumn('form_id', 'varchar(100)', c.notNull)
        .addColumn('order_id', 'integer', c.notNull)
        .addColumn('revision', 'varchar(100)', c.notNull)
        .addColumn('fulfillment', 'varchar(30)', c.notNull)
        .addColumn('status', 'varchar(30)', c.notNull)
        .addColumn('line_ids', 'text', c.notNull)
        .addColumn('waybills', 'text', (col) => col.notNull().defaultTo('[]'))
        .addColumn('imported_at', TS, c.notNull)
        .execute();
      await db.schema.createIndex(`${FORMS}_org_form_uq`).on(FORMS).columns(['org_id', 'form_id']).unique().execute();
      await db.schema.createIndex(`${FORMS}_org_order_idx`).on(FORMS).columns(['org_id', 'order_id']).execute();
      await db.schema.createIndex(`${FORMS}_org_imported_idx`).on(FORMS).columns(['org_id', 'imported_at']).execute();
      await org(db.schema.createTable(OFFERS))
        .addColumn('offer_id', 'varchar(30)', c.notNull)
        .addColumn('name', 'varchar(200)', c.notNull)
        .addColumn('external_id', 'varchar(200)')
        .addColumn('status', 'varchar(30)', c.notNull)
        .addColumn('stock', 'integer')
        .addColumn('price', 'bigint')
        .addColumn('item_id', 'integer', (col) => col.references('items.id').onDelete('set null'))
        .addColumn('link', 'varchar(10)')
        .addColumn('sent_qty', 'integer')
        .addColumn('sent_price', 'bigint')
        .addColumn('dirty', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('last_error', 'text')
        .addColumn('updated_at', TS, c.notNull)
        .execute();
      await db.schema
        .createIndex(`${OFFERS}_org_offer_uq`)
        .on(OFFERS)
        .columns(['org_id', 'offer_id'])
        .unique()
        .execute();
      await db.schema.createIndex(`${OFFERS}_org_item_idx`).on(OFFERS).columns(['org_id', 'item_id']).execute();
      await org(db.schema.createTable(COMMANDS))
        .addColumn('command_id', 'varchar(40)', c.notNull)
        .addColumn('job_id', 'integer', c.notNull)
        .addColumn('kind', 'varchar(10)', c.notNull)
        .addColumn('value', 'bigint', c.notNull)
        .addColumn('offers', 'text', c.notNull)
        .addColumn('sent', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', TS, c.notNull)
        .execute();
      await db.schema.createIndex(`${COMMANDS}_org_job_idx`).on(COMMANDS).columns(['org_id', 'job_id']).execute();
      await org(db.schema.createTable(DELIVERY))
        .addColumn('method_id', 'varchar(200)', c.notNull)
        .addColumn('name', 'varchar(200)', c.notNull)
        .addColumn('carrier_method_id', 'integer')
        .execute();
      await db.schema
        .createIndex(`${DELIVERY}_org_method_uq`)
        .on(DELIVERY)
        .columns(['org_id', 'method_id'])
        .unique()
        .execute();
    },
  },
];
