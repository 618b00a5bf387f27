/**
 * Deep pages read from seek bookmarks (items.bookmarks) answer exactly the rows of the OFFSET
 * query, on both engines: every sort (descending ones and ties included), with filters, after
 * every kind of write, across organisations, and under concurrent writes. The bookmarks' spacing
 * and threshold are lowered (an internal option) so a few hundred items give many bookmarks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_SORTS, itemSchema, itemSearchSchema, itemsAnswerSchema, type ItemRow } from '@zaplecze/contract';
import { startTestServer, testEngine, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg, orgIdOf } from '../../../test/factories';
import { createCatalog, itemBody, type Catalog } from '../../../test/catalog';
import { bookmarkOptions, bookmarks, bookmarkStats, listSignature } from './items.bookmarks';

let server: TestServer;
let a: TestOrg;
let b: TestOrg;
let ca: Catalog;
let cb: Catalog;
const saved = { ...bookmarkOptions };
const ids: number[] = [];

const NAMES = ['Kubek', 'Etui', 'Kabel', 'Łyżka'];
const PRICES = [0, 9.99, 9.99, 25, 100];

async function addItems(org: TestOrg, c: Catalog, n: number, tag: string): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await org.admin.post(
      '/api/items',
      itemBody(c, {
        // Codes not in creation order, so CODE, NAME and id orders differ.
        code: `${tag}${String((i * 37) % 1000).padStart(3, '0')}`,
        name: NAMES[i % 4],
        price: PRICES[i % 5],
        countWare: i % 7 === 0 ? 0 : i % 3,
        countOffer: i % 4 === 0 ? null : i % 5,
        itemStatusId: i % 3 === 0 ? c.status2Id : c.statusId,
        categoryId: [c.categoryId, c.subCategoryId, null][i % 3],
        itemGroupId: i % 2 === 0 ? c.groupId : null,
        placeId: i % 5 === 0 ? c.subPlaceId : null,
      }),
    );
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    out.push(itemSchema.parse(res.body).id);
  }
  return out;
}

beforeAll(async () => {
  server = await startTestServer();
  a = await createOrg(server);
  b = await createOrg(server);
  ca = await createCatalog(a.admin);
  cb = await createCatalog(b.admin);
  ids.push(...(await addItems(a, ca, 130, 'D')));
  await addItems(b, cb, 90, 'D');
  // A bookmark every 7 rows from offset 25 on: pages of 25 skip 4, 1, 5... rows after the seek.
  Object.assign(bookmarkOptions, { every: 7, from: 25 });
}, 180_000);
afterAll(async () => {
  Object.assign(bookmarkOptions, saved);
  bookmarks.clear();
  await server.close();
});

type Query = Record<string, string | number>;

async function page(org: TestOrg, query: Query, deep: boolean): Promise<{ items: ItemRow[]; count: number }> {
  bookmarkOptions.from = deep ? 25 : Number.MAX_SAFE_INTEGER;
  try {
    const res = await org.admin.get(
      `/api/items?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    );
    expect(res.status).toBe(200);
    const body = itemsAnswerSchema.parse(res.body);
    return { items: body.items, count: body.count };
  } finally {
    bookmarkOptions.from = 25;
  }
}

/**
 * The deep pages of the list (every one, or the second, a middle one, the last and the one past
 * the end) from bookmarks equal the OFFSET pages.
 */
async function expectSameAsOffset(org: TestOrg, query: Query, every = true): Promise<void> {
  const perPage = 25;
  const first = await page(org, { ...query, perPage }, false);
  const last = Math.ceil(first.count / perPage);
  const all = Array.from({ length: last }, (_, i) => i + 2);
  for (const p of every ? all : [...new Set([2, Math.ceil(last / 2) + 1, last, last + 1])]) {
    const q = { ...query, perPage, page: p };
    const offset = await page(org, q, false);
    const deep = await page(org, q, true);
    expect(
      deep.items.map((i) => i.id),
      `${JSON.stringify(q)}`,
    ).toEqual(offset.items.map((i) => i.id));
    expect(deep).toEqual(offset);
  }
}

const FILTERS = (c: Catalog): Query[] => [
  {},
  { statusId: c.statusId },
  { priceFrom: '9.99', priceTo: '25' },
  { countFrom: 1, countTo: 3, countType: 'COUNT_OFFER' },
  { catId: c.categoryId },
  { groupId: -1 },
  { placeId: -2, statusId: c.status2Id },
];
const SORTED: Query[] = [
  ...ITEM_SORTS.map((sort) => ({ sort })),
  { sort: 'COUNT_A', countType: 'COUNT_OFFER' },
  { sort: 'COUNT_D', countType: 'COUNT_OFFER' },
];

describe('deep item pages from bookmarks', () => {
  it('equal the OFFSET pages for every sort, with and without filters', async () => {
    const seeks = bookmarkStats.seeks;
    for (const sort of SORTED) for (const filter of FILTERS(ca)) await expectSameAsOffset(a, { ...sort, ...filter });
    expect(bookmarkStats.seeks).toBeGreaterThan(seeks + 100);
  }, 240_000);

  it('equal the OFFSET pages after inserts, deletes, renames, stock, price, status and tree changes', async () => {
    const lists: Query[] = [...SORTED, { sort: 'NAME', statusId: ca.statusId }, { sort: 'CODE', catId: ca.categoryId }];
    const all = async () => {
      for (const q of lists) await expectSameAsOffset(a, q, false);
    };
    await all();
    const item = async (id: number) =>
      itemSchema.parse((await a.admin.get<{ items: unknown[] }>(`/api/items?id=${id}`)).body.items[0]);
    const put = async (id: number, changes: Record<string, unknown>) => {
      const it = await item(id);
      const res = await a.admin.put('/api/items', {
        id,
        code: it.code,
        name: it.name,
        price: it.price,
        vat: it.vat,
        currency: it.currency,
        countOffer: it.countOffer,
        itemStatusId: it.itemStatus?.id,
        itemGroupId: it.itemGroup?.id ?? null,
        categoryId: it.category?.id ?? null,
        placeId: it.place?.id ?? null,
        photosUnchanged: true,
        paramsUnchanged: true,
        descsUnchanged: true,
        ...changes,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    const writes: [string, () => Promise<unknown>][] = [
      // Sorts first in CODE and NAME order and lowest in price: every deep page moves by one.
      ['insert', () => addItems(a, ca, 1, 'A')],
      ['delete', () => a.admin.delete(`/api/items?id=${ids[3]}`)],
      ['rename code and name', () => put(ids[10]!, { code: 'A-RENAMED', name: 'Aaa' })],
      ['stock', () => put(ids[20]!, { countWare: 500 })],
      ['offer quantity', () => put(ids[21]!, { countOffer: 300 })],
      [
        'price (mass edit)',
        () =>
          a.admin.post('/api/items/mass_edit', { ids: ids.slice(30, 45), data: { price: { type: 'SET', value: 1 } } }),
      ],
      [
        'status (mass edit)',
        () => a.admin.post('/api/items/mass_edit', { ids: ids.slice(50, 60), data: { itemStatusId: ca.status2Id } }),
      ],
      [
        'stock (mass edit)',
        () =>
          a.admin.post('/api/items/mass_edit', {
            ids: ids.slice(60, 90),
            data: { countWare: { type: 'INC', value: 2 } },
          }),
      ],
      [
        'category moved out of the tree',
        () => a.admin.put('/api/categories', { id: ca.subCategoryId, name: 'Telefony', number: 'T', parentId: null }),
      ],
      ['mass delete', () => a.admin.post('/api/items/mass_delete', { ids: ids.slice(100, 104) })],
    ];
    for (const [name, write] of writes) {
      const stale = bookmarkStats.stale;
      const res = (await write()) as { status?: number } | undefined;
      if (res && typeof res === 'object' && 'status' in res) expect(res.status, name).toBeLessThan(300);
      await all();
      // Some kept bookmarks were found stale and collected again (the write moved deep pages).
      expect(bookmarkStats.stale, name).toBeGreaterThan(stale);
    }
  }, 300_000);

  it("a stock or price change keeps the bookmarks of lists that don't read it", async () => {
    const id = orgIdOf(a);
    const search = (q: Query) => itemSearchSchema.parse(q);
    const deepPage = (q: Query) => page(a, { ...q, perPage: 25, page: 3 }, true);
    const code = { sort: 'CODE' };
    const count = { sort: 'COUNT_A' };
    const price = { sort: 'PRICE_D' };
    // The first deep request of a list notes its version, the second collects its bookmarks.
    for (const q of [code, count, price, code, count, price]) await deepPage(q);
    const kept = (q: Query) => bookmarks.get(listSignature(id, search(q)));
    const before = [kept(code), kept(count), kept(price)];
    expect(before.every((e) => e !== undefined)).toBe(true);
    await a.admin.post('/api/items/mass_edit', {
      ids: ids.slice(110, 120),
      data: { countWare: { type: 'INC', value: 1 } },
    });
    for (const q of [code, count, price]) await deepPage(q);
    expect(kept(code)).toBe(before[0]);
    expect(kept(price)).toBe(before[2]);
    expect(kept(count)).not.toBe(before[1]);
    await a.admin.post('/api/items/mass_edit', {
      ids: ids.slice(110, 120),
      data: { price: { type: 'INC', value: 1 } },
    });
    for (const q of [code, count, price]) await deepPage(q);
    expect(kept(price)).not.toBe(before[2]);
    expect(kept(code)).toBe(before[0]);
    for (const q of [code, count, price]) await expectSameAsOffset(a, q);
  }, 120_000);

  it("never serves another organisation's list, and another organisation's writes leave a list alone", async () => {
    const ida = orgIdOf(a);
    const idb = orgIdOf(b);
    for (const sort of SORTED) {
      await expectSameAsOffset(a, sort);
      await expectSameAsOffset(b, sort);
    }
    const versions = async (org: number) =>
      await server.deps.db.selectFrom('item_list_versions').selectAll().where('org_id', '=', org).executeTakeFirst();
    const aBefore = await versions(ida);
    const keptA = bookmarks.get(listSignature(ida, itemSearchSchema.parse({ sort: 'NAME' })));
    await addItems(b, cb, 3, 'A');
    await expectSameAsOffset(b, { sort: 'NAME' });
    // The same list of the other organisation has bookmarks of its own.
    const keptB = bookmarks.get(listSignature(idb, itemSearchSchema.parse({ sort: 'NAME' })));
    expect(keptB).toBeDefined();
    expect(keptB).not.toBe(keptA);
    expect(await versions(ida)).toEqual(aBefore);
    await expectSameAsOffset(a, { sort: 'NAME' });
    expect(bookmarks.get(listSignature(ida, itemSearchSchema.parse({ sort: 'NAME' })))).toBe(keptA);
  }, 120_000);

  it('stay exact while items are written concurrently', async () => {
    const stock = (value: number) =>
      a.admin.post('/api/items/mass_edit', { ids: ids.slice(5, 25), data: { countWare: { type: 'SET', value } } });
    const results = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => stock(i)),
      ...Array.from({ length: 6 }, (_, i) => addItems(a, ca, 1, `C${i}`)),
      ...Array.from({ length: 6 }, () => page(a, { sort: 'COUNT_D', perPage: 25, page: 3 }, true)),
    ]);
    for (const r of results.slice(0, 12)) expect((r as { status: number }).status).toBe(200);
    await expectSameAsOffset(a, { sort: 'COUNT_D' });
    await expectSameAsOffset(a, { sort: 'CODE' });
    // PostgreSQL: the next writer folds the committed writers' notes into the counter row and
    // leaves only its own (SQLite writes no notes).
    await stock(1);
    const notes = await server.deps.db
      .selectFrom('item_list_changes')
      .select('tx')
      .where('org_id', '=', orgIdOf(a))
      .execute();
    expect(notes.length).toBe(testEngine() === 'postgres' ? 1 : 0);
    await expectSameAsOffset(a, { sort: 'COUNT_D' });
  }, 120_000);

  it('a deep page of 1,000 rows equals its OFFSET page', async () => {
    await a.admin.post('/api/items/generate_many', {
      beforeSymbol: 'G',
      start: 1,
      stop: 1000,
      itemStatusId: ca.statusId,
    });
    Object.assign(bookmarkOptions, { every: 97 });
    try {
      for (const sort of ['CODE', 'NAME', 'PRICE_D']) {
        const q = { sort, perPage: 1000, page: 2 };
        const offset = await page(a, q, false);
        expect(offset.items.length).toBeGreaterThan(0);
        const seeks = bookmarkStats.seeks;
        expect(await page(a, q, true)).toEqual(offset);
        expect(await page(a, q, true)).toEqual(offset);
        expect(bookmarkStats.seeks).toBe(seeks + 1);
      }
    } finally {
      bookmarkOptions.every = 7;
    }
  }, 120_000);
});
