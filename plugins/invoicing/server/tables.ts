import { pluginColumns, pluginTable, type Generated, type PluginMigration, type TenantDb } from '@zaplecze/plugin-sdk';

/**
 * invoicing's table (docs/plugins.md, "Plugin: invoicing"): one row per issued invoice on its way
 * to KSeF. The row is written when the invoice is issued (the `invoice.issued` subscription), the
 * session's reference before the invoice is sent and the invoice's KSeF reference right after
 * KSeF took it, so a job killed between the two asks KSeF about the session's invoices before it
 * sends anything again (and reads KSeF's duplicate answer as the earlier success).
 */
export const KSEF = pluginTable('invoicing', 'ksef') as 'p_invoicing_ksef';

export interface InvoicingTables {
  p_invoicing_ksef: {
    id: Generated<number>;
    org_id: number;
    invoice_id: number;
    invoice_number: string;
    order_id: number | null;
    /** The invoice number's month (its issue month in Europe/Warsaw): the list's filter. */
    year: number;
    month: number;
    issued_at: string;
    gross: number;
    currency: string;
    /** WAITING, SENT, ACCEPTED, REJECTED, OFFLINE (schemas.ts KSEF_STATES). */
    state: string;
    /** SHA-256 (Base64) of the FA(3) file: KSeF's invoiceHash and KOD I's last part (Base64URL). */
    invoice_hash: string | null;
    /** 1: sent with offlineMode (KSeF did not answer when it was due). */
    offline: Generated<number>;
    /** The offline deadline (YYYY-MM-DD), null online. */
    send_by: string | null;
    /** The interactive session it was (being) sent in, and the invoice's reference there. */
    session_ref: string | null;
    invoice_ref: string | null;
    send_started_at: string | null;
    ksef_number: string | null;
    error_code: number | null;
    error: string | null;
    sent_at: string | null;
    accepted_at: string | null;
    /** The UPO (XML) of the accepted invoice. */
    upo: string | null;
    attempts: Generated<number>;
    updated_at: string;
  };
}

export const invoicingDb = (tdb: TenantDb) => tdb.withTables<InvoicingTables>();

export const TABLES = [KSEF];

export const migrations: PluginMigration[] = [
  {
    name: '0001_invoicing_ksef',
    async up(db, engine) {
      const c = pluginColumns(engine);
      await c
        .id(db.schema.createTable(KSEF))
        .addColumn('org_id', 'integer', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
        .addColumn('invoice_id', 'integer', (col) => col.notNull())
        .addColumn('invoice_number', 'varchar(100)', (col) => col.notNull())
        .addColumn('order_id', 'integer')
        .addColumn('year', 'integer', (col) => col.notNull())
        .addColumn('month', 'integer', (col) => col.notNull())
        .addColumn('issued_at', 'varchar(40)', (col) => col.notNull())
        .addColumn('gross', 'bigint', (col) => col.notNull())
        .addColumn('currency', 'varchar(3)', (col) => col.notNull())
        .addColumn('state', 'varchar(10)', (col) => col.notNull())
        .addColumn('invoice_hash', 'varchar(64)')
        .addColumn('offline', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('send_by', 'varchar(10)')
        .addColumn('session_ref', 'varchar(64)')
        .addColumn('invoice_ref', 'varchar(64)')
        .addColumn('send_started_at', 'varchar(40)')
        .addColumn('ksef_number', 'varchar(40)')
        .addColumn('error_code', 'integer')
        .addColumn('error', 'varchar(2000)')
        .addColumn('sent_at', 'varchar(40)')
        .addColumn('accepted_at', 'varchar(40)')
        .addColumn('upo', 'text')
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
        .execute();
      await db.schema.createIndex(`${KSEF}_invoice_uq`).on(KSEF).columns(['org_id', 'invoice_id']).unique().execute();
      // The list (a month, newest first, by state) and the sender's queue (a state, oldest first).
      await db.schema.createIndex(`${KSEF}_month`).on(KSEF).columns(['org_id', 'year', 'month', 'id']).execute();
      await db.schema.createIndex(`${KSEF}_state`).on(KSEF).columns(['org_id', 'state', 'id']).execute();
    },
  },
];
