import { pluginColumns, pluginTable, type Generated, type PluginMigration, type TenantDb } from '@zaplecze/plugin-sdk';

/**
 * fiscal-printer's tables (docs/plugins.md, "Plugin: fiscal-printer"; docs/decisions.md, "Plugin:
 * fiscal-printer"):
 *
 * - `p_fiscal_printer_prints`: one row per receipt on its way to the printer, with its state.
 *   Before the first command of a receipt goes out, the row is committed as PRINTING with the
 *   printer's counter of finished receipts (`counter_before`); a later attempt that finds a row
 *   left PRINTING (its process died) or one to verify reads the counter again, and prints only
 *   when it has not moved.
 * - `p_fiscal_printer_lock`: one row per organisation (its one printer): the lease of the process
 *   that talks to the printer now, so one transaction at a time reaches it whatever the number of
 *   job workers.
 */
export const PRINTS = pluginTable('fiscal-printer', 'prints') as 'p_fiscal_printer_prints';
export const LOCK = pluginTable('fiscal-printer', 'lock') as 'p_fiscal_printer_lock';

export interface FiscalPrinterTables {
  p_fiscal_printer_prints: {
    id: Generated<number>;
    org_id: number;
    receipt_id: number;
    order_id: number | null;
    number: string;
    /** The receipt's total, grosze. */
    gross: number;
    issued_at: string;
    /** WAITING, PRINTING, PRINTED, FAILED, UNKNOWN (schemas.ts PRINT_STATES). */
    state: string;
    /** 1: before printing, compare the printer's counter with `counter_before` (an earlier attempt may have printed). */
    verify: Generated<number>;
    /** The printer's count of finished receipts (`scnt bn`) read just before the last attempt's `trinit`. */
    counter_before: number | null;
    /** The printer of the last attempt (`host:port`): a counter read elsewhere proves nothing. */
    printer: string | null;
    message: string | null;
    error_code: number | null;
    attempts: Generated<number>;
    started_at: string | null;
    printed_at: string | null;
    updated_at: string;
  };
  p_fiscal_printer_lock: {
    org_id: number;
    /** The holder's random token, null when free. */
    token: string | null;
    /** ISO time the lease ends unless renewed. */
    lease_until: string | null;
  };
}

export const fiscalDb = (tdb: TenantDb) => tdb.withTables<FiscalPrinterTables>();

export const TABLES = [PRINTS, LOCK];

export const migrations: PluginMigration[] = [
  {
    name: '0001_fiscal_printer',
    async up(db, engine) {
      const c = pluginColumns(engine);
      await c
        .id(db.schema.createTable(PRINTS))
        .addColumn('org_id', 'integer', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
        .addColumn('receipt_id', 'integer', (col) => col.notNull())
        .addColumn('order_id', 'integer')
        .addColumn('number', 'varchar(100)', (col) => col.notNull())
        .addColumn('gross', 'bigint', (col) => col.notNull())
        .addColumn('issued_at', 'varchar(40)', (col) => col.notNull())
        .addColumn('state', 'varchar(10)', (col) => col.notNull())
        .addColumn('verify', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('counter_before', 'integer')
        .addColumn('printer', 'varchar(300)')
        .addColumn('message', 'varchar(1000)')
        .addColumn('error_code', 'integer')
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('started_at', 'varchar(40)')
        .addColumn('printed_at', 'varchar(40)')
        .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex(`${PRINTS}_receipt_uq`)
        .on(PRINTS)
        .columns(['org_id', 'receipt_id'])
        .unique()
        .execute();
      // The queue (a state, oldest first) and the list (newest first).
      await db.schema.createIndex(`${PRINTS}_state`).on(PRINTS).columns(['org_id', 'state', 'id']).execute();
      await db.schema.createIndex(`${PRINTS}_list`).on(PRINTS).columns(['org_id', 'id']).execute();
      await db.schema
        .createTable(LOCK)
        .addColumn('org_id', 'integer', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
        .addColumn('token', 'varchar(64)')
        .addColumn('lease_until', 'varchar(40)')
        .addPrimaryKeyConstraint(`${LOCK}_pk`, ['org_id'])
        .execute();
    },
  },
];
