// The item search with the moto plugin's filter (plugins/moto) over the million-item demo with 2
// million fitments: a motorcycle filter (model and year, or make) plus two core filters (status,
// price from), page of 100 with the exact count, measured THROUGH THE CODE THE API USES (getItems,
// in-process with a real AuthContext; the item filter index and the plugin's fitment index answer once loaded), each figure
// beside the same search's SQL run straight on the driver (the SQL path's statements).
// Usage: npm run bench:moto [-- --items 1000000 --runs 40 --drop --pg-db NAME]
// SQLite by default (./data/bench/sqlite-moto-<items>, kept for the next run); PostgreSQL when
// BENCH_DATABASE_URL is set (database zaplecze_bench_moto_<items>, or --pg-db NAME).
// Seeded once with `demo:seed --moto` (packages/server/src/demo/demo-seed.ts, plugins: ['moto']).
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { itemSearchSchema } from '@zaplecze/contract';
import { benchDatabase } from './bench-db.mjs';
import { loadConfig } from '../packages/server/src/config.ts';
import { seedDemo } from '../packages/server/src/demo/demo-seed.ts';
import { benchAuthContext } from './bench-context.mjs';
import { openAndMigrate } from '../packages/server/src/server.ts';
import { getItems } from '../packages/server/src/modules/items/items.service.ts';
import { countQuery, isUnfiltered } from '../packages/server/src/modules/items/items.filters.ts';
import { pageRowsStatement } from '../packages/server/src/modules/items/items.page-plan.ts';
import { pluginFiltersOf } from '../packages/server/src/modules/items/items.plugin-filters.ts';
import { indexState } from '../packages/server/src/modules/items/item-index/item-index.registry.ts';
import { indexStats } from '../packages/server/src/modules/items/item-index/item-index.stats.ts';
import { fitmentIndexState, fitmentIndexStats } from '../plugins/moto/server/fitment-index.ts';

const { values: args } = parseArgs({
  options: {
    items: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '40' },
    drop: { type: 'boolean', default: false },
    'pg-db': { type: 'string' },
  },
});
const ITEMS = Number(args.items);
const RUNS = Number(args.runs);
const PREFIX = 'demo';
const PASSWORD = 'Demo1234!';
const TARGET_MS = 15;
const root = path.resolve(import.meta.dirname, '..');

const { env, dropDb } = await benchDatabase({
  kept: {
    pgName: args['pg-db'] ?? `zaplecze_bench_moto_${ITEMS}`,
    sqliteDir: path.join(root, 'data', 'bench', `sqlite-moto-${ITEMS}`),
  },
});
const { database, deps } = await openAndMigrate(loadConfig(env));
const engine = database.engine === 'postgres' ? 'PostgreSQL' : 'SQLite';
const db = deps.db;
if (!(await db.selectFrom('organizations').select('id').where('prefix', '=', PREFIX).executeTakeFirst())) {
  console.log(`Seeding ${ITEMS} items with the moto plugin on ${engine}...`);
  const r = await seedDemo(database, deps, {
    prefix: PREFIX,
    password: PASSWORD,
    items: ITEMS,
    plugins: ['moto'],
    log: console.log,
  });
  console.log(`seeded in ${(r.totalMs / 1000).toFixed(1)} s`);
}
if (database.engine === 'postgres') await sql`analyze`.execute(db);

const ctx = await benchAuthContext(deps, `${PREFIX}_admin`);

let pgClient;
if (database.engine === 'postgres') {
  pgClient = new pg.Client({ connectionString: env.DATABASE_URL });
  await pgClient.connect();
}
async function raw(compiled) {
  const params = [...compiled.parameters];
  if (pgClient) return (await pgClient.query(compiled.sql, params)).rows;
  return database.sqlite.prepare(compiled.sql).all(params);
}

// ---- the searches ------------------------------------------------------------------------------------

const models = (
  await sql`select m.id, m.make_id, m.year_from from p_moto_models m where m.org_id = ${ctx.orgId} order by m.id`.execute(
    db,
  )
).rows;
const status = (
  await db.selectFrom('item_statuses').select('id').where('org_id', '=', ctx.orgId).limit(1).executeTakeFirstOrThrow()
).id;
const families = {
  'model + year + status + price from, CODE': (i) => {
    const m = models[(i * 7) % models.length];
    return { motoModelId: m.id, motoYear: m.year_from + 1, statusId: status, priceFrom: '20', sort: 'CODE' };
  },
  'make + status + price from, PRICE_D': (i) => {
    const m = models[(i * 11) % models.length];
    return { motoMakeId: m.make_id, statusId: status, priceFrom: '20', sort: 'PRICE_D' };
  },
  // One filter value paged and re-sorted (a user going through a list): its ids are kept.
  'same model + year + status + price from, pages 1-5 and sorts': (i) => {
    const m = models[3];
    const sort = ['CODE', 'NAME', 'PRICE_A', 'PRICE_D'][i % 4];
    return {
      motoModelId: m.id,
      motoYear: m.year_from + 1,
      statusId: status,
      priceFrom: '20',
      sort,
      page: String(1 + (i % 5)),
    };
  },
};

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const fmt = (ms) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
async function time(fn) {
  for (let i = 0; i < 3; i++) await fn(i);
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn(i);
    times.push(performance.now() - t0);
  }
  const s = times.sort((a, b) => a - b);
  return { p50: pct(s, 50), p95: pct(s, 95) };
}

/** The SQL path's statements for a query: the count, then the page planned with it. */
async function sqlPath(query) {
  const search = { ...itemSearchSchema.parse(query), plugins: await pluginFiltersOf(ctx, query) };
  const count = countQuery(ctx.tdb, search).compile();
  const matches = Number((await raw(count))[0]?.n ?? 0);
  const page = pageRowsStatement(ctx.tdb, search, { matches: pgClient && !isUnfiltered(search) ? matches : undefined });
  await raw(page.query.compile());
  return matches;
}

// The organisation's item filter index loads in the background at the first search.
for (let k = 0; k < 600 && indexState(db, ctx.orgId) !== 'ready'; k++) {
  await getItems(ctx, { perPage: '25' });
  await new Promise((r) => setTimeout(r, 100));
}
// So does the moto plugin's fitment index, at the first search with a motorcycle filter.
const loadStarted = performance.now();
for (let k = 0; k < 1200 && fitmentIndexState(db, ctx.orgId) !== 'ready'; k++) {
  await getItems(ctx, { perPage: '25', motoModelId: String(models[0].id) });
  await new Promise((r) => setTimeout(r, 100));
}
console.log(
  `${engine}, ${ITEMS} items, index ${indexState(db, ctx.orgId) ?? 'none'}, fitment index ` +
    `${fitmentIndexState(db, ctx.orgId)} (loaded within ${((performance.now() - loadStarted) / 1000).toFixed(1)} s)`,
);
const fitments = (await sql`select count(*) as n from p_moto_fitments where org_id = ${ctx.orgId}`.execute(db)).rows[0]
  .n;
console.log(`fitments: ${fitments}`);

let missed = 0;
for (const [name, make] of Object.entries(families)) {
  let counts = 0;
  const answered = indexStats.answered;
  const fromMemory = fitmentIndexStats.answered;
  const service = await time(async (i) => {
    const a = await getItems(ctx, { ...make(i), perPage: '100' });
    counts += a.count;
  });
  const viaIndex = indexStats.answered - answered;
  const viaMemory = fitmentIndexStats.answered - fromMemory;
  const rawSql = await time((i) => sqlPath({ ...make(i), perPage: '100' }));
  const ok = service.p95 <= TARGET_MS;
  if (!ok) missed++;
  console.log(
    `${name}: service p50 ${fmt(service.p50)} ms, p95 ${fmt(service.p95)} ms (${viaIndex} of ${RUNS + 3} by the index, ${viaMemory} with fitments from memory, ` +
      `mean count ${Math.round(counts / (RUNS + 3))}) | SQL path p50 ${fmt(rawSql.p50)} ms, p95 ${fmt(rawSql.p95)} ms` +
      `  ${ok ? 'OK' : 'MISSED'} (target p95 <= ${TARGET_MS} ms)`,
  );
}

await pgClient?.end();
await database.destroy();
if (args.drop) await dropDb();
process.exit(missed > 0 ? 1 : 0);
