import fs from 'node:fs';
import path from 'node:path';
import type { Download, Page } from 'playwright-core';
import {
  barcodePdfSchema,
  DOCUMENT_FILE_NAMES,
  DOCUMENT_MSG,
  ORDER_READER_STATUS_LOCKED,
  orderLookupAnswerSchema,
  type Order,
} from '@zaplecze/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_KEYS, userStorageKey } from '@web/data/local-settings';
import { createOrderRefs, type OrderRefs } from '../packages/server/test/orders';
import { decodeCode128, pdfText } from '../packages/server/test/pdf-tools';
import { eventually, setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
import { OrderReaderPage } from './support/pages/order-reader-page';
import { RESULTS_DIR } from './support/paths';
import { signedIn, waitForPath } from './support/session';
import { pageTitle, t } from './support/texts';
import { keepScreenshot } from './support/screens';
import { savedFile } from './support/downloads';

const SCREENS = path.join(RESULTS_DIR, 'e2e', 'screens');

describe('order reader at the packing bench', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  let refs: OrderRefs;
  let addressMethodId: number;

  const ok = async <T>(res: Promise<{ status: number; body: T }>): Promise<T> => {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };

  /** A reader-code sheet printed by the server and read back as a scanner would (pdftoppm + zbarimg). */
  const sheet = async (kind: string, body: object): Promise<string[]> => {
    const res = await ok(org.admin.post(`/api/print/barcode/${kind}`, body));
    return decodeCode128(Buffer.from(barcodePdfSchema.parse(res).pdf, 'base64'));
  };

  /** The reader settings of this user on this device, as the print settings page stores them. */
  const setReaderSettings = async (page: Page, bol: string, invoice: string) => {
    await page.evaluate(
      ([entries]) => {
        for (const [k, v] of entries) localStorage.setItem(k, v);
      },
      [
        [
          [userStorageKey(org.adminLogin, LOCAL_KEYS.readerBolAction), bol],
          [userStorageKey(org.adminLogin, LOCAL_KEYS.readerInvoiceAction), invoice],
        ],
      ] as const,
    );
  };

  let itemStatusId: number;
  const item = async (code: string, name: string) =>
    (
      await ok(
        org.admin.post<{ id: number }>('/api/items', {
          code,
          name,
          price: 20,
          vat: 23,
          currency: 'PLN',
          countWare: 10,
          itemStatusId,
        }),
      )
    ).id;

  beforeAll(async () => {
    org = await newOrg(e2e.server);
    refs = await createOrderRefs(org.admin);
    itemStatusId = (
      await ok(org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny', color: '00aa00' }))
    ).id;
    const res = await org.admin.put('/api/options', {
      options: [{ key: 'ORDER_STATUS_AFTER_SEND', value: String(refs.status2Id) }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    const carriers = await ok(
      org.admin.get<{ carriers: { id: string; methods: { id: number; sendType: string }[] }[] }>('/api/carriers'),
    );
    addressMethodId =
      carriers.carriers.find((c) => c.id === 'own')?.methods.find((m) => m.sendType === 'ONLY_ADDRESS')?.id ?? 0;
    expect(addressMethodId).toBeGreaterThan(0);
    fs.mkdirSync(SCREENS, { recursive: true });
  });

  it('packs an order from printed codes: weight, user size, items (a wrong one flagged), dispatch, then refuses a status and answers sent earlier', async () => {
    const mugId = await item('KUBEK-PAK', 'Kubek emaliowany');
    const plateId = await item('TALERZ-PAK', 'Talerz płytki');
    await item('OBCY-PAK', 'Towar spoza zamówienia');
    const order = await ok(
      org.admin.post<Order>('/api/orders', {
        deliveryCost: 15,
        deliveryVat: 23,
        shippingMethod: 'ADDRESS',
        carrierMethodId: addressMethodId,
        clientData: {
          nameSurname: 'Jan Kowalski',
          street: 'Długa',
          buildNr: '1',
          postCode: '00-001',
          city: 'Warszawa',
          countryCode: 'PL',
          tel: '600100200',
          email: 'jan@example.pl',
        },
        items: [
          { code: 'KUBEK-PAK', name: 'Kubek emaliowany', quantity: 2, price: 20, vat: 23, itemId: mugId },
          { code: 'TALERZ-PAK', name: 'Talerz płytki', quantity: 1, price: 30, vat: 23, itemId: plateId },
        ],
      }),
    );
    const userSize = await ok(
      org.admin.post<{ id: number }>('/api/user_sizes', { name: 'Karton M', sizeA: 300, sizeB: 200, sizeC: 150 }),
    );

    // The sheets of the barcode-prints screen, read back as the scanner reads them.
    const [orderCode] = await sheet('order', { orderIds: [order.id] });
    expect(orderCode).toBe(`ORDER:${order.id}`);
    const other = await sheet('other', {});
    expect([...other].sort()).toEqual(['CMD:DOCUMENT', 'CMD:PROBLEM', 'CMD:RESET', 'CMD:SEND']);
    const [weightCode] = await sheet('weight', { grams: [1500] });
    expect(weightCode).toBe('WEIGHT:1500');
    const [sizeCode] = await sheet('user_size', { ids: [userSize.id] });
    expect(sizeCode).toBe(`USIZE:${userSize.id}`);
    const itemCodes = await sheet('item', { itemCodes: ['KUBEK-PAK', 'TALERZ-PAK', 'OBCY-PAK'] });
    expect([...itemCodes].sort()).toEqual(['KUBEK-PAK', 'OBCY-PAK', 'TALERZ-PAK']);
    const [statusCode] = await sheet('order_status', { ids: [refs.statusId] });
    const send = other.find((c) => c === 'CMD:SEND') as string;

    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await setReaderSettings(page, 'PDF', 'NONE');
    // The Orders group of the menu leads to the reader.
    await shell.menuEntry(t.menu.ordersReader).click();
    await waitForPath(page, '/orders-barcode-reader');
    const reader = new OrderReaderPage(page, (p) => e2e.url(p));
    await reader.heading.waitFor();
    await eventually(() => page.title(), pageTitle(reader.t.title));
    expect(await reader.noSettings.count()).toBe(0);
    await reader.none.waitFor();

    // The order, then a scanner in lower case: the screen upper-cases what it reads.
    await reader.scan(orderCode!.toLowerCase());
    await eventually(() => reader.field('number').textContent(), `Zamówienie nr ${order.id}`);
    await eventually(() => reader.field('status').textContent(), 'Nowe');
    expect(await reader.lines()).toEqual([
      { code: 'KUBEK-PAK', packed: '0 / 2', missing: 2 },
      { code: 'TALERZ-PAK', packed: '0 / 1', missing: 1 },
    ]);
    await keepScreenshot(page, path.join(SCREENS, 'order-reader-selected.png'), { fullPage: true });

    await reader.scan(weightCode!);
    await eventually(() => reader.field('weight').textContent(), '1,5 kg');
    await reader.scan(sizeCode!);
    await eventually(() => reader.field('sizes').textContent(), '300 × 200 × 150 mm');

    // Each item; a foreign one is a red row (with the flash) and packs nothing.
    await reader.scan('KUBEK-PAK');
    await reader.scan('OBCY-PAK');
    await eventually(async () => (await reader.log())[0]?.code, 'OBCY-PAK');
    expect((await reader.log())[0]?.error).toBe(true);
    await reader.flash.waitFor({ state: 'attached' });
    await reader.scan('KUBEK-PAK');
    await reader.scan('TALERZ-PAK');
    await eventually(
      () => reader.lines(),
      [
        { code: 'KUBEK-PAK', packed: '2 / 2', missing: 0 },
        { code: 'TALERZ-PAK', packed: '1 / 1', missing: 0 },
      ],
    );
    const beforeSend = await reader.log();
    expect(beforeSend.map((r) => [r.code, r.error])).toEqual([
      ['TALERZ-PAK', false],
      ['KUBEK-PAK', false],
      ['OBCY-PAK', true],
      ['KUBEK-PAK', false],
      [sizeCode, false],
      [weightCode, false],
      [orderCode, false],
    ]);
    await keepScreenshot(page, path.join(SCREENS, 'order-reader-packed.png'), { fullPage: true });

    // The waybill code: SEND_PARCEL, dispatched and its label downloaded (reader setting PDF);
    // auto-reset (on by default) then forgets the order.
    const label = page.waitForEvent('download');
    await reader.scan(send);
    const download: Download = await label;
    expect(download.suggestedFilename()).toBe(DOCUMENT_FILE_NAMES.bol);
    const labelPdf = fs.readFileSync(await savedFile(download));
    expect(labelPdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await reader.none.waitFor();
    const sent = await reader.log();
    expect(sent[0]).toMatchObject({ action: reader.t.actions.autoReset, order: String(order.id), error: false });
    expect(sent[1]?.action).toMatch(/^Nadano paczkę: \S+/);
    const waybill = (sent[1]?.action ?? '').replace('Nadano paczkę: ', '');
    expect(await pdfText(labelPdf)).toContain(waybill);

    // The order again: sizes, weight, the waybill number and the status after dispatch.
    await reader.scan(orderCode!);
    await eventually(() => reader.field('waybill').textContent(), waybill);
    expect(await reader.field('status').textContent()).toBe('Wysłane');
    expect(await reader.field('sizes').textContent()).toBe('300 × 200 × 150 mm');
    expect(await reader.field('weight').textContent()).toBe('1,5 kg');
    await keepScreenshot(page, path.join(SCREENS, 'order-reader-dispatched.png'), { fullPage: true });
    const stored = orderLookupAnswerSchema.parse(await ok(org.admin.get(`/api/orders?id=${order.id}`))).orders[0]!;
    expect([stored.billOfLading, stored.orderStatus.id, stored.weight, stored.sizeA]).toEqual([
      waybill,
      refs.status2Id,
      1.5,
      300,
    ]);

    // A status after dispatch is refused.
    const rows = await reader.logLength();
    await reader.scan(statusCode!);
    const refused = await reader.logAfter(rows + 1);
    expect(refused[0]).toMatchObject({ code: statusCode, error: true });
    expect(refused[0]?.action).toContain(ORDER_READER_STATUS_LOCKED);
    expect(await reader.field('status').textContent()).toBe('Wysłane');

    // The waybill code again: PRINT_BOL, sent earlier, the same waybill, no second shipment.
    const again = page.waitForEvent('download');
    await reader.scan(send);
    expect((await again).suggestedFilename()).toBe(DOCUMENT_FILE_NAMES.bol);
    await reader.none.waitFor();
    const last = await reader.log();
    expect(last[1]).toMatchObject({ action: `Przesyłka nadana wcześniej: ${waybill}`, code: send, error: false });
    await keepScreenshot(page, path.join(SCREENS, 'order-reader-log.png'), { fullPage: true });
  }, 180_000);

  it('without reader settings warns on the page and turns a waybill scan into a red row', async () => {
    const order = await ok(
      org.admin.post<Order>('/api/orders', {
        deliveryCost: 0,
        deliveryVat: 23,
        shippingMethod: 'ADDRESS',
        carrierMethodId: addressMethodId,
        clientData: { nameSurname: 'Ewa Nowak', street: 'Krótka', buildNr: '2', postCode: '00-002', city: 'Warszawa' },
        items: [],
      }),
    );
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const reader = await new OrderReaderPage(page, (p) => e2e.url(p)).goto();
    await reader.noSettings.waitFor();
    expect(await reader.noSettings.textContent()).toContain(DOCUMENT_MSG.noReaderSettings);

    // Manual mode sends what was typed.
    await reader.manual(`ORDER:${order.id}`);
    await eventually(() => reader.field('number').textContent(), `Zamówienie nr ${order.id}`);
    await reader.scan('CMD:SEND');
    const rows = await reader.logAfter(2);
    expect(rows[0]).toMatchObject({ action: DOCUMENT_MSG.noReaderSettings, code: 'CMD:SEND', error: true });
    await reader.flash.waitFor({ state: 'attached' });
    // Nothing was dispatched; the order stays selected.
    expect(await reader.field('waybill').textContent()).toBe(reader.t.panel.noWaybill);
    const stored = orderLookupAnswerSchema.parse(await ok(org.admin.get(`/api/orders?id=${order.id}`))).orders[0]!;
    expect(stored.billOfLading ?? null).toBeNull();
    await keepScreenshot(page, path.join(SCREENS, 'order-reader-no-settings.png'), { fullPage: true });
  });
});
