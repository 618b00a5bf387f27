import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemLookupAnswerSchema, itemSchema, itemsAnswerSchema, type Item } from '@zaplecze/contract';
import { type ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';
import { createCatalog, itemBody, type Catalog } from '../../../test/catalog';

let server: TestServer;
let org: TestOrg;
let other: TestOrg;
let c: Catalog;
let otherCatalog: Catalog;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  other = await createOrg(server, { orgPrefix: 'inna' });
  c = await createCatalog(org.admin);
  otherCatalog = await createCatalog(other.admin);
});
afterAll(() => server.close());

async function create(overrides: Record<string, unknown> = {}, client: ApiClient = org.admin): Promise<Item> {
  const res = await client.post('/api/items', itemBody(c, overrides));
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return itemSchema.parse(res.body);
}

async function ledger(itemId: number): Promise<{ type: string; quantity: number; committed: number }[]> {
  return server.deps.db
    .selectFrom('warehouse_changes')
    .select(['type', 'quantity', 'committed'])
    .where('item_id', '=', itemId)
    .orderBy('id')
    .execute();
}

describe('POST /items', () => {
  it('saves every field and answers the whole item; the initial stock is a committed ledger row', async () => {
    const item = await create({
      code: ' full-1 ',
      gtin: '5901234123457',
      description: 'Opis <b>HTML</b>',
      price: '1234,5',
      vat: 8,
      currency: 'eur',
      countWare: 7,
      countOffer: 3,
      deliveryPriceListId: c.priceListId,
      deliveryTimeId: c.timeId,
      itemGroupId: c.groupId,
      categoryId: c.subCategoryId,
      placeId: c.subPlaceId,
      externalData: { code: 'EXT-9', url: 'https://sklep.example.pl/p/9', price: 1000, customMargin: 12.5 },
      additionalDescIds: [c.descId],
      params: [
        { paramId: c.paramText, values: ['biały'] },
        { paramId: c.paramInt, values: ['300'] },
        { paramId: c.paramDict, values: ['USB-C', 'Jack'] },
      ],
      photos: [{ type: 'url', name: 'https://cdn.example.pl/1.jpg' }],
    });
    expect(item).toMatchObject({
      code: 'FULL-1',
      gtin: '5901234123457',
      price: 1234.5,
      vat: 8,
      currency: 'EUR',
      countWare: 7,
      countOffer: 3,
      itemStatus: { id: c.statusId, name: 'Aktywny', color: '00aa00' },
      deliveryPriceList: { id: c.priceListId, name: 'Kurier' },
      deliveryTime: { id: c.timeId, name: '24 h' },
      itemGroup: { id: c.groupId, name: 'Grupa A' },
      category: {
        id: c.subCategoryId,
        name: 'Telefony',
        number: 'T',
        fullNumber: 'E-T',
        fullName: 'Elektronika / Telefony',
      },
      place: { id: c.subPlaceId, fullNumber: 'H-1', fullName: 'Hala / Regał 1' },
      externalData: { code: 'EXT-9', url: 'https://sklep.example.pl/p/9', price: 1000, customMargin: 12.5 },
      itemSummary: { mainPhoto: { type: 'url', name: 'https://cdn.example.pl/1.jpg' }, countPhotos: 1, countParams: 3 },
      additionalDescs: [{ id: c.descId, name: 'Gwarancja', description: 'Dwa lata gwarancji.' }],
      params: [
        { paramId: c.paramText, values: ['biały'] },
        { paramId: c.paramInt, values: ['300'] },
        { paramId: c.paramDict, values: ['USB-C', 'Jack'] },
      ],
      photos: [{ type: 'url', name: 'https://cdn.example.pl/1.jpg' }],
    });
    expect(await ledger(item.id)).toEqual([{ type: 'INITIAL', quantity: 7, committed: 1 }]);
  });

  it.each([
    [{ code: '' }, 'code', 'Podaj kod towaru.'],
    [{ code: 'ZAŻÓŁĆ' }, 'code', 'Kod towaru może mieć'],
    [{ code: 'X'.repeat(41) }, 'code', 'Kod towaru może mieć'],
    [{ gtin: '5901234123458' }, 'gtin', 'cyfrą kontrolną'],
    [{ gtin: '12ab' }, 'gtin', 'GTIN może zawierać tylko cyfry'],
    [{ price: 1.234 }, 'price', 'Kwota musi być liczbą'],
    [{ price: -1 }, 'price', 'Kwota musi być liczbą'],
    [{ vat: 101 }, 'vat', 'Stawka VAT musi być liczbą'],
    [{ currency: 'ZŁ' }, 'currency', 'Waluta musi mieć 3 litery.'],
    [{ currency: 'ZLT' }, 'currency', 'Nieznany kod waluty'],
    [{ countWare: -1 }, 'countWare', 'Ilość musi być liczbą całkowitą'],
    [{ countWare: 1.5 }, 'countWare', 'Ilość musi być liczbą całkowitą'],
    [{ itemStatusId: undefined }, 'itemStatusId', 'Wybierz status towaru.'],
    [{ externalData: { url: 'javascript:alert(1)' } }, 'externalData.url', 'Adres URL musi zaczynać się'],
    [
      { photos: Array.from({ length: 21 }, (_, i) => ({ type: 'url', name: `https://x.pl/${i}.jpg` })) },
      'photos',
      'Towar nie może posiadać więcej niż 20 zdjęć!',
    ],
  ])('refuses %j with 400 naming %s', async (overrides, field, message) => {
    const res = await org.admin.post<{ message: string; field?: string }>('/api/items', itemBody(c, overrides));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(res.body.field).toBe(field);
  });

  it('codes are unique per organisation, case-insensitively; another organisation may reuse them', async () => {
    await create({ code: 'dup-1' });
    const again = await org.admin.post<{ message: string }>('/api/items', itemBody(c, { code: 'DUP-1' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Towar o kodzie DUP-1 już istnieje.');
    const elsewhere = await other.admin.post('/api/items', itemBody(otherCatalog, { code: 'dup-1' }));
    expect(elsewhere.status).toBe(200);
  });

  it("refuses another organisation's references like missing ones, naming the field", async () => {
    for (const [field, id] of [
      ['itemStatusId', otherCatalog.statusId],
      ['itemGroupId', otherCatalog.groupId],
      ['categoryId', otherCatalog.categoryId],
      ['placeId', otherCatalog.placeId],
      ['deliveryPriceListId', otherCatalog.priceListId],
      ['deliveryTimeId', otherCatalog.timeId],
    ] as const) {
      const res = await org.admin.post<{ field: string }>(
        '/api/items',
        itemBody(c, { code: `ref-${field}`, [field]: id }),
      );
      expect(res.status, field).toBe(400);
      expect(res.body.field).toBe(field);
    }
    const desc = await org.admin.post<{ field: string }>(
      '/api/items',
      itemBody(c, { additionalDescIds: [otherCatalog.descId] }),
    );
    expect(desc.status).toBe(400);
    expect(desc.body.field).toBe('additionalDescIds');
    const param = await org.admin.post<{ field: string }>(
      '/api/items',
      itemBody(c, { params: [{ paramId: otherCatalog.paramText, values: ['x'] }] }),
    );
    expect(param.status).toBe(400);
    expect(param.body.field).toBe('params');
  });

  it('checks parameter values by type, multi flag, dictionary and category', async () => {
    const bad = [
      [{ params: [{ paramId: c.paramInt, values: ['3.5'] }] }, 'musi być liczbą całkowitą'],
      [{ params: [{ paramId: c.paramText, values: ['a', 'b'] }] }, 'przyjmuje tylko jedną wartość'],
      [{ categoryId: c.subCategoryId, params: [{ paramId: c.paramDict, values: ['HDMI'] }] }, 'nie ma w słowniku'],
      [{ categoryId: c.categoryId, params: [{ paramId: c.paramDict, values: ['Jack'] }] }, 'należy do innej kategorii'],
      [
        {
          params: [
            { paramId: c.paramText, values: ['a'] },
            { paramId: c.paramText, values: ['b'] },
          ],
        },
        'więcej niż raz',
      ],
    ] as const;
    for (const [overrides, message] of bad) {
      const res = await org.admin.post<{ message: string }>('/api/items', itemBody(c, { code: 'par-x', ...overrides }));
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
    }
    // Empty values are dropped, and a parameter left without values is left out (§5).
    const item = await create({
      code: 'par-ok',
      params: [
        { paramId: c.paramText, values: ['', ' '] },
        { paramId: c.paramInt, values: ['07'] },
      ],
    });
    expect(item.params).toEqual([{ paramId: c.paramInt, values: ['7'] }]);
    expect(item.itemSummary.countParams).toBe(1);
  });

  it('needs main.items.edit to write and main.items.show to read', async () => {
    const viewer = await createUser(server, org, { login: 'ogladajacy', permissions: 'main.items.show' });
    const nobody = await createUser(server, org, { login: 'nikt' });
    expect((await viewer.client.get('/api/items')).status).toBe(200);
    expect((await nobody.client.get('/api/items')).status).toBe(403);
    expect((await viewer.client.post('/api/items', itemBody(c, { code: 'perm-1' }))).status).toBe(403);
    expect((await viewer.client.get('/api/items/summary_homepage')).status).toBe(200);
  });
});

describe('GET /items lookups', () => {
  it('finds by id, fullcode (any case), fullgtin and scanbarcode (code first, then GTIN)', async () => {
    const item = await create({ code: 'look-1', gtin: '96385074' });
    const byId = itemLookupAnswerSchema.parse((await org.admin.get(`/api/items?id=${item.id}`)).body);
    expect(byId.items.map((i) => i.code)).toEqual(['LOOK-1']);
    for (const q of ['fullcode=look-1', 'fullgtin=96385074', 'scanbarcode=LOOK-1', 'scanbarcode=96385074']) {
      const res = itemLookupAnswerSchema.parse((await org.admin.get(`/api/items?${q}`)).body);
      expect(
        res.items.map((i) => i.id),
        q,
      ).toEqual([item.id]);
    }
    expect(itemLookupAnswerSchema.parse((await org.admin.get('/api/items?fullcode=nope')).body).items).toEqual([]);
    expect((await org.admin.get('/api/items?id=99999999')).status).toBe(404);
    // Another organisation's id is not found either.
    expect((await other.admin.get(`/api/items?id=${item.id}`)).status).toBe(404);
  });
});

describe('PUT /items', () => {
  it('leaves stock alone without countWare, records the difference with it', async () => {
    const item = await create({ code: 'put-1', countWare: 10 });
    const body: Record<string, unknown> = { ...itemBody(c, { code: 'put-1' }), id: item.id };
    delete body.countWare;
    const kept = itemSchema.parse((await org.admin.put('/api/items', { ...body, name: 'Nowa nazwa' })).body);
    expect(kept).toMatchObject({ name: 'Nowa nazwa', countWare: 10 });
    const set = itemSchema.parse((await org.admin.put('/api/items', { ...body, countWare: 4 })).body);
    expect(set.countWare).toBe(4);
    expect(await ledger(item.id)).toEqual([
      { type: 'INITIAL', quantity: 10, committed: 1 },
      { type: 'ITEM_EDIT', quantity: -6, committed: 1 },
    ]);
  });

  it('keeps photos, parameters and descriptions when flagged unchanged, replaces them otherwise', async () => {
    const item = await create({
      code: 'flags-1',
      additionalDescIds: [c.descId],
      params: [{ paramId: c.paramText, values: ['czarny'] }],
      photos: [
        { type: 'url', name: 'https://x.pl/a.jpg' },
        { type: 'url', name: 'https://x.pl/b.jpg' },
      ],
    });
    const base = { ...itemBody(c, { code: 'flags-1' }), id: item.id };
    const kept = itemSchema.parse(
      (
        await org.admin.put('/api/items', {
          ...base,
          photosUnchanged: true,
          paramsUnchanged: true,
          descsUnchanged: true,
        })
      ).body,
    );
    expect(kept.photos).toHaveLength(2);
    expect(kept.params).toHaveLength(1);
    expect(kept.additionalDescs).toHaveLength(1);
    const replaced = itemSchema.parse(
      (await org.admin.put('/api/items', { ...base, photos: [{ type: 'url', name: 'https://x.pl/b.jpg' }] })).body,
    );
    expect(replaced.photos).toEqual([{ type: 'url', name: 'https://x.pl/b.jpg' }]);
    expect(replaced.itemSummary).toEqual({
      mainPhoto: { type: 'url', name: 'https://x.pl/b.jpg' },
      countPhotos: 1,
      countParams: 0,
    });
    expect(replaced.additionalDescs).toEqual([]);
  });

  it('refuses a code taken by another item and an unknown id', async () => {
    const a = await create({ code: 'taken-a' });
    await create({ code: 'taken-b' });
    const res = await org.admin.put('/api/items', { ...itemBody(c, { code: 'taken-b' }), id: a.id });
    expect(res.status).toBe(409);
    expect((await org.admin.put('/api/items', { ...itemBody(c), id: 99999999 })).status).toBe(404);
    expect((await other.admin.put('/api/items', { ...itemBody(otherCatalog, { code: 'x' }), id: a.id })).status).toBe(
      404,
    );
  });
});

describe('DELETE, copy, usage', () => {
  it('deletes an item; its ledger history stays without the link', async () => {
    const count = async () => itemsAnswerSchema.parse((await org.admin.get('/api/items')).body).count;
    const before = await count();
    const item = await create({ code: 'del-1', countWare: 3 });
    // Unfiltered, the count is the organisation's item counter: it follows every create and delete.
    expect(await count()).toBe(before + 1);
    expect((await other.admin.delete(`/api/items?id=${item.id}`)).status).toBe(404);
    expect((await org.admin.delete(`/api/items?id=${item.id}`)).status).toBe(204);
    expect(await count()).toBe(before);
    expect((await org.admin.delete(`/api/items?id=${item.id}`)).status).toBe(404);
    const history = await server.deps.db
      .selectFrom('warehouse_changes')
      .select(['item_id'])
      .where('item_code', '=', 'DEL-1')
      .execute();
    expect(history).toEqual([{ item_id: null }]);
  });

  it('copies everything but stock under a new upper-cased code', async () => {
    const item = await create({
      code: 'copy-src',
      countWare: 9,
      countOffer: 5,
      categoryId: c.subCategoryId,
      params: [{ paramId: c.paramDict, values: ['Jack'] }],
      additionalDescIds: [c.descId],
      photos: [{ type: 'url', name: 'https://x.pl/c.jpg' }],
    });
    const res = await org.admin.post('/api/items/copy', { id: item.id, newCode: 'copy-dst' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const copy = itemSchema.parse(res.body);
    expect(copy).toMatchObject({
      code: 'COPY-DST',
      countWare: 0,
      countOffer: 0,
      category: { id: c.subCategoryId },
      params: item.params,
      additionalDescs: item.additionalDescs,
      photos: item.photos,
    });
    expect((await org.admin.post('/api/items/copy', { id: item.id, newCode: 'COPY-SRC' })).status).toBe(409);
    expect((await other.admin.post('/api/items/copy', { id: item.id, newCode: 'ZZZ' })).status).toBe(404);
  });

  it('a status, group, category, place, description or parameter used by items cannot be deleted', async () => {
    const statusId = (await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Używany' })).body.id;
    const groupId = (await org.admin.post<{ id: number }>('/api/item_groups', { name: 'G-używana' })).body.id;
    const catId = (
      await org.admin.post<{ id: number }>('/api/categories', { name: 'Używana', number: 'U', parentId: null })
    ).body.id;
    const placeId = (
      await org.admin.post<{ id: number }>('/api/places', { name: 'Używane', number: 'U', parentId: null })
    ).body.id;
    const item = await create({
      code: 'usage-1',
      itemStatusId: statusId,
      itemGroupId: groupId,
      categoryId: catId,
      placeId,
      additionalDescIds: [c.descId],
      params: [{ paramId: c.paramInt, values: ['1'] }],
    });
    const checks: [string, string][] = [
      [`/api/item_statuses?id=${statusId}`, 'Nie można usunąć statusu, który mają towary.'],
      [`/api/item_groups?id=${groupId}`, 'Nie można usunąć grupy, do której należą towary.'],
      [`/api/categories?id=${catId}`, 'Nie można usunąć kategorii, do której są przypisane towary.'],
      [`/api/places?id=${placeId}`, 'Nie można usunąć miejsca w magazynie, w którym są towary.'],
      [`/api/additional_descs?id=${c.descId}`, 'Nie można usunąć opisu dodatkowego przypisanego do towarów.'],
      [`/api/parameters?id=${c.paramInt}`, 'Nie można usunąć parametru, który ma wartości w towarach.'],
    ];
    for (const [url, message] of checks) {
      const res = await org.admin.delete<{ message: string }>(url);
      expect(res.status, url).toBe(409);
      expect(res.body.message).toBe(message);
    }
    await org.admin.delete(`/api/items?id=${item.id}`);
    expect((await org.admin.delete(`/api/item_statuses?id=${statusId}`)).status).toBe(204);
  });
});

describe('GET /items/summary_homepage', () => {
  it('counts items and pieces in stock of the organisation only', async () => {
    const res = await other.admin.get('/api/items/summary_homepage');
    expect(res.status).toBe(200);
    const list = itemsAnswerSchema.parse((await other.admin.get('/api/items?perPage=10000')).body);
    expect(res.body).toMatchObject({
      itemsCount: list.count,
      countWareAll: list.items.reduce((s, i) => s + Math.max(0, i.countWare), 0),
    });
  });
});
