/**
 * The contains-search's side table `item_search` (PostgreSQL, migration 0011) stays in step with
 * `items` through every write the API offers: create, rename, GTIN change, external code, stock,
 * mass edit, copy, generation, delete, mass delete, the demo seed. Each step checks what the user
 * sees (the search, through real HTTP, on both engines) and, on PostgreSQL, that the table holds
 * exactly the copy of every item (`searchTableDiff`). Another organisation never sees an item.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemsAnswerSchema, itemSchema, type Item } from '@zaplecze/contract';
import { startTestServer, testEngine, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg } from '../../../test/factories';
import { createCatalog, itemBody, type Catalog } from '../../../test/catalog';
import { seedDemo } from '../../demo/demo-seed';

let server: TestServer;
let org: TestOrg;
let other: TestOrg;
let c: Catalog;
let otherCatalog: Catalog;
const postgres = testEngine() === 'postgres';

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  other = await createOrg(server, { orgPrefix: 'obca' });
  c = await createCatalog(org.admin);
  otherCatalog = await createCatalog(other.admin);
});
afterAll(() => server.close());

async function create(overrides: Record<string, unknown>): Promise<Item> {
  const res = await org.admin.post('/api/items', itemBody(c, overrides));
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return itemSchema.parse(res.body);
}

/** The codes a search finds (one page of 10,000) and its count, as the list gets them. */
async function found(
  client: TestOrg,
  query: Record<string, string>,
): Promise<{ codes: string[]; count: number; ids?: number[] }> {
  const res = await client.admin.get(`/api/items?${new URLSearchParams({ perPage: '10000', ...query })}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const answer = itemsAnswerSchema.parse(res.body);
  const ids = answer.items.map((i) => i.id);
  // Not enumerable: toEqual compares codes and count only.
  return Object.defineProperty({ codes: answer.items.map((i) => i.code), count: answer.count }, 'ids', { value: ids });
}

/**
 * PostgreSQL: the rows where item_search is not exactly the copy of items it should be (a missing,
 * stale or orphaned row), over every organisation; empty when in step. SQLite has no such table.
 */
async function searchTableDiff(): Promise<unknown[]> {
  if (!postgres) return [];
  const expected = sql`select id, org_id, code, name, lower(name) as name_lower, gtin, lower(ext_code) as ext_code_lower,
    price, count_ware, count_offer, count_photos, item_status_id, item_group_id, category_id, place_id from items`;
  const stored = sql`select id, org_id, code, name, name_lower, gtin, ext_code_lower,
    price, count_ware, count_offer, count_photos, item_status_id, item_group_id, category_id, place_id from item_search`;
  const r = await sql<{
    id: number;
  }>`(${expected} except all ${stored}) union all (${stored} except all ${expected})`.execute(server.deps.db);
  return r.rows;
}

describe('item_search follows every write', () => {
  it('create, rename, GTIN and external code changes, stock and photos', async () => {
    const item = await create({ code: 'kub-1', name: 'Kubek ŻÓŁTY', gtin: '5901234123457', countWare: 2 });
    expect(await searchTableDiff()).toEqual([]);
    expect((await found(org, { name: 'żółty' })).codes).toEqual(['KUB-1']);
    expect((await found(org, { code: 'ub-' })).codes).toEqual(['KUB-1']);
    expect((await found(org, { gtin: '0123412' })).codes).toEqual(['KUB-1']);

    const body = { ...itemBody(c, { code: 'kub-1' }), id: item.id };
    const renamed = await org.admin.put('/api/items', {
      ...body,
      name: 'Talerz głęboki',
      gtin: '96385074',
      externalData: { code: 'Hurt-ABC', url: '', price: 0, customMargin: null },
      countWare: 7,
      photos: [{ type: 'url', name: 'https://x.pl/t.jpg' }],
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await searchTableDiff()).toEqual([]);
    expect(await found(org, { name: 'żółty' })).toEqual({ codes: [], count: 0 });
    expect((await found(org, { name: 'TALERZ G' })).codes).toEqual(['KUB-1']);
    expect(await found(org, { gtin: '0123412' })).toEqual({ codes: [], count: 0 });
    expect((await found(org, { gtin: '638507' })).codes).toEqual(['KUB-1']);
    expect((await found(org, { extCode: 'rt-abc' })).codes).toEqual(['KUB-1']);
    // The copied filters and sort keys follow too: stock and photos with a text filter.
    expect((await found(org, { name: 'talerz', countFrom: '7', countTo: '7', countPhotosFrom: '1' })).count).toBe(1);
  });

  it('mass edit (price, stock, status, category, random GTIN), copy and generation', async () => {
    const a = await create({ code: 'mas-a', name: 'Lampka nocna', countWare: 1, price: 10 });
    const b = await create({ code: 'mas-b', name: 'Lampka biurkowa', countWare: 1, price: 20 });
    const res = await org.admin.post('/api/items/mass_edit', {
      ids: [a.id, b.id],
      data: {
        price: { type: 'PLUSPERCENT', value: 10 },
        countWare: { type: 'INC', value: 2 },
        itemStatusId: c.status2Id,
        categoryId: c.subCategoryId,
        gtinType: 'RANDOM',
        gtinMode: 'OVERRIDE',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await searchTableDiff()).toEqual([]);
    const lamps = { name: 'lampka', statusId: String(c.status2Id), catId: String(c.categoryId) };
    expect((await found(org, { ...lamps, sort: 'PRICE_D' })).codes).toEqual(['MAS-B', 'MAS-A']);
    expect((await found(org, { ...lamps, countFrom: '3', sort: 'COUNT_A' })).codes).toEqual(['MAS-A', 'MAS-B']);

    expect((await org.admin.post('/api/items/copy', { id: a.id, newCode: 'mas-kopia' })).status).toBe(200);
    const generated = await org.admin.post('/api/items/generate_many', {
      beforeSymbol: 'gen-lamp-',
      start: 1,
      stop: 30,
      itemStatusId: c.statusId,
      countWare: 1,
    });
    expect(generated.body).toEqual({ generated: 30 });
    expect(await searchTableDiff()).toEqual([]);
    expect((await found(org, { name: 'lampka nocna' })).codes).toEqual(['MAS-A', 'MAS-KOPIA']);
    expect((await found(org, { code: 'GEN-LAMP-' })).count).toBe(30);
    expect((await found(org, { code: 'gen-lamp-3' })).codes).toEqual(['GEN-LAMP-3', 'GEN-LAMP-30']);
  });

  it('delete and mass delete take the search row along', async () => {
    const a = await create({ code: 'usun-a', name: 'Wazon do usunięcia' });
    const b = await create({ code: 'usun-b', name: 'Wazon do usunięcia' });
    expect((await found(org, { name: 'wazon do usu' })).count).toBe(2);
    expect((await org.admin.delete(`/api/items?id=${a.id}`)).status).toBe(204);
    expect((await found(org, { name: 'wazon do usu' })).codes).toEqual(['USUN-B']);
    expect((await org.admin.post('/api/items/mass_delete', { ids: [b.id] })).status).toBe(200);
    expect(await found(org, { name: 'wazon do usu' })).toEqual({ codes: [], count: 0 });
    expect(await searchTableDiff()).toEqual([]);
  });

  it("another organisation's items never answer a contains-search, however it is sorted or filtered", async () => {
    const theirs = await other.admin.post(
      '/api/items',
      itemBody(otherCatalog, { code: 'kub-1', name: 'Kubek obcy żółty', gtin: '5901234123457' }),
    );
    expect(theirs.status).toBe(200);
    const theirId = itemSchema.parse(theirs.body).id;
    for (const sort of ['CODE', 'NAME', 'PRICE_A', 'COUNT_D']) {
      const queries: Record<string, string>[] = [
        { name: 'kubek' },
        { code: 'KUB-1' },
        { gtin: '590123' },
        { name: 'ku' },
      ];
      for (const q of queries) {
        expect((await found(org, { ...q, sort })).ids).not.toContain(theirId);
        expect((await found(other, { ...q, sort })).ids).toEqual([theirId]);
      }
    }
    expect((await found(other, { name: 'talerz' })).count).toBe(0);
    expect((await found(other, { name: 'obcy', statusId: String(c.statusId) })).count).toBe(0);
    expect(await searchTableDiff()).toEqual([]);
  });

  // The SQLite seed (its FTS5 index) is tested by demo/demo-seed.api.test.ts; only PostgreSQL has the table.
  it.skipIf(!postgres)('the demo seed fills it in one statement and puts its triggers back', async () => {
    const seeded = await seedDemo(server.database, server.deps, {
      prefix: 'demoszuk',
      password: 'Demo-Haslo-1',
      items: 300,
    });
    expect(await searchTableDiff()).toEqual([]);
    await sql`update items set name = 'Zmieniona nazwa' where id = (select min(id) from items where org_id = ${seeded.orgId})`.execute(
      server.deps.db,
    );
    await create({ code: 'po-seedzie', name: 'Dodany po seedzie' });
    expect(await searchTableDiff()).toEqual([]);
    expect((await found(org, { name: 'po seedzie' })).codes).toEqual(['PO-SEEDZIE']);
  });
});
