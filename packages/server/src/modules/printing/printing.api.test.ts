import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BARCODE_KINDS,
  BARCODE_MAX_CODES,
  BARCODE_PRINT_PERMISSIONS,
  barcodePdfSchema,
  VALIDATION as V,
  type BarcodeKind,
} from '@zaplecze/contract';
import { ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';
import { createOrderRefs, orderBody } from '../../../test/orders';
import { decodeCode128, pdfPageCount, pdfText } from '../../../test/pdf-tools';
import { MSG } from '../../platform/messages.pl';
import { PRINT_MSG } from './messages.pl';

let server: TestServer;
let org: TestOrg;
let other: TestOrg;

/** One row per id kind, created through the lists' own API in `org`. */
const ids: Record<string, number> = {};

/** The endpoint and a valid body of every reference table that prints by id. */
const ID_KINDS = [
  {
    kind: 'item_status',
    path: '/api/item_statuses',
    body: { name: 'Dostępny' },
  },
  { kind: 'item_group', path: '/api/item_groups', body: { name: 'Części' } },
  {
    kind: 'delivery_price_list',
    path: '/api/delivery_price_lists',
    body: { name: 'Kurier 15 zł' },
  },
  {
    kind: 'delivery_time',
    path: '/api/delivery_times',
    body: { name: '24 godziny' },
  },
  {
    kind: 'category',
    path: '/api/categories',
    body: { name: 'Opony', number: '1', parentId: null },
  },
  {
    kind: 'place',
    path: '/api/places',
    body: { name: 'Hala', number: 'A', parentId: null },
  },
  { kind: 'order_status', path: '/api/order_statuses', body: { name: 'Nowe' } },
  {
    kind: 'income_source',
    path: '/api/income_sources',
    body: { name: 'Sklep' },
  },
  {
    kind: 'user_size',
    path: '/api/user_sizes',
    body: { name: 'Karton S', sizeA: 100, sizeB: 200, sizeC: 50 },
  },
] as const;

async function createRow(client: ApiClient, path: string, body: object): Promise<number> {
  const res = await client.post<{ id: number }>(path, body);
  if (res.status !== 200) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** A body of each kind that passes its schema (rows that may not exist: 404 is a pass too). */
const VALID_BODIES: Record<BarcodeKind, object> = {
  item: { itemCodes: ['ABC-1'] },
  order: { orderIds: [1] },
  item_add_sub: { numbers: [5] },
  size: { milimeters: [300] },
  weight: { grams: [500] },
  other: {},
  item_status: { ids: [1] },
  item_group: { ids: [1] },
  delivery_price_list: { ids: [1] },
  delivery_time: { ids: [1] },
  category: { ids: [1] },
  place: { ids: [1] },
  order_status: { ids: [1] },
  income_source: { ids: [1] },
  user_size: { ids: [1] },
};

async function print(kind: string, body: unknown, client: ApiClient = org.admin) {
  return client.post<{ pdf?: string; message?: string }>(`/api/print/barcode/${kind}`, body);
}

/** The PDF of a successful answer. */
async function sheet(kind: string, body: unknown): Promise<Buffer> {
  const res = await print(kind, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const pdf = Buffer.from(barcodePdfSchema.parse(res.body).pdf, 'base64');
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdf;
}

const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => i + from);

beforeAll(async () => {
  server = await startTestServer();
  // One after the other: the test captcha remembers only the last answer it handed out.
  org = await createOrg(server);
  other = await createOrg(server);
  for (const k of ID_KINDS) ids[k.kind] = await createRow(org.admin, k.path, k.body);
});
afterAll(() => server.close());

describe('POST /api/print/barcode/{kind}', () => {
  it.each([
    ['item_add_sub', { numbers: [5, -3] }, 1],
    ['size', { milimeters: range(24, 100) }, 1],
    ['size', { milimeters: range(25, 100) }, 2],
    ['weight', { grams: range(30).map((n) => n * 250) }, 2],
    ['other', {}, 1],
  ])('%s answers a PDF (%j)', async (kind, body, pages) => {
    expect(await pdfPageCount(await sheet(kind, body))).toBe(pages);
  });

  it('order answers ORDER:{id} codes captioned with the number, in the order asked; another organisation’s order is 404', async () => {
    await createOrderRefs(org.admin);
    const orderIds: number[] = [];
    for (let i = 0; i < 2; i++) orderIds.push(await createRow(org.admin, '/api/orders', orderBody()));
    const pdf = await sheet('order', { orderIds: [orderIds[1], orderIds[0], orderIds[1]] });
    expect(await decodeCode128(pdf)).toEqual([`ORDER:${orderIds[1]}`, `ORDER:${orderIds[0]}`]);
    expect(await pdfText(pdf)).toContain(`Zamówienie ${orderIds[1]}`);
    expect((await print('order', { orderIds }, other.admin)).status).toBe(404);
  });

  it.each(ID_KINDS.map((k) => k.kind))('%s answers a one-page PDF of the caller’s rows', async (kind) => {
    expect(await pdfPageCount(await sheet(kind, { ids: [ids[kind]] }))).toBe(1);
  });

  it('prints the captions in Polish, in the order of the request, without repeats', async () => {
    const a = await createRow(org.admin, '/api/item_statuses', {
      name: 'Zażółć gęślą jaźń',
    });
    const b = ids.item_status!;
    const text = await pdfText(await sheet('item_status', { ids: [a, b, a, b] }));
    expect(text).toContain('Kody czytnika – Statusy towarów Strona 1 z 1');
    expect(text).toContain(`ISTATUS:${a} Status towaru: Zażółć gęślą jaźń ISTATUS:${b} Status towaru: Dostępny`);
    expect(text.split('ISTATUS:')).toHaveLength(3);

    const stock = await pdfText(await sheet('item_add_sub', { numbers: [-3, 5, -3] }));
    expect(stock).toContain('QTY-3 Zmniejsz stan o 3 QTY+5 Zwiększ stan o 5');
    expect(stock.split('QTY')).toHaveLength(3);
  });

  it('prints tree paths and package sizes in the captions', async () => {
    const child = await createRow(org.admin, '/api/places', {
      name: 'Regał 2',
      number: '2',
      parentId: ids.place,
    });
    expect(await pdfText(await sheet('place', { ids: [child] }))).toContain(`PLACE:${child} Miejsce: A-2 Regał 2`);
    expect(await pdfText(await sheet('category', { ids: [ids.category] }))).toContain('Kategoria: 1 Opony');
    expect(await pdfText(await sheet('user_size', { ids: [ids.user_size] }))).toContain(
      'Rozmiar: Karton S (100×200×50 mm)',
    );
  });

  it('a user with no permission gets 403 for every kind, before the body is read', async () => {
    const nobody = await createUser(server, org, { login: 'bezuprawnien', permissions: '' });
    for (const kind of BARCODE_KINDS) {
      const res = await print(kind, VALID_BODIES[kind], nobody.client);
      expect(res.status, kind).toBe(403);
      expect(res.body.message, kind).toBe(MSG.forbidden);
      expect((await print(kind, { ids: 'zle' }, nobody.client)).status, kind).toBe(403);
    }
  });

  it('each sheet needs the permission of its area, and only that one', async () => {
    const users = {
      'main.items.show': await createUser(server, org, { login: 'towaryodczyt', permissions: 'main.items.show' }),
      'main.items.edit': await createUser(server, org, { login: 'towaryzmiana', permissions: 'main.items.edit' }),
      'main.order.show': await createUser(server, org, { login: 'zamowodczyt', permissions: 'main.order.show' }),
      'main.order.edit': await createUser(server, org, { login: 'zamowzmiana', permissions: 'main.order.edit' }),
    };
    for (const kind of BARCODE_KINDS) {
      for (const [permission, user] of Object.entries(users)) {
        const res = await print(kind, VALID_BODIES[kind], user.client);
        const allowed = BARCODE_PRINT_PERMISSIONS[kind] === permission;
        // An item or order that does not exist is 404: the permission check let the call through.
        if (allowed) expect([200, 404], `${kind} ${permission}`).toContain(res.status);
        else expect(res.status, `${kind} ${permission}`).toBe(403);
      }
    }
    expect((await print('other', {}, users['main.order.edit'].client)).status).toBe(200);
    expect((await print('item_status', { ids: [ids.item_status] }, users['main.items.edit'].client)).status).toBe(200);
  });

  it(`prints ${BARCODE_MAX_CODES} codes and refuses one more with a Polish 400 naming the maximum`, async () => {
    const most = await sheet('weight', { grams: range(BARCODE_MAX_CODES) });
    expect(await pdfPageCount(most)).toBe(Math.ceil(BARCODE_MAX_CODES / 24));
    const res = await print('weight', { grams: range(BARCODE_MAX_CODES + 1) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`Jednorazowo można wydrukować najwyżej ${BARCODE_MAX_CODES} kodów.`);
  });

  it('answers 401 without a token, before looking at the kind or the body', async () => {
    const anon = new ApiClient(server.url);
    for (const kind of ['other', 'weight', 'item_status', 'no_such_kind']) {
      const res = await print(kind, { grams: [1] }, anon);
      expect(res.status).toBe(401);
    }
  });

  it('answers 404 with a Polish message for an unknown kind', async () => {
    for (const kind of ['no_such_kind', 'ITEM_STATUS', 'user_sizes']) {
      const res = await print(kind, { ids: [1] });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(PRINT_MSG.unknownKind);
    }
  });

  it('checks item and order bodies; an unknown item code or order is 404', async () => {
    const item = await print('item', { itemCodes: ['ABC-1'] });
    expect(item.status).toBe(404);
    expect(item.body.message).toBe('Nie znaleziono towaru o kodzie ABC-1.');
    const order = await print('order', { orderIds: [999_999] });
    expect(order.status).toBe(404);
    expect(order.body.message).toBe(PRINT_MSG.rowNotFound('zamówienia', 999_999));
    expect((await print('item', { itemCodes: ['KOŁO'] })).body.message).toBe(V.readerItemCodeInvalid);
    expect((await print('order', { orderIds: [] })).status).toBe(400);
  });

  it.each(ID_KINDS.map((k) => k.kind))(
    '%s answers 404 for a missing id and, the same way, for another organisation’s id',
    async (kind) => {
      const def = ID_KINDS.find((k) => k.kind === kind)!;
      const foreign = await createRow(other.admin, def.path, def.body);
      const missing = 2_000_000_000;
      for (const id of [foreign, missing]) {
        const res = await print(kind, { ids: [ids[kind], id] });
        expect(res.status).toBe(404);
        expect(res.body.message).toMatch(new RegExp(`^Nie znaleziono .* o id ${id}\\.$`));
      }
      const a = await print(kind, { ids: [foreign] });
      const b = await print(kind, { ids: [missing] });
      expect(a.body.message!.replace(String(foreign), 'N')).toBe(b.body.message!.replace(String(missing), 'N'));
      // The other organisation prints its own row.
      expect((await print(kind, { ids: [foreign] }, other.admin)).status).toBe(200);
    },
  );

  it('names the missing row of each kind in Polish', async () => {
    const missing = 2_000_000_000;
    const nouns: Record<(typeof ID_KINDS)[number]['kind'], string> = {
      item_status: 'statusu towaru',
      item_group: 'grupy towarów',
      delivery_price_list: 'cennika dostawy',
      delivery_time: 'czasu dostawy',
      category: 'kategorii',
      place: 'miejsca w magazynie',
      order_status: 'statusu zamówienia',
      income_source: 'źródła przychodu',
      user_size: 'rozmiaru zdefiniowanego',
    };
    for (const [kind, noun] of Object.entries(nouns)) {
      const res = await print(kind, { ids: [missing] });
      expect(res.body.message, kind).toBe(`Nie znaleziono ${noun} o id ${missing}.`);
    }
  });

  const tooMany = range(BARCODE_MAX_CODES + 1);
  const badBodies: [string, object, string][] = [
    ['item_add_sub', { numbers: [] }, V.barcodeListEmpty],
    ['item_add_sub', { numbers: [0] }, V.stockChangeZero],
    ['item_add_sub', { numbers: [5, 0] }, V.stockChangeZero],
    ['item_add_sub', { numbers: [2.5] }, V.stockChangeInvalid],
    ['item_add_sub', { numbers: ['5'] }, V.stockChangeInvalid],
    ['item_add_sub', { numbers: [1_000_000] }, V.stockChangeInvalid],
    ['item_add_sub', {}, V.barcodeListInvalid],
    ['item_add_sub', { numbers: tooMany }, V.barcodeListTooLong],
    ['weight', { grams: [-5] }, V.valuesPositive],
    ['weight', { grams: [0] }, V.valuesPositive],
    ['weight', { grams: [1.5] }, V.weightInvalid],
    ['weight', { grams: 'abc' }, V.barcodeListInvalid],
    ['weight', { grams: [] }, V.barcodeListEmpty],
    ['weight', { grams: tooMany }, V.barcodeListTooLong],
    ['size', { milimeters: [0] }, V.valuesPositive],
    ['size', { milimeters: [-1] }, V.valuesPositive],
    ['size', { milimeters: [100_001] }, V.sizeInvalid],
    ['size', { milimeters: [true] }, V.sizeInvalid],
    ['size', { mm: [300] }, V.barcodeListInvalid],
    ['item_status', { ids: [] }, V.barcodeListEmpty],
    ['item_group', { ids: [0] }, V.idInvalid],
    ['delivery_price_list', { ids: [1.5] }, V.idInvalid],
    ['delivery_time', { ids: ['1'] }, V.idInvalid],
    ['category', { ids: [null] }, V.idInvalid],
    ['place', { ids: tooMany }, V.barcodeListTooLong],
    ['order_status', {}, V.barcodeListInvalid],
    ['income_source', { ids: 1 }, V.barcodeListInvalid],
    ['user_size', { ids: [-1] }, V.idInvalid],
    ['item', { itemCodes: [] }, V.barcodeListEmpty],
    ['order', { orderIds: [0] }, V.idInvalid],
  ];
  it.each(
    badBodies.map(([kind, body, message]) => ({
      kind,
      body,
      message,
      shown: JSON.stringify(body).slice(0, 40),
    })),
  )('$kind refuses $shown with 400 and a Polish message', async ({ kind, body, message }) => {
    const res = await print(kind, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a body that is not an object with a Polish 400', async () => {
    for (const kind of ['other', 'weight', 'place']) {
      const res = await print(kind, [1, 2]);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^Nieprawidłowe dane wejściowe/);
    }
  });

  it('prints the other codes without any body', async () => {
    const res = await org.admin.request<{ pdf: string }>('POST', '/api/print/barcode/other');
    expect(res.status).toBe(200);
    expect(await pdfText(Buffer.from(res.body.pdf, 'base64'))).toContain(
      'CMD:SEND Drukuj list przewozowy / nadaj paczkę',
    );
  });
});
