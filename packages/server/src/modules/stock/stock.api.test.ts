import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  itemScanAnswerSchema,
  warehouseChangeSchema,
  warehouseChangesAnswerSchema,
  type WarehouseChange,
} from '@zaplecze/contract';
import { type ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';
import { parseCsv } from '../../../test/csv';
import { TenantDb } from '../../db/tenant';
import { EXPORT_CHUNK } from './stock.csv';
import { verifyLedger } from '.';

let server: TestServer;
let org: TestOrg;
let statusId: number;
let seq = 0;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  statusId = (await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny', color: '00ff00' })).body.id;
});
afterAll(() => server.close());

/** The Warsaw calendar month of the server's clock. */
function currentMonth(): { year: number; month: number } {
  const now = new Date(Date.now() + server.clock.offsetMs);
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Warsaw',
    year: 'numeric',
    month: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number);
  return { year: year ?? 0, month: month ?? 0 };
}

async function createItem(countWare: number, extra: Record<string, unknown> = {}, client: ApiClient = org.admin) {
  const res = await client.post<{ id: number; code: string; countWare: number }>('/api/items', {
    code: `WH-${++seq}`,
    name: 'Kubek',
    price: 10,
    vat: 23,
    currency: 'PLN',
    countWare,
    itemStatusId: statusId,
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function stockOf(id: number): Promise<number> {
  const res = await org.admin.get<{ items: { countWare: number }[] }>(`/api/items?id=${id}`);
  return res.body.items[0]?.countWare ?? Number.NaN;
}

async function setAutoCommit(on: boolean): Promise<void> {
  const res = await org.admin.put('/api/options', { key: 'WAREHOUSE_AUTO_COMMIT', value: String(on) });
  expect(res.status).toBe(204);
}

async function scan(barcode: string, itemCode: string | null = null) {
  const res = await org.admin.post('/api/items/barcodes', { barcode, itemCode });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return itemScanAnswerSchema.parse(res.body);
}

/** Every change of the current month (one big page). */
async function monthChanges(client: ApiClient = org.admin): Promise<WarehouseChange[]> {
  const { year, month } = currentMonth();
  const res = await client.get(`/api/warehouse_changes?year=${year}&month=${month}&perPage=10000`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return warehouseChangesAnswerSchema.parse(res.body).warehouseChanges;
}

async function changesOf(code: string): Promise<WarehouseChange[]> {
  return (await monthChanges()).filter((c) => c.item.code === code);
}

/** `n` uncommitted reader changes of `quantity` on the item (auto-commit must be off). */
async function pending(code: string, quantity: number, n = 1): Promise<WarehouseChange[]> {
  for (let i = 0; i < n; i++) await scan(`QTY${quantity > 0 ? '+' : '-'}${Math.abs(quantity)}`, code);
  return (await changesOf(code)).filter((c) => !c.commited);
}

describe('GET /warehouse_changes', () => {
  it('lists the month sorted by id with count and perPage, and reads one change by id', async () => {
    const a = await createItem(5);
    const b = await createItem(7);
    const changes = await monthChanges();
    const ids = changes.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    const initial = changes.find((c) => c.item.code === a.code);
    expect(initial).toMatchObject({
      order: null,
      item: { id: a.id, code: a.code, name: 'Kubek' },
      type: 'INITIAL',
      quantity: 5,
      qtyBefore: 0,
      qtyAfter: 5,
      commited: true,
    });
    expect(initial?.commitDate).toBe(initial?.changeDate);

    const { year, month } = currentMonth();
    const page = warehouseChangesAnswerSchema.parse(
      (await org.admin.get(`/api/warehouse_changes?year=${year}&month=${month}&perPage=25&page=1`)).body,
    );
    expect(page.perPage).toBe(25);
    expect(page.count).toBe(changes.length);
    const byDefault = warehouseChangesAnswerSchema.parse(
      (await org.admin.get(`/api/warehouse_changes?year=${year}&month=${month}`)).body,
    );
    expect(byDefault.perPage).toBe(1000);

    const one = await org.admin.get(`/api/warehouse_changes?id=${initial?.id}`);
    expect(one.status).toBe(200);
    expect(warehouseChangesAnswerSchema.parse(one.body)).toEqual({ warehouseChanges: [initial], count: 1, perPage: 1 });
    expect(changes.some((c) => c.item.code === b.code && c.quantity === 7)).toBe(true);
  });

  it('pages through a month without overlap', async () => {
    const { year, month } = currentMonth();
    const all = await monthChanges();
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 25); page++) {
      const res = warehouseChangesAnswerSchema.parse(
        (await org.admin.get(`/api/warehouse_changes?year=${year}&month=${month}&perPage=25&page=${page}`)).body,
      );
      seen.push(...res.warehouseChanges.map((c) => c.id));
    }
    expect(seen).toEqual(all.map((c) => c.id));
  });

  it('refuses a bad month or year with a Polish 400 naming the field, and a missing id with 404', async () => {
    const cases: [string, string, string][] = [
      ['year=1999&month=1', 'year', 'Rok musi być liczbą całkowitą od 2000 do 3000.'],
      ['year=3001&month=1', 'year', 'Rok musi być liczbą całkowitą od 2000 do 3000.'],
      ['month=5', 'year', 'Rok musi być liczbą całkowitą od 2000 do 3000.'],
      ['year=2026&month=13', 'month', 'Miesiąc musi być liczbą całkowitą od 1 do 12.'],
      ['year=2026&month=0', 'month', 'Miesiąc musi być liczbą całkowitą od 1 do 12.'],
      ['year=2026&month=abc', 'month', 'Miesiąc musi być liczbą całkowitą od 1 do 12.'],
      ['year=2026&month=1.5', 'month', 'Miesiąc musi być liczbą całkowitą od 1 do 12.'],
      [
        'year=2026&month=1&perPage=7',
        'perPage',
        'Liczba wierszy na stronie musi być jedną z: 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000',
      ],
    ];
    for (const [query, field, message] of cases) {
      const res = await org.admin.get(`/api/warehouse_changes?${query}`);
      expect({ query, status: res.status, body: res.body }).toEqual({
        query,
        status: 400,
        body: { code: 400, message, field },
      });
      const csv = await org.admin.get(`/api/warehouse_changes/export_csv?${query}`);
      if (field !== 'perPage') expect(csv.status).toBe(400);
    }
    const bad = await org.admin.get('/api/warehouse_changes?id=abc');
    expect(bad.status).toBe(400);
    const missing = await org.admin.get('/api/warehouse_changes?id=2000000000');
    expect({ status: missing.status, body: missing.body }).toEqual({
      status: 404,
      body: { code: 404, message: 'Nie znaleziono zmiany stanu magazynowego.' },
    });
  });

  it('filters by the Warsaw calendar month (summer and winter time)', async () => {
    const item = await createItem(0);
    const at = async (iso: string, barcode: string) => {
      server.clock.offsetMs = new Date(iso).getTime() - Date.now();
      await scan(barcode, item.code);
    };
    await setAutoCommit(true);
    try {
      await at('2025-10-31T22:59:59.000Z', 'QTY+1'); // 23:59:59 on 31 October in Warsaw (CET)
      await at('2025-10-31T23:00:00.000Z', 'QTY+2'); // midnight of 1 November in Warsaw
      await at('2025-06-30T21:59:59.000Z', 'QTY+3'); // 23:59:59 on 30 June (CEST)
      await at('2025-06-30T22:00:00.000Z', 'QTY+4'); // midnight of 1 July
    } finally {
      server.clock.offsetMs = 0;
      await setAutoCommit(false);
    }
    const month = async (y: number, m: number) =>
      warehouseChangesAnswerSchema
        .parse((await org.admin.get(`/api/warehouse_changes?year=${y}&month=${m}&perPage=100`)).body)
        .warehouseChanges.filter((c) => c.item.code === item.code)
        .map((c) => c.quantity);
    expect(await month(2025, 10)).toEqual([1]);
    expect(await month(2025, 11)).toEqual([2]);
    expect(await month(2025, 6)).toEqual([3]);
    expect(await month(2025, 7)).toEqual([4]);

    const csv = await org.admin.get<string>('/api/warehouse_changes/export_csv?year=2025&month=11');
    const rows = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    const row = rows.find((r) => r[3] === item.code);
    expect(row?.[1]).toBe('2025-11-01 00:00:00');
    expect(row?.[2]).toBe('2025-11-01 00:00:00');
  });
});

describe('PUT /warehouse_changes (commit)', () => {
  it('commits a pending change: stock moves, before/after and the date are recorded', async () => {
    const item = await createItem(10);
    const [change] = await pending(item.code, -3);
    expect(change).toMatchObject({ type: 'READER', quantity: -3, qtyBefore: null, qtyAfter: null, commitDate: null });
    expect(await stockOf(item.id)).toBe(10);

    const res = await org.admin.put('/api/warehouse_changes', { id: change?.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const committed = warehouseChangeSchema.parse(res.body);
    expect(committed).toMatchObject({ id: change?.id, quantity: -3, qtyBefore: 10, qtyAfter: 7, commited: true });
    expect(committed.commitDate).not.toBeNull();
    expect(await stockOf(item.id)).toBe(7);
    const reread = warehouseChangesAnswerSchema.parse(
      (await org.admin.get(`/api/warehouse_changes?id=${change?.id}`)).body,
    );
    expect(reread.warehouseChanges[0]).toEqual(committed);

    const again = await org.admin.put('/api/warehouse_changes', { id: change?.id });
    expect({ status: again.status, body: again.body }).toEqual({
      status: 409,
      body: { code: 409, message: 'Ta zmiana stanu magazynowego jest już zatwierdzona.' },
    });
    expect(await stockOf(item.id)).toBe(7);
  });

  it('refuses a change whose item was deleted, a missing id (404) and a bad body (400)', async () => {
    const item = await createItem(4);
    const [change] = await pending(item.code, 2);
    expect((await org.admin.delete(`/api/items?id=${item.id}`)).status).toBe(204);
    const orphan = warehouseChangesAnswerSchema.parse(
      (await org.admin.get(`/api/warehouse_changes?id=${change?.id}`)).body,
    );
    expect(orphan.warehouseChanges[0]?.item).toEqual({ id: null, code: item.code, name: 'Kubek' });
    const res = await org.admin.put('/api/warehouse_changes', { id: change?.id });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 409,
      body: { code: 409, message: 'Nie można zatwierdzić zmiany: towar został usunięty.' },
    });
    const missing = await org.admin.put('/api/warehouse_changes', { id: 2_000_000_000 });
    expect({ status: missing.status, body: missing.body }).toEqual({
      status: 404,
      body: { code: 404, message: 'Nie znaleziono zmiany stanu magazynowego.' },
    });
    for (const body of [{}, { id: 'x' }, { id: -1 }, []]) {
      expect((await org.admin.put('/api/warehouse_changes', body)).status).toBe(400);
    }
  });
});

describe('DELETE /warehouse_changes', () => {
  it('deletes pending and committed changes without touching stock', async () => {
    const item = await createItem(6);
    const [p] = await pending(item.code, -2);
    expect((await org.admin.delete(`/api/warehouse_changes?id=${p?.id}`)).status).toBe(204);
    expect(await stockOf(item.id)).toBe(6);
    const initial = (await changesOf(item.code)).find((c) => c.type === 'INITIAL');
    expect((await org.admin.delete(`/api/warehouse_changes?id=${initial?.id}`)).status).toBe(204);
    expect(await stockOf(item.id)).toBe(6);
    expect(await changesOf(item.code)).toEqual([]);
    const again = await org.admin.delete(`/api/warehouse_changes?id=${p?.id}`);
    expect({ status: again.status, body: again.body }).toEqual({
      status: 404,
      body: { code: 404, message: 'Nie znaleziono zmiany stanu magazynowego.' },
    });
    expect((await org.admin.delete('/api/warehouse_changes?id=0')).status).toBe(400);
    // Gone from the screen, the export and the commit; stock:verify still counts the committed one.
    expect((await org.admin.get(`/api/warehouse_changes?id=${initial?.id}`)).status).toBe(404);
    expect((await org.admin.put('/api/warehouse_changes', { id: p?.id })).status).toBe(404);
    const { year, month } = currentMonth();
    const csv = await org.admin.get<string>(`/api/warehouse_changes/export_csv?year=${year}&month=${month}`);
    expect(String(csv.body)).not.toContain(item.code);
    const verdict = await verifyLedger(new TenantDb(server.deps.db, org.token.user.organization.id));
    expect(verdict.differences.filter((d) => d.code === item.code)).toEqual([]);
  });
});

describe('warehouse change permissions', () => {
  it('reading needs main.items.show; committing and deleting need main.warehouse.edit', async () => {
    const viewer = await createUser(server, org, { login: 'podglad', permissions: 'main.items.show' });
    const keeper = await createUser(server, org, { login: 'magazyn', permissions: 'main.warehouse.edit' });
    const nobody = await createUser(server, org, { login: 'nikt', permissions: '' });
    const item = await createItem(3);
    const [p1, p2] = await pending(item.code, 1, 2);
    const { year, month } = currentMonth();
    const list = `/api/warehouse_changes?year=${year}&month=${month}`;
    const csv = `/api/warehouse_changes/export_csv?year=${year}&month=${month}`;

    expect((await viewer.client.get(list)).status).toBe(200);
    expect((await viewer.client.get(`/api/warehouse_changes?id=${p1?.id}`)).status).toBe(200);
    expect((await viewer.client.get(csv)).status).toBe(200);
    const forbidden = await viewer.client.put('/api/warehouse_changes', { id: p1?.id });
    expect({ status: forbidden.status, body: forbidden.body }).toEqual({
      status: 403,
      body: { code: 403, message: 'Brak uprawnień do wykonania tej operacji.' },
    });
    expect((await viewer.client.delete(`/api/warehouse_changes?id=${p1?.id}`)).status).toBe(403);

    expect((await keeper.client.get(list)).status).toBe(403);
    expect((await keeper.client.get(csv)).status).toBe(403);
    expect((await keeper.client.put('/api/warehouse_changes', { id: p1?.id })).status).toBe(200);
    expect((await keeper.client.delete(`/api/warehouse_changes?id=${p2?.id}`)).status).toBe(204);

    for (const call of [nobody.client.get(list), nobody.client.put('/api/warehouse_changes', { id: p1?.id })]) {
      expect((await call).status).toBe(403);
    }
    // The reader changes items and stock: main.items.edit.
    expect((await viewer.client.post('/api/items/barcodes', { barcode: item.code })).status).toBe(403);
    expect(await stockOf(item.id)).toBe(4);
  });
});

describe('GET /warehouse_changes/export_csv', () => {
  it('answers a spreadsheet-safe CSV: BOM, ;, CRLF, Polish headers, round-trip text, neutralised formulas, numeric negatives', async () => {
    const tricky = 'Żółć; "gęślą" jaźń';
    const a = await createItem(5, { name: tricky });
    const b = await createItem(2, { name: '=HYPERLINK("http://zlo.example","Kliknij")' });
    const c = await createItem(1, { name: '@SUM(A1:A2)' });
    const d = await createItem(1, { name: '+48 600\tx' });
    await setAutoCommit(true);
    await scan('QTY-3', a.code);
    await setAutoCommit(false);

    const { year, month } = currentMonth();
    const res = await fetch(`${server.url}/api/warehouse_changes/export_csv?year=${year}&month=${month}`, {
      headers: { 'x-auth-bearer': org.token.token },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="warehouse_changes__${month}_${year}.csv"`,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const [header] = text.split('\r\n');
    expect(header).toBe(
      'ID;Data zmiany;Data zatwierdzenia;Kod towaru;Nazwa towaru;Typ;Ilość;Stan przed;Stan po;Zatwierdzona;Zamówienie',
    );
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '').includes('\n')).toBe(false);

    const rows = parseCsv(text);
    const byCode = (code: string) => rows.filter((r) => r[3] === code);
    expect(byCode(a.code).map((r) => r[4])).toEqual([tricky, tricky]);
    const [initial, reader] = byCode(a.code);
    expect(initial?.[5]).toBe('Stan początkowy');
    expect(initial?.[9]).toBe('Tak');
    expect(initial?.[10]).toBe('');
    expect(initial?.[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The negative quantity is written as a bare number, not escaped text.
    expect(reader?.slice(5, 9)).toEqual(['Czytnik', '-3', '5', '2']);
    expect(text).toContain(`;Czytnik;-3;5;2;Tak;\r\n`);
    expect(byCode(b.code)[0]?.[4]).toBe(`'=HYPERLINK("http://zlo.example","Kliknij")`);
    expect(byCode(c.code)[0]?.[4]).toBe(`'@SUM(A1:A2)`);
    expect(byCode(d.code)[0]?.[4]).toBe(`'+48 600\tx`);
    // No item cell of the file starts with a formula character.
    for (const row of rows.slice(1)) for (const cell of [row[3], row[4]]) expect(cell ?? '').not.toMatch(/^[=+@\t\r-]/);
  });

  it('keeps a line break inside its cell and neutralises formulas after it (read back with csv-parse)', async () => {
    const names = ['Kubek\r=1+1', 'Talerz\n+48 600', 'Miska\r\n  @SUM(A1)', 'Kubek\n\t-2+3', 'Zwykły\r\nopis'];
    const items = [];
    for (const name of names) items.push(await createItem(1, { name }));
    const { year, month } = currentMonth();
    const csv = await org.admin.get<string>(`/api/warehouse_changes/export_csv?year=${year}&month=${month}`);
    expect(csv.status).toBe(200);
    // csv-parse, strict about quotes and column counts.
    const rows = parseCsv(csv.body);
    const all = await monthChanges();
    expect(rows.length).toBe(all.length + 1);
    for (const row of rows) expect(row.length).toBe(11);
    const nameOf = (code: string) => rows.find((r) => r[3] === code)?.[4];
    expect(items.map((i) => nameOf(i.code))).toEqual([
      "Kubek\r'=1+1",
      "Talerz\n'+48 600",
      "Miska\r\n  '@SUM(A1)",
      "Kubek\n\t'-2+3",
      'Zwykły\r\nopis',
    ]);
    // No text cell, nor any line inside one, starts with a live formula after white space.
    for (const row of rows.slice(1))
      for (const cell of [row[3], row[4]])
        for (const part of (cell ?? '').split(/\r\n|\r|\n/)) expect(part).not.toMatch(/^\s*[=+@-]/);
    // A reader that takes every bare CR or LF as a row end (some spreadsheets) finds no formula either.
    for (const line of csv.body.split(/\r\n|\r|\n/)) expect(line.replace(/^"/, '')).not.toMatch(/^\s*[=+@-]/);
  });

  it('streams more rows than one chunk, each once, and only this month', async () => {
    const before = (await monthChanges()).length;
    const gen = await org.admin.post('/api/items/generate_many', {
      beforeSymbol: 'CSV',
      start: 1,
      stop: EXPORT_CHUNK + 150,
      itemStatusId: statusId,
      countWare: 1,
    });
    expect(gen.status, JSON.stringify(gen.body)).toBe(400);
    // One generation makes at most 1000: two calls pass the chunk size.
    for (const [start, stop] of [
      [1, 1000],
      [1001, EXPORT_CHUNK + 150],
    ] as const) {
      const r = await org.admin.post('/api/items/generate_many', {
        beforeSymbol: 'CSV',
        start,
        stop,
        itemStatusId: statusId,
        countWare: 1,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const all = await monthChanges();
    expect(all.length).toBe(before + EXPORT_CHUNK + 150);
    const { year, month } = currentMonth();
    const csv = await org.admin.get<string>(`/api/warehouse_changes/export_csv?year=${year}&month=${month}`);
    const ids = parseCsv(csv.body.replace(/^\uFEFF/, ''))
      .slice(1)
      .map((r) => Number(r[0]));
    expect(ids.length).toBe(all.length);
    expect(new Set(ids)).toEqual(new Set(all.map((c) => c.id)));

    const empty = await org.admin.get<string>('/api/warehouse_changes/export_csv?year=2001&month=1');
    expect(empty.status).toBe(200);
    // fetch's text() drops the BOM (the test above checks the bytes).
    expect(empty.body).toBe(
      'ID;Data zmiany;Data zatwierdzenia;Kod towaru;Nazwa towaru;Typ;Ilość;Stan przed;Stan po;Zatwierdzona;Zamówienie\r\n',
    );
  });
});

describe('concurrency', () => {
  it('200 concurrent reader scans of QTY-1 with auto-commit on end at exactly 0 with 200 committed rows', async () => {
    const item = await createItem(200);
    await setAutoCommit(true);
    try {
      const answers = await Promise.all(
        Array.from({ length: 200 }, () =>
          org.admin.post('/api/items/barcodes', { barcode: 'QTY-1', itemCode: item.code }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(200).fill(200));
      expect(answers.filter((a) => (a.body as { isError: boolean }).isError)).toEqual([]);
    } finally {
      await setAutoCommit(false);
    }
    expect(await stockOf(item.id)).toBe(0);
    const rows = (await changesOf(item.code)).filter((c) => c.type === 'READER');
    expect(rows.length).toBe(200);
    expect(rows.every((r) => r.commited && r.qtyAfter === (r.qtyBefore ?? 0) - 1)).toBe(true);
    // Every stock level from 200 down to 1 was the "before" of exactly one change: no lost update.
    expect(rows.map((r) => r.qtyBefore).sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual(
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
  });

  it('N parallel commits of pending -1 changes end exactly at 0', async () => {
    const n = 40;
    const item = await createItem(n);
    const changes = await pending(item.code, -1, n);
    expect(changes.length).toBe(n);
    const res = await Promise.all(changes.map((c) => org.admin.put('/api/warehouse_changes', { id: c.id })));
    expect(res.map((r) => r.status)).toEqual(Array(n).fill(200));
    expect(await stockOf(item.id)).toBe(0);
    expect((await changesOf(item.code)).filter((c) => !c.commited)).toEqual([]);
  });

  it('committing the same change concurrently applies it once', async () => {
    const item = await createItem(10);
    const [change] = await pending(item.code, -4);
    const res = await Promise.all(
      Array.from({ length: 6 }, () => org.admin.put('/api/warehouse_changes', { id: change?.id })),
    );
    expect(res.filter((r) => r.status === 200).length).toBe(1);
    expect(res.filter((r) => r.status === 409).length).toBe(5);
    expect(await stockOf(item.id)).toBe(6);
  });
});
