import { sql, type Kysely } from 'kysely';
import type { Database } from './database';
import type { Migration } from './migrations/helpers';
import { m0001Platform } from './migrations/0001_platform';
import { m0002ReferenceData } from './migrations/0002_reference_data';
import { m0003Items } from './migrations/0003_items';
import { m0004LedgerDeletions } from './migrations/0004_ledger_deletions';
import { m0005ItemsFilterCovering } from './migrations/0005_items_filter_covering';
import { m0006Orders } from './migrations/0006_orders';
import { m0007OrdersSearch } from './migrations/0007_orders_search';
import { m0008OrderRollups } from './migrations/0008_order_rollups';
import { m0009Carriers } from './migrations/0009_carriers';
import { m0010ItemListVersions } from './migrations/0010_item_list_versions';
import { m0011ItemSearch } from './migrations/0011_item_search';
import { m0013OrderPrints } from './migrations/0013_order_prints';
import { m0014Shipments } from './migrations/0014_shipments';
import { m0015Invoices } from './migrations/0015_invoices';
import { m0016OrderReader } from './migrations/0016_order_reader';
import { m0017DispatchReservations } from './migrations/0017_dispatch_reservations';
import { m0018IdempotencyPayload } from './migrations/0018_idempotency_payload';
import { m0019OrgStorage } from './migrations/0019_org_storage';
import { m0020AuthLimits } from './migrations/0020_auth_limits';
import { m0021OrderSearchBuyer } from './migrations/0021_order_search_buyer';
import { m0022Jobs } from './migrations/0022_jobs';
import { m0023ItemIndexLog } from './migrations/0023_item_index_log';
import { m0024Plugins } from './migrations/0024_plugins';
import { m0025PluginSettings } from './migrations/0025_plugin_settings';
import { m0026JobsPluginIdx } from './migrations/0026_jobs_plugin_idx';
import { m0027ItemIndexRefs } from './migrations/0027_item_index_refs';
import { m0028CoreScheduleRuns } from './migrations/0028_core_schedule_runs';
import { m0029JobsFairClaim } from './migrations/0029_jobs_fair_claim';
import { m0030ApiTokens } from './migrations/0030_api_tokens';
import { m0031PluginIntegrations } from './migrations/0031_plugin_integrations';
import { m0032PluginHooks } from './migrations/0032_plugin_hooks';
import { m0033ShipmentTracking } from './migrations/0033_shipment_tracking';
import { m0034Receipts } from './migrations/0034_receipts';

/** Every migration in order. Later issues append here; names never change once released. */
export const MIGRATIONS: Migration[] = [
  m0001Platform,
  m0002ReferenceData,
  m0003Items,
  m0004LedgerDeletions,
  m0005ItemsFilterCovering,
  m0006Orders,
  m0007OrdersSearch,
  m0008OrderRollups,
  m0009Carriers,
  m0010ItemListVersions,
  m0011ItemSearch,
  m0013OrderPrints,
  m0014Shipments,
  m0015Invoices,
  m0016OrderReader,
  m0017DispatchReservations,
  m0018IdempotencyPayload,
  m0019OrgStorage,
  m0020AuthLimits,
  m0021OrderSearchBuyer,
  m0022Jobs,
  m0023ItemIndexLog,
  m0024Plugins,
  m0025PluginSettings,
  m0026JobsPluginIdx,
  m0027ItemIndexRefs,
  m0028CoreScheduleRuns,
  m0029JobsFairClaim,
  m0030ApiTokens,
  m0031PluginIntegrations,
  m0032PluginHooks,
  m0033ShipmentTracking,
  m0034Receipts,
];

/**
 * Runs pending migrations in one transaction each. On PostgreSQL an advisory lock keeps several
 * starting processes from migrating at once; on SQLite `begin immediate` does the same.
 */
export async function migrate(database: Database, migrations: Migration[] = MIGRATIONS): Promise<string[]> {
  const db = database.db as unknown as Kysely<{ schema_migrations: { name: string; applied_at: string } }>;
  await db.schema
    .createTable('schema_migrations')
    .ifNotExists()
    .addColumn('name', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('applied_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  const applied: string[] = [];
  for (const migration of migrations) {
    await db.transaction().execute(async (trx) => {
      if (database.engine === 'postgres') await sql`select pg_advisory_xact_lock(727001)`.execute(trx);
      const done = await trx
        .selectFrom('schema_migrations')
        .select('name')
        .where('name', '=', migration.name)
        .executeTakeFirst();
      if (done) return;
      await migration.up(trx as unknown as Kysely<unknown>, database.engine);
      await trx
        .insertInto('schema_migrations')
        .values({ name: migration.name, applied_at: new Date().toISOString() })
        .execute();
      applied.push(migration.name);
    });
  }
  if (database.engine === 'sqlite') {
    // Planner statistics (sqlite_stat1) for tables that never had them or grew tenfold since:
    // without them SQLite cannot tell the selective filter index from a sort's index
    // (docs/performance.md). Runs here, once per start in the primary process before the workers
    // fork; unsampled on purpose, because sampled statistics of an index that leads with org_id
    // describe one organisation and mislead the planner. A full ANALYZE of a million items takes
    // a few seconds and happens only after such growth.
    await sql`pragma optimize = 0x10002`.execute(db);
  }
  return applied;
}
