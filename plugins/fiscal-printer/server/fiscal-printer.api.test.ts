/**
 * The fiscal-printer plugin against the POSNET emulator (plugins/fiscal-printer/test/posnet-emulator.ts)
 * on both engines, through real HTTP, with the job worker running as its process does: settings and
 * 'Sprawdź połączenie' (the printer's state and letters, nothing printed), a stationary order's
 * receipt printed through the invoicing plugin's POST /receipts (lines, letters, NIP, total, every
 * frame's CRC, the order's print log), receipts issued at once printed one transaction at a time,
 * the printer's error codes in Polish and 'Drukuj ponownie', a printer that does not answer or is
 * not there, a connection dropped in the middle and at the end (printed or not: settled by the
 * printer's counter, never printed twice), a job that died after 'printing started', permissions,
 * tenant isolation and bad input.
 */
import { orderPrintLogAnswerSchema } from '@zaplecze/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluginsModule } from '../../../packages/server/src/modules/plugins';
import { TenantDb } from '../../../packages/server/src/db/tenant';
import { JobWorker } from '../../../packages/server/src/platform/jobs';
import { createOrg, createUser, orgIdOf, type TestOrg } from '../../../packages/server/test/factories';
import { startTestServer, type ApiClient, type TestServer } from '../../../packages/server/test/harness';
import { createOrderRefs, orderBody } from '../../../packages/server/test/orders';
import { receiptsAnswerSchema, type ReceiptPrint } from '../schemas';
import { startPosnetEmulator, type PosnetEmulator } from '../test/posnet-emulator';
import { decodeFrame } from './posnet';
import { fiscalDb, PRINTS } from './tables';

let server: TestServer;
let printer: PosnetEmulator;
let worker: JobWorker;
let a: TestOrg;
let b: TestOrg;

const FP = '/api/plugins/fiscal-printer';

async function install(org: TestOrg) {
  for (const pluginId of ['invoicing', 'fiscal-printer']) {
    const res = await org.admin.request('POST', '/api/plugin_install', { form: { pluginId } });
    expect(res.status, `${pluginId}: ${JSON.stringify(res.body)}`).toBe(204);
  }
}

async function settings(values: Record<string, unknown>, org = a) {
  const res = await org.admin.put(`${FP}/settings`, { values });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const ITEMS = [
  { code: 'KAWA', name: 'Kawa ziarnista 1kg', quantity: 2, price: 59.99, vat: 23, itemId: null },
  { code: 'KUB', name: 'Żółty kubek ŁÓDŹ', quantity: 1, price: 19.99, vat: 23, itemId: null },
  { code: 'KS', name: 'Książka kucharska', quantity: 1, price: 35, vat: 5, itemId: null },
  { code: 'BUL', name: 'Bułka', quantity: 3, price: 1.2, vat: 8, itemId: null },
];

async function stationaryOrder(client: ApiClient, items: unknown[] = ITEMS): Promise<number> {
  const res = await client.post<{ id: number }>(
    '/api/orders',
    orderBody({ stationary: true, deliveryCost: 0, items: (items as { name: string }[]).map((i) => ({ ...i })) }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

interface ReceiptAnswer {
  receiptId: number;
  receiptNumber: string;
  printed: boolean;
  created: boolean;
  printMessage: string | null;
}
async function issue(client: ApiClient, orderId: number, buyerTaxId?: string) {
  const res = await client.post<ReceiptAnswer>('/api/plugins/invoicing/receipts', {
    orderId,
    ...(buyerTaxId !== undefined ? { buyerTaxId } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function list(client = a.admin): Promise<ReceiptPrint[]> {
  const res = await client.get(`${FP}/receipts?limit=200`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return receiptsAnswerSchema.parse(res.body).receipts;
}

/** The receipt's row once its print ended (not WAITING or PRINTING). */
async function settled(receiptId: number): Promise<ReceiptPrint> {
  for (let i = 0; i < 300; i++) {
    const row = (await list()).find((r) => r.receiptId === receiptId);
    if (row && row.state !== 'WAITING' && row.state !== 'PRINTING') return row;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`receipt ${receiptId} did not settle`);
}

const reprint = (body: unknown, client = a.admin) =>
  client.post<{ state: string; message: string | null }>(`${FP}/print`, body);

beforeAll(async () => {
  printer = await startPosnetEmulator();
  server = await startTestServer();
  a = await createOrg(server, { companyName: 'Sklep Żółta Łódź' });
  b = await createOrg(server);
  await createOrderRefs(a.admin);
  await createOrderRefs(b.admin);
  await install(a);
  await settings({ host: printer.host, port: printer.port, timeoutSeconds: 2 });
  worker = new JobWorker({
    db: server.deps.db,
    engine: server.deps.engine,
    kinds: pluginsModule.jobs!(server.deps),
    log: () => undefined,
    pollMs: 50,
  });
  worker.start();
});
afterAll(async () => {
  await worker?.stop(2000);
  await server?.close();
  await printer?.close();
});

describe('fiscal-printer plugin', { timeout: 120_000 }, () => {
  it('settings: defaults, Polish validation; the test reads the printer (nothing printed) and compares the letters', async () => {
    const fresh = await b.admin.request('POST', '/api/plugin_install', { form: { pluginId: 'fiscal-printer' } });
    expect(fresh.status).toBe(409);
    expect(JSON.stringify(fresh.body)).toContain('Faktury, KSeF i paragony');

    const stored = await a.admin.get<{ values: Record<string, unknown> }>(`${FP}/settings`);
    expect(stored.body.values).toEqual({
      host: printer.host,
      port: printer.port,
      vatLetters: { A: 23, B: 8, C: 5, D: 0, E: 'zw', F: null, G: null },
      timeoutSeconds: 2,
    });
    for (const [values, text] of [
      [{ host: 'http://192.168.1.50' }, 'Adres drukarki'],
      [{ port: 0 }, 'Port drukarki'],
      [{ port: 'abc' }, 'Port drukarki'],
      [{ vatLetters: { A: 23, B: 23 } }, 'Stawka 23% jest przypisana do kilku liter (A, B)'],
      [{ vatLetters: { A: 'np' } }, 'Stawka litery'],
      [{ vatLetters: { H: 23 } }, 'Litery stawek drukarki to A–G'],
      [{ vatLetters: 'A23' }, 'Litery stawek drukarki to A–G'],
      [{ timeoutSeconds: 600 }, 'Czas na odpowiedź drukarki'],
    ] as const) {
      const res = await a.admin.put(`${FP}/settings`, { values });
      expect(res.status, JSON.stringify(values)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(text);
    }

    const before = printer.receipts.length;
    const ok = await a.admin.post<{ ok: boolean; message: string }>(`${FP}/test_connection`, {});
    expect(ok.body, JSON.stringify(ok.body)).toMatchObject({ ok: true });
    expect(ok.body.message).toContain('POSNET THERMAL HD ONLINE (emulator)');
    expect(ok.body.message).toContain('gotowa do drukowania');
    expect(ok.body.message).toContain('Stawki na drukarce: A 23%, B 8%, C 5%, D 0%, E zw — zgodne z ustawieniami.');
    expect(printer.receipts.length).toBe(before);

    await settings({ vatLetters: { A: 23, B: 8, C: 5, D: 0, E: 'zw', F: 7 } });
    const differ = await a.admin.post<{ ok: boolean; message: string }>(`${FP}/test_connection`, {});
    expect(differ.body).toMatchObject({ ok: false });
    expect(differ.body.message).toContain('Nie zgadzają się z ustawieniami litery F');
    const status = await a.admin.get<{ letters: Record<string, unknown> }>(`${FP}/printer_status`);
    expect(status.body.letters).toEqual({ A: 23, B: 8, C: 5, D: 0, E: 'zw', F: null, G: null });
    await settings({ vatLetters: { A: 23, B: 8, C: 5, D: 0, E: 'zw' } });

    printer.deviceState = 1;
    const menu = await a.admin.post<{ ok: boolean; message: string }>(`${FP}/test_connection`, {});
    printer.deviceState = 0;
    expect(menu.body.ok).toBe(false);
    expect(menu.body.message).toContain('drukarka jest w menu');

    await settings({ port: 1 });
    const absent = await a.admin.post<{ ok: boolean; message: string }>(`${FP}/test_connection`, {});
    expect(absent.body.ok).toBe(false);
    expect(absent.body.message).toContain('Nie można połączyć się z drukarką 127.0.0.1:1');
    await settings({ port: printer.port });
  });

  it('prints a stationary order’s receipt through the invoicing route: lines with their letters, NIP, total, valid frames, print log', async () => {
    const orderId = await stationaryOrder(a.admin);
    const frames = printer.received.length;
    const answer = await issue(a.admin, orderId, '526-025-02-74');
    expect(answer, JSON.stringify(answer)).toMatchObject({ printed: true, created: true, printMessage: null });

    const r = printer.receipts.at(-1)!;
    expect(r.lines.map((l) => [l.name, 'ABCDEFG'[l.slot], l.price, l.quantity, l.value])).toEqual([
      ['Kawa ziarnista 1kg', 'A', 5999, 2, 11998],
      ['Żółty kubek ŁÓDŹ', 'A', 1999, 1, 1999],
      ['Książka kucharska', 'C', 3500, 1, 3500],
      ['Bułka', 'B', 120, 3, 360],
    ]);
    expect(r.total).toBe(17857);
    expect(r.nip).toBe('5260250274');
    expect(r.payments).toEqual([{ type: 0, amount: 17857, name: '' }]);
    expect(r.printout).toContain('SUMA PLN 178,57');
    // Every frame the plugin sent carries the protocol's CRC; Polish letters went as Windows-1250.
    const sent = printer.received.slice(frames);
    for (const f of sent) expect(() => decodeFrame(f.bytes)).not.toThrow();
    expect(sent.map((f) => f.command)).toEqual([
      'sdev',
      'scnt',
      'vatget',
      'trinit',
      'trline',
      'trline',
      'trline',
      'trline',
      'trnipset',
      'trpayment',
      'trend',
      'scnt',
    ]);
    expect(sent.find((f) => f.bytes.includes(Buffer.from([0xaf, 0xf3, 0xb3, 0x74, 0x79])))).toBeDefined(); // 'Żółty'

    const row = (await list()).find((x) => x.receiptId === answer.receiptId)!;
    expect(row).toMatchObject({ state: 'PRINTED', orderId, gross: 17857, number: answer.receiptNumber, attempts: 1 });
    expect(row.message).toContain(`Drukarka fiskalna ${printer.host}:${printer.port}, nr wydruku ${r.number}`);
    const log = orderPrintLogAnswerSchema.parse((await a.admin.get(`/api/orders/print_log?orderId=${orderId}`)).body);
    expect(log.entries.map((e) => e.kind)).toEqual(expect.arrayContaining(['RECEIPT_ISSUE', 'RECEIPT']));

    // The same order's receipt asked again: issued before, printed before, nothing printed.
    const again = await issue(a.admin, orderId);
    expect(again).toMatchObject({ created: false, printed: true });
    const no = await reprint({ orderId });
    expect(no.status).toBe(409);
    expect(JSON.stringify(no.body)).toContain('jest już wydrukowany: drugi raz go nie drukujemy');
    expect(printer.receipts.filter((x) => x.total === 17857)).toHaveLength(1);
  });

  it('prints receipts issued at once one transaction at a time, each once', async () => {
    const orders = await Promise.all([1, 2, 3, 4].map(() => stationaryOrder(a.admin, [ITEMS[0]])));
    const before = printer.receipts.length;
    const frames = printer.received.length;
    const answers = await Promise.all(orders.map((id) => issue(a.admin, id)));
    for (const x of answers) await settled(x.receiptId);
    const rows = (await list()).filter((r) => answers.some((x) => x.receiptId === r.receiptId));
    expect(rows.map((r) => r.state)).toEqual(['PRINTED', 'PRINTED', 'PRINTED', 'PRINTED']);
    expect(printer.receipts.length - before).toBe(4);
    // One connection at a time: a connection's commands never interleave with another's.
    const conns = printer.received.slice(frames).map((f) => f.connection);
    expect(conns).toEqual([...conns].sort((x, y) => x - y));
    // ... and one transaction at a time: each trinit is ended before the next one.
    const tx = printer.received
      .slice(frames)
      .map((f) => f.command)
      .filter((c) => c === 'trinit' || c === 'trend');
    expect(tx).toEqual(['trinit', 'trend', 'trinit', 'trend', 'trinit', 'trend', 'trinit', 'trend']);
  });

  it("answers the printer's error codes in Polish; 'Drukuj ponownie' prints it then, once", async () => {
    const orderId = await stationaryOrder(a.admin, [ITEMS[1]]);
    printer.refuseNext('trline', 2105);
    const before = printer.receipts.length;
    const answer = await issue(a.admin, orderId);
    expect(answer.printed).toBe(false);
    expect(answer.printMessage).toContain('Drukarka fiskalna');
    const row = await settled(answer.receiptId);
    expect(row).toMatchObject({ state: 'FAILED', errorCode: 2105 });
    expect(row.message).toContain(
      'ten towar był sprzedany na tej drukarce z inną stawką VAT (baza towarowa drukarki): zmień nazwę albo stawkę (kod 2105).',
    );
    expect(row.message).toContain('nie został wydrukowany');
    expect(printer.received.at(-1)!.command).toBe('prncancel');
    expect(printer.receipts.length).toBe(before);

    const again = await reprint({ receiptId: answer.receiptId });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await settled(answer.receiptId)).state).toBe('PRINTED');
    expect(printer.receipts.length).toBe(before + 1);
    expect((await reprint({ receiptId: answer.receiptId })).status).toBe(409);

    // A rate the letters do not name: refused before anything is sent.
    const sevenOrder = await stationaryOrder(a.admin, [{ ...ITEMS[0], vat: 7 }]);
    const seven = await issue(a.admin, sevenOrder);
    expect((await settled(seven.receiptId)).message).toContain('Stawka 7% pozycji „Kawa ziarnista 1kg” nie ma litery');
    // The printer's programming differs from the settings: refused before the receipt starts.
    printer.rates[1] = '7,00';
    const otherOrder = await stationaryOrder(a.admin, [ITEMS[3]]);
    const other = await issue(a.admin, otherOrder);
    printer.rates[1] = '8,00';
    expect((await settled(other.receiptId)).message).toContain(
      'Stawki VAT drukarki nie zgadzają się z ustawieniami: litera B to na drukarce 7%, a w ustawieniach 8%',
    );
    expect(printer.receipts.length).toBe(before + 1);
  });

  it('a printer that does not answer, or is not there, fails the print with a clear message; it prints again later', async () => {
    const orderId = await stationaryOrder(a.admin, [ITEMS[2]]);
    printer.silence(1);
    const before = printer.receipts.length;
    const answer = await issue(a.admin, orderId);
    const row = await settled(answer.receiptId);
    expect(row.state).toBe('FAILED');
    expect(row.message).toContain('Drukarka nie odpowiedziała na polecenie sdev.');
    expect(row.message).toContain('„Drukuj ponownie”');

    await settings({ port: 1 });
    await reprint({ orderId });
    const absent = await settled(answer.receiptId);
    expect(absent.state).toBe('FAILED');
    expect(absent.message).toContain('Nie można połączyć się z drukarką 127.0.0.1:1');
    await settings({ port: printer.port });

    await reprint({ orderId });
    expect((await settled(answer.receiptId)).state).toBe('PRINTED');
    expect(printer.receipts.length).toBe(before + 1);
  });

  it('a connection dropped in the middle: not printed (the open transaction is cancelled before the next try)', async () => {
    const orderId = await stationaryOrder(a.admin);
    printer.dropOn('trline');
    const before = printer.receipts.length;
    const cancelled = printer.cancelled;
    const answer = await issue(a.admin, orderId);
    const row = await settled(answer.receiptId);
    expect(row.state).toBe('FAILED');
    expect(row.message).toMatch(/Drukarka zamknęła połączenie|Połączenie z drukarką przerwane/);
    expect(printer.inTransaction).toBe(true);

    await reprint({ receiptId: answer.receiptId });
    expect((await settled(answer.receiptId)).state).toBe('PRINTED');
    expect(printer.cancelled).toBe(cancelled + 1);
    expect(printer.receipts.length).toBe(before + 1);
  });

  it('a connection dropped at the end: the counter settles it (not ended: printed again; ended: never again)', async () => {
    // Dropped before the printer ended it: its counter did not move, so it was not printed.
    const first = await stationaryOrder(a.admin, [ITEMS[0]]);
    printer.dropOn('trend');
    const before = printer.receipts.length;
    const one = await issue(a.admin, first);
    const lost = await settled(one.receiptId);
    expect(lost.state).toBe('FAILED');
    expect(lost.message).toContain('licznik paragonów się nie zmienił, więc paragon nie został wydrukowany');
    await reprint({ receiptId: one.receiptId });
    expect((await settled(one.receiptId)).state).toBe('PRINTED');
    expect(printer.receipts.length).toBe(before + 1);

    // Ended, its answer lost: 'Do sprawdzenia'; 'Drukuj ponownie' checks the counter and prints nothing.
    const second = await stationaryOrder(a.admin, [ITEMS[1]]);
    printer.dropAfter('trend');
    const two = await issue(a.admin, second);
    const unknown = await settled(two.receiptId);
    expect(unknown.state).toBe('UNKNOWN');
    expect(unknown.message).toContain('prawdopodobnie się wydrukował');
    expect(printer.receipts.length).toBe(before + 2);
    await reprint({ receiptId: two.receiptId });
    const still = await settled(two.receiptId);
    expect(still.state).toBe('UNKNOWN');
    expect(still.message).toContain('drukarka zakończyła paragonów: 1');
    expect(printer.receipts.length).toBe(before + 2);

    // The printer away meanwhile: still to check, never FAILED (that would let it print twice).
    await settings({ port: 1 });
    await reprint({ receiptId: two.receiptId });
    const away = await settled(two.receiptId);
    await settings({ port: printer.port });
    expect(away.state).toBe('UNKNOWN');
    expect(away.message).toContain('Nie wiadomo jeszcze, czy wcześniejsza próba wydrukowała ten paragon');

    // The seller sees it on the printer: 'Wydrukowany'.
    const marked = await a.admin.post<{ state: string }>(`${FP}/mark_printed`, { receiptId: two.receiptId });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.state).toBe('PRINTED');
    expect((await a.admin.post(`${FP}/mark_printed`, { receiptId: two.receiptId })).status).toBe(409);
    expect((await reprint({ receiptId: two.receiptId })).status).toBe(409);
    expect(printer.receipts.length).toBe(before + 2);
    const log = orderPrintLogAnswerSchema.parse((await a.admin.get(`/api/orders/print_log?orderId=${second}`)).body);
    expect(log.entries.find((e) => e.kind === 'RECEIPT')?.detail).toContain('wydruk potwierdzony przez');
  });

  it('a job that died after "printing started": printed when the counter did not move, left to the seller when it did', async () => {
    const tdb = new TenantDb(server.deps.db, orgIdOf(a));
    const db = fiscalDb(tdb);
    // Two receipts whose jobs "died": one before sending anything, one after the printer ended it.
    const orders = [await stationaryOrder(a.admin, [ITEMS[2]]), await stationaryOrder(a.admin, [ITEMS[3]])];
    await settings({ port: 1 });
    const answers = [await issue(a.admin, orders[0]!), await issue(a.admin, orders[1]!)];
    for (const x of answers) await settled(x.receiptId);
    await settings({ port: printer.port });
    const count = printer.receipts.length;
    const where = `${printer.host}:${printer.port}`;
    await db
      .updateTable(PRINTS)
      .set({ state: 'PRINTING', counter_before: count, printer: where })
      .where('receipt_id', '=', answers[0]!.receiptId)
      .execute();
    await db
      .updateTable(PRINTS)
      .set({ state: 'PRINTING', counter_before: count - 1, printer: where })
      .where('receipt_id', '=', answers[1]!.receiptId)
      .execute();
    // The next receipt's job finds them first (nobody holds the printer).
    const next = await issue(a.admin, await stationaryOrder(a.admin, [ITEMS[0]]));
    await settled(next.receiptId);
    expect((await settled(answers[0]!.receiptId)).state).toBe('PRINTED');
    const doubt = await settled(answers[1]!.receiptId);
    expect(doubt.state).toBe('UNKNOWN');
    expect(doubt.message).toContain(`licznik ${count - 1} → ${count + 1}`);
    expect(printer.receipts.length).toBe(count + 2);

    // The seller looked: not there. 'Drukuj mimo to' prints it, and says so in 'Dziennik'.
    const forced = await reprint({ receiptId: answers[1]!.receiptId, force: true });
    expect(forced.status).toBe(200);
    expect((await settled(answers[1]!.receiptId)).state).toBe('PRINTED');
    expect(printer.receipts.length).toBe(count + 3);
    const calls = await a.admin.get<{ calls: { what: string; message: string }[] }>(
      '/api/plugin_calls?pluginId=fiscal-printer&perPage=100',
    );
    expect(calls.body.calls.some((c) => c.message.includes('Wydruk mimo niepewności zlecony przez'))).toBe(true);
  });

  it('permissions: printing with main.order.edit, the printer with main.plugins.manage', async () => {
    const cashier = await createUser(server, a, { login: 'kasjer', permissions: 'main.order.edit' });
    expect((await cashier.client.get(`${FP}/receipts`)).status).toBe(200);
    expect((await cashier.client.get(`${FP}/settings`)).status).toBe(403);
    expect((await cashier.client.post(`${FP}/test_connection`, {})).status).toBe(403);
    expect((await cashier.client.get(`${FP}/printer_status`)).status).toBe(403);
    const viewer = await createUser(server, a, { login: 'podglad', permissions: 'main.order.show' });
    expect((await viewer.client.get(`${FP}/receipts`)).status).toBe(403);
    expect((await viewer.client.post(`${FP}/print`, { receiptId: 1 })).status).toBe(403);
    expect((await viewer.client.post(`${FP}/mark_printed`, { receiptId: 1 })).status).toBe(403);
  });

  it('another organisation neither sees nor prints ours; without the plugin its routes answer 404', async () => {
    const mine = (await list())[0]!;
    expect((await b.admin.get(`${FP}/receipts`)).status).toBe(404);
    await install(b);
    expect((await list(b.admin)).length).toBe(0);
    const byId = await reprint({ receiptId: mine.receiptId }, b.admin);
    expect(byId.status).toBe(404);
    expect(JSON.stringify(byId.body)).toContain('Nie znaleziono paragonu');
    expect((await reprint({ orderId: mine.orderId }, b.admin)).status).toBe(404);
    expect((await b.admin.post(`${FP}/mark_printed`, { receiptId: mine.receiptId })).status).toBe(404);
    const noHost = await b.admin.post<{ ok: boolean; message: string }>(`${FP}/test_connection`, {});
    expect(noHost.body).toEqual({
      ok: false,
      message: 'Podaj adres drukarki fiskalnej w ustawieniach wtyczki (zakładka „Drukarka”).',
    });
  });

  it('bad input answers 400 in Polish, never 500', async () => {
    const cases: [string, string, unknown, string][] = [
      ['POST', '/print', {}, 'Podaj numer paragonu (receiptId) albo numer zamówienia (orderId).'],
      ['POST', '/print', { receiptId: 1, orderId: 1 }, 'Podaj numer paragonu'],
      ['POST', '/print', { receiptId: 'x' }, 'Numer paragonu (receiptId)'],
      ['POST', '/print', { receiptId: -1 }, 'Numer paragonu (receiptId)'],
      ['POST', '/print', { orderId: 1.5 }, 'Numer zamówienia (orderId)'],
      ['POST', '/print', { receiptId: 1, force: 'tak' }, 'Pole force'],
      ['POST', '/mark_printed', {}, 'Numer paragonu (receiptId)'],
      ['GET', '/receipts?state=DONE', undefined, 'Stan: WAITING'],
      ['GET', '/receipts?limit=0', undefined, 'Limit: od 1 do 200.'],
      ['GET', '/receipts?before=abc', undefined, 'Parametr before'],
    ];
    for (const [method, url, body, text] of cases) {
      const res =
        method === 'GET' ? await a.admin.get(`${FP}${url}`) : await a.admin.post(`${FP}${url}`, body as object);
      expect(res.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(JSON.stringify(res.body)).toContain(text);
    }
    expect((await reprint({ receiptId: 99_999_999 })).status).toBe(404);
    expect((await reprint({ orderId: 99_999_999 })).status).toBe(404);
  });
});
