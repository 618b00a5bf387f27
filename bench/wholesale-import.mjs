// The wholesale-csv import at scale (docs/plugins.md, wholesale-csv; issue 18 §5): a 100,000-row
// supplier file imported into the million-item demo over real HTTP, run by the server's job worker
// process, while a few clients read the item list; target <= 30 s a file, and the list's p95 during
// the import within 2x its idle figure.
// Usage: npm run bench:wholesale-import [-- --rows 100000 --items 1000000 --clients 4 --interval 250 --idle-seconds 10 --pg-db NAME]
//   (node --import tsx bench/wholesale-import.mjs)
// SQLite by default, PostgreSQL when BENCH_DATABASE_URL is set. The kept million-item demo
// (./data/bench/sqlite-<items> or the database zaplecze_bench_items_<items>, as bench:items keeps
// it; seeded by the demo seed when missing) is COPIED for the run (a file copy, or CREATE DATABASE
// ... TEMPLATE) and the copy is removed at the end, so every run starts from the same catalogue.
// Two files: UTF-8 with ';' and Windows-1250 with tab; each has half its rows on existing demo
// codes (a new price and stock) and half new codes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { benchDatabase } from './bench-db.mjs';
import { serverCpuMs, signIn, startBenchServer } from './bench-server.mjs';
import { loadConfig } from '../packages/server/src/config.ts';
import { seedDemo } from '../packages/server/src/demo/demo-seed.ts';
import { openAndMigrate } from '../packages/server/src/server.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    items: { type: 'string', default: '1000000' },
    clients: { type: 'string', default: '4' },
    'idle-seconds': { type: 'string', default: '10' },
    // Each client's request interval in ms (a user clicking through the list); 0: a closed loop,
    // every client asking again as soon as it has its answer (the machine's whole capacity).
    interval: { type: 'string', default: '250' },
    'pg-db': { type: 'string' },
  },
});
const ROWS = Number(args.rows);
const ITEMS = Number(args.items);
const CLIENTS = Number(args.clients);
const IDLE_SECONDS = Number(args['idle-seconds']);
const INTERVAL_MS = Number(args.interval);
const PREFIX = 'demo';
const PASSWORD = 'Demo1234!';
const root = path.resolve(import.meta.dirname, '..');
const BASE = '/api/plugins/wholesale-csv';

// ---- the kept demo, then a copy for this run -------------------------------------------------------

const pgName = args['pg-db'] ?? `zaplecze_bench_items_${ITEMS}`;
const sqliteDir = path.join(root, 'data', 'bench', `sqlite-${ITEMS}`);
const kept = await benchDatabase({ kept: { pgName, sqliteDir } });
let engine;
let codes;
let statusId;
{
  const { database, deps } = await openAndMigrate(loadConfig(kept.env));
  engine = database.engine === 'postgres' ? 'PostgreSQL' : 'SQLite';
  const db = deps.db;
  if (!(await db.selectFrom('organizations').select('id').where('prefix', '=', PREFIX).executeTakeFirst())) {
    console.log(`Seeding ${ITEMS} items on ${engine}...`);
    const r = await seedDemo(database, deps, { prefix: PREFIX, password: PASSWORD, items: ITEMS, log: console.log });
    console.log(`seeded in ${(r.totalMs / 1000).toFixed(1)} s`);
  }
  const org = await db.selectFrom('organizations').select('id').where('prefix', '=', PREFIX).executeTakeFirstOrThrow();
  statusId = (
    await db
      .selectFrom('item_statuses')
      .select('id')
      .where('org_id', '=', org.id)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  // Existing items for the matching halves: every (ITEMS / ROWS)-th item, so both files match
  // different items spread over the catalogue.
  const step = Math.max(1, Math.floor(ITEMS / ROWS));
  codes = await db
    .selectFrom('items')
    .select(['code', 'name'])
    .where('org_id', '=', org.id)
    .where(sql`id % ${step}`, '=', 0)
    .orderBy('id')
    .limit(ROWS)
    .execute();
  await database.destroy();
}

const runEnv = { ...kept.env };
let dropCopy;
if (engine === 'SQLite') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-wholesale-'));
  fs.copyFileSync(path.join(sqliteDir, 'zaplecze.sqlite'), path.join(dir, 'zaplecze.sqlite'));
  runEnv.DATA_DIR = dir;
  dropCopy = async () => fs.rmSync(dir, { recursive: true, force: true });
} else {
  const copy = `zaplecze_bench_wholesale_${randomBytes(4).toString('hex')}`;
  const admin = async (statement) => {
    const c = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  console.log(`copying ${pgName} to ${copy}...`);
  await admin(`create database ${copy} template ${pgName}`);
  const u = new URL(runEnv.DATABASE_URL);
  u.pathname = `/${copy}`;
  runEnv.DATABASE_URL = u.toString();
  dropCopy = () => admin(`drop database if exists ${copy} with (force)`);
}

// ---- the files ---------------------------------------------------------------------------------------

const cp1250 = (() => {
  const table = new TextDecoder('windows-1250');
  const map = new Map();
  for (let b = 0; b < 256; b++) map.set(table.decode(Uint8Array.of(b)), b);
  return (s) => Buffer.from([...s].map((ch) => map.get(ch) ?? 0x3f));
})();

/** Half the rows on existing items (a new price and stock), half new codes `${tag}-n`. */
function supplierFile(tag, existing, delimiter) {
  const half = Math.floor(ROWS / 2);
  const quote = (s) => (/[";\t\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const price = (n) => `${Math.trunc(n / 100)},${String(n % 100).padStart(2, '0')}`;
  const lines = [['kod', 'nazwa', 'cena', 'stan'].join(delimiter)];
  for (let i = 0; i < half; i++) {
    const it = existing[i];
    lines.push([it.code, quote(it.name), price(1000 + ((i * 37) % 90000)), String((i * 13) % 500)].join(delimiter));
  }
  for (let i = 0; i < ROWS - half; i++)
    lines.push(
      [`${tag}-${i}`, `Towar hurtowni żółć ${i}`, price(500 + ((i * 53) % 50000)), String(i % 100)].join(delimiter),
    );
  return lines.join('\r\n') + '\r\n';
}

const half = Math.floor(ROWS / 2);
if (codes.length < 2 * half) throw new Error(`the demo has too few items for two files of ${ROWS} rows`);
const files = [
  { label: 'UTF-8, ;', body: Buffer.from(supplierFile('HURT-A', codes.slice(0, half), ';'), 'utf8') },
  { label: 'Windows-1250, tab', body: cp1250(supplierFile('HURT-B', codes.slice(half, 2 * half), '\t')) },
];

// ---- the run ---------------------------------------------------------------------------------------

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return { n: s.length, p50: at(0.5), p95: at(0.95) };
};
const fmt = (n) => n.toFixed(1);
const results = [];

const { base, server, stop } = await startBenchServer(runEnv);
try {
  const { token, headers } = await signIn(base, `${PREFIX}_admin`, PASSWORD);
  const auth = { 'x-auth-bearer': token, cookie: headers.cookie, 'x-xsrf-token': headers['x-xsrf-token'] };
  const call = async (method, url, body, extra = {}) => {
    const res = await fetch(base + url, { method, headers: { ...auth, ...extra }, body });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? undefined : res.json();
  };
  await call('POST', '/api/plugin_install', new URLSearchParams({ pluginId: 'wholesale-csv' }), {
    'content-type': 'application/x-www-form-urlencoded',
  });
  const profile = await call(
    'POST',
    `${BASE}/profiles`,
    JSON.stringify({
      name: 'Hurtownia (benchmark)',
      encoding: 'auto',
      delimiter: 'auto',
      headerRow: true,
      columns: {
        code: 'kod',
        gtin: '',
        name: 'nazwa',
        extCode: '',
        extUrl: '',
        extPrice: 'cena',
        stock: 'stan',
        vat: '',
      },
      matchBy: 'code',
      createMissing: true,
      priceRule: 'margin',
      marginPercent: 20,
      stockRule: 'set',
      defaults: { itemStatusId: statusId, vat: 23, currency: 'PLN', categoryId: null },
    }),
    { 'content-type': 'application/json' },
  );

  // The item list, page of 100, by CLIENTS clients in a loop until `until()` says stop.
  const listLoad = async (until) => {
    const times = [];
    let page = 1;
    const client = async (_, k) => {
      // Paced clients start spread over the interval and keep to their schedule.
      let next = performance.now() + (INTERVAL_MS * k) / CLIENTS;
      while (!until()) {
        if (INTERVAL_MS > 0) {
          const wait = next - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          next += INTERVAL_MS;
          if (until()) break;
        }
        const t0 = performance.now();
        const res = await fetch(`${base}/api/items?perPage=100&page=${(page++ % 50) + 1}`, {
          headers: { 'x-auth-bearer': token },
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`GET /api/items: ${res.status}`);
        times.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, k) => client(_, k)));
    return stats(times);
  };
  // Each HTTP worker loads the item filter index at its start (a few seconds per worker on a quiet
  // machine, half a minute on a busy one): the idle figure is taken once the server's processes
  // have gone quiet (under 5 % of a core for two seconds), not while the lists come from the database.
  const quietFrom = performance.now();
  for (let last = serverCpuMs(server.pid); performance.now() - quietFrom < 180_000;) {
    await new Promise((r) => setTimeout(r, 2000));
    const now = serverCpuMs(server.pid);
    if (now - last < 100) break;
    last = now;
  }
  console.log(
    `${engine}: server quiet after ${fmt((performance.now() - quietFrom) / 1000)} s (the item filter indexes loaded)`,
  );
  const idleEnd = Date.now() + IDLE_SECONDS * 1000;
  await listLoad(() => Date.now() > idleEnd - IDLE_SECONDS * 500); // warm-up
  const idle = await listLoad(() => Date.now() > idleEnd);
  const clients = `${CLIENTS} clients, ${INTERVAL_MS > 0 ? `one request each every ${INTERVAL_MS} ms` : 'closed loop'}`;
  const idleLine = `${engine}: item list (page of 100, ${clients}) idle: p50 ${fmt(idle.p50)} ms, p95 ${fmt(idle.p95)} ms (${idle.n} requests)`;
  console.log(idleLine);
  results.push(idleLine);

  for (const f of files) {
    const form = new FormData();
    form.append('profileId', String(profile.id));
    form.append('file', new Blob([f.body]), 'cennik.csv');
    const t0 = performance.now();
    const cpu0 = serverCpuMs(server.pid);
    const { jobId } = await call('POST', `${BASE}/imports`, form);
    let status;
    let finished = false;
    const during = listLoad(() => finished);
    for (;;) {
      await new Promise((r) => setTimeout(r, 250));
      status = await call('GET', `${BASE}/imports?jobId=${jobId}`);
      if (status.state !== 'pending' && status.state !== 'running') break;
    }
    const seconds = (performance.now() - t0) / 1000;
    finished = true;
    // The server's processes' CPU over the import (the job worker's import and the list requests):
    // a figure the other load on the machine stretches less than the wall clock.
    const cpu = (serverCpuMs(server.pid) - cpu0) / 1000;
    const load = await during;
    const r = status.report;
    const line = `${engine}: ${ROWS} rows (${f.label}, ${(f.body.length / 1e6).toFixed(1)} MB): ${status.state} in ${fmt(seconds)} s (target 30 s), ${Math.round(ROWS / seconds)} rows/s, server CPU ${fmt(cpu)} s; created ${r?.created}, updated ${r?.updated}, unchanged ${r?.unchanged}, errors ${r?.errors.length}; item list during: p50 ${fmt(load.p50)} ms, p95 ${fmt(load.p95)} ms (${load.n} requests; ${fmt(load.p95 / idle.p95)}x idle, target <= 2x)`;
    console.log(line);
    results.push(line);
    if (status.state !== 'done') console.log(status.lastError ?? '');
  }
} finally {
  await stop();
  await dropCopy();
}
console.log(`\n${results.join('\n')}`);
console.log(
  `(machine: ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}; other work may share it)`,
);
