// Mass edit of 10,000 items over real HTTP, as the web app sends it (goods-and-orders.md §9): one
// POST /api/items/mass_edit per batch of 100 ids, one after another, each raising the price by
// 10 % (PLUSPERCENT) and the stock by 2 (INC, a committed ledger row per item). The server is the
// real app (createApp) started in this process on a fresh database seeded by the demo seed.
// Usage: npm run bench:mass-edit [-- --items 10000 --batch 100 --no-list-versions]
//   (node --import tsx bench/items-mass-edit.mjs). --no-list-versions drops the triggers that keep the
//   item list versions (migration 0010) first: the same run without their cost, for an A/B.
// SQLite in a temporary DATA_DIR by default; PostgreSQL when BENCH_DATABASE_URL is set (a fresh
// database next to it, dropped afterwards).
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { benchDatabase } from './bench-db.mjs';
import { loadConfig } from '../packages/server/src/config.ts';
import { seedDemo } from '../packages/server/src/demo/demo-seed.ts';
import { createApp, openAndMigrate } from '../packages/server/src/server.ts';

const { values: args } = parseArgs({
  options: {
    items: { type: 'string', default: '10000' },
    batch: { type: 'string', default: '100' },
    'no-list-versions': { type: 'boolean', default: false },
  },
});
const ITEMS = Number(args.items);
const BATCH = Number(args.batch);
const PASSWORD = 'Bench-Haslo-1';

const { env, dropDb } = await benchDatabase({ fresh: 'mass' });
const dataDir = env.DATA_DIR;

const { database, deps } = await openAndMigrate(loadConfig(env));
const engine = `${database.engine === 'postgres' ? 'PostgreSQL' : 'SQLite'}${args['no-list-versions'] ? ' without list versions' : ''}`;
if (args['no-list-versions']) {
  for (const t of ['items_list_insert', 'items_list_update', 'items_list_delete'])
    await sql.raw(database.engine === 'postgres' ? `drop trigger ${t} on items` : `drop trigger ${t}`).execute(deps.db);
}
const { app } = await createApp({ ...deps, config: { ...deps.config, logLevel: 'silent' } }, { logger: false });
try {
  const seeded = await seedDemo(database, deps, { prefix: 'mass', password: PASSWORD, items: ITEMS });
  // The organisation's list version row, as its first deep page creates it: the triggers move it.
  if (!args['no-list-versions'])
    await deps.db.insertInto('item_list_versions').values({ org_id: seeded.orgId }).execute();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const first = await fetch(`${base}/api/`);
  const xsrf = first.headers.getSetCookie()[0].split(';')[0].split('=')[1];
  const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ login: seeded.login, pass: PASSWORD }),
  });
  const { token } = await login.json();

  const ids = (
    await deps.db.selectFrom('items').select('id').where('org_id', '=', seeded.orgId).orderBy('id').execute()
  ).map((r) => r.id);
  const ledgerBefore = await ledgerRows(seeded.orgId);

  const t0 = performance.now();
  const batchTimes = [];
  let ok = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const b0 = performance.now();
    const res = await fetch(`${base}/api/items/mass_edit`, {
      method: 'POST',
      headers: { ...headers, 'x-auth-bearer': token },
      body: JSON.stringify({
        ids: ids.slice(i, i + BATCH),
        data: { price: { type: 'PLUSPERCENT', value: 10 }, countWare: { type: 'INC', value: 2 } },
        idempotencyKey: `mass-edit-bench-${i}`,
      }),
    });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`mass_edit: ${res.status} ${JSON.stringify(body)}`);
    ok += body.ok.length;
    batchTimes.push(performance.now() - b0);
  }
  const total = performance.now() - t0;
  const ledger = (await ledgerRows(seeded.orgId)) - ledgerBefore;
  batchTimes.sort((a, b) => a - b);
  const p95 = batchTimes[Math.ceil(batchTimes.length * 0.95) - 1];
  console.log(
    `${engine}: mass edit of ${ok} items in ${batchTimes.length} batches of ${BATCH}: ${(total / 1000).toFixed(2)} s end to end ` +
      `(batch p50 ${batchTimes[Math.floor(batchTimes.length / 2)].toFixed(0)} ms, p95 ${p95.toFixed(0)} ms), ` +
      `${ledger} ledger rows; target <= 3 s: ${total <= 3000 ? 'OK' : 'MISSED'}`,
  );
  if (ok !== ids.length || ledger !== ids.length) throw new Error('not every item was edited');
} finally {
  await app.close();
  await database.destroy();
  await dropDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function ledgerRows(orgId) {
  const row = await deps.db
    .selectFrom('warehouse_changes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('org_id', '=', orgId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
