// Order summaries at 1.2 million orders (docs/decisions.md, Orders, Summaries): the month summary of
// the busiest month (about 100,000 orders) and the home widgets' six periods, over real HTTP, read
// from the daily roll-ups. The orders and their lines are written straight with SQL (the demo seed
// gives the organisation and its items), then rebuildOrderRollups fills the roll-ups, timed too.
// 1.13 million orders spread evenly over the last three years plus 70,000 more in the previous calendar
// month (about 100,000 there); 8 statuses, 5 income sources, every order one line of a catalogue item (20 groups) and
// every third order an unlinked line as well.
// Usage: npm run bench:orders-summary [-- --orders 1200000 --busy 70000 --runs 30]
// SQLite in a temporary DATA_DIR by default; PostgreSQL when BENCH_DATABASE_URL is set (a fresh
// database next to it, dropped afterwards). Targets: month <= 150 ms, summary_main <= 100 ms.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { benchDatabase } from './bench-db.mjs';
import { signIn } from './bench-server.mjs';
import { loadConfig } from '../packages/server/src/config.ts';
import { orderCountTriggers } from '../packages/server/src/db/migrations/0007_orders_search.ts';
import { seedDemo } from '../packages/server/src/demo/demo-seed.ts';
import { rebuildOrderRollups } from '../packages/server/src/modules/orders/index.ts';
import { createApp, openAndMigrate } from '../packages/server/src/server.ts';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '1200000' },
    busy: { type: 'string', default: '70000' },
    runs: { type: 'string', default: '30' },
  },
});
const ORDERS = Number(args.orders);
const BUSY = Number(args.busy);
const RUNS = Number(args.runs);
const PASSWORD = 'Bench-Haslo-1';

const { env, dropDb } = await benchDatabase({ fresh: 'summary' });
const dataDir = env.DATA_DIR;

const { database, deps } = await openAndMigrate(loadConfig(env));
const isPg = database.engine === 'postgres';
const engine = isPg ? 'PostgreSQL' : 'SQLite';
const { app } = await createApp({ ...deps, config: { ...deps.config, logLevel: 'silent' } }, { logger: false });
const db = deps.db;
try {
  const seeded = await seedDemo(database, deps, { prefix: 'summ', password: PASSWORD, items: 2000 });
  const orgId = seeded.orgId;
  const now = new Date();
  // The previous calendar month (UTC is close enough for choosing where the busy orders go).
  const busyFrom = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1, 12) / 1000;
  const busyTo = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) / 1000 - 12 * 3600;
  const spreadTo = Math.floor(now.getTime() / 1000);
  const spreadFrom = spreadTo - 3 * 365 * 24 * 3600;

  const statuses = [];
  const sources = [];
  for (let i = 0; i < 8; i++)
    statuses.push(
      (
        await db
          .insertInto('order_statuses')
          .values({ org_id: orgId, name: `Status ${i}`, color: 'ffffff' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  for (let i = 0; i < 5; i++)
    sources.push(
      (
        await db
          .insertInto('income_sources')
          .values({ org_id: orgId, name: `Źródło ${i}` })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const items = await db.selectFrom('items').select(['id']).where('org_id', '=', orgId).orderBy('id').execute();
  const firstItem = items[0].id;
  if (items.at(-1).id - firstItem + 1 !== items.length) throw new Error('item ids are not contiguous');

  const t0 = performance.now();
  const spread = ORDERS - BUSY;
  // ts: seconds since the epoch; the n-th order of the spread or of the busy month.
  const lit = (x) => sql.lit(x);
  const ts = sql`case when n.i < ${lit(spread)}
      then ${lit(spreadFrom)} + (n.i * ${lit((spreadTo - spreadFrom) / spread)})
      else ${lit(busyFrom)} + ((n.i - ${lit(spread)}) * ${lit((busyTo - busyFrom) / BUSY)}) end`;
  const stamp = isPg
    ? sql`to_timestamp(${ts})`
    : sql`strftime('%Y-%m-%dT%H:%M:%SZ', cast(${ts} as integer), 'unixepoch')`;
  /** One of `list` by `n.i % list.length`. */
  const pick = (list) =>
    sql`case n.i % ${sql.lit(list.length)} ${sql.join(
      list.map((id, k) => sql`when ${sql.lit(k)} then ${sql.lit(id)}`),
      sql` `,
    )} end`;
  // PostgreSQL: the orders' secondary indexes and the order counter's per-row triggers are off
  // during the bulk insert and rebuilt after it, as in the demo seed (demo-seed.ts): maintained
  // row by row (trigram indexes among them) the insert took more than ten minutes.
  const countTriggers = orderCountTriggers(database.engine);
  let droppedIndexes = [];
  if (isPg) {
    const r = await sql`select i.indexname, i.indexdef from pg_indexes i
      where i.tablename in ('orders', 'order_lines') and i.schemaname = current_schema()
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(db);
    droppedIndexes = r.rows.map((row) => row.indexdef);
    for (const row of r.rows) await sql`drop index ${sql.ref(row.indexname)}`.execute(db);
    for (const statement of countTriggers.drop) await sql.raw(statement).execute(db);
  }
  await db.transaction().execute(async (trx) => {
    await sql`with recursive n(i) as (select 0 union all select i + 1 from n where i < ${ORDERS - 1})
      insert into orders (org_id, uuid, add_date, last_mod_date, order_date, order_status_id, income_source_id,
        currency, delivery_cost, delivery_vat, shipping_method, problem, has_invoice, invoice_number)
      select ${orgId}, 'bench-' || n.i, ${stamp}, ${stamp}, ${stamp},
        ${pick(statuses)}, ${pick(sources)},
        'PLN', 999 + (n.i % 3000), 2300, 'ADDRESS',
        case when n.i % 50 = 0 then 'Problem' else null end,
        case when n.i % 10 = 0 then 1 else 0 end,
        case when n.i % 20 = 0 then 'FV' else null end
      from n`.execute(trx);
  });
  const t1 = performance.now();
  await db.transaction().execute(async (trx) => {
    await sql`insert into order_lines (org_id, order_id, position, item_id, code, name, quantity, price, vat, item_group_id)
      select o.org_id, o.id, 0, it.id, it.code, it.name, 1 + o.id % 3, it.price, 2300, it.item_group_id
      from orders o join items it on it.id = ${firstItem} + (o.id % ${items.length})
      where o.org_id = ${orgId}`.execute(trx);
    await sql`insert into order_lines (org_id, order_id, position, item_id, code, name, quantity, price, vat, item_group_id)
      select o.org_id, o.id, 1, null, 'USLUGA', 'Usługa', 1, 500 + o.id % 700, 2300, null
      from orders o where o.org_id = ${orgId} and o.id % 3 = 0`.execute(trx);
  });
  if (isPg) {
    for (const def of droppedIndexes) await sql.raw(def).execute(db);
    await sql`insert into order_counts (org_id, orders)
      values (${orgId}, (select count(*) from orders where org_id = ${orgId}))
      on conflict (org_id) do update set orders = excluded.orders`.execute(db);
    for (const statement of countTriggers.create) await sql.raw(statement).execute(db);
  }
  if (isPg) await sql`analyze`.execute(db);
  const t2 = performance.now();
  await rebuildOrderRollups(database);
  const t3 = performance.now();
  const rollupRows = async (table) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  console.log(
    `${engine}: ${ORDERS} orders in ${((t1 - t0) / 1000).toFixed(1)} s, their lines in ${((t2 - t1) / 1000).toFixed(1)} s; ` +
      `rebuildOrderRollups ${((t3 - t2) / 1000).toFixed(1)} s -> ${await rollupRows('order_rollup_days')} day rows, ` +
      `${await rollupRows('order_rollup_groups')} group rows`,
  );

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const { token } = await signIn(base, seeded.login, PASSWORD);

  const busy = new Date(busyFrom * 1000);
  const month = `year=${busy.getUTCFullYear()}&month=${busy.getUTCMonth() + 1}`;
  const measure = async (url, check) => {
    const times = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const s = performance.now();
      const res = await fetch(`${base}${url}`, { headers: { 'x-auth-bearer': token } });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
      if (i >= 3) times.push(performance.now() - s);
      if (i === 0) check(body);
    }
    times.sort((a, b) => a - b);
    return { p50: times[Math.floor(times.length / 2)], p95: times[Math.ceil(times.length * 0.95) - 1] };
  };
  let monthOrders = 0;
  const m = await measure(`/api/orders_summary?${month}`, (b) => (monthOrders = b.statistics.allOrdersCount));
  const filtered = await measure(
    `/api/orders_summary?${month}&incomeSourceId=${sources[0]}&statuses=${statuses.slice(0, 3).join(',')}`,
    () => undefined,
  );
  let lastMonthOrders = 0;
  const main = await measure('/api/orders/summary_main', (b) => (lastMonthOrders = b.lastMonth.ordersCount));
  console.log(
    `${engine}: GET /orders_summary of the busiest month (${monthOrders} orders): p50 ${m.p50.toFixed(1)} ms, ` +
      `p95 ${m.p95.toFixed(1)} ms, target <= 150 ms: ${m.p50 <= 150 ? 'OK' : 'MISSED'}; ` +
      `filtered by source and 3 statuses: p50 ${filtered.p50.toFixed(1)} ms`,
  );
  console.log(
    `${engine}: GET /orders/summary_main (last month ${lastMonthOrders} orders): p50 ${main.p50.toFixed(1)} ms, ` +
      `p95 ${main.p95.toFixed(1)} ms, target <= 100 ms: ${main.p50 <= 100 ? 'OK' : 'MISSED'}`,
  );
} finally {
  await app.close();
  await database.destroy();
  await dropDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
