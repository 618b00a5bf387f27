// The goods catalogue at a million items: the item search measured THROUGH THE CODE THE API USES
// (getItems of the items service, called in-process with a real AuthContext), each figure printed
// beside the same SQL run straight on the driver in the same run, with its query plan; then 20
// concurrent users over real HTTP against the `npm start` cluster (one worker per core).
// Usage: npm run bench:items [-- --items 1000000 --runs 40 --users 20 --seconds 15 --no-http --deep-only --drop --pg-db NAME]
//   (--deep-only: only the deep-page figures: page 1, page 5,000 with OFFSET, from bookmarks warm, cold)
//   (node --import tsx bench/items-search.mjs)
// SQLite by default (./data/bench/sqlite-<items>, kept for the next run); PostgreSQL when
// BENCH_DATABASE_URL is set (database zaplecze_bench_items_<items> next to it, or --pg-db NAME so that
// two people sharing one server do not seed and drop each other's copy; --drop removes it).
// The database is seeded once with the demo seed (packages/server/src/demo/demo-seed.ts).
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { itemSearchSchema, pageOffset } from '@zaplecze/contract';
import { benchDatabase } from './bench-db.mjs';
import { fetchPagesFromOwnProcess, serverCpuMs, signIn, startBenchServer } from './bench-server.mjs';
import { loadConfig } from '../packages/server/src/config.ts';
import { seedDemo } from '../packages/server/src/demo/demo-seed.ts';
import { benchAuthContext } from './bench-context.mjs';
import { openAndMigrate } from '../packages/server/src/server.ts';
import { getItems } from '../packages/server/src/modules/items/items.service.ts';
import { bookmarkScan } from '../packages/server/src/modules/items/items.bookmark-walk.ts';
import { countQuery, countsInPage, isUnfiltered } from '../packages/server/src/modules/items/items.filters.ts';
import { pageRowsStatement } from '../packages/server/src/modules/items/items.page-plan.ts';
import {
  bookmarkOptions,
  bookmarks,
  bookmarkStats,
  listSignature,
  seekFor,
} from '../packages/server/src/modules/items/items.bookmarks.ts';
import { referenceNameQueries } from '../packages/server/src/modules/items/items.repository.ts';

const { values: args } = parseArgs({
  options: {
    items: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '40' },
    users: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '15' },
    'no-http': { type: 'boolean', default: false },
    'deep-only': { type: 'boolean', default: false },
    drop: { type: 'boolean', default: false },
    'pg-db': { type: 'string' },
  },
});
const ITEMS = Number(args.items);
const RUNS = Number(args.runs);
const USERS = Number(args.users);
const SECONDS = Number(args.seconds);
const PREFIX = 'demo';
const PASSWORD = 'Demo1234!';
const root = path.resolve(import.meta.dirname, '..');

// ---- the database ----------------------------------------------------------------------------------

const { env, dropDb } = await benchDatabase({
  kept: {
    pgName: args['pg-db'] ?? `zaplecze_bench_items_${ITEMS}`,
    sqliteDir: path.join(root, 'data', 'bench', `sqlite-${ITEMS}`),
  },
});

const { database, deps } = await openAndMigrate(loadConfig(env));
const engine = database.engine === 'postgres' ? 'PostgreSQL' : 'SQLite';
const db = deps.db;
if (!(await db.selectFrom('organizations').select('id').where('prefix', '=', PREFIX).executeTakeFirst())) {
  console.log(`Seeding ${ITEMS} items on ${engine}...`);
  const r = await seedDemo(database, deps, { prefix: PREFIX, password: PASSWORD, items: ITEMS, log: console.log });
  console.log(`seeded in ${(r.totalMs / 1000).toFixed(1)} s`);
}

if (database.engine === 'postgres') {
  // Planner statistics for every table, as autovacuum keeps them on a production server (the test
  // server runs with autovacuum off, and the seed analyses the items only): without them the
  // category subtree walk is planned for tables of unknown size.
  await sql`analyze`.execute(db);
}

const ctx = await benchAuthContext(deps, `${PREFIX}_admin`);
const tdb = ctx.tdb;

// ---- raw SQL on the driver ---------------------------------------------------------------------------

let pgClient;
if (database.engine === 'postgres') {
  pgClient = new pg.Client({ connectionString: env.DATABASE_URL });
  await pgClient.connect();
}
const statements = new Map();
async function raw(compiled) {
  const params = [...compiled.parameters];
  if (pgClient) return (await pgClient.query(compiled.sql, params)).rows;
  let st = statements.get(compiled.sql);
  if (!st) statements.set(compiled.sql, (st = database.sqlite.prepare(compiled.sql)));
  return st.reader ? st.all(params) : st.run(params);
}

async function plan(compiled) {
  const params = [...compiled.parameters];
  if (pgClient) {
    const r = await pgClient.query(`explain (analyze, buffers, costs off) ${compiled.sql}`, params);
    return r.rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n');
  }
  const rows = database.sqlite.prepare(`explain query plan ${compiled.sql}`).all(params);
  const depth = new Map([[0, 0]]);
  return rows
    .map((row) => {
      const d = (depth.get(row.parent) ?? 0) + 1;
      depth.set(row.id, d);
      return `    ${'  '.repeat(d - 1)}${row.detail}`;
    })
    .join('\n');
}

/**
 * The statements one search runs, as items.search searchItems runs them: the count (unless the
 * page carries it as a window count), the page with its rows, and for a big page the reference
 * lists. Raw runs them one after another on one connection (the service may overlap them).
 */
async function compiledOf(query) {
  const search = itemSearchSchema.parse(query);
  const count = countsInPage(search) ? undefined : countQuery(tdb, search).compile();
  const countFirst = pgClient !== undefined && count !== undefined && !isUnfiltered(search);
  const matches = countFirst ? Number((await raw(count))[0]?.n ?? 0) : undefined;
  const statement = pageRowsStatement(tdb, search, { matches });
  const refs = statement.bigPage ? Object.values(referenceNameQueries(tdb)).map((q) => q.compile()) : [];
  return { count, page: statement.query.compile(), refs };
}

// ---- timing ------------------------------------------------------------------------------------------

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const fmt = (ms) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
function stats(times) {
  const s = [...times].sort((a, b) => a - b);
  return { p50: pct(s, 50), p95: pct(s, 95), max: s.at(-1) };
}
async function time(fn, runs = RUNS) {
  for (let i = 0; i < 3; i++) await fn(i);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn(i);
    times.push(performance.now() - t0);
  }
  return stats(times);
}
const results = [];
function report(name, service, rawStats, target, extra = '') {
  const ok =
    target === undefined
      ? ''
      : service.p95 <= target
        ? `  OK (target p95 <= ${target} ms)`
        : `  MISSED (target p95 <= ${target} ms)`;
  const line = `${name}: service p50 ${fmt(service.p50)} ms, p95 ${fmt(service.p95)} ms | raw SQL p50 ${fmt(rawStats.p50)} ms, p95 ${fmt(rawStats.p95)} ms${extra}${ok}`;
  console.log(line);
  results.push(line);
}

/** Times getItems for each query in turn, and the same statements on the driver. */
async function measure(name, queries, { target, showPlan = true, runs = RUNS } = {}) {
  const compiled = [];
  for (const q of queries) compiled.push(await compiledOf(q));
  let count = 0;
  const service = await time(async (i) => {
    const answer = await getItems(ctx, queries[i % queries.length]);
    count = answer.count;
  }, runs);
  const rawStats = await time(async (i) => {
    const c = compiled[i % compiled.length];
    if (c.count) await raw(c.count);
    await raw(c.page);
    for (const r of c.refs) await raw(r);
  }, runs);
  report(name, service, rawStats, target, ` (count ${count})`);
  if (showPlan) {
    console.log(`  SQL (page): ${compiled[0].page.sql}\n  params: ${JSON.stringify(compiled[0].page.parameters)}`);
    console.log(`  plan (page):\n${await plan(compiled[0].page)}`);
    if (compiled[0].count) {
      console.log(`  SQL (count): ${compiled[0].count.sql}`);
      console.log(`  plan (count):\n${await plan(compiled[0].count)}`);
    } else console.log('  count: a window count in the page statement');
  }
  return service;
}

// ---- the scenarios -----------------------------------------------------------------------------------

const orgId = ctx.orgId;
const ids = async (table, extra = (q) => q) =>
  (await extra(db.selectFrom(table).select('id').where('org_id', '=', orgId).orderBy('id')).execute()).map((r) => r.id);
const statuses = await ids('item_statuses');
const groups = await ids('item_groups');
const topCategories = await ids('categories', (q) => q.where('parent_id', 'is', null));

/** Five filters: status, group, category subtree, price range, stock range; varied per request. */
const fiveFilters = (sort, i) => ({
  statusId: String(statuses[0]),
  groupId: String(groups[i % 3]),
  catId: String(topCategories[i % topCategories.length]),
  priceFrom: '20',
  priceTo: '150',
  countFrom: '1',
  countTo: '50',
  sort,
  perPage: '100',
});
const SORTS = ['CODE', 'NAME', 'PRICE_A', 'PRICE_D', 'COUNT_A', 'COUNT_D'];

console.log(`\n${engine}, ${ITEMS} items, ${RUNS} runs a figure (p95 over the runs), one user in-process`);
console.log(
  `machine load average: ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);

for (const sort of args['deep-only'] ? [] : SORTS) {
  await measure(
    `list, 5 filters, sort ${sort}, page of 100 with count`,
    Array.from({ length: 9 }, (_, i) => fiveFilters(sort, i)),
    { target: 15 },
  );
}

const containsTarget = database.engine === 'postgres' ? 10 : 50;
for (const q of args['deep-only']
  ? []
  : [
      { name: 'kubek' },
      { name: 'iphone 13' },
      { name: 'czerwon' },
      { code: 'KUB-00012' },
      { code: '4242' },
      { gtin: '2381867' },
      { gtin: '99999' },
    ]) {
  const [field, value] = Object.entries(q)[0];
  await measure(`contains ${field} "${value}", page of 100 with count`, [q], { target: containsTarget });
}

// ---- deep pages (issue 7: page 5,000 at most 3x page 1) ------------------------------------------------
// Page 5,000 three ways, in the same minutes: with OFFSET (bookmarks off: the code before them), from
// the list's bookmarks when they are kept (warm), and right after a write that changes the list's
// version (cold: the page finds its bookmarks stale, walks the list once more to collect them, then
// seeks). The write renames one item to a name that sorts last, so every page stays where it was.

const benchItem = await db
  .selectFrom('items')
  .select(['id', 'name'])
  .where('org_id', '=', ctx.orgId)
  .orderBy('id')
  .executeTakeFirstOrThrow();
let renames = 0;
async function changeList() {
  renames++;
  await db
    .updateTable('items')
    .set({ name: `\u017b\u017b bench ${renames % 2}` })
    .where('id', '=', benchItem.id)
    .execute();
}

/** The statements of a deep page from bookmarks, as readListPage runs them once they are kept. */
async function deepCompiled(query) {
  const search = itemSearchSchema.parse(query);
  const count = countQuery(tdb, search).compile();
  const countFirst = pgClient !== undefined && !isUnfiltered(search);
  const matches = countFirst ? Number((await raw(count))[0]?.n ?? 0) : undefined;
  const entry = bookmarks.get(listSignature(tdb.orgId, search));
  if (!entry) throw new Error('no bookmarks kept for the list');
  const seek = seekFor(entry, pageOffset(search));
  return { count, page: pageRowsStatement(tdb, search, { matches, seek }).query.compile(), seek };
}

async function deepPages(label, query) {
  const p5000 = { ...query, page: '5000' };
  const first = await measure(`${label}, page 1 of 100 with count`, [query], { showPlan: false });
  bookmarkOptions.from = Number.MAX_SAFE_INTEGER;
  const offset = await measure(`${label}, page 5,000 with OFFSET (no bookmarks)`, [p5000], {
    showPlan: false,
    runs: DEEP_RUNS,
  });
  bookmarkOptions.from = DEFAULT_FROM;
  const stats0 = { ...bookmarkStats };
  const warm = await time(() => getItems(ctx, p5000));
  const c = await deepCompiled(p5000);
  const rawWarm = await time(async () => {
    await raw(c.count);
    await raw(c.page);
  });
  report(`${label}, page 5,000 from bookmarks (warm)`, warm, rawWarm);
  const seeks = bookmarkStats.seeks - stats0.seeks;
  const cold = [];
  const next = [];
  for (let i = 0; i < DEEP_COLD_RUNS; i++) {
    await changeList();
    const t0 = performance.now();
    await getItems(ctx, p5000);
    const t1 = performance.now();
    await getItems(ctx, p5000);
    cold.push(t1 - t0);
    next.push(performance.now() - t1);
  }
  const coldStats = stats(cold);
  const nextStats = stats(next);
  const search = itemSearchSchema.parse(p5000);
  const scan = bookmarkScan(tdb, search, bookmarkOptions.every, 0, undefined, 500).compile(db);
  const walkTimes = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await raw(scan);
    walkTimes.push(performance.now() - t0);
  }
  const walk = stats(walkTimes);
  const line =
    `${label}, page 5,000 right after a write (cold: stale bookmarks, then OFFSET): p50 ${fmt(coldStats.p50)} ms, ` +
    `p95 ${fmt(coldStats.p95)} ms; the request after it (one walk collects the bookmarks, then the page): ` +
    `p50 ${fmt(nextStats.p50)} ms, p95 ${fmt(nextStats.p95)} ms | the walk alone (500 bookmarks): p50 ${fmt(walk.p50)} ms`;
  console.log(line);
  results.push(line);
  const ratio =
    `${label}: page 5,000 / page 1 (p95): OFFSET ${(offset.p95 / first.p95).toFixed(1)}x, bookmarks warm ` +
    `${(warm.p95 / first.p95).toFixed(1)}x, cold ${(coldStats.p95 / first.p95).toFixed(1)}x, the request after ` +
    `${(nextStats.p95 / first.p95).toFixed(1)}x (target <= 3x; ` +
    `${seeks} seeks from bookmarks, skip ${c.seek.skip} rows after the seek)`;
  console.log(ratio);
  results.push(ratio);
  console.log(`  SQL (page from a bookmark): ${c.page.sql}\n  params: ${JSON.stringify(c.page.parameters)}`);
  console.log(`  plan (page from a bookmark):\n${await plan(c.page)}`);
  console.log(`  SQL (the walk collecting bookmarks): ${scan.sql}`);
  console.log(`  plan (the walk):\n${await plan(scan)}`);
  bookmarkOptions.from = Number.MAX_SAFE_INTEGER;
  const off = await compiledOf(p5000);
  bookmarkOptions.from = DEFAULT_FROM;
  console.log(`  plan (page with OFFSET):\n${await plan(off.page)}`);
}

const DEFAULT_FROM = bookmarkOptions.from;
/** Runs of the OFFSET page 5,000 (seconds each with a filter the index cannot check) and of the cold pair. */
const DEEP_RUNS = Math.min(RUNS, 15);
const DEEP_COLD_RUNS = 5;
await deepPages('unfiltered, sort CODE', { sort: 'CODE' });
await deepPages('unfiltered, sort NAME', { sort: 'NAME' });
await deepPages(`status ${statuses[0]} (Aktywny), sort NAME`, { sort: 'NAME', statusId: String(statuses[0]) });
await deepPages('unfiltered, sort PRICE_D', { sort: 'PRICE_D' });
await db.updateTable('items').set({ name: benchItem.name }).where('id', '=', benchItem.id).execute();

if (!args['deep-only'])
  await measure(
    'page of 10,000 rows with references (unfiltered, sort CODE)',
    [
      { sort: 'CODE', perPage: '10000' },
      { sort: 'CODE', perPage: '10000', page: '37' },
    ],
    { target: 150, showPlan: false },
  );

await database.destroy();
await pgClient?.end();

// ---- 20 users over HTTP ------------------------------------------------------------------------------

if (!args['no-http'] && !args['deep-only']) {
  const { base, server, stop } = await startBenchServer(env);
  try {
    const { token } = await signIn(base, `${PREFIX}_admin`, PASSWORD);
    const headers = { 'x-auth-bearer': token };
    let lastBytes = 0;
    const get = async (query) => {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/items?${new URLSearchParams(query)}`, { headers });
      lastBytes = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200) throw new Error(`GET /api/items: ${res.status}`);
      return performance.now() - t0;
    };
    // Warm every worker's statement cache and the page cache.
    for (let i = 0; i < 24; i++) await get(fiveFilters(SORTS[i % 6], i));

    const single = [];
    for (let i = 0; i < RUNS; i++) single.push(await get(fiveFilters(SORTS[i % 6], i)));
    const one = stats(single);
    const line1 = `HTTP, 1 user, 5 filters, every sort: p50 ${fmt(one.p50)} ms, p95 ${fmt(one.p95)} ms`;
    console.log(line1);
    results.push(line1);

    // By a client process of its own (bench/http-page-client.mjs), not this heavy one; the server's
    // CPU includes the client's warm-up pages, hence the division by all of them.
    const bigCpuBefore = serverCpuMs(server.pid);
    const { times: big, bytes } = fetchPagesFromOwnProcess(
      base,
      token,
      '/api/items?sort=CODE&perPage=10000&page=PAGE',
      Math.min(RUNS, 15),
    );
    lastBytes = bytes;
    const b = stats(big);
    const bigCpu = (serverCpuMs(server.pid) - bigCpuBefore) / (big.length + 6);
    const line2 = `HTTP, 1 user, page of 10,000 rows (${(lastBytes / 1e6).toFixed(1)} MB of JSON): p50 ${fmt(b.p50)} ms, p95 ${fmt(b.p95)} ms, server CPU ${fmt(bigCpu)} ms a request (target 150 ms)`;
    console.log(line2);
    results.push(line2);

    const times = [];
    const cpuBefore = serverCpuMs(server.pid);
    const until = performance.now() + SECONDS * 1000;
    let n = 0;
    await Promise.all(
      Array.from({ length: USERS }, async () => {
        while (performance.now() < until) {
          const i = n++;
          times.push(await get(fiveFilters(SORTS[i % 6], i)));
        }
      }),
    );
    const c = stats(times);
    const cpuPerRequest = (serverCpuMs(server.pid) - cpuBefore) / times.length;
    const line3 = `HTTP, ${USERS} concurrent users, 5 filters, every sort: ${(times.length / SECONDS).toFixed(0)} req/s, p50 ${fmt(c.p50)} ms, p95 ${fmt(c.p95)} ms, max ${fmt(c.max)} ms, server CPU ${fmt(cpuPerRequest)} ms a request${c.p95 <= 150 ? '  OK' : '  MISSED'} (target p95 <= 150 ms)`;
    console.log(line3);
    results.push(line3);
  } finally {
    await stop();
  }
}

console.log(`\nSummary (${engine}, ${ITEMS} items):\n${results.map((r) => `  ${r}`).join('\n')}`);
if (args.drop) await dropDb();
