// Two app nodes against one PostgreSQL database (issue 19 §4): the item list (page of 100 with its
// count, a few filters and every sort) under USERS concurrent users, first against one node
// (`npm start`, WEB_CONCURRENCY workers), then with the same users split between two nodes on
// this same machine. Prints requests a second and latency percentiles of each, and where the CPU
// went: the nodes' processes, PostgreSQL's processes and this load generator.
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/two-nodes.mjs
//   [--users 20 --seconds 20 --workers 2 --items 1000000 --pg-db NAME]
// The database is the items benchmark's (zaplecze_bench_items_<items>, seeded once with the demo
// seed when missing, kept for the next run).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { benchDatabase } from './bench-db.mjs';
import { serverCpuMs, signIn, startBenchServer } from './bench-server.mjs';
import { loadConfig } from '../packages/server/src/config.ts';
import { seedDemo } from '../packages/server/src/demo/demo-seed.ts';
import { openAndMigrate } from '../packages/server/src/server.ts';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '20' },
    workers: { type: 'string', default: String(os.availableParallelism()) },
    items: { type: 'string', default: '1000000' },
    'pg-db': { type: 'string' },
  },
});
const USERS = Number(args.users);
const SECONDS = Number(args.seconds);
const ITEMS = Number(args.items);
const PREFIX = 'demo';
const PASSWORD = 'Demo1234!';
if (!process.env.BENCH_DATABASE_URL) throw new Error('two app nodes need PostgreSQL: set BENCH_DATABASE_URL');

const { env } = await benchDatabase({
  kept: {
    pgName: args['pg-db'] ?? `zaplecze_bench_items_${ITEMS}`,
    sqliteDir: fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-unused-')),
  },
});
{
  const { database, deps } = await openAndMigrate(loadConfig(env));
  if (!(await deps.db.selectFrom('organizations').select('id').where('prefix', '=', PREFIX).executeTakeFirst())) {
    console.log(`Seeding ${ITEMS} items...`);
    await seedDemo(database, deps, { prefix: PREFIX, password: PASSWORD, items: ITEMS, log: console.log });
  }
  await sql`analyze`.execute(deps.db);
  await database.destroy();
}

const SORTS = ['CODE', 'NAME', 'PRICE_A', 'PRICE_D', 'COUNT_A', 'COUNT_D'];
/** A page of 100 with its count: a status, a price range and a stock range, in turn with each sort. */
const listUrl = (i) =>
  `/api/items?perPage=100&page=${1 + (i % 5)}&sort=${SORTS[i % SORTS.length]}` +
  `&priceFrom=${(i % 7) * 10}&priceTo=${(i % 7) * 10 + 200}&countFrom=${i % 3}&countTo=50`;

/** user + system CPU ms of each PostgreSQL server process by pid (Linux /proc). */
function postgresCpu() {
  const byPid = new Map();
  for (const p of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      if (!stat.includes('(postgres)') && !stat.includes('(postmaster)')) continue;
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      byPid.set(p, (Number(f[11]) + Number(f[12])) * 10);
    } catch {
      // ended meanwhile
    }
  }
  return byPid;
}

/** PostgreSQL's CPU ms since `before` (a process that ended meanwhile is not counted). */
function postgresCpuSince(before) {
  let ms = 0;
  for (const [pid, now] of postgresCpu()) ms += now - (before.get(pid) ?? 0);
  return ms;
}

const pct = (s, p) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];

/** USERS users, each sending its next request when the last one answered, spread over `bases`. */
async function load(bases, token, nodes) {
  const times = [];
  let failed = 0;
  let n = 0;
  const cpu0 = nodes.map((s) => serverCpuMs(s.server.pid));
  const pg0 = postgresCpu();
  const me0 = process.cpuUsage();
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: USERS }, async (_, u) => {
      const base = bases[u % bases.length];
      while (performance.now() < until) {
        const t0 = performance.now();
        const res = await fetch(base + listUrl(n++), { headers: { 'x-auth-bearer': token } });
        await res.arrayBuffer();
        if (res.ok) times.push(performance.now() - t0);
        else failed++;
      }
    }),
  );
  const me = process.cpuUsage(me0);
  const s = times.sort((a, b) => a - b);
  return {
    rps: times.length / SECONDS,
    p50: pct(s, 50),
    p95: pct(s, 95),
    p99: pct(s, 99),
    failed,
    nodeCpu: nodes.reduce((sum, x, i) => sum + serverCpuMs(x.server.pid) - cpu0[i], 0) / SECONDS / 10,
    pgCpu: postgresCpuSince(pg0) / SECONDS / 10,
    clientCpu: (me.user + me.system) / 1000 / SECONDS / 10,
  };
}

/**
 * Until every worker of `bases` answers from its item filter index (loaded in the background after
 * start: meanwhile the database answers, far slower): 40 requests in a row under 100 ms, or 3 min.
 */
async function warmUp(bases, token) {
  let fast = 0;
  for (let i = 0, deadline = Date.now() + 180_000; fast < 40 && Date.now() < deadline; i++) {
    const t0 = performance.now();
    const res = await fetch(bases[i % bases.length] + listUrl(i), { headers: { 'x-auth-bearer': token } });
    await res.arrayBuffer();
    fast = performance.now() - t0 < 100 ? fast + 1 : 0;
  }
}

const line = (name, r) =>
  `${name}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms` +
  `${r.failed ? `, ${r.failed} failed` : ''}; CPU (% of one core): nodes ${r.nodeCpu.toFixed(0)}, PostgreSQL ${r.pgCpu.toFixed(0)}, load generator ${r.clientCpu.toFixed(0)}`;

const nodeEnv = (dir) => ({ ...env, DATA_DIR: dir, WEB_CONCURRENCY: args.workers, JOBS_WORKER: '0' });
const dirs = [0, 1].map((i) => fs.mkdtempSync(path.join(os.tmpdir(), `zaplecze-node-${i}-`)));
const results = [];
try {
  const one = await startBenchServer(nodeEnv(dirs[0]));
  let token;
  try {
    ({ token } = await signIn(one.base, `${PREFIX}_admin`, PASSWORD));
    // Warm-up: every worker loads its item filter index and the page cache fills.
    await warmUp([one.base], token);
    await load([one.base], token, [one]);
    results.push(line(`one node (${args.workers} workers), ${USERS} users`, await load([one.base], token, [one])));
    console.log(results.at(-1));
  } finally {
    await one.stop();
  }
  const a = await startBenchServer(nodeEnv(dirs[0]));
  const b = await startBenchServer(nodeEnv(dirs[1]));
  try {
    await warmUp([a.base, b.base], token);
    await load([a.base, b.base], token, [a, b]);
    results.push(
      line(
        `two nodes (${args.workers} workers each), ${USERS} users split`,
        await load([a.base, b.base], token, [a, b]),
      ),
    );
    console.log(results.at(-1));
  } finally {
    await a.stop();
    await b.stop();
  }
} finally {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
}
console.log(
  `\nSummary (PostgreSQL, ${ITEMS} items, ${os.availableParallelism()} cores, load ${os.loadavg()[0].toFixed(1)}):\n${results.map((r) => `  ${r}`).join('\n')}`,
);
