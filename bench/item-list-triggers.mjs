// What the item list version triggers (migration 0010), or with `--triggers index` the item filter
// index's change-log triggers (migration 0023), cost a write: 100-row UPDATEs of price and
// stock (as one mass-edit batch writes them) and single-row stock updates (as an order line moves
// stock), timed in alternating blocks with the triggers in place and dropped, on a fresh database.
// Usage: npm run bench:list-triggers [-- --blocks 20 --triggers list|index]   (node --import tsx bench/item-list-triggers.mjs)
// SQLite in a temporary directory; PostgreSQL when BENCH_DATABASE_URL is set (a fresh database,
// dropped afterwards).
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { benchDatabase } from './bench-db.mjs';
import { loadConfig } from '../packages/server/src/config.ts';
import { openAndMigrate } from '../packages/server/src/server.ts';

const { values: args } = parseArgs({
  options: { blocks: { type: 'string', default: '20' }, triggers: { type: 'string', default: 'list' } },
});
const BLOCKS = Number(args.blocks);
const ITEMS = 10_000;

const { env, dropDb } = await benchDatabase({ fresh: 'listv' });
const { database, deps } = await openAndMigrate(loadConfig(env));
const db = deps.db;
const pg = database.engine === 'postgres';
const TRIGGERS = ['insert', 'update', 'delete'].map((t) =>
  args.triggers === 'index' ? `items_index_${t}` : `items_list_${t}`,
);

try {
  const now = new Date().toISOString();
  const org = (
    await sql`insert into organizations (prefix, name, tax_id, address, post_code_city, country_code, registered_at)
      values ('listv', 'Bench', '', '', '', 'PL', ${now}) returning id`.execute(db)
  ).rows[0].id;
  const status = (
    await sql`insert into item_statuses (org_id, name, color) values (${org}, 'Aktywny', 'ffffff') returning id`.execute(
      db,
    )
  ).rows[0].id;
  for (let i = 0; i < ITEMS; i += 500) {
    const rows = Array.from({ length: 500 }, (_, k) => ({
      org_id: org,
      code: `B${String(i + k).padStart(6, '0')}`,
      name: `Towar ${i + k}`,
      price: 1000 + k,
      vat: 2300,
      currency: 'PLN',
      count_ware: 10,
      item_status_id: status,
      last_changed: now,
    }));
    await db.insertInto('items').values(rows).execute();
  }
  await db.insertInto('item_list_versions').values({ org_id: org }).execute();
  const ids = (await db.selectFrom('items').select('id').orderBy('id').execute()).map((r) => r.id);
  const definitions = pg
    ? []
    : (
        await sql`select name, sql from sqlite_master where type = 'trigger' and name in (${sql.join(TRIGGERS)})`.execute(
          db,
        )
      ).rows;
  const pgDefinitions = pg
    ? (
        await sql`select tgname as name, pg_get_triggerdef(oid) as sql from pg_trigger where tgname in (${sql.join(TRIGGERS)})`.execute(
          db,
        )
      ).rows
    : [];

  const drop = async () => {
    for (const t of TRIGGERS) await sql.raw(pg ? `drop trigger ${t} on items` : `drop trigger ${t}`).execute(db);
  };
  const create = async () => {
    for (const d of pg ? pgDefinitions : definitions) await sql.raw(d.sql).execute(db);
  };
  let n = 0;
  // One transaction per write, as the application writes.
  const batch = async () => {
    const part = ids.slice((n * 100) % ITEMS, ((n * 100) % ITEMS) + 100);
    n++;
    await db.transaction().execute((trx) =>
      trx
        .updateTable('items')
        .set({ price: sql`price + 1`, count_ware: sql`count_ware + 1` })
        .where('id', 'in', part)
        .execute(),
    );
  };
  const single = async () => {
    const id = ids[n++ % ITEMS];
    await db.transaction().execute((trx) =>
      trx
        .updateTable('items')
        .set({ count_ware: sql`count_ware - 1` })
        .where('id', '=', id)
        .execute(),
    );
  };
  const block = async (fn, runs) => {
    const t0 = performance.now();
    for (let i = 0; i < runs; i++) await fn();
    return (performance.now() - t0) / runs;
  };
  const times = { batchWith: [], batchWithout: [], singleWith: [], singleWithout: [] };
  for (let b = 0; b < BLOCKS; b++) {
    times.batchWith.push(await block(batch, 20));
    times.singleWith.push(await block(single, 50));
    await drop();
    times.batchWithout.push(await block(batch, 20));
    times.singleWithout.push(await block(single, 50));
    await create();
  }
  const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  const f = (ms) => ms.toFixed(2);
  const notes = await db
    .selectFrom('item_list_changes')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  console.log(
    `${pg ? 'PostgreSQL' : 'SQLite'}, ${args.triggers === 'index' ? 'index log' : 'list version'} triggers, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}:`,
  );
  console.log(
    `  100-row UPDATE of price and stock (a mass-edit batch): ${f(median(times.batchWith))} ms with the triggers, ` +
      `${f(median(times.batchWithout))} ms without (median of ${BLOCKS} blocks of 20)`,
  );
  console.log(
    `  1-row stock UPDATE (an order line): ${f(median(times.singleWith))} ms with, ${f(median(times.singleWithout))} ms without`,
  );
  console.log(`  notes left unfolded: ${notes?.n ?? 0}`);
} finally {
  await database.destroy();
  await dropDb();
  if (!pg) fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
}
