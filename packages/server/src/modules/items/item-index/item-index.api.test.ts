/**
 * The item filter index answers GET /items exactly as the database's search does (docs/decisions.md
 * "The item filter index"), on both engines: after its load, after every kind of write (new items,
 * edits of every filtered column, renames, deletes, mass edits, tree moves and deletes, concurrent
 * writers), after a logged reload and a pruned log.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_SORTS, itemSchema, itemSearchSchema, itemsAnswerSchema, type Item } from '@zaplecze/contract';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { createOrg, type TestOrg } from '../../../../test/factories';
import { createCatalog, itemBody, type Catalog } from '../../../../test/catalog';
import { TenantDb } from '../../../db/tenant';
import { searchItems } from '../items.search';
import { indexState, prewarmIndexes } from './item-index.registry';
import { indexTuning } from './item-index';
import { indexStats } from './item-index.stats';
import { purgeItemIndexLog } from './item-index.purge';
import { syncLimits } from './item-index.sync';

let server: TestServer;
let org: TestOrg;
let other: TestOrg;
let c: Catalog;
let orgId: number;
const items: Item[] = [];
let extraCategory: number;

async function orgIdOf(prefix: string): Promise<number> {
  const row = await server.deps.db
    .selectFrom('organizations')
    .select('id')
    .where('prefix', '=', prefix)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addItem(i: number, overrides: Record<string, unknown> = {}): Promise<Item> {
  const res = await org.admin.post(
    '/api/items',
    itemBody(c, {
      code: `IX-${String((i * 7919) % 1000).padStart(3, '0')}-${i}`,
      name: ['Kubek', 'łyżka', 'Żółty kabel', 'etui', 'AB'][i % 5],
      price: (i * 37) % 300,
      countWare: (i * 13) % 25,
      countOffer: i % 3 === 0 ? null : (i * 5) % 20,
      itemStatusId: i % 2 ? c.statusId : c.status2Id,
      itemGroupId: i % 3 ? c.groupId : null,
      categoryId: [c.categoryId, c.subCategoryId, null, extraCategory][i % 4],
      placeId: [c.placeId, c.subPlaceId, null][i % 3],
      ...overrides,
    }),
  );
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return itemSchema.parse(res.body);
}

/** Waits until this server's index of the organisation is loaded (a search starts the load). */
async function indexReady(): Promise<void> {
  for (let k = 0; k < 200; k++) {
    await org.admin.get('/api/items?perPage=25');
    if (indexState(server.deps.db, orgId) === 'ready') return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the index did not load');
}

const FILTERS = [
  'statusId',
  'groupId',
  'catId',
  'placeId',
  'priceFrom',
  'priceTo',
  'countFrom',
  'countTo',
  'countPhotosFrom',
] as const;
const queryArb = fc
  .record({
    statusId: fc.constantFrom(1, 2),
    groupId: fc.constantFrom(-1, -2, 0),
    catId: fc.constantFrom(-1, -2, 0, 1, 2),
    placeId: fc.constantFrom(-1, -2, 0, 1),
    priceFrom: fc.constantFrom(0, 50, 120.5),
    priceTo: fc.constantFrom(100, 250),
    countFrom: fc.constantFrom(0, 5),
    countTo: fc.constantFrom(10, 1000),
    countPhotosFrom: fc.constantFrom(1),
    countType: fc.constantFrom('COUNT_WARE', 'COUNT_OFFER'),
    sort: fc.constantFrom(...ITEM_SORTS),
    page: fc.constantFrom(1, 1, 2, 3),
    perPage: fc.constantFrom(25, 25, 50),
    keep: fc.shuffledSubarray([...FILTERS], { maxLength: 3 }),
  })
  .map(({ keep, ...q }) => {
    const mapped: Record<string, unknown> = {
      ...q,
      statusId: q.statusId === 1 ? c.statusId : c.status2Id,
      groupId: q.groupId === 0 ? c.groupId : q.groupId,
      catId: q.catId === 0 ? c.categoryId : q.catId === 1 ? c.subCategoryId : q.catId === 2 ? extraCategory : q.catId,
      placeId: q.placeId === 0 ? c.placeId : q.placeId === 1 ? c.subPlaceId : q.placeId,
    };
    for (const f of FILTERS) if (!keep.includes(f)) delete mapped[f];
    return mapped;
  });

function queryString(q: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) p.set(k, String(v));
  return p.toString();
}

/** Random searches: over HTTP (the index) equal the database's search of the same moment. */
async function compare(runs: number, seed: number): Promise<void> {
  // Odd seeds walk the sort order for every page, even ones sort the few matches (both paths).
  indexTuning.sortFew = seed % 2 ? 0 : 20_000;
  const before = indexStats.answered;
  let nonEmpty = 0;
  await fc.assert(
    fc.asyncProperty(queryArb, async (q) => {
      const res = await org.admin.get(`/api/items?${queryString(q)}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const got = itemsAnswerSchema.parse(res.body);
      const expected = await searchItems(new TenantDb(server.deps.db, orgId), itemSearchSchema.parse(q));
      expect(got.count, queryString(q)).toBe(expected.count);
      expect(got.items.map((r) => r.id)).toEqual(expected.rows.map((r) => r.id));
      expect(got.items).toEqual(JSON.parse(JSON.stringify(expected.rows)));
      if (got.items.length > 0) nonEmpty++;
    }),
    { numRuns: runs, seed },
  );
  // The index answered them (not the database's search), and they were not all empty.
  expect(indexStats.answered - before).toBe(runs);
  expect(nonEmpty).toBeGreaterThan(runs / 4);
}

beforeAll(async () => {
  server = await startTestServer({ itemIndexMinItems: 0 });
  org = await createOrg(server);
  other = await createOrg(server);
  orgId = await orgIdOf(org.prefix);
  c = await createCatalog(org.admin);
  const res = await org.admin.post<{ id: number }>('/api/categories', {
    name: 'Dom',
    number: 'D',
    parentId: c.subCategoryId,
  });
  extraCategory = res.body.id;
  for (let i = 0; i < 60; i++) items.push(await addItem(i));
  // Another organisation's items share the tables and the log.
  const theirs = await createCatalog(other.admin);
  for (let i = 0; i < 5; i++) await other.admin.post('/api/items', itemBody(theirs, { code: `OBCY-${i}` }));
  await indexReady();
}, 120_000);
// The tuning is the process's: put it back for the next file of this worker (isolate: false).
const sortFewDefault = indexTuning.sortFew;
afterAll(async () => {
  indexTuning.sortFew = sortFewDefault;
  await server.close();
});

describe('item filter index', () => {
  it('answers as the database does once loaded', async () => {
    await compare(60, 1);
  });

  it('follows edits of every filtered column, renames, new items and deletes at once', async () => {
    for (const [k, item] of items.slice(0, 12).entries()) {
      const res = await org.admin.put('/api/items', {
        ...itemBody(c, {}),
        id: item.id,
        code: k % 2 ? item.code : `ZZ-${k}`,
        name: k % 3 ? 'Aaa nowa nazwa' : item.name,
        price: 999 - k,
        countWare: 100 + k,
        countOffer: k % 2 ? 3 : null,
        itemStatusId: c.status2Id,
        itemGroupId: k % 2 ? null : c.groupId,
        categoryId: k % 2 ? extraCategory : null,
        placeId: c.subPlaceId,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    for (const item of items.slice(12, 16))
      expect((await org.admin.delete(`/api/items?id=${item.id}`)).status).toBe(204);
    for (let i = 60; i < 70; i++) items.push(await addItem(i));
    await compare(60, 2);
  });

  it('follows mass edits and a thousand-row change past the one-by-one limits', async () => {
    const ids = items.slice(20, 40).map((i) => i.id);
    const res = await org.admin.post('/api/items/mass_edit', {
      ids,
      data: { price: { type: 'INC', value: 1 }, itemStatusId: c.statusId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await compare(40, 3);
  });

  it('reloads after a change too big to read item by item, and loads string orders again after many new items', async () => {
    const limits = { ...syncLimits };
    try {
      syncLimits.logReadMax = 10;
      const loads = indexStats.loads;
      const res = await org.admin.post('/api/items/mass_edit', {
        ids: items.slice(16, 40).map((i) => i.id),
        data: { countWare: { type: 'INC', value: 1 } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await org.admin.get('/api/items?perPage=25');
      expect(indexStats.loads).toBe(loads + 1);
      await indexReady();
      syncLimits.logReadMax = limits.logReadMax;
      syncLimits.placeMax = 2;
      for (let i = 70; i < 75; i++) items.push(await addItem(i));
      const countOnly = indexStats.countOnly;
      // The string orders are loaded again in the background; meanwhile the count comes from the
      // index and the page from the database, both exact.
      for (let k = 0; k < 200; k++) {
        const before = indexStats.answered;
        const got = itemsAnswerSchema.parse((await org.admin.get('/api/items?perPage=100&sort=NAME')).body);
        expect(got.count).toBe(items.length - 4);
        if (indexStats.answered > before) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(indexStats.countOnly).toBeGreaterThan(countOnly);
      await compare(30, 9);
    } finally {
      Object.assign(syncLimits, limits);
    }
  });

  it('follows tree moves and deletes (subtree filters)', async () => {
    // Dom moves from under Telefony to the top; then Telefony is deleted with its items' category.
    const moved = await org.admin.put('/api/categories', {
      id: extraCategory,
      name: 'Dom',
      number: 'D',
      parentId: null,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await compare(40, 4);
  });

  it('shows renamed references at once: statuses, groups, delivery lists and times, categories, places', async () => {
    const put = async (path: string, body: Record<string, unknown>) => {
      const res = await org.admin.put(`/api${path}`, body);
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
    };
    const first = async () => itemsAnswerSchema.parse((await org.admin.get('/api/items?perPage=100&sort=CODE')).body);
    const refs = {
      code: 'AAA-REF',
      itemStatusId: c.statusId,
      itemGroupId: c.groupId,
      categoryId: c.subCategoryId,
      placeId: c.subPlaceId,
      deliveryPriceListId: c.priceListId,
      deliveryTimeId: c.timeId,
    };
    const mine = await addItem(500, refs);
    // The names are kept by the index from one page to the next...
    await first();
    const before = indexStats.answered;
    await first();
    await put('/item_statuses', { id: c.statusId, name: 'Aktywny teraz', color: '0000ff' });
    await put('/item_groups', { id: c.groupId, name: 'Grupa B' });
    await put('/delivery_price_lists', { id: c.priceListId, name: 'Kurier 24' });
    await put('/delivery_times', { id: c.timeId, name: '48 h' });
    await put('/categories', { id: c.categoryId, name: 'Elektronika RTV', number: 'ER', parentId: null });
    await put('/places', { id: c.subPlaceId, name: 'Regał 2', number: '2', parentId: c.placeId });
    // ... and every rename shows at the next one, through the index.
    const page = await first();
    expect(indexStats.answered - before).toBe(2);
    const row = (id: number) => page.items.find((r) => r.id === id)!;
    expect(row(mine.id)).toMatchObject({
      itemStatus: { id: c.statusId, name: 'Aktywny teraz', color: '0000ff' },
      itemGroup: { id: c.groupId, name: 'Grupa B' },
      deliveryPriceList: { name: 'Kurier 24' },
      deliveryTime: { name: '48 h' },
      category: { id: c.subCategoryId, fullName: 'Elektronika RTV / Telefony', fullNumber: 'ER-T' },
    });
    expect(row(mine.id).place).toMatchObject({ name: 'Regał 2', fullName: 'Hala / Regał 2' });
    // A new status given to an item is named on the next page too.
    const added = await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Nowy', color: '123456' });
    await put('/items', { ...itemBody(c, refs), id: mine.id, itemStatusId: added.body.id });
    expect((await first()).items.find((r) => r.id === mine.id)!.itemStatus).toEqual({
      id: added.body.id,
      name: 'Nowy',
      color: '123456',
    });
    expect((await org.admin.delete(`/api/items?id=${mine.id}`)).status).toBe(204);
    await compare(30, 8);
  });

  it('keeps exact under concurrent writers and searches', async () => {
    const writes = items.slice(40, 60).map((item, k) =>
      org.admin.put('/api/items', {
        ...itemBody(c, {}),
        id: item.id,
        code: item.code,
        name: k % 2 ? 'Bbb' : item.name,
        countWare: k,
        price: k * 3,
      }),
    );
    const reads = Array.from({ length: 20 }, () => org.admin.get('/api/items?perPage=100&sort=COUNT_D'));
    const answers = await Promise.all([...writes, ...reads]);
    for (const a of answers) expect(a.status).toBe(200);
    await compare(40, 5);
  });

  it('reloads on a logged reload, answering from the database meanwhile', async () => {
    const loads = indexStats.loads;
    await server.deps.db.insertInto('item_index_log').values({ org_id: orgId, item_id: 0 }).execute();
    const during = itemsAnswerSchema.parse((await org.admin.get('/api/items?perPage=100')).body);
    expect(during.count).toBe(items.length - 4);
    expect(indexStats.loads).toBe(loads + 1);
    await indexReady();
    await compare(20, 6);
  });

  it('the purge prunes log rows older than an hour; an index that had not read them reloads', async () => {
    const logRows = async () =>
      Number(
        (
          await server.deps.db
            .selectFrom('item_index_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await purgeItemIndexLog(server.deps)).toBe(0);
    const item = items[1]!;
    expect(
      (await org.admin.put('/api/items', { ...itemBody(c, {}), id: item.id, code: item.code, price: 8 })).status,
    ).toBe(200);
    const rows = await logRows();
    expect(rows).toBeGreaterThan(0);
    const loads = indexStats.loads;
    const later = { ...server.deps, now: () => new Date(Date.now() + 61 * 60_000) };
    // PostgreSQL prunes only rows of transactions older than every running one: a write of another
    // test file on the same server can hold it back for a moment.
    let purged = 0;
    for (let k = 0; k < 200 && (await logRows()) > 0; k++) {
      purged += await purgeItemIndexLog(later);
      if ((await logRows()) > 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(purged).toBe(rows);
    expect(await logRows()).toBe(0);
    await org.admin.get('/api/items?perPage=25');
    expect(indexStats.loads).toBe(loads + 1);
    await indexReady();
    await compare(20, 8);
  });

  it('a worker starting loads the indexes of big organisations before any search', async () => {
    const fresh = {}; // a registry of its own, as a new worker's
    const log = { info: () => undefined, warn: (err: unknown) => expect.unreachable(String(err)) };
    await prewarmIndexes(server.deps.db, { key: fresh, minItems: 10, maxItems: 1_000_000, log });
    expect(indexState(fresh, orgId)).toBe('ready');
    // The other organisation has 5 items: below the threshold, no index.
    expect(indexState(fresh, await orgIdOf(other.prefix))).toBeUndefined();
  });

  it("never shows another organisation's items", async () => {
    const all = itemsAnswerSchema.parse((await org.admin.get('/api/items?perPage=10000')).body);
    expect(all.items.some((r) => r.code.startsWith('OBCY'))).toBe(false);
    expect(all.count).toBe(items.length - 4);
  });
});
