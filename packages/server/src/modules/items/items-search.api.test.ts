/**
 * The item search against a plain in-memory filter of the same rows (fast-check): every filter,
 * sort and page of docs/rules/catalogue-and-orders-rules.md §2.2 / §3 Item search, through real HTTP, on both engines.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_SORTS, itemsAnswerSchema, itemSchema, type ItemRow, type ItemSort } from '@zaplecze/contract';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg } from '../../../test/factories';
import { createCatalog, itemBody, type Catalog } from '../../../test/catalog';

let server: TestServer;
let org: TestOrg;
let c: Catalog;
const rows: ItemRow[] = [];

const WORDS = ['Kubek', 'łyżka', 'Żółty', 'kabel', 'Etui', 'ładowarka', 'stół', 'AB', 'ab12'];

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  c = await createCatalog(org.admin);
  const specs = fc.sample(
    fc.record({
      words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
      price: fc.integer({ min: 0, max: 5000 }),
      countWare: fc.integer({ min: 0, max: 30 }),
      countOffer: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
      status: fc.constantFrom(c.statusId, c.status2Id),
      group: fc.constantFrom(c.groupId, null),
      category: fc.constantFrom(c.categoryId, c.subCategoryId, null),
      place: fc.constantFrom(c.placeId, c.subPlaceId, null),
      gtin: fc.constantFrom('', '5901234123457', '96385074', '12345'),
      ext: fc.option(fc.constantFrom('EXT-ab', 'xyz-KAB', 'żółw'), { nil: null }),
      photos: fc.integer({ min: 0, max: 3 }),
    }),
    { numRuns: 48, seed: 20261123 },
  );
  for (const [i, s] of specs.entries()) {
    const res = await org.admin.post(
      '/api/items',
      itemBody(c, {
        code: `s${String(i).padStart(3, '0')}-${s.words[0]
          ?.slice(0, 2)
          .normalize('NFD')
          .replace(/[^A-Za-z]/g, 'X')}`,
        name: s.words.join(' '),
        price: s.price / 100,
        countWare: s.countWare,
        countOffer: s.countOffer,
        itemStatusId: s.status,
        itemGroupId: s.group,
        categoryId: s.category,
        placeId: s.place,
        gtin: s.gtin,
        externalData: s.ext === null ? null : { code: s.ext },
        photos: Array.from({ length: s.photos }, (_, k) => ({ type: 'url', name: `https://x.pl/${i}-${k}.jpg` })),
      }),
    );
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    rows.push(itemSchema.parse(res.body));
  }
}, 120_000);
afterAll(() => server.close());

interface Query {
  code?: string;
  name?: string;
  gtin?: string;
  extCode?: string;
  priceFrom?: number;
  priceTo?: number;
  countFrom?: number;
  countTo?: number;
  countType?: 'COUNT_WARE' | 'COUNT_OFFER';
  countPhotosFrom?: number;
  countPhotosTo?: number;
  statusId?: number;
  groupId?: number;
  catId?: number;
  placeId?: number;
  sort: ItemSort;
}

const fold = (s: string) => s.toLocaleLowerCase('pl');
const contains = (hay: string, needle: string | undefined) => needle === undefined || fold(hay).includes(fold(needle));
const cents = (n: number) => Math.round(n * 100);

function model(q: Query): ItemRow[] {
  const count = (r: ItemRow) => (q.countType === 'COUNT_OFFER' ? (r.countOffer ?? r.countWare) : r.countWare);
  const tree = (id: number | undefined, filter: number | undefined, top: number, sub: number) => {
    if (filter === undefined) return true;
    if (filter === -1) return id === undefined;
    if (filter === -2) return id !== undefined;
    return filter === top ? id === top || id === sub : id === filter;
  };
  const found = rows.filter(
    (r) =>
      contains(r.code, q.code) &&
      contains(r.name, q.name) &&
      contains(r.gtin, q.gtin) &&
      contains(r.externalData?.code ?? '', q.extCode) &&
      (q.priceFrom === undefined || cents(r.price) >= cents(q.priceFrom)) &&
      (q.priceTo === undefined || cents(r.price) <= cents(q.priceTo)) &&
      (q.countFrom === undefined || count(r) >= q.countFrom) &&
      (q.countTo === undefined || count(r) <= q.countTo) &&
      (q.countPhotosFrom === undefined || r.itemSummary.countPhotos >= q.countPhotosFrom) &&
      (q.countPhotosTo === undefined || r.itemSummary.countPhotos <= q.countPhotosTo) &&
      (q.statusId === undefined || r.itemStatus?.id === q.statusId) &&
      (q.groupId === undefined ||
        (q.groupId === -1
          ? r.itemGroup === null
          : q.groupId === -2
            ? r.itemGroup !== null
            : r.itemGroup?.id === q.groupId)) &&
      tree(r.category?.id, q.catId, c.categoryId, c.subCategoryId) &&
      tree(r.place?.id, q.placeId, c.placeId, c.subPlaceId),
  );
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  const key: Record<ItemSort, (a: ItemRow, b: ItemRow) => number> = {
    CODE: (a, b) => cmp(a.code, b.code) || a.id - b.id,
    NAME: (a, b) => cmp(a.name, b.name) || a.id - b.id,
    PRICE_A: (a, b) => cents(a.price) - cents(b.price) || a.id - b.id,
    PRICE_D: (a, b) => cents(b.price) - cents(a.price) || b.id - a.id,
    COUNT_A: (a, b) => count(a) - count(b) || a.id - b.id,
    COUNT_D: (a, b) => count(b) - count(a) || b.id - a.id,
  };
  return found.sort(key[q.sort]);
}

const text = fc.option(
  fc.constantFrom(
    'ab',
    'AB',
    'ł',
    'Łyż',
    'żółt',
    'kab',
    'S0',
    's01',
    '59012',
    '963',
    'ext',
    'xyz-k',
    'ŻÓŁ',
    '%',
    '_',
    '"',
  ),
  { nil: undefined },
);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const allFilters = fc.record({
  code: text,
  name: text,
  gtin: text,
  extCode: text,
  priceFrom: maybe(fc.integer({ min: 0, max: 5000 }).map((n) => n / 100)),
  priceTo: maybe(fc.integer({ min: 0, max: 5000 }).map((n) => n / 100)),
  countFrom: maybe(fc.integer({ min: 0, max: 30 })),
  countTo: maybe(fc.integer({ min: 0, max: 30 })),
  countType: maybe(fc.constantFrom('COUNT_WARE' as const, 'COUNT_OFFER' as const)),
  countPhotosFrom: maybe(fc.integer({ min: 0, max: 3 })),
  countPhotosTo: maybe(fc.integer({ min: 0, max: 3 })),
  statusId: maybe(fc.constantFrom(1, 2).map((k) => (k === 1 ? c.statusId : c.status2Id))),
  groupId: maybe(fc.constantFrom(-1, -2, 0).map((k) => (k === 0 ? c.groupId : k))),
  catId: maybe(fc.constantFrom(-1, -2, 0, 1).map((k) => (k === 0 ? c.categoryId : k === 1 ? c.subCategoryId : k))),
  placeId: maybe(fc.constantFrom(-1, -2, 0, 1).map((k) => (k === 0 ? c.placeId : k === 1 ? c.subPlaceId : k))),
  sort: fc.constantFrom(...ITEM_SORTS),
});
/** A sort and at most three filters: a query with every filter set matches nothing and tests little. */
const FILTER_KEYS = [
  'code',
  'name',
  'gtin',
  'extCode',
  'priceFrom',
  'priceTo',
  'countFrom',
  'countTo',
  'countType',
  'countPhotosFrom',
  'countPhotosTo',
  'statusId',
  'groupId',
  'catId',
  'placeId',
] as const;
const queryArb: fc.Arbitrary<Query> = fc
  .tuple(allFilters, fc.shuffledSubarray([...FILTER_KEYS], { maxLength: 3 }))
  .map(([all, keys]) => Object.fromEntries([['sort', all.sort], ...keys.map((k) => [k, all[k]])]) as Query);

function queryString(q: Query, page: number, perPage: number): string {
  const p = new URLSearchParams({ page: String(page), perPage: String(perPage) });
  for (const [k, v] of Object.entries(q)) if (v !== undefined) p.set(k, String(v));
  return p.toString();
}

describe('GET /items search', () => {
  it('answers exactly the rows, order and count of an in-memory filter of the same items', async () => {
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(queryArb, async (q) => {
        const expected = model(q);
        const res = await org.admin.get(`/api/items?${queryString(q, 1, 10000)}`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const answer = itemsAnswerSchema.parse(res.body);
        expect(answer.count).toBe(expected.length);
        expect(answer.items.map((r) => r.code)).toEqual(expected.map((r) => r.code));
        if (expected.length > 0) nonEmpty++;
      }),
      { numRuns: 150, seed: 7 },
    );
    // Most generated searches find something: the property compares real answers, not empty lists.
    expect(nonEmpty).toBeGreaterThan(75);
  });

  it('pages are consecutive slices of the same order, with the exact count on each', async () => {
    await fc.assert(
      fc.asyncProperty(queryArb, fc.integer({ min: 1, max: 3 }), async (q, page) => {
        const expected = model(q);
        const answer = itemsAnswerSchema.parse((await org.admin.get(`/api/items?${queryString(q, page, 25)}`)).body);
        expect(answer).toMatchObject({ count: expected.length, perPage: 25 });
        expect(answer.items.map((r) => r.code)).toEqual(expected.slice((page - 1) * 25, page * 25).map((r) => r.code));
      }),
      { numRuns: 40, seed: 11 },
    );
  });

  it('cleans the query like the screen does: page below 1 is 1, empty fields are no filter, a bad page size is refused', async () => {
    const first = itemsAnswerSchema.parse((await org.admin.get('/api/items?page=-4&perPage=25&name=&code=')).body);
    expect(first.items.map((r) => r.code)).toEqual(
      model({ sort: 'CODE' })
        .slice(0, 25)
        .map((r) => r.code),
    );
    const bad = await org.admin.get<{ message: string; field?: string }>('/api/items?perPage=7');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Liczba wierszy na stronie');
    expect((await org.admin.get('/api/items?sort=RANDOM')).status).toBe(400);
  });

  it('rows carry what the list shows without one query per row', async () => {
    const answer = itemsAnswerSchema.parse(
      (await org.admin.get('/api/items?perPage=100&catId=' + c.subCategoryId)).body,
    );
    for (const row of answer.items) {
      expect(row.category).toMatchObject({ name: 'Telefony', number: 'T', fullName: 'Elektronika / Telefony' });
      expect(row.itemStatus?.color).toMatch(/^[0-9a-f]{6}$/);
    }
  });

  it("another organisation's items, categories and places never answer, filtered or searched", async () => {
    const stranger = await createOrg(server);
    const theirs = await createCatalog(stranger.admin);
    const res = await stranger.admin.post(
      '/api/items',
      itemBody(theirs, {
        code: 'OBCY-1',
        name: 'Kubek żółty obcy',
        categoryId: theirs.subCategoryId,
        placeId: theirs.subPlaceId,
      }),
    );
    expect(res.status).toBe(200);
    const get = async (q: string) =>
      itemsAnswerSchema.parse((await org.admin.get(`/api/items?perPage=10000&${q}`)).body);
    // Their tree's nodes are unknown here: the subtree walk finds nothing, not everything.
    for (const q of [`catId=${theirs.categoryId}`, `placeId=${theirs.placeId}`, `catId=${theirs.subCategoryId}`]) {
      expect(await get(q)).toMatchObject({ count: 0, items: [] });
    }
    // The counted contains-search (one statement with a window count) sees only our items, on
    // the page and past it.
    const ours = model({ sort: 'CODE', name: 'Kubek' }).map((r) => r.code);
    expect((await get('name=Kubek')).items.map((r) => r.code)).toEqual(ours);
    const past = itemsAnswerSchema.parse((await org.admin.get('/api/items?perPage=25&page=40&name=Kubek')).body);
    expect(past).toMatchObject({ count: ours.length, items: [] });
  });
});
