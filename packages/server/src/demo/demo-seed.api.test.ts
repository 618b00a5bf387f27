/**
 * The demo seed (`npm run cli -- demo:seed`) on the run's engine: the same catalogue from the same
 * seed, every index of the migrations back and valid, the ledger explaining the stock, the search
 * index and the planner statistics in place (docs/performance.md, "Test data: demo:seed").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScratchDatabase, testEngine } from '../../test/harness';
import { loadConfig } from '../config';
import { toIso, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { createDeps } from '../server';
import type { AppDeps } from '../platform/context';
import { linesSummary, searchKeysOf } from '../db/order-keys';
import { TenantDb } from '../db/tenant';
import { checkOrderRollups } from '../modules/orders';
import { DEMO_PHOTO_EVERY } from './demo-photos';
import { seedDemo } from './demo-seed';
import { isValidNip, parseBankAccount } from '@zaplecze/contract';

const ITEMS = 3_000;

/**
 * The segments of the items' search index: a seed leaves it optimised, one segment, so new items'
 * small segments are never merged into the seed's big ones (docs/decisions.md, "A seeded search
 * index is optimised"). FTS5's structure record: a 4-byte cookie, then the varints nLevel and
 * nSegment (below 128 here: one byte each).
 */
function searchSegments(raw: NonNullable<Database['sqlite']>): number {
  const structure = raw.prepare(`select block from items_fts_data where id = 10`).pluck().get() as Buffer;
  expect(structure[4]).toBeLessThan(128);
  expect(structure[5]).toBeLessThan(128);
  return structure[5]!;
}
const ORDERS = 2_500;

async function indexNames(database: Database): Promise<string[]> {
  const query =
    database.engine === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'index' order by name`
      : sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema() order by 1`;
  return (await query.execute(database.db)).rows.map((r) => r.name);
}

/** PostgreSQL: every foreign key with its definition (the seed drops and re-adds those of orders). */
async function foreignKeys(database: Database): Promise<string[]> {
  const r = await sql<{
    k: string;
  }>`select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) as k
    from pg_constraint where contype = 'f' order by 1`.execute(database.db);
  return r.rows.map((row) => row.k);
}

/** An organisation's orders with their lines, by number, without the references' ids and uuid. */
async function orderData(database: Database, orgId: number) {
  const orders = await database.db
    .selectFrom('orders')
    .select([
      'id',
      'order_date',
      'client_tel',
      'client_email',
      'client_city',
      'client_post_code',
      'client_pickup_point',
      'bill_of_lading',
      'client_name_surname',
      'client_company_name',
      'invoice_company_tax_id',
      'search_tel',
      'search_email',
      'search_city',
      'search_post_code',
      'search_pickup_point',
      'search_bol',
      'search_name',
      'search_company',
      'search_nip',
      'lines_sum',
      'lines_count',
      'lines_codes',
      'invoice_number',
    ])
    .where('org_id', '=', orgId)
    .orderBy('id')
    .execute();
  const lines = await database.db
    .selectFrom('order_lines')
    .select(['order_id', 'code', 'quantity', 'price'])
    .where('org_id', '=', orgId)
    .orderBy('order_id')
    .orderBy('position')
    .execute();
  const byOrder = new Map<number, { code: string; quantity: number; price: number }[]>();
  for (const { order_id: orderId, ...l } of lines) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), l]);
  return orders.map((o) => ({
    ...o,
    order_date: toIso(o.order_date),
    lines: byOrder.get(o.id) ?? [],
  }));
}

/** What makes an item, without its ids and the organisation's reference ids. */
async function catalogue(database: Database, orgId: number) {
  return database.db
    .selectFrom('items')
    .select(['name', 'gtin', 'price', 'vat', 'count_ware', 'count_offer', 'has_ext', 'count_photos', 'last_changed'])
    .where('org_id', '=', orgId)
    .orderBy('id')
    .execute();
}

describe('demo seed', () => {
  let database: Database;
  let deps: AppDeps;
  let drop: () => Promise<void>;
  let indexesBefore: string[];
  let keysBefore: string[];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-seed-files-'));

  beforeAll(async () => {
    ({ database, drop } = await openScratchDatabase('seed'));
    await migrate(database);
    deps = createDeps(loadConfig({ DATA_DIR: dataDir }), database);
    indexesBefore = await indexNames(database);
    keysBefore = database.engine === 'postgres' ? await foreignKeys(database) : [];
  });

  afterAll(async () => {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds an empty database and then a second organisation beside it, with the same catalogue', async () => {
    const first = await seedDemo(database, deps, {
      prefix: 'demoa',
      password: 'Demo1234!',
      items: ITEMS,
      orders: ORDERS,
      // Several segments written while the index is built (the default makes one at this size).
      searchHashBytes: 32 * 1024,
    });
    if (database.sqlite) expect(searchSegments(database.sqlite)).toBe(1);
    // Into a catalogue that has items already: on SQLite the search index grows in place.
    const second = await seedDemo(database, deps, {
      prefix: 'demob',
      password: 'Demo1234!',
      items: ITEMS,
      orders: ORDERS,
    });

    const a = await catalogue(database, first.orgId);
    expect(a).toHaveLength(ITEMS);
    expect(await catalogue(database, second.orgId)).toEqual(a);
    expect(await indexNames(database)).toEqual(indexesBefore);
    if (database.engine === 'postgres') expect(await foreignKeys(database)).toEqual(keysBefore);

    for (const { orgId } of [first, second]) {
      const ledger = await database.db
        .selectFrom('warehouse_changes')
        .select((eb) => [eb.fn.countAll<number>().as('rows'), eb.fn.sum<number>('quantity').as('pieces')])
        .where('org_id', '=', orgId)
        .executeTakeFirstOrThrow();
      const stock = await database.db
        .selectFrom('items')
        .select((eb) => [eb.fn.countAll<number>().as('rows'), eb.fn.sum<number>('count_ware').as('pieces')])
        .where('org_id', '=', orgId)
        .where('count_ware', '>', 0)
        .executeTakeFirstOrThrow();
      expect({ rows: Number(ledger.rows), pieces: Number(ledger.pieces) }).toEqual({
        rows: Number(stock.rows),
        pieces: Number(stock.pieces),
      });
      const counter = await database.db
        .selectFrom('item_counts')
        .select('items')
        .where('org_id', '=', orgId)
        .executeTakeFirstOrThrow();
      expect(counter.items).toBe(ITEMS);

      // Photos: an item counts exactly the photos it has, each a stored file of that item on
      // disk; a sample of items has some (demo-photos.ts), the rest none.
      const counted = await database.db
        .selectFrom('items')
        .select(['id', 'count_photos', 'main_photo'])
        .where('org_id', '=', orgId)
        .where('count_photos', '>', 0)
        .orderBy('id')
        .execute();
      expect(counted.length).toBe(Math.ceil(ITEMS / DEMO_PHOTO_EVERY));
      const photos = await database.db
        .selectFrom('item_photos')
        .innerJoin('files', (j) =>
          j.onRef('files.name', '=', 'item_photos.name').onRef('files.org_id', '=', 'item_photos.org_id'),
        )
        .select(['item_photos.item_id', 'item_photos.position', 'item_photos.name', 'files.item_id as file_item'])
        .where('item_photos.org_id', '=', orgId)
        .orderBy('item_photos.item_id')
        .orderBy('item_photos.position')
        .execute();
      const unjoined = await database.db
        .selectFrom('item_photos')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('org_id', '=', orgId)
        .executeTakeFirstOrThrow();
      expect(Number(unjoined.n)).toBe(photos.length);
      for (const item of counted) {
        const own = photos.filter((p) => p.item_id === item.id);
        expect(own.length).toBe(item.count_photos);
        expect(own[0]?.name).toBe(item.main_photo);
        for (const p of own) {
          expect(p.file_item).toBe(item.id);
          for (const size of ['display', 'thumb'])
            expect(fs.statSync(path.join(dataDir, 'files', String(orgId), size, p.name)).size).toBeGreaterThan(500);
        }
      }
      expect(new Set(photos.map((p) => p.item_id))).toEqual(new Set(counted.map((i) => i.id)));
    }
  });

  it('builds on the starter lists without duplicates, with complete seller data for its invoices', async () => {
    const org = await database.db
      .selectFrom('organizations')
      .selectAll()
      .where('prefix', '=', 'demoa')
      .executeTakeFirstOrThrow();
    const tdb = new TenantDb(database.db, org.id);
    for (const table of ['item_statuses', 'order_statuses', 'income_sources'] as const) {
      const names = (await tdb.selectFrom(table).select('name').execute()).map((r) => r.name);
      expect(new Set(names).size, table).toBe(names.length);
    }
    const sources = (await tdb.selectFrom('income_sources').select('name').execute()).map((r) => r.name);
    expect(sources).toEqual(expect.arrayContaining(['Sklep internetowy', 'Sprzedaż stacjonarna', 'Allegro']));
    expect(isValidNip(org.tax_id)).toBe(true);
    expect(org).toMatchObject({ address: 'ul. Przykładowa 1', post_code_city: '00-001 Warszawa' });
    const options = new Map(
      (await tdb.selectFrom('options').select(['key', 'value']).execute()).map((o) => [o.key, o.value]),
    );
    expect(parseBankAccount(options.get('INVOICE_BANK_ACCOUNT') ?? '')).toBeDefined();
    expect(options.get('INVOICE_PLACE_OF_ISSUE')).toBe('Warszawa');
    expect(options.get('INVOICE_BANK_NAME')).not.toBe('');
  });

  it('seeds orders as the application would have saved them: keys, line summaries, links, numbering', async () => {
    const orgs = await database.db
      .selectFrom('organizations')
      .select('id')
      .where('prefix', 'in', ['demoa', 'demob'])
      .orderBy('id')
      .execute();
    const [a, b] = await Promise.all(orgs.map((o) => orderData(database, o.id)));
    expect(a).toHaveLength(ORDERS);
    // The summaries' daily roll-ups equal a recomputation from the seeded orders.
    for (const o of orgs) expect(await checkOrderRollups(new TenantDb(database.db, o.id))).toEqual([]);
    const days = await database.db
      .selectFrom('order_rollup_days')
      .select((eb) => eb.fn.sum<number | string>('orders_count').as('n'))
      .where('org_id', '=', orgs[0]!.id)
      .executeTakeFirst();
    expect(Number(days?.n)).toBe(ORDERS);
    // The same orders for the same seed (item codes hold the items' ids), numbered after the first
    // organisation's.
    const same = (o: NonNullable<typeof a>[number]) => {
      const { id: _id, lines, lines_codes: _codes, ...rest } = o;
      return { ...rest, lines: lines.map((l) => ({ ...l, code: l.code.replace(/-\d+$/, '') })) };
    };
    expect(b!.map(same)).toEqual(a!.map(same));
    expect(b![0]!.id).toBe(a!.at(-1)!.id + 1);
    for (const o of a!) {
      // Numbers follow order dates; every key and summary is what the repository would write.
      expect(
        searchKeysOf({
          client_tel: o.client_tel,
          client_email: o.client_email,
          client_city: o.client_city,
          client_post_code: o.client_post_code,
          client_pickup_point: o.client_pickup_point,
          bill_of_lading: o.bill_of_lading,
          client_name_surname: o.client_name_surname,
          client_company_name: o.client_company_name,
          invoice_company_tax_id: o.invoice_company_tax_id,
        }),
      ).toEqual({
        search_tel: o.search_tel,
        search_email: o.search_email,
        search_city: o.search_city,
        search_post_code: o.search_post_code,
        search_pickup_point: o.search_pickup_point,
        search_bol: o.search_bol,
        search_name: o.search_name,
        search_company: o.search_company,
        search_nip: o.search_nip,
      });
      expect(linesSummary(o.lines)).toEqual({
        lines_sum: Number(o.lines_sum),
        lines_count: o.lines_count,
        lines_codes: o.lines_codes,
      });
      expect(o.lines.length).toBeGreaterThanOrEqual(1);
      expect(o.lines.length).toBeLessThanOrEqual(5);
    }
    const dates = a!.map((o) => toIso(o.order_date));
    expect(dates).toEqual([...dates].sort());
    // Three years; most lines name a seeded item of the same organisation, with its code.
    expect(Date.parse(dates.at(-1)!) - Date.parse(dates[0]!)).toBeGreaterThan(2.9 * 365 * 86_400_000);
    const links = await sql<{ linked: number; same: number; all: number }>`select
        count(l.item_id) as linked, count(i.id) as same, count(*) as "all" from order_lines l
        left join items i on i.id = l.item_id and i.org_id = l.org_id and i.code = l.code
        where l.org_id = ${orgs[0]!.id}`.execute(database.db);
    const row = links.rows[0]!;
    expect(Number(row.same)).toBe(Number(row.linked));
    expect(Number(row.linked) / Number(row.all)).toBeGreaterThan(0.85);
    // No ledger rows for them: the stock already reflects these past sales.
    const ledger = await database.db
      .selectFrom('warehouse_changes')
      .select('id')
      .where('order_id', 'is not', null)
      .execute();
    expect(ledger).toEqual([]);
    // The order counters (their triggers were off during the bulk insert, and are back).
    for (const o of orgs) {
      const counter = await database.db
        .selectFrom('order_counts')
        .select('orders')
        .where('org_id', '=', o.id)
        .executeTakeFirst();
      expect(counter?.orders).toBe(ORDERS);
    }
    // Every status and income source in use, and each invoice state.
    const states = await sql<{ s: number }>`select distinct invoice_state as s from orders order by 1`.execute(
      database.db,
    );
    expect(states.rows.map((r) => Number(r.s))).toEqual([0, 1, 2]);
  });

  it.runIf(testEngine() === 'sqlite')('leaves a valid file with a working search index and full statistics', () => {
    const raw = database.sqlite;
    if (!raw) throw new Error('SQLite test without the better-sqlite3 handle');
    expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(() => raw.exec(`insert into items_fts(items_fts) values ('integrity-check')`)).not.toThrow();
    // The application's settings are back (db/database.ts openSqlite).
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(raw.pragma('foreign_keys', { simple: true })).toBe(1);
    // The search index's own settings: the worker's bigger hash stayed in its scratch file.
    expect(raw.prepare(`select k from items_fts_config`).pluck().all()).toEqual(['version']);
    expect(searchSegments(raw)).toBe(1);
    for (const [column, text] of [
      ['name', 'kubek'],
      ['name', 'iphone 13'],
      ['code', 'KUB-00000'],
      ['gtin', '200'],
    ] as const) {
      const found = raw
        .prepare(`select rowid from items_fts where items_fts match ? order by rowid`)
        .pluck()
        .all(`${column} : "${text}"`);
      const scanned = raw.prepare(`select id from items where ${column} like ? order by id`).pluck().all(`%${text}%`);
      expect(found.length).toBeGreaterThan(0);
      expect(found).toEqual(scanned);
    }
    // Unsampled statistics of both organisations' rows (docs/performance.md, "Statistics").
    const stat = raw.prepare(`select stat from sqlite_stat1 where idx = 'items_filter_idx'`).pluck().get() as string;
    expect(stat.split(' ')[0]).toBe(String(2 * ITEMS));
  });
});
