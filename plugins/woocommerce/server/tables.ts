import { pluginColumns, pluginTable, type Generated, type PluginMigration, type TenantDb } from '@zaplecze/plugin-sdk';

/**
 * woocommerce's tables (docs/plugins.md, "Plugin: woocommerce"):
 * - `state`: per organisation the import's cursor (the last (modification time GMT, order id) fully
 *   imported) and when the last sync ran;
 * - `orders`: every shop order seen: its last known WooCommerce status and modification time, our
 *   order, or why it could not be imported (the status both ways compares with it);
 * - `links`: item <-> shop product or variation (by SKU automatically, or by hand), with what was
 *   last sent;
 * - `log`: what the import did that the seller should know (a status changed by the shop, an order
 *   refused, a product's refusal in a batch).
 */
export const STATE = pluginTable('woocommerce', 'state') as 'p_woocommerce_state';
export const ORDERS = pluginTable('woocommerce', 'orders') as 'p_woocommerce_orders';
export const LINKS = pluginTable('woocommerce', 'links') as 'p_woocommerce_links';
export const LOG = pluginTable('woocommerce', 'log') as 'p_woocommerce_log';

export interface WooTables {
  p_woocommerce_state: {
    org_id: number;
    /** `2026-11-28T09:00:00` (GMT, as WooCommerce writes it) or null before the first import. */
    cursor_at: string | null;
    cursor_id: number | null;
    last_sync_at: string | null;
  };
  p_woocommerce_orders: {
    org_id: number;
    woo_id: number;
    order_id: number | null;
    status: string;
    modified: string;
    failed: string | null;
  };
  p_woocommerce_links: {
    org_id: number;
    item_id: number;
    product_id: number;
    /** 0 for a simple product. */
    variation_id: number;
    sku: string;
    /** 1: linked by SKU = item code automatically; 0: by hand. */
    auto: number;
    last_stock: number | null;
    last_price: string | null;
    pushed_at: string | null;
  };
  p_woocommerce_log: {
    id: Generated<number>;
    org_id: number;
    at: string;
    order_id: number | null;
    message: string;
  };
}

export const wooDb = (tdb: TenantDb) => tdb.withTables<WooTables>();

export const migrations: PluginMigration[] = [
  {
    name: '0001_woocommerce',
    async up(db, engine) {
      const c = pluginColumns(engine);
      const org = (col: Parameters<typeof c.notNull>[0]) =>
        col.notNull().references('organizations.id').onDelete('cascade');
      await db.schema
        .createTable(STATE)
        .addColumn('org_id', 'integer', (col) => org(col).primaryKey())
        .addColumn('cursor_at', 'varchar(19)')
        .addColumn('cursor_id', 'integer')
        .addColumn('last_sync_at', c.timestamp)
        .execute();
      await db.schema
        .createTable(ORDERS)
        .addColumn('org_id', 'integer', org)
        .addColumn('woo_id', 'integer', c.notNull)
        .addColumn('order_id', 'integer')
        .addColumn('status', 'varchar(40)', c.notNull)
        .addColumn('modified', 'varchar(19)', c.notNull)
        .addColumn('failed', 'varchar(500)')
        .addPrimaryKeyConstraint(`${ORDERS}_pk`, ['org_id', 'woo_id'])
        .execute();
      await db.schema.createIndex(`${ORDERS}_order_idx`).on(ORDERS).columns(['org_id', 'order_id']).execute();
      await db.schema
        .createTable(LINKS)
        .addColumn('org_id', 'integer', org)
        .addColumn('item_id', 'integer', (col) => col.notNull().references('items.id').onDelete('cascade'))
        .addColumn('product_id', 'integer', c.notNull)
        .addColumn('variation_id', 'integer', c.notNull)
        .addColumn('sku', 'varchar(100)', c.notNull)
        .addColumn('auto', 'integer', c.notNull)
        .addColumn('last_stock', 'integer')
        .addColumn('last_price', 'varchar(20)')
        .addColumn('pushed_at', c.timestamp)
        .addPrimaryKeyConstraint(`${LINKS}_pk`, ['org_id', 'item_id'])
        .execute();
      await db.schema
        .createIndex(`${LINKS}_product_idx`)
        .on(LINKS)
        .columns(['org_id', 'product_id', 'variation_id'])
        .unique()
        .execute();
      await c
        .id(db.schema.createTable(LOG))
        .addColumn('org_id', 'integer', org)
        .addColumn('at', c.timestamp, c.notNull)
        .addColumn('order_id', 'integer')
        .addColumn('message', 'varchar(500)', c.notNull)
        .execute();
      await db.schema.createIndex(`${LOG}_org_idx`).on(LOG).columns(['org_id', 'id']).execute();
    },
  },
];

/** A line of the plugin's log (in the caller's transaction when it is in one). */
export async function logLine(
  tdb: TenantDb,
  message: string,
  orderId: number | null = null,
  at = new Date(),
): Promise<void> {
  await wooDb(tdb)
    .insertInto(LOG, { at: at.toISOString(), order_id: orderId, message: message.slice(0, 500) })
    .execute();
}
