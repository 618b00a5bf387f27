// The item list as sellers really filter it (issue 17 §5b): random combinations of the search
// panel's filters (each alone and together; 'any' and 'none'; deep and top-level categories and
// places; wide and narrow price and quantity ranges; photo counts; every sort), a page of 100 with
// its count, over real HTTP against the `npm start` cluster: first one user, then 20 at once.
// Each combination belongs to a family (which filters it sets, and how: 'cat:deep', 'price:wide');
// the report gives p50/p95 per family and names the worst one.
// Targets: every family p95 <= 50 ms for one user and <= 300 ms with 20 users; the benchmark's
// selective five-filter family (bench/items-search.mjs) stays under 15 ms.
//
// Usage: npm run bench:items-combos [-- --items 1000000 --draws 600 --users 20 --seconds 30 --seed 7 --warmup 30]
// Uses the same demo database as bench:items (./data/bench/sqlite-<items>, or with BENCH_DATABASE_URL
// the PostgreSQL database zaplecze_bench_items_<items>), seeded once by the demo seed.
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { COUNT_TYPES, ITEM_SORTS, REF_FILTER_ANY, REF_FILTER_NONE } from '@zaplecze/contract';
import { benchDatabase } from './bench-db.mjs';
import { serverCpuMs, serverRssMb, signIn, startBenchServer } from './bench-server.mjs';
import { loadConfig } from '../packages/server/src/config.ts';
import { seedDemo } from '../packages/server/src/demo/demo-seed.ts';
import { openAndMigrate } from '../packages/server/src/server.ts';

const { values: args } = parseArgs({
  options: {
    items: { type: 'string', default: '1000000' },
    draws: { type: 'string', default: '600' },
    users: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '30' },
    seed: { type: 'string', default: '7' },
    warmup: { type: 'string', default: '30' },
    'pg-db': { type: 'string' },
  },
});
const ITEMS = Number(args.items);
const DRAWS = Number(args.draws);
const USERS = Number(args.users);
const SECONDS = Number(args.seconds);
const PREFIX = 'demo';
const PASSWORD = 'Demo1234!';
const root = path.resolve(import.meta.dirname, '..');

const { env } = await benchDatabase({
  kept: {
    pgName: args['pg-db'] ?? `zaplecze_bench_items_${ITEMS}`,
    sqliteDir: path.join(root, 'data', 'bench', `sqlite-${ITEMS}`),
  },
});

// ---- the demo and its reference ids ---------------------------------------------------------------

const { database, deps } = await openAndMigrate(loadConfig(env));
const db = deps.db;
if (!(await db.selectFrom('organizations').select('id').where('prefix', '=', PREFIX).executeTakeFirst())) {
  console.log(`Seeding ${ITEMS} items on ${database.engine}...`);
  const r = await seedDemo(database, deps, { prefix: PREFIX, password: PASSWORD, items: ITEMS, log: console.log });
  console.log(`seeded in ${(r.totalMs / 1000).toFixed(1)} s`);
}
if (database.engine === 'postgres') await sql`analyze`.execute(db);
const org = await db.selectFrom('organizations').select('id').where('prefix', '=', PREFIX).executeTakeFirstOrThrow();
const idsOf = async (table, where = (q) => q) =>
  (await where(db.selectFrom(table).select('id').where('org_id', '=', org.id)).execute()).map((r) => r.id);
/** A tree's top-level nodes and its leaves (deep: nodes with no children). */
async function tree(table) {
  const top = await idsOf(table, (q) => q.where('parent_id', 'is', null));
  const leaves = await idsOf(table, (q) =>
    q
      .where('parent_id', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom(`${table} as child`).select('child.id').whereRef('child.parent_id', '=', `${table}.id`))),
      ),
  );
  return { top, leaves };
}
const refs = {
  statuses: await idsOf('item_statuses'),
  groups: await idsOf('item_groups'),
  categories: await tree('categories'),
  places: await tree('places'),
};
await database.destroy();

// ---- the combinations -----------------------------------------------------------------------------

/** mulberry32: the same draws for the same --seed. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random(Number(args.seed));
const pick = (list) => list[Math.floor(rnd() * list.length)];

/** One filter kind: its variants, each a family label and the query fields it sets. */
const KINDS = {
  status: () => ['status', { statusId: pick(refs.statuses) }],
  group: () =>
    pick([
      () => ['group:one', { groupId: pick(refs.groups) }],
      () => ['group:any', { groupId: REF_FILTER_ANY }],
      () => ['group:none', { groupId: REF_FILTER_NONE }],
    ])(),
  cat: () =>
    pick([
      () => ['cat:top', { catId: pick(refs.categories.top) }],
      () => ['cat:deep', { catId: pick(refs.categories.leaves) }],
      () => ['cat:any', { catId: REF_FILTER_ANY }],
      () => ['cat:none', { catId: REF_FILTER_NONE }],
    ])(),
  place: () =>
    pick([
      () => ['place:top', { placeId: pick(refs.places.top) }],
      () => ['place:deep', { placeId: pick(refs.places.leaves.length ? refs.places.leaves : refs.places.top) }],
      () => ['place:any', { placeId: REF_FILTER_ANY }],
      () => ['place:none', { placeId: REF_FILTER_NONE }],
    ])(),
  price: () => {
    if (rnd() < 0.5) return ['price:wide', { priceFrom: 0, priceTo: 500 }];
    const from = Math.floor(rnd() * 200);
    return ['price:narrow', { priceFrom: from, priceTo: from + 10 + Math.floor(rnd() * 40) }];
  },
  count: () => {
    const countType = pick(COUNT_TYPES);
    if (rnd() < 0.5) return [`count:wide`, { countFrom: 0, countTo: 1000, countType }];
    const from = Math.floor(rnd() * 20);
    return ['count:narrow', { countFrom: from, countTo: from + 1 + Math.floor(rnd() * 30), countType }];
  },
  photos: () => (rnd() < 0.5 ? ['photos:some', { countPhotosFrom: 1 }] : ['photos:none', { countPhotosTo: 0 }]),
};

/** A combination: each kind with probability 0.35 (none at all happens too), and a sort. */
function draw() {
  const labels = [];
  const query = { perPage: 100, sort: pick(ITEM_SORTS) };
  for (const make of Object.values(KINDS)) {
    if (rnd() >= 0.35) continue;
    const [label, fields] = make();
    labels.push(label);
    Object.assign(query, fields);
  }
  return { family: labels.length ? labels.join(' + ') : 'no filter', query };
}
const combos = Array.from({ length: DRAWS }, draw);
// Every kind alone as well, so each has a family of its own in the report.
for (const make of Object.values(KINDS))
  for (let i = 0; i < 8; i++) {
    const [label, fields] = make();
    combos.push({ family: label, query: { perPage: 100, sort: ITEM_SORTS[i % ITEM_SORTS.length], ...fields } });
  }

// ---- timing over HTTP -----------------------------------------------------------------------------

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const fmt = (ms) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
const kindOf = (family) => family.split(' + ').length;

function byFamily(samples) {
  const groups = new Map();
  for (const s of samples) {
    const g = groups.get(s.family) ?? [];
    g.push(s.ms);
    groups.set(s.family, g);
  }
  return [...groups.entries()].map(([family, times]) => {
    const sorted = times.sort((a, b) => a - b);
    return { family, n: sorted.length, p50: pct(sorted, 50), p95: pct(sorted, 95), max: sorted.at(-1) };
  });
}

function summary(label, samples, target) {
  const all = samples.map((s) => s.ms).sort((a, b) => a - b);
  const families = byFamily(samples).sort((a, b) => b.p95 - a.p95);
  const over = families.filter((f) => f.p95 > target);
  console.log(
    `\n${label}: ${samples.length} requests, ${families.length} families; all p50 ${fmt(pct(all, 50))} ms, ` +
      `p95 ${fmt(pct(all, 95))} ms, max ${fmt(all.at(-1))} ms; ${over.length} families over ${target} ms`,
  );
  console.log('  worst families (p95):');
  for (const f of families.slice(0, 12))
    console.log(
      `    ${fmt(f.p95).padStart(6)} ms  p50 ${fmt(f.p50).padStart(6)}  n ${String(f.n).padStart(3)}  ${f.family}`,
    );
  const single = families.filter((f) => kindOf(f.family) === 1 || f.family === 'no filter');
  console.log('  each filter alone (p95):');
  for (const f of single.sort((a, b) => a.family.localeCompare(b.family)))
    console.log(`    ${fmt(f.p95).padStart(6)} ms  ${f.family}`);
  return families[0];
}

const { base, server, stop } = await startBenchServer(env);
try {
  const { token, headers: signedHeaders } = await signIn(base, `${PREFIX}_admin`, PASSWORD);
  // As a browser sends it: the token and the XSRF cookie it was given.
  const headers = { 'x-auth-bearer': token, cookie: signedHeaders.cookie };
  // The load's own cost kept small: node:http with kept-alive connections (one per user), the body
  // counted and dropped, not parsed. fetch() took about 3 ms of this process's CPU a request on the
  // same two cores the server runs on; its client time was part of every latency measured.
  const agent = new http.Agent({ keepAlive: true, maxSockets: USERS });
  const { hostname, port } = new URL(base);
  const get = (query) =>
    new Promise((resolve, reject) => {
      const t0 = performance.now();
      const req = http.get(
        { hostname, port, agent, path: `/api/items?${new URLSearchParams(query)}`, headers },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            if (res.statusCode !== 200)
              reject(new Error(`GET /api/items?${new URLSearchParams(query)}: ${res.statusCode}`));
            else resolve(performance.now() - t0);
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
    });
  console.log(`${database.engine}, ${ITEMS} items, ${combos.length} combinations (seed ${args.seed})`);
  console.log(
    `machine load average: ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  // Warm-up: every worker's statements, the page cache, and each worker's item filter index (loaded
  // in the background at its first search; until then the database answers). --warmup seconds.
  const rssBefore = serverRssMb(server.pid);
  const warmStart = performance.now();
  const firstTimes = [];
  for (let k = 0; performance.now() - warmStart < Number(args.warmup) * 1000 || k < 40; k++) {
    const ms = await get(combos[k % combos.length].query);
    if (firstTimes.length < 20) firstTimes.push(ms);
  }
  console.log(
    `warm-up ${((performance.now() - warmStart) / 1000).toFixed(0)} s; the first 20 searches (before the index): ` +
      `median ${fmt(firstTimes.sort((a, b) => a - b)[10])} ms; server memory ${rssBefore} MB before, ` +
      `${serverRssMb(server.pid)} MB after`,
  );

  // Then a few seconds with every user at once, unmeasured: each worker's database pool opens its
  // connections (on PostgreSQL a new connection's first statements are slow while its caches
  // fill). Without it the first second of the 20-user phase measured that ramp: server-side 200 ms
  // on average and 739 ms at most, against 70 ms and 150-260 ms once warm.
  const rampUntil = performance.now() + 5000;
  let r = 0;
  await Promise.all(
    Array.from({ length: USERS }, async () => {
      while (performance.now() < rampUntil) await get(combos[r++ % combos.length].query);
    }),
  );

  const one = [];
  for (const c of combos) one.push({ family: c.family, ms: await get(c.query) });
  const worstOne = summary('1 user', one, 50);

  const many = [];
  const cpuBefore = serverCpuMs(server.pid);
  const clientBefore = process.cpuUsage();
  const until = performance.now() + SECONDS * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: USERS }, async () => {
      while (performance.now() < until) {
        const c = combos[n++ % combos.length];
        many.push({ family: c.family, ms: await get(c.query) });
      }
    }),
  );
  const cpu = (serverCpuMs(server.pid) - cpuBefore) / many.length;
  const client = process.cpuUsage(clientBefore);
  const clientCpu = (client.user + client.system) / 1000 / many.length;
  const worstMany = summary(
    `${USERS} users (${(many.length / SECONDS).toFixed(0)} req/s, server CPU ${fmt(cpu)} ms a request, ` +
      `the load's own ${fmt(clientCpu)} ms)`,
    many,
    300,
  );
  console.log(
    `\nWorst family: 1 user ${worstOne.family} p95 ${fmt(worstOne.p95)} ms (target 50); ` +
      `${USERS} users ${worstMany.family} p95 ${fmt(worstMany.p95)} ms (target 300)`,
  );
} finally {
  await stop();
}
