import { sql } from 'kysely';
import type { Database } from '../db/database';
import { TenantDb } from '../db/tenant';
import { consoleLog, type AppDeps } from '../platform/context';
import { conflict } from '../platform/errors';
import { fileStorage } from '../platform/file-storage';
import { MSG } from '../platform/messages.pl';
import { createOrganization } from '../modules/registration';
import { pluginHost } from '../modules/plugins';
import { pluginsRepository } from '../modules/plugins/plugins.repository';
import { startGenerator, type ItemGenerator } from './demo-generator';
import { seedDemoPhotos } from './demo-photos';
import { DEMO_SELLER, seedOrderReferences, seedReferences, seedSellerData } from './demo-references';
import type { BulkWriter } from './demo-writer';
import { onOneConnection, postgresWriter } from './demo-writer-postgres';
import { sqliteWriter } from './demo-writer-sqlite';

/**
 * `npm run cli -- demo:seed`: a demo organisation with a realistic Polish catalogue, the same for
 * the same arguments (a fixed seed), big enough to measure the goods catalogue (docs/performance.md).
 *
 * Reference data goes through Kysely (a few thousand rows). Items and their ledger rows are written
 * in bulk, in ONE transaction, with the items' secondary indexes and search triggers dropped first
 * and rebuilt at the end: building an index from sorted data is several times cheaper than a
 * million random insertions into it. A failure rolls everything back and removes the organisation.
 * A worker thread generates the rows meanwhile (demo-generator.ts) and, on SQLite, builds their
 * trigram search index in a scratch file, copied in at the end (copySearchIndex).
 */

export interface SeedOptions {
  prefix: string;
  password: string;
  items: number;
  /** Orders over three years with 1-5 lines each (default 0): docs/performance.md, Order search. */
  orders?: number;
  /**
   * Plugins installed for the demo organisation, each with its demo data (PluginServer.demoSeed),
   * e.g. ['moto'] for `--moto`.
   */
  plugins?: readonly string[];
  /** The PRNG seed; the default keeps every demo database alike. */
  seed?: number;
  /**
   * SQLite: the bytes of new search entries the generator holds before writing a segment of the
   * search index (default 64 MB); a test makes it small to get a seed of several segments.
   */
  searchHashBytes?: number;
  log?: (line: string) => void;
}

export interface SeedResult {
  orgId: number;
  login: string;
  items: number;
  orders: number;
  /** Milliseconds per phase, in order. */
  phases: [string, number][];
  totalMs: number;
}

export const DEMO_SEED = 20240611;
/** Rows generated and written per batch (items; orders as COPY text). */
const BATCH = 10_000;
/** Batches the generator worker may have ready before the writer takes them. */
const GENERATOR_AHEAD = 4;
/**
 * Order batches in COPY text the generator may have ready (PostgreSQL): enough for the demo's
 * 1,200,000 orders to be made while the items' indexes are built, about 6 MB of text a batch.
 */
const COPY_AHEAD = 150;
/**
 * Orders per batch handed over as rows (SQLite). Made 10,000 at a time, a batch survived the
 * worker's young-generation collections while it was made; the worker spent a quarter of its time
 * collecting (docs/performance.md, Order search).
 */
const ORDER_ROWS_BATCH = 1_000;
/**
 * Order batches as rows the generator may have ready (SQLite): half of the demo's orders, made
 * while the main thread builds the items' indexes instead of waiting 40 batches ahead (orders
 * phase 14.4 -> 11.6 s); the waiting messages are the worker's serialised copies.
 */
const ROWS_AHEAD = 600;

/**
 * The orders step: the generator worker's order batches written with the orders' indexes dropped
 * and rebuilt at the end. Seeded lines link to seeded items without ledger rows: they stand for
 * past sales the items' stock already reflects (docs/decisions.md, Order search). The daily
 * roll-ups the summaries read (docs/decisions.md, Summaries) come added up from the generator,
 * which made every order (db/order-rollups.ts RollupTotals: the rebuild's rules in JavaScript), and
 * are written in the same transaction: a failed seed leaves no orders without their roll-ups. Reading
 * 3.3 million rows back to add them up in SQL took 10 s (docs/performance.md, Order search).
 */
async function seedOrders(
  writer: BulkWriter,
  generator: ItemGenerator,
  count: number,
  batch: number,
  orgId: number,
  log: (line: string) => void,
  phase: (name: string) => void,
): Promise<void> {
  await writer.prepareOrders();
  for (let done = 0; done < count; done += batch) {
    await writer.writeOrders(await generator.nextOrders());
    if (Math.floor((done + batch) / 200_000) > Math.floor(done / 200_000)) log(`  ${done + batch} zamówień...`);
  }
  phase('zamówienia');
  await writer.writeRollups(await generator.rollups());
  phase('podsumowania dzienne');
  await writer.finishLater();
  phase('indeksy towarów');
  await writer.finishOrders(orgId);
  phase('indeksy zamówień');
}

/** The organisation's first item id: the seed numbers its items on from there. */
async function firstItemOf(database: Database, orgId: number): Promise<number | null> {
  const row = await database.db
    .selectFrom('items')
    .select((eb) => eb.fn.min<number>('id').as('first'))
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  return row?.first ?? null;
}

// ---- the seed ------------------------------------------------------------------------------------

/** Seeds organisation `prefix` with `items` items; refuses a prefix that exists. */
export async function seedDemo(database: Database, deps: AppDeps, opts: SeedOptions): Promise<SeedResult> {
  const log = opts.log ?? (() => undefined);
  const phases: [string, number][] = [];
  const t0 = performance.now();
  let mark = t0;
  const phase = (name: string) => {
    const now = performance.now();
    phases.push([name, Math.round(now - mark)]);
    log(`${name}: ${((now - mark) / 1000).toFixed(1)} s`);
    mark = now;
  };
  const db = database.db;
  if (await db.selectFrom('organizations').select('id').where('prefix', '=', opts.prefix).executeTakeFirst())
    throw conflict(MSG.prefixTaken);

  const { login, orgId } = await createOrganization(
    { deps, db, ip: 'cli', locale: 'pl', log: consoleLog },
    {
      prefix: opts.prefix,
      name: `Demo ${opts.prefix} sp. z o.o.`,
      taxId: DEMO_SELLER.taxId,
      address: DEMO_SELLER.address,
      postCodeCity: DEMO_SELLER.postCodeCity,
      countryCode: 'PL',
      adminUser: 'admin',
      adminPass: opts.password,
      adminEmail: `admin@${opts.prefix}.example.pl`,
      adminTel: '',
      adminName: 'Administrator',
    },
  );
  try {
    const orders = opts.orders ?? 0;
    const [refs, orderRefs] = await db.transaction().execute(async (trx) => {
      const tdb = new TenantDb(trx, orgId);
      await seedSellerData(tdb);
      return [await seedReferences(tdb), await seedOrderReferences(tdb, login)] as const;
    });
    phase('organizacja i słowniki');
    const writeItems = async (writer: BulkWriter, generator: ItemGenerator) => {
      for (let done = 0; done < opts.items; done += BATCH) {
        await writer.write(await generator.next());
        if ((done / BATCH) % 20 === 19) log(`  ${done + BATCH} towarów...`);
      }
    };
    const fill = async (writer: BulkWriter) => {
      const firstId = (await writer.maxItemId()) + 1;
      const firstOrderId = orders > 0 ? (await writer.maxOrderId()) + 1 : 0;
      const orderBatch = writer.copiesText ? BATCH : ORDER_ROWS_BATCH;
      await writer.prepare();
      // The worker generates the rows (and on SQLite their search index) while this thread writes.
      const generator = startGenerator({
        seed: opts.seed ?? DEMO_SEED,
        orgId,
        refs,
        firstId,
        count: opts.items,
        batch: BATCH,
        ahead: GENERATOR_AHEAD,
        itemsAsCopyText: writer.copiesText,
        search: writer.searchTarget(firstId),
        searchHashBytes: opts.searchHashBytes,
        orders:
          orders > 0
            ? {
                count: orders,
                firstId: firstOrderId,
                refs: orderRefs,
                batch: orderBatch,
                ahead: writer.copiesText ? COPY_AHEAD : ROWS_AHEAD,
                copyText: writer.copiesText,
              }
            : null,
      });
      try {
        await writeItems(writer, generator);
        phase('towary i zmiany magazynowe');
        await writer.finish(firstId, orgId, opts.items);
        await generator.itemsDone();
        await writer.indexSearch(firstId);
        phase('indeksy i wyszukiwanie');
        if (orders > 0) {
          await seedOrders(writer, generator, orders, orderBatch, orgId, log, phase);
        } else {
          await writer.finishLater();
          phase('indeksy towarów');
        }
        await generator.finished();
      } finally {
        await generator.stop();
      }
    };
    if (database.engine === 'sqlite') {
      const writer = sqliteWriter(database, log);
      await writer.run(() => fill(writer));
      // Planner statistics for the new data distribution (docs/performance.md). Unsampled: an
      // index that leads with org_id sampled over its first rows describes one organisation only.
      database.sqlite?.exec('analyze; pragma optimize;');
    } else {
      const pool = database.pgPool;
      if (!pool) throw new Error('PostgreSQL writer needs the node-postgres pool');
      const client = await pool.connect();
      try {
        const one = onOneConnection(client);
        await one.transaction().execute((trx) => fill(postgresWriter(trx, client)));
        await one.destroy();
      } finally {
        client.release();
      }
      // VACUUM also marks the new pages all-visible, which index-only scans (the counts) need; the
      // order counts are index-only scans too.
      const vacuumed = orders > 0 ? ['items', 'item_search', 'orders', 'order_lines'] : ['items', 'item_search'];
      await sql`vacuum analyze ${sql.join(vacuumed.map((t) => sql.table(t)))}`.execute(db);
      // Every other table too (the ledger, the trees the search walks, parameters): a server
      // without autovacuum would otherwise plan the subtree lookups without statistics. Not the
      // vacuumed ones again (a plain ANALYZE read them a second time).
      const others = await sql<{ name: string }>`select tablename as name from pg_tables
        where schemaname = current_schema() and tablename not in (${sql.join(vacuumed)})`.execute(db);
      await sql`analyze ${sql.join(others.rows.map((t) => sql.table(t.name)))}`.execute(db);
    }
    phase('statystyki (ANALYZE)');
    for (const pluginId of opts.plugins ?? []) {
      const line = await seedPluginDemo(db, orgId, pluginId, deps.now());
      log(`  ${line}`);
      phase(`plugin ${pluginId}`);
    }
    const firstItemId = await firstItemOf(database, orgId);
    if (firstItemId !== null) {
      const photos = await seedDemoPhotos(
        database,
        fileStorage(deps.config),
        orgId,
        firstItemId,
        opts.items,
        deps.now(),
      );
      phase(`zdjęcia (${photos})`);
    }
  } catch (err) {
    // Leave no half-seeded organisation behind: the prefix stays free for a second try.
    await db.deleteFrom('organizations').where('id', '=', orgId).execute();
    throw err;
  }
  return {
    orgId,
    login,
    items: opts.items,
    orders: opts.orders ?? 0,
    phases,
    totalMs: Math.round(performance.now() - t0),
  };
}

/**
 * Installs a plugin for the demo organisation and adds its demo data, in one transaction, then
 * refreshes the planner's statistics of its tables.
 */
async function seedPluginDemo(db: Database['db'], orgId: number, pluginId: string, now: Date): Promise<string> {
  const plugin = pluginHost().get(pluginId);
  if (!plugin?.server || !pluginHost().usable(pluginId)) throw new Error(`plugin ${pluginId} is not usable`);
  const server = plugin.server;
  const line = await db.transaction().execute(async (trx) => {
    const tdb = new TenantDb(trx, orgId);
    if (await pluginsRepository.install(tdb, pluginId, now)) await server.onInstall?.(tdb);
    return (await server.demoSeed?.(tdb)) ?? `${pluginId}: zainstalowany`;
  });
  for (const table of server.tables ?? []) await sql`analyze ${sql.table(table)}`.execute(db);
  return line;
}
