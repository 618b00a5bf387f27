// The order search at 1,200,000 orders (with the million-item catalogue): GET /orders measured
// THROUGH THE CODE THE API USES (getOrders of the orders service, called in-process with a real
// AuthContext), each figure printed beside the same SQL run straight on the driver in the same run
// ("raw": the count and the page statement searchOrders runs, compiled from the same builders),
// with the query plans; then the 10,000-row page over real HTTP against the `npm start` cluster.
// Usage: npm run bench:orders [-- --items 1000000 --orders 1200000 --runs 40 --no-http --drop --pg-db NAME]
//   (node --import tsx bench/orders-search.mjs)
// SQLite by default (./data/bench/sqlite-orders-<items>-<orders>, kept for the next run); PostgreSQL
// when BENCH_DATABASE_URL is set (database zaplecze_bench_orders_<orders> next to it, or --pg-db
// NAME; --drop removes it). Seeded once with the demo seed (packages/server/src/demo/demo-seed.ts).
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { orderSearchSchema } from '@zaplecze/contract';
import { benchDatabase } from './bench-db.mjs';
import { fetchPagesFromOwnProcess, signIn, startBenchServer } from './bench-server.mjs';
import { loadConfig } from '../packages/server/src/config.ts';
import { seedDemo } from '../packages/server/src/demo/demo-seed.ts';
import { benchAuthContext } from './bench-context.mjs';
import { openAndMigrate } from '../packages/server/src/server.ts';
import { getOrders } from '../packages/server/src/modules/orders/orders.service.ts';
import { countQuery, pagePlan, pageStatement } from '../packages/server/src/modules/orders/orders.search.ts';

const { values: args } = parseArgs({
  options: {
    items: { type: 'string', default: '1000000' },
    orders: { type: 'string', default: '1200000' },
    runs: { type: 'string', default: '40' },
    'no-http': { type: 'boolean', default: false },
    drop: { type: 'boolean', default: false },
    'pg-db': { type: 'string' },
  },
});
const ITEMS = Number(args.items);
const ORDERS = Number(args.orders);
const RUNS = Number(args.runs);
const PREFIX = 'demo';
const PASSWORD = 'Demo1234!';
const root = path.resolve(import.meta.dirname, '..');

// ---- the database ----------------------------------------------------------------------------------

const { env, dropDb } = await benchDatabase({
  kept: {
    pgName: args['pg-db'] ?? `zaplecze_bench_orders_${ORDERS}`,
    sqliteDir: path.join(root, 'data', 'bench', `sqlite-orders-${ITEMS}-${ORDERS}`),
  },
});

const { database, deps } = await openAndMigrate(loadConfig(env));
const engine = database.engine === 'postgres' ? 'PostgreSQL' : 'SQLite';
const db = deps.db;
if (!(await db.selectFrom('organizations').select('id').where('prefix', '=', PREFIX).executeTakeFirst())) {
  console.log(`Seeding ${ITEMS} items and ${ORDERS} orders on ${engine}...`);
  const r = await seedDemo(database, deps, {
    prefix: PREFIX,
    password: PASSWORD,
    items: ITEMS,
    orders: ORDERS,
    log: console.log,
  });
  console.log(`seeded in ${(r.totalMs / 1000).toFixed(1)} s: ${r.phases.map(([n, ms]) => `${n} ${ms} ms`).join(', ')}`);
}
if (database.engine === 'postgres') {
  // Planner statistics for every table, as autovacuum keeps them on a production server.
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
/** Runs a compiled statement on the driver; the page's rows as arrays, as the service reads them. */
async function raw(compiled) {
  const params = [...compiled.parameters];
  const arrays = compiled.sql.includes('/*rows:array*/');
  if (pgClient)
    return (await pgClient.query({ text: compiled.sql, values: params, rowMode: arrays ? 'array' : undefined })).rows;
  let st = statements.get(compiled.sql);
  if (!st) {
    st = database.sqlite.prepare(compiled.sql);
    if (arrays) st.raw(true);
    statements.set(compiled.sql, st);
  }
  return st.all(params);
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

/** Times getOrders for each query in turn, and the same two statements on the driver. */
async function measure(name, queries, { target, showPlan = true, runs = RUNS } = {}) {
  // The statements searchOrders runs, with the page's plan it picks from the count (SQLite).
  const compiled = [];
  for (const q of queries) {
    const search = orderSearchSchema.parse(q);
    const count = countQuery(tdb, search).compile();
    const matches = Number((await raw(count))[0]?.n ?? 0);
    compiled.push({ count, page: pageStatement(tdb, search, pagePlan(tdb, search, matches)).compile() });
  }
  const counts = [];
  const service = await time(async (i) => {
    const answer = await getOrders(ctx, queries[i % queries.length]);
    if (i < queries.length) counts[i] = answer.count;
  }, runs);
  const rawStats = await time(async (i) => {
    const c = compiled[i % compiled.length];
    await raw(c.count);
    await raw(c.page);
  }, runs);
  const verdict =
    target === undefined ? '' : service.p95 <= target ? `  OK (p95 <= ${target})` : `  MISSED (p95 <= ${target})`;
  const shown = counts.length > 4 ? `${Math.min(...counts)}-${Math.max(...counts)}` : counts.join(', ');
  const line = `${name}: service p50 ${fmt(service.p50)} / p95 ${fmt(service.p95)} ms | raw p50 ${fmt(rawStats.p50)} / p95 ${fmt(rawStats.p95)} ms (count ${shown})${verdict}`;
  console.log(line);
  results.push(line);
  if (showPlan) {
    console.log(`  query: ${JSON.stringify(queries[0])}`);
    console.log(`  plan (page):\n${await plan(compiled[0].page)}`);
    console.log(`  plan (count):\n${await plan(compiled[0].count)}`);
  }
  return service;
}

// ---- the scenarios -----------------------------------------------------------------------------------

const orgId = ctx.orgId;
const idsOf = async (table) =>
  new Map(
    (await db.selectFrom(table).select(['id', 'name']).where('org_id', '=', orgId).execute()).map((r) => [
      r.name,
      r.id,
    ]),
  );
const st = await idsOf('order_statuses');
const src = await idsOf('income_sources');
const s = (name) => String(st.get(name));
const i = (name) => String(src.get(name));
const months = Array.from({ length: 12 }, (_, k) => {
  const m = String(k + 1).padStart(2, '0');
  const last = new Date(Date.UTC(2025, k + 1, 0)).getUTCDate();
  return [`2025-${m}-01`, `2025-${m}-${last}`];
});
const CITIES = ['warsz', 'krak', 'wroc', 'łódź', 'pozn', 'gdań', 'szcz', 'lubl', 'kiel'];
const POSTS = ['00-', '30', '50-1', '90', '61-', '80-2', '70'];

console.log(
  `\n${engine}, ${ORDERS} orders (${ITEMS} items), ${RUNS} runs a figure (p95 over the runs), one user in-process`,
);
console.log(
  `machine load average: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);

const vary = (make) => Array.from({ length: 12 }, (_, k) => make(k));
const scenarios = [
  // The biggest counts: the status most orders end in, with a big income source.
  [
    'status + income source (Zrealizowane, Allegro / sklep / Erli)',
    vary((k) => ({ statusId: s('Zrealizowane'), incomeSrcId: i(['Allegro', 'Sklep internetowy', 'Erli'][k % 3]) })),
  ],
  [
    'status + invoice type',
    vary((k) => ({
      statusId: s(['Zrealizowane', 'Anulowane', 'Wysłane'][k % 3]),
      invoiceType: ['WITH_INVOICE', 'INV_WITH_NUM', 'WITHOUT_INVOICE'][k % 3],
    })),
  ],
  [
    'month + status, sort DATE',
    vary((k) => ({
      dateFrom: months[k][0],
      dateTo: months[k][1],
      statusId: s(['Zrealizowane', 'Anulowane'][k % 2]),
      sort: 'DATE',
    })),
  ],
  [
    'month + income source + invoice type',
    vary((k) => ({
      dateFrom: months[k][0],
      dateTo: months[k][1],
      incomeSrcId: i(['Allegro', 'OLX'][k % 2]),
      invoiceType: 'WITH_INVOICE',
    })),
  ],
  [
    'quarter + status + income source + invoice type',
    vary((k) => ({
      dateFrom: months[(k * 3) % 12][0],
      dateTo: months[((k * 3) % 12) + 2][1],
      statusId: s('Zrealizowane'),
      incomeSrcId: i('Allegro'),
      invoiceType: 'INV_WITH_NUM',
    })),
  ],
  ['city + status', vary((k) => ({ city: CITIES[k % CITIES.length], statusId: s('Zrealizowane') }))],
  [
    'city + income source + date from, sort DATE',
    vary((k) => ({ city: CITIES[k % CITIES.length], incomeSrcId: i('Allegro'), dateFrom: months[k][0], sort: 'DATE' })),
  ],
  ['post code + invoice type', vary((k) => ({ postCode: POSTS[k % POSTS.length], invoiceType: 'INV_WITH_NUM' }))],
  [
    'post code + city + status',
    vary((k) => ({ postCode: POSTS[k % POSTS.length], city: CITIES[k % CITIES.length], statusId: s('Zrealizowane') })),
  ],
  ['phone prefix + status', vary((k) => ({ tel: `6${k}${k + 1}`, statusId: s('Zrealizowane') }))],
  [
    'e-mail prefix + income source',
    vary((k) => ({ email: ['anna.now', 'piotr.k', 'jan.w', 'maria.z'][k % 4], incomeSrcId: i('Allegro') })),
  ],
  [
    'pickup point + status + date from',
    vary((k) => ({
      pickupPoint: ['WAW', 'KRA1', 'POZ0', 'GDA'][k % 4],
      statusId: s('Zrealizowane'),
      dateFrom: '2025-01-01',
    })),
  ],
  [
    'new orders: status + income source, sort DATE',
    vary((k) => ({
      statusId: s(['Nowe', 'Opłacone', 'W realizacji'][k % 3]),
      incomeSrcId: i('Allegro'),
      sort: 'DATE',
    })),
  ],
];
// Issue 17: buyer, NIP, item code, problem flag, cities typed without Polish letters, oldest first.
const ASCII_CITIES = ['krakow', 'lodz', 'gdansk', 'poznan', 'wroclaw', 'bialystok'];
const BUYERS = ['anna', 'piotr k', 'katarzyna n', 'marek', 'handel', 'uslugi', 'serwis n', 'tomasz'];
const lineCodes = (
  await sql`select code from order_lines where org_id = ${orgId} and code <> '' and id % 997 = 1 limit 12`.execute(db)
).rows.map((r) => r.code);
scenarios.push(
  [
    'city without Polish letters + status',
    vary((k) => ({ city: ASCII_CITIES[k % ASCII_CITIES.length], statusId: s('Zrealizowane') })),
  ],
  [
    'buyer (name or company) + status',
    vary((k) => ({ buyer: BUYERS[k % BUYERS.length], statusId: s('Zrealizowane') })),
  ],
  [
    'buyer + income source, sort DATE_A',
    vary((k) => ({ buyer: BUYERS[k % BUYERS.length], incomeSrcId: i('Allegro'), sort: 'DATE_A' })),
  ],
  ['NIP prefix + invoice type', vary((k) => ({ nip: `${(k % 9) + 1}${k}`, invoiceType: 'INV_WITH_NUM' }))],
  [
    'item code + status',
    vary((k) => ({ itemCode: lineCodes[k % Math.max(1, lineCodes.length)] ?? 'X', statusId: s('Zrealizowane') })),
  ],
  [
    'item code + month',
    vary((k) => ({
      itemCode: lineCodes[k % Math.max(1, lineCodes.length)] ?? 'X',
      dateFrom: months[k][0],
      dateTo: months[k][1],
    })),
  ],
  ['problem + status', vary((k) => ({ hasProblem: 'YES', statusId: s(['Zrealizowane', 'Nowe', 'Anulowane'][k % 3]) }))],
  [
    'no problem + status + income source',
    vary((k) => ({
      hasProblem: 'NO',
      statusId: s('Zrealizowane'),
      incomeSrcId: i(['Allegro', 'Sklep internetowy', 'Erli'][k % 3]),
    })),
  ],
  [
    'status + income source, sort NUMBER_A / DATE_A',
    vary((k) => ({ statusId: s('Zrealizowane'), incomeSrcId: i('Allegro'), sort: k % 2 ? 'NUMBER_A' : 'DATE_A' })),
  ],
);
const filtered = [];
for (const [name, queries] of scenarios)
  filtered.push(await measure(`${name}, page of 100 + count`, queries, { target: 60 }));
const worst = Math.max(...filtered.map((f) => f.p95));
results.push(`2-4 filters: worst p95 of the ${filtered.length} scenarios ${fmt(worst)} ms (target 60)`);

const maxId = Number((await sql`select max(id) as n from orders where org_id = ${orgId}`.execute(db)).rows[0].n);
const numbers = Array.from({ length: 20 }, (_, k) => ({ number: String(Math.max(1, maxId - k * 50_011)) }));
await measure('exact order number', numbers, { target: 5 });
const bols = (
  await sql`select bill_of_lading as b from orders where org_id = ${orgId} and bill_of_lading is not null
    and id % 50000 = 7 limit 20`.execute(db)
).rows.map((r) => ({ bol: r.b }));
await measure('exact waybill', bols, { target: 5 });
const nips = (
  await sql`select invoice_company_tax_id as n from orders where org_id = ${orgId} and invoice_company_tax_id <> ''
    and id % ${Math.max(2, Math.floor(maxId / 400))} = 1 limit 20`.execute(db)
).rows.map((r) => ({ nip: r.n }));
await measure('exact NIP', nips, { target: 5 });

await measure('unfiltered, sort NUMBER, page 1 + count', [{}]);
await measure('unfiltered, sort DATE, page 1 + count', [{ sort: 'DATE' }], { showPlan: false });
await measure('unfiltered, sort NUMBER_A / DATE_A, page 1 + count', [{ sort: 'NUMBER_A' }, { sort: 'DATE_A' }]);
await measure(
  'page of 10,000 rows (unfiltered, pages 1 and 37, both sorts) + count',
  [{ perPage: '10000' }, { perPage: '10000', page: '37', sort: 'DATE' }],
  { target: 200, showPlan: false, runs: Math.min(RUNS, 20) },
);
await measure(
  'page of 10,000 rows, 2 filters (Zrealizowane, Allegro)',
  [{ perPage: '10000', statusId: s('Zrealizowane'), incomeSrcId: i('Allegro') }],
  { target: 200, showPlan: false, runs: Math.min(RUNS, 20) },
);

await database.destroy();
await pgClient?.end();

// ---- the big page over HTTP --------------------------------------------------------------------------

if (!args['no-http']) {
  const { base, stop } = await startBenchServer(env);
  try {
    const { token } = await signIn(base, `${PREFIX}_admin`, PASSWORD);
    const { times: big, bytes } = fetchPagesFromOwnProcess(
      base,
      token,
      '/api/orders?perPage=10000&page=PAGE',
      Math.min(RUNS, 15),
    );
    const b = stats(big);
    const line = `HTTP, 1 user, page of 10,000 orders (${(bytes / 1e6).toFixed(1)} MB of JSON): p50 ${fmt(b.p50)} / p95 ${fmt(b.p95)} ms${b.p95 <= 200 ? '  OK' : '  MISSED'} (p95 <= 200)`;
    console.log(line);
    results.push(line);
  } finally {
    await stop();
  }
}

console.log(
  `\nSummary (${engine}, ${ORDERS} orders, load ${os.loadavg()[0].toFixed(1)}):\n${results.map((r) => `  ${r}`).join('\n')}`,
);
if (args.drop) await dropDb();
