import path from 'node:path';
import type { Page } from 'playwright-core';
import { orderPrintLogAnswerSchema, type Order } from '@zaplecze/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluginsModule } from '../packages/server/src/modules/plugins';
import { JobWorker } from '../packages/server/src/platform/jobs';
import { startPosnetEmulator, type PosnetEmulator } from '../plugins/fiscal-printer/test/posnet-emulator';
import { LOCAL_KEYS, userStorageKey } from '@web/data/local-settings';
import { orderReaderMessages } from '@web/features/order-reader/messages.pl';
import { format } from '@web/i18n';
import { createOrderRefs, INVOICE_COMPANY, orderBody } from '../packages/server/test/orders';
import { eventually, setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
import { OrderReaderPage } from './support/pages/order-reader-page';
import { OrdersPage } from './support/pages/orders-page';
import { RESULTS_DIR } from './support/paths';
import { keepScreenshot, screenshotsWanted } from './support/screens';
import { signedIn } from './support/session';
import { t } from './support/texts';

const SCREENS = path.join(RESULTS_DIR, 'screens');

async function shot(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted()) return;
  // Toasts appear a moment after they are added and fade in, dialogs too: wait until they are shown.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.app-toast')].every(
      (el) => el.classList.contains('show') && !el.classList.contains('showing'),
    ),
  );
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));
  await keepScreenshot(page, path.join(SCREENS, `receipts-${name}.png`), { fullPage: true });
}

/**
 * Receipts of stationary orders with the invoicing plugin installed (docs/decisions.md, "Documents:
 * receipts"): 'Paragon' in the order list's actions (its number in a toast and in the print log),
 * the invoice still for the other orders, mass invoices leaving the receipt orders out, no invoice
 * beside a receipt, and the order reader's document code issuing the receipt.
 */
describe('receipts: the order list and the order reader', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  const l = t.orders.list;
  const d = t.orders.documents;
  const sel = t.orders.select;
  const lines = [
    { code: 'KUB-1', name: 'Kubek ceramiczny', quantity: 2, price: 24.6, vat: 23, itemId: null },
    { code: 'KS-2', name: 'Książka „Pan Tadeusz”', quantity: 1, price: 39.9, vat: 5, itemId: null },
  ];

  const order = async (overrides: Record<string, unknown>): Promise<number> => {
    const res = await org.admin.post<{ id: number }>('/api/orders', orderBody({ items: lines, ...overrides }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.id;
  };
  /** A stationary order (POST /orders stationary: true) of the buyer `name`. */
  const shopOrder = (name: string, city: string, invoice: object | null = null) =>
    order({ stationary: true, clientData: { nameSurname: name, city }, invoice });
  const read = async (id: number): Promise<Order> => {
    const res = await org.admin.get<{ orders: Order[] }>(`/api/orders?id=${id}`);
    const found = res.body.orders[0];
    if (!found) throw new Error(`order ${id}: ${res.status}`);
    return found;
  };
  /** The receipt numbers in the order's print log ('Wystawienie paragonu'). */
  const receiptsOf = async (id: number): Promise<string[]> => {
    const log = orderPrintLogAnswerSchema.parse((await org.admin.get(`/api/orders/print_log?orderId=${id}`)).body);
    return log.entries.filter((e) => e.kind === 'RECEIPT_ISSUE').map((e) => e.detail);
  };
  const openOrders = (page: Page, query: string) => new OrdersPage(page, (p) => e2e.url(p)).goto(query);
  /** The ids of the row menu's entries after 'Dane klienta' (the sale's documents). */
  const documentEntries = async (orders: OrdersPage, id: number): Promise<string[]> => {
    await orders.row(id).getByTestId('order-menu').click();
    await orders.menuEntry('buyer').waitFor();
    const ids = await orders.page
      .locator('[data-testid^="row-menu-"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!.slice('row-menu-'.length)));
    await orders.page.keyboard.press('Escape');
    await orders.menuEntry('buyer').waitFor({ state: 'detached' });
    return ids.slice(ids.indexOf('buyer') + 1);
  };

  beforeAll(async () => {
    org = await newOrg(e2e.server);
    await createOrderRefs(org.admin);
    const installed = await org.admin.request('POST', '/api/plugin_install', { form: { pluginId: 'invoicing' } });
    expect(installed.status).toBe(204);
  });

  it('the list: Paragon for a stationary order (number in the toast and the print log), the invoice for the others', async () => {
    const shop = await shopOrder('Klient Sklepowy', 'Sieradz');
    const online = await order({
      clientData: { nameSurname: 'Klient Internetowy', city: 'Sieradz' },
      invoice: INVOICE_COMPANY,
    });
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const orders = await openOrders(page, '?city=sieradz');
    await eventually(async () => (await orders.ids()).sort(), [shop, online].sort());

    // A stationary order's document is its receipt; the other order keeps its invoice entries.
    expect(await documentEntries(orders, shop)).toEqual(['receipt']);
    expect(await documentEntries(orders, online)).toEqual([
      'invoice-issue',
      'invoice-email',
      'invoice-print',
      'invoice-download',
    ]);
    await orders.row(shop).getByTestId('order-menu').click();
    await orders.menuEntry('receipt').waitFor();
    expect(await orders.menuEntry('receipt').textContent()).toBe(l.receipt);
    await shot(page, 'row-menu');

    // 'Paragon': issued (no fiscal printer in this organisation: it says so), the number shown.
    const issued = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/plugins/invoicing/receipts');
    await orders.menuEntry('receipt').click();
    expect((await issued).status()).toBe(200);
    const [number] = await receiptsOf(shop);
    expect(number).toMatch(/^PAR \d+\/\d{2}\/\d{4}$/);
    const toast = shell.toast(d.receiptIssuedTitle);
    await toast.filter({ hasText: format(d.receipt.noPrinter, { id: shop, number: number! }) }).waitFor();
    await shot(page, 'issued-toast');

    // The preview's print log shows it; its documents menu offers the same receipt.
    await orders.row(shop).getByTestId('order-number').click();
    const preview = orders.dialog('order-preview-dialog');
    const logRow = preview.getByTestId('order-print-log-row').filter({ hasText: d.kinds.RECEIPT_ISSUE });
    await logRow.waitFor();
    expect(await logRow.textContent()).toContain(number);
    await preview.getByTestId('order-print-log').scrollIntoViewIfNeeded();
    await shot(page, 'preview-log');
    await preview.getByTestId('order-preview-documents-toggle').click();
    await preview.getByTestId('order-preview-doc-receipt').waitFor();
    expect(await preview.getByTestId('order-preview-doc-invoice-issue').count()).toBe(0);
    await shot(page, 'preview-menu');
    // A second 'Paragon' issues nothing: the same number, said to be there already.
    await preview.getByTestId('order-preview-doc-receipt').click();
    await shell
      .toast(d.receiptTitle)
      .filter({ hasText: format(d.receipt.earlier, { id: shop, number: number! }) })
      .waitFor();
    expect(await receiptsOf(shop)).toEqual([number]);
    await preview.getByRole('button', { name: t.common.close, exact: true }).last().click();
    await preview.waitFor({ state: 'detached' });
  });

  it('mass invoices leave the stationary orders for their receipts; no invoice beside a receipt', async () => {
    const shop = await shopOrder('Firma Przy Kasie', 'Wieluń', INVOICE_COMPANY);
    const online = await order({
      clientData: { nameSurname: 'Firma Wysyłkowa', city: 'Wieluń' },
      invoice: INVOICE_COMPANY,
    });
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const orders = await openOrders(page, '?city=wielu');
    await eventually(async () => (await orders.ids()).sort(), [shop, online].sort());

    // A stationary buyer who gave invoice data: the receipt first, the invoice may be taken instead.
    expect(await documentEntries(orders, shop)).toEqual([
      'receipt',
      'invoice-issue',
      'invoice-email',
      'invoice-print',
      'invoice-download',
    ]);

    // Mass 'Wystaw bez drukowania' over both: the online order invoiced, the stationary one reported.
    await orders.startSelect();
    for (const id of [shop, online]) await orders.row(id).click();
    await eventually(() => orders.selectedCount(), format(sel.selected, { n: 2 }));
    await page.getByTestId('orders-mass-invoices-toggle').click();
    await page.getByTestId('orders-mass-invoices-only').click();
    const report = page.getByTestId('report-dialog');
    await report.waitFor();
    const text = (await report.textContent()) ?? '';
    expect(text).toContain(d.reportReceiptOrders);
    expect(text).toContain(d.reportOk);
    await shot(page, 'mass-invoices-report');
    await page.getByTestId('report-close').click();
    await report.waitFor({ state: 'detached' });
    expect((await read(online)).invoice?.invoiceNumber).toMatch(/^FV /);
    expect((await read(shop)).invoice?.invoiceNumber).toBeNull();
    await page.getByTestId('orders-select-end').click();

    // The receipt (the order's company NIP goes on it), then the invoice is refused in the browser.
    await orders.menuAction(shop, 'receipt');
    await shell.toast(d.receiptIssuedTitle).waitFor();
    const [number] = await receiptsOf(shop);
    await orders.menuAction(shop, 'invoice-issue');
    await shell
      .toast(d.noInvoiceDataTitle)
      .filter({ hasText: format(d.invoiceBesideReceipt, { id: shop, number: number! }) })
      .waitFor();
    await shot(page, 'invoice-beside-receipt');
    expect((await read(shop)).invoice?.invoiceNumber).toBeNull();
  });

  it('the order reader: the document code of a stationary order issues its receipt', async () => {
    const shop = await shopOrder('Klient Czytnika', 'Kalisz');
    const online = await order({
      clientData: { nameSurname: 'Paczka Czytnika', city: 'Kalisz' },
      invoice: INVOICE_COMPANY,
    });
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    // The reader settings of this user here: no waybill action, documents issued without printing.
    const settings: [string, string][] = [
      [userStorageKey(org.adminLogin, LOCAL_KEYS.readerBolAction), 'NONE'],
      [userStorageKey(org.adminLogin, LOCAL_KEYS.readerInvoiceAction), 'ONLY_NUMBER'],
    ];
    await page.evaluate((entries) => {
      for (const [k, v] of entries) localStorage.setItem(k, v);
    }, settings);
    const reader = await new OrderReaderPage(page, (p) => e2e.url(p)).goto();
    await reader.scan(`ORDER:${shop}`);
    await eventually(() => reader.field('number').textContent(), `Zamówienie nr ${shop}`);
    await page.getByTestId('reader-order-stationary').waitFor();
    await reader.scan('CMD:DOCUMENT');
    const rows = await reader.logAfter(3);
    const [number] = await receiptsOf(shop);
    expect(number).toMatch(/^PAR /);
    expect(rows.slice(0, 3).map((r) => [r.action, r.error])).toEqual([
      [format(orderReaderMessages.receipt.noPrinter, { number: number! }), false],
      [`Zamówienie ${shop}: wystawienie paragonu.`, false],
      [`Wybrano zamówienie ${shop} (status „Wydane w sklepie”).`, false],
    ]);
    await shot(page, 'reader');

    // The order that is not stationary still gets its invoice from the same code.
    await reader.scan(`ORDER:${online}`);
    await eventually(() => reader.field('number').textContent(), `Zamówienie nr ${online}`);
    expect(await page.getByTestId('reader-order-stationary').count()).toBe(0);
    await reader.scan('CMD:DOCUMENT');
    await reader.logAfter(6);
    const invoice = (await read(online)).invoice?.invoiceNumber ?? '';
    expect(invoice).toMatch(/^FV /);
    expect((await reader.log())[0]).toMatchObject({
      action: format(orderReaderMessages.actions.documentIssued, { number: invoice }),
      error: false,
    });
  });
});

/**
 * With the fiscal printer plugin too (the POSNET emulator, the job worker running as its process
 * does): the list's toast says the receipt was printed, or shows the plugin's message as a warning
 * when the printer refused it; the reader's row says the same.
 */
describe('receipts: printed on the fiscal printer, or not', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  let printer: PosnetEmulator;
  let worker: JobWorker;
  const d = t.orders.documents;

  const shopOrder = async (): Promise<number> => {
    const res = await org.admin.post<{ id: number }>(
      '/api/orders',
      orderBody({
        stationary: true,
        clientData: { nameSurname: 'Klient Przy Kasie', city: 'Łask' },
        items: [{ code: 'KAWA', name: 'Kawa ziarnista 1kg', quantity: 1, price: 59.99, vat: 23, itemId: null }],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.id;
  };
  const receiptNumber = async (id: number): Promise<string> => {
    const log = orderPrintLogAnswerSchema.parse((await org.admin.get(`/api/orders/print_log?orderId=${id}`)).body);
    return log.entries.find((e) => e.kind === 'RECEIPT_ISSUE')?.detail ?? '';
  };

  beforeAll(async () => {
    printer = await startPosnetEmulator();
    org = await newOrg(e2e.server);
    await createOrderRefs(org.admin);
    for (const pluginId of ['invoicing', 'fiscal-printer']) {
      const res = await org.admin.request('POST', '/api/plugin_install', { form: { pluginId } });
      expect(res.status, JSON.stringify(res.body)).toBe(204);
    }
    const put = await org.admin.put('/api/plugins/fiscal-printer/settings', {
      values: { host: printer.host, port: printer.port },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    worker = new JobWorker({
      db: e2e.server.deps.db,
      engine: e2e.server.deps.engine,
      kinds: pluginsModule.jobs!(e2e.server.deps),
      log: () => undefined,
      pollMs: 100,
    });
    worker.start();
  });
  afterAll(async () => {
    await worker?.stop(2000);
    await printer?.close();
  });

  it('the list: printed, then a refused print as a warning with the reason; the reader: printed', async () => {
    const printed = await shopOrder();
    const refused = await shopOrder();
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const orders = await new OrdersPage(page, (p) => e2e.url(p)).goto('?city=lask');
    await orders.row(printed).waitFor();

    await orders.menuAction(printed, 'receipt');
    const ok = shell.toast(d.receiptIssuedTitle).filter({ hasText: 'wydrukowany na drukarce fiskalnej' });
    await ok.waitFor();
    const number = await receiptNumber(printed);
    expect(await ok.textContent()).toContain(format(d.receipt.printed, { id: printed, number }));
    expect(printer.receipts).toHaveLength(1);
    await shot(page, 'printed-toast');

    // The printer refuses a line: the receipt is issued, the toast warns with the plugin's message.
    printer.refuseNext('trline', 2105);
    await orders.menuAction(refused, 'receipt');
    const warning = shell.toast(d.receiptPrinterTitle);
    await warning.waitFor();
    const refusedNumber = await receiptNumber(refused);
    expect(await warning.textContent()).toContain(
      format(d.receipt.notPrinted, { id: refused, number: refusedNumber, message: '' }).trim(),
    );
    expect(await warning.textContent()).toContain('Drukarka fiskalna');
    await shot(page, 'not-printed-toast');

    // The reader: a third order's document code, printed.
    const third = await shopOrder();
    await page.evaluate(
      (entries) => {
        for (const [k, v] of entries) localStorage.setItem(k, v);
      },
      [
        [userStorageKey(org.adminLogin, LOCAL_KEYS.readerBolAction), 'NONE'],
        [userStorageKey(org.adminLogin, LOCAL_KEYS.readerInvoiceAction), 'PRINT'],
      ] as [string, string][],
    );
    const reader = await new OrderReaderPage(page, (p) => e2e.url(p)).goto();
    await reader.scan(`ORDER:${third}`);
    await eventually(() => reader.field('number').textContent(), `Zamówienie nr ${third}`);
    await reader.scan('CMD:DOCUMENT');
    const rows = await reader.logAfter(3);
    expect(rows[0]).toMatchObject({
      action: format(orderReaderMessages.receipt.printed, { number: await receiptNumber(third) }),
      error: false,
    });
    expect(printer.receipts).toHaveLength(2);
  });
});
