import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidGtin, itemLookupAnswerSchema, itemSchema, massResultSchema, type Item } from '@zaplecze/contract';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg } from '../../../test/factories';
import { createCatalog, itemBody, type Catalog } from '../../../test/catalog';
import { MSG } from '../../platform/messages.pl';

let server: TestServer;
let org: TestOrg;
let other: TestOrg;
let c: Catalog;
let seq = 0;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  other = await createOrg(server, { orgPrefix: 'inna' });
  c = await createCatalog(org.admin);
});
afterAll(() => server.close());

async function create(overrides: Record<string, unknown> = {}): Promise<Item> {
  const res = await org.admin.post('/api/items', itemBody(c, { code: `m-${++seq}`, ...overrides }));
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return itemSchema.parse(res.body);
}
async function get(id: number): Promise<Item> {
  const [item] = itemLookupAnswerSchema.parse((await org.admin.get(`/api/items?id=${id}`)).body).items;
  if (!item) throw new Error('missing');
  return item;
}
const massEdit = (body: unknown) => org.admin.post('/api/items/mass_edit', body);

/** Exact reference: a * (100 + p) / 100 rounded half away from zero, in grosze (BigInt). */
function percent(grosze: number, pctHundredths: number): number {
  const num = BigInt(grosze) * BigInt(10_000 + pctHundredths);
  const q = num / 10_000n;
  const r = num % 10_000n;
  return Number((r < 0n ? -r : r) * 2n >= 10_000n ? q + (num < 0n ? -1n : 1n) : q);
}

describe('POST /items/mass_edit', () => {
  it('price arithmetic of every type is exact (property)', async () => {
    const item = await create({ price: 0 });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom('SET', 'INC', 'DEC', 'PLUSPERCENT', 'MINUSPERCENT'),
        fc.integer({ min: 0, max: 10_000 }),
        async (start, type, value) => {
          await massEdit({ ids: [item.id], data: { price: { type: 'SET', value: start / 100 } } });
          const expected = {
            SET: value,
            INC: start + value,
            DEC: start - value,
            PLUSPERCENT: percent(start, value),
            MINUSPERCENT: percent(start, -value),
          }[type];
          const res = massResultSchema.parse(
            (await massEdit({ ids: [item.id], data: { price: { type, value: value / 100 } } })).body,
          );
          const after = Math.round((await get(item.id)).price * 100);
          if (expected < 0) {
            expect(res.err).toEqual([{ code: item.code, reason: 'Cena po zmianie byłaby ujemna.' }]);
            expect(after).toBe(start);
          } else {
            expect(res.ok).toEqual([item.code]);
            expect(after).toBe(expected);
          }
        },
      ),
      { numRuns: 40, seed: 3 },
    );
  });

  it('changes stock through the ledger, refuses negative stock per item, answers ok/err/notFound', async () => {
    const a = await create({ countWare: 10 });
    const b = await create({ countWare: 1 });
    const res = await massEdit({ ids: [a.id, b.id, 99999999], data: { countWare: { type: 'DEC', value: 3 } } });
    expect(massResultSchema.parse(res.body)).toEqual({
      ok: [a.code],
      err: [{ code: b.code, reason: 'Stan magazynowy po zmianie byłby ujemny.' }],
      notFound: [99999999],
    });
    expect((await get(a.id)).countWare).toBe(7);
    expect((await get(b.id)).countWare).toBe(1);
    await massEdit({ ids: [a.id], data: { countWare: { type: 'SET', value: 20 } } });
    await massEdit({ ids: [a.id], data: { countWare: { type: 'INC', value: 5 } } });
    const rows = await server.deps.db
      .selectFrom('warehouse_changes')
      .select(['type', 'quantity', 'qty_before', 'qty_after'])
      .where('item_id', '=', a.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { type: 'INITIAL', quantity: 10, qty_before: 0, qty_after: 10 },
      { type: 'MASS_EDIT', quantity: -3, qty_before: 10, qty_after: 7 },
      { type: 'MASS_EDIT', quantity: 13, qty_before: 7, qty_after: 20 },
      { type: 'MASS_EDIT', quantity: 5, qty_before: 20, qty_after: 25 },
    ]);
  });

  it('a batch gives every item its own values; a refused item in the middle stays exactly as it was', async () => {
    const items: Item[] = [];
    for (let i = 0; i < 30; i++)
      items.push(await create({ price: (100 + i * 37) / 100, countWare: i === 15 ? 0 : i + 1, gtin: '' }));
    const refused = items[15]!;
    const res = await massEdit({
      ids: items.map((i) => i.id),
      data: {
        price: { type: 'PLUSPERCENT', value: 10 },
        countWare: { type: 'DEC', value: 1 },
        countOffer: { type: 'INC', value: 2 },
        gtinType: 'RANDOM',
        gtinMode: 'SKIP',
      },
    });
    expect(massResultSchema.parse(res.body)).toEqual({
      ok: items.filter((i) => i !== refused).map((i) => i.code),
      err: [{ code: refused.code, reason: 'Stan magazynowy po zmianie byłby ujemny.' }],
      notFound: [],
    });
    const after = await Promise.all(items.map((i) => get(i.id)));
    expect(after[15]).toEqual(refused);
    const edited = after.filter((i) => i.id !== refused.id);
    const before = items.filter((i) => i !== refused);
    expect(edited.map((i) => i.price)).toEqual(before.map((i) => percent(Math.round(i.price * 100), 1000) / 100));
    expect(edited.map((i) => i.countWare)).toEqual(before.map((i) => i.countWare - 1));
    expect(edited.map((i) => i.countOffer)).toEqual(before.map((i) => i.countWare + 2));
    expect(edited.every((i) => isValidGtin(i.gtin))).toBe(true);
    expect(new Set(edited.map((i) => i.gtin)).size).toBe(edited.length);
  });

  it('concurrent batches over the same items add up exactly, each ledger row continuing the last', async () => {
    const items: Item[] = [];
    for (let i = 0; i < 20; i++) items.push(await create({ countWare: 100 }));
    const ids = items.map((i) => i.id);
    const answers = await Promise.all(
      [2, 3, 5, 7].map((value) => massEdit({ ids, data: { countWare: { type: 'INC', value } } })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    for (const item of items) expect((await get(item.id)).countWare).toBe(117);
    const rows = await server.deps.db
      .selectFrom('warehouse_changes')
      .select(['item_id', 'quantity', 'qty_before', 'qty_after'])
      .where('item_id', 'in', ids)
      .where('type', '=', 'MASS_EDIT')
      .orderBy('id')
      .execute();
    for (const id of ids) {
      const mine = rows.filter((r) => r.item_id === id);
      expect(mine.map((r) => r.qty_before)).toEqual([100, ...mine.slice(0, -1).map((r) => r.qty_after)]);
      expect(mine.at(-1)?.qty_after).toBe(117);
    }
  });

  it('offer quantity SET/INC/DEC/DEL, VAT and every reference', async () => {
    const item = await create({ countWare: 4, countOffer: null });
    await massEdit({ ids: [item.id], data: { countOffer: { type: 'INC', value: 2 } } });
    expect((await get(item.id)).countOffer).toBe(6);
    await massEdit({ ids: [item.id], data: { countOffer: { type: 'DEC', value: 1 }, vat: '5,5' } });
    expect(await get(item.id)).toMatchObject({ countOffer: 5, vat: 5.5 });
    await massEdit({
      ids: [item.id],
      data: {
        countOffer: { type: 'DEL' },
        itemStatusId: c.status2Id,
        deliveryPriceListId: c.priceListId,
        deliveryTimeId: c.timeId,
        itemGroupId: c.groupId,
        categoryId: c.subCategoryId,
        placeId: c.subPlaceId,
      },
    });
    expect(await get(item.id)).toMatchObject({
      countOffer: null,
      itemStatus: { id: c.status2Id },
      deliveryPriceList: { id: c.priceListId },
      deliveryTime: { id: c.timeId },
      itemGroup: { id: c.groupId },
      category: { id: c.subCategoryId },
      place: { id: c.subPlaceId },
    });
    await massEdit({ ids: [item.id], data: { itemGroupId: null, placeId: null } });
    expect(await get(item.id)).toMatchObject({ itemGroup: null, place: null });
  });

  it('GTIN: SET with OVERRIDE or SKIP, RANDOM unique valid EAN-13 with a prefix, DELETE, GTIN as a parameter', async () => {
    const withGtin = await create({ gtin: '96385074' });
    const without = await create({ gtin: '' });
    const ids = [withGtin.id, without.id];
    await massEdit({ ids, data: { gtinType: 'SET', gtinMode: 'SKIP', gtin: '5901234123457' } });
    expect([(await get(withGtin.id)).gtin, (await get(without.id)).gtin]).toEqual(['96385074', '5901234123457']);
    await massEdit({ ids, data: { gtinType: 'RANDOM', gtinMode: 'OVERRIDE', gtin: '590', gtinAsParam: c.paramText } });
    const [a, b] = [await get(withGtin.id), await get(without.id)];
    for (const item of [a, b]) {
      expect(item.gtin).toMatch(/^590\d{10}$/);
      expect(isValidGtin(item.gtin)).toBe(true);
      expect(item.params).toContainEqual({ paramId: c.paramText, values: [item.gtin] });
    }
    expect(a.gtin).not.toBe(b.gtin);
    await massEdit({ ids, data: { gtinType: 'DELETE' } });
    expect([(await get(withGtin.id)).gtin, (await get(without.id)).gtin]).toEqual(['', '']);

    const bad = await massEdit({ ids, data: { gtinType: 'SET', gtinMode: 'OVERRIDE', gtin: '5901234123458' } });
    expect(bad.status).toBe(400);
    const dictAsParam = await massEdit({
      ids,
      data: { gtinType: 'RANDOM', gtinMode: 'OVERRIDE', gtinAsParam: c.paramDict },
    });
    expect(dictAsParam.status).toBe(400);
    expect((dictAsParam.body as { message: string }).message).toBe(
      'GTIN można zapisać tylko w parametrze bez kategorii, który nie jest słownikowy.',
    );
  });

  it('descriptions OVERRIDE/APPEND and parameters OVERRIDE/APPEND_OVERRIDE/APPEND_IGNORE', async () => {
    const desc2 = (
      await org.admin.post<{ id: number }>('/api/additional_descs', { name: 'Zwrot', description: '30 dni' })
    ).body.id;
    const item = await create({
      additionalDescIds: [c.descId],
      params: [{ paramId: c.paramText, values: ['czerwony'] }],
    });
    await massEdit({ ids: [item.id], data: { descEditType: 'APPEND', additionalDescs: [desc2, c.descId] } });
    expect((await get(item.id)).additionalDescs.map((d) => d.id)).toEqual([c.descId, desc2]);
    await massEdit({ ids: [item.id], data: { descEditType: 'OVERRIDE', additionalDescs: [desc2] } });
    expect((await get(item.id)).additionalDescs.map((d) => d.id)).toEqual([desc2]);

    const p = (text: string, int: string) => [
      { paramId: c.paramText, values: [text] },
      { paramId: c.paramInt, values: [int] },
    ];
    await massEdit({ ids: [item.id], data: { paramsEditType: 'APPEND_IGNORE', params: p('zielony', '5') } });
    expect((await get(item.id)).params).toEqual([
      { paramId: c.paramText, values: ['czerwony'] },
      { paramId: c.paramInt, values: ['5'] },
    ]);
    await massEdit({ ids: [item.id], data: { paramsEditType: 'APPEND_OVERRIDE', params: p('zielony', '6') } });
    expect((await get(item.id)).params).toEqual([
      { paramId: c.paramText, values: ['zielony'] },
      { paramId: c.paramInt, values: ['6'] },
    ]);
    await massEdit({
      ids: [item.id],
      data: { paramsEditType: 'OVERRIDE', params: [{ paramId: c.paramInt, values: ['1'] }] },
    });
    const after = await get(item.id);
    expect(after.params).toEqual([{ paramId: c.paramInt, values: ['1'] }]);
    expect(after.itemSummary.countParams).toBe(1);
    // A category parameter on an item outside that category is refused for that item only.
    const res = massResultSchema.parse(
      (
        await massEdit({
          ids: [item.id],
          data: { paramsEditType: 'APPEND_IGNORE', params: [{ paramId: c.paramDict, values: ['Jack'] }] },
        })
      ).body,
    );
    expect(res.err[0]?.reason).toContain('należy do innej kategorii');
  });

  it('a batch retried with the same idempotency key is applied once', async () => {
    const item = await create({ countWare: 0, price: 10 });
    const body = {
      ids: [item.id],
      data: { price: { type: 'PLUSPERCENT', value: 10 }, countWare: { type: 'INC', value: 1 } },
      idempotencyKey: 'batch-0001-of-0100',
    };
    const answers = await Promise.all([massEdit(body), massEdit(body), massEdit(body)]);
    for (const a of answers) expect(massResultSchema.parse(a.body)).toEqual({ ok: [item.code], err: [], notFound: [] });
    expect(await get(item.id)).toMatchObject({ price: 11, countWare: 1 });
    // The same key in another organisation is its own key.
    expect((await other.admin.post('/api/items/mass_edit', body)).body).toEqual({
      ok: [],
      err: [],
      notFound: [item.id],
    });
  });

  it('the same idempotency key with other data answers 422 in Polish and changes nothing', async () => {
    const a = await create({ countWare: 0, price: 10 });
    const b = await create({ countWare: 0, price: 20 });
    const key = 'batch-reused-0001';
    const body = { ids: [a.id], data: { price: { type: 'SET', value: 15 } }, idempotencyKey: key };
    expect((await massEdit(body)).body).toEqual({ ok: [a.code], err: [], notFound: [] });
    for (const changed of [
      { ...body, ids: [b.id] },
      { ...body, data: { price: { type: 'SET', value: 16 } } },
      { ...body, ids: [a.id, b.id] },
    ]) {
      const res = await massEdit(changed);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ code: 422, message: MSG.idempotencyKeyReused });
    }
    expect(await get(a.id)).toMatchObject({ price: 15 });
    expect(await get(b.id)).toMatchObject({ price: 20 });
    // The same data with its fields in another order is the same request: the stored answer.
    const reordered = { idempotencyKey: key, data: { price: { value: 15, type: 'SET' } }, ids: [a.id] };
    const again = await massEdit(reordered);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ok: [a.code], err: [], notFound: [] });
  });

  it("refuses a bad payload with 400 naming the field, and another organisation's references", async () => {
    const item = await create();
    const cases: [unknown, string][] = [
      [{ ids: [], data: {} }, 'ids'],
      [{ ids: Array.from({ length: 1001 }, (_, i) => i + 1), data: {} }, 'ids'],
      [{ ids: [item.id], data: { price: { type: 'SET', value: '1,234' } } }, 'data.price.value'],
      [{ ids: [item.id], data: { gtinType: 'SET', gtin: '5901234123457' } }, 'data.gtinMode'],
      [{ ids: [item.id], data: { descEditType: 'APPEND' } }, 'data.additionalDescs'],
    ];
    for (const [body, field] of cases) {
      const res = await massEdit(body);
      expect(res.status, field).toBe(400);
      expect((res.body as { field?: string }).field).toBe(field);
    }
    const otherCatalog = await createCatalog(other.admin);
    const res = await massEdit({ ids: [item.id], data: { itemStatusId: otherCatalog.statusId } });
    expect(res.status).toBe(400);
    expect((res.body as { field?: string }).field).toBe('itemStatusId');
  });
});

describe('POST /items/mass_delete', () => {
  it('deletes the found items in one call and reports the rest', async () => {
    const a = await create();
    const b = await create();
    const res = await org.admin.post('/api/items/mass_delete', { ids: [a.id, b.id, 99999999] });
    expect(massResultSchema.parse(res.body)).toEqual({ ok: [a.code, b.code], err: [], notFound: [99999999] });
    expect((await org.admin.get(`/api/items?id=${a.id}`)).status).toBe(404);
    const foreign = await create();
    expect((await other.admin.post('/api/items/mass_delete', { ids: [foreign.id] })).body).toEqual({
      ok: [],
      err: [],
      notFound: [foreign.id],
    });
  });
});

describe('POST /items/generate_many', () => {
  it('generates {before}{n}{after} codes with their initial stock in the ledger', async () => {
    const res = await org.admin.post('/api/items/generate_many', {
      beforeSymbol: 'gen-',
      afterSymbol: '-x',
      start: 8,
      stop: 12,
      itemStatusId: c.statusId,
      countWare: 4,
    });
    expect(res.body).toEqual({ generated: 5 });
    const item = itemLookupAnswerSchema.parse((await org.admin.get('/api/items?fullcode=GEN-10-X')).body).items[0];
    expect(item).toMatchObject({
      code: 'GEN-10-X',
      countWare: 4,
      itemStatus: { id: c.statusId },
      currency: 'PLN',
      vat: 23,
    });
    const changes = await server.deps.db
      .selectFrom('warehouse_changes')
      .select(['type', 'quantity'])
      .where('item_code', 'like', 'GEN-%')
      .execute();
    expect(changes).toHaveLength(5);
    expect(changes.every((ch) => ch.type === 'GENERATE' && ch.quantity === 4)).toBe(true);
  });

  it('refuses more than 1000, a reversed range and existing codes, creating nothing', async () => {
    const tooMany = await org.admin.post<{ message: string }>('/api/items/generate_many', {
      beforeSymbol: 'big',
      start: 1,
      stop: 1001,
      itemStatusId: c.statusId,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('Jednorazowo można wygenerować najwyżej 1000 towarów.');
    const reversed = await org.admin.post('/api/items/generate_many', {
      beforeSymbol: 'r',
      start: 5,
      stop: 4,
      itemStatusId: c.statusId,
    });
    expect(reversed.status).toBe(400);
    const clash = await org.admin.post<{ message: string }>('/api/items/generate_many', {
      beforeSymbol: 'GEN-',
      afterSymbol: '-X',
      start: 1,
      stop: 9,
      itemStatusId: c.statusId,
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(
      'Towary o tych kodach już istnieją: GEN-8-X, GEN-9-X. Nie utworzono żadnego towaru.',
    );
    expect(itemLookupAnswerSchema.parse((await org.admin.get('/api/items?fullcode=GEN-1-X')).body).items).toEqual([]);
    const exact = await org.admin.post('/api/items/generate_many', {
      beforeSymbol: 'k',
      start: 0,
      stop: 999,
      itemStatusId: c.statusId,
    });
    expect(exact.body).toEqual({ generated: 1000 });
  });
});
