import fs from 'node:fs';
import path from 'node:path';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MSG, type Order } from '@zaplecze/contract';
import { format } from '@web/i18n';
import { LOCAL_KEYS, userStorageKey } from '@web/data/local-settings';
import { createOrderRefs, orderBody } from '../packages/server/test/orders';
import { pdfPageCount } from '../packages/server/test/pdf-tools';
import { eventually, setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
import { OrdersPage } from './support/pages/orders-page';
import { PrintSettingsPage } from './support/pages/settings-pages';
import { RESULTS_DIR } from './support/paths';
import { signedIn } from './support/session';
import { t } from './support/texts';
import { screenshotsWanted } from './support/screens';
import { savedFile } from './support/downloads';

const SCREENS = path.join(RESULTS_DIR, 'screens');

async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENS, { recursive: true });
  // Dialogs fade in and fields fade their borders: wait for the CSS transitions to end; toasts
  // appear a moment after they are added (TOAST.appearDelayMs) and fade in.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.app-toast')].every(
      (el) => el.classList.contains('show') && !el.classList.contains('showing'),
    ),
  );
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));
  // The waits stay without a screenshot: the steps after it read a settled screen.
  if (!screenshotsWanted()) return;
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`) });
}

/** Closes every toast (so a screenshot shows what is under them). */
async function closeToasts(page: Page): Promise<void> {
  const toasts = page.locator('.app-toast');
  for (let n = await toasts.count(); n > 0; n = await toasts.count()) {
    // A success toast may close by itself meanwhile: then there is nothing to click.
    await toasts
      .first()
      .getByRole('button', { name: t.common.close })
      .click({ timeout: 2_000 })
      .catch(() => undefined);
    await page.waitForFunction((before) => document.querySelectorAll('.app-toast').length < before, n);
  }
}

/** A download's bytes, checked to be a real PDF (header and a page count pdfinfo can read). */
async function pdfOf(download: Download): Promise<{ name: string; pages: number }> {
  const file = await savedFile(download);
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { name: download.suggestedFilename(), pages: await pdfPageCount(bytes) };
}

/** Clicks something that saves a file and answers the download. */
async function downloading(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}

/** The print settings of this browser for `login` (what settings/print saves). */
async function setPrintSettings(page: Page, login: string): Promise<void> {
  const values: Record<string, string> = {
    [userStorageKey(login, LOCAL_KEYS.labelFormat)]: 'A6',
    [userStorageKey(login, LOCAL_KEYS.bolFormat)]: 'A6',
    [userStorageKey(login, LOCAL_KEYS.bolOversize)]: 'RESIZE',
  };
  await page.evaluate((v) => {
    for (const [k, value] of Object.entries(v)) localStorage.setItem(k, value);
  }, values);
}

describe('order documents: labels, waybills, invoices, their mass runs and the print log', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  const l = t.orders.list;
  const d = t.orders.documents;
  const sel = t.orders.select;
  let courierId: number;

  const order = async (body: Record<string, unknown>): Promise<number> => {
    const res = await org.admin.post<{ id: number }>('/api/orders', orderBody(body));
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.id;
  };
  /** An order the own carrier's courier can dispatch. */
  const courierOrder = (overrides: Record<string, unknown> = {}) =>
    order({
      shippingMethod: 'ADDRESS',
      carrierMethodId: courierId,
      weight: 1.5,
      sizeA: 300,
      sizeB: 200,
      sizeC: 100,
      items: [{ code: 'KUB-1', name: 'Kubek', quantity: 2, price: 20, vat: 23, itemId: null }],
      ...overrides,
    });
  const invoiceData = {
    isCompany: true,
    companyName: 'Nowak sp. z o.o.',
    companyTaxId: '1234563218',
    address: 'Floriańska 5',
    postCode: '31-019',
    city: 'Kraków',
  };
  const read = async (id: number): Promise<Order> => {
    const res = await org.admin.get<{ orders: Order[] }>(`/api/orders?id=${id}`);
    const found = res.body.orders[0];
    if (!found) throw new Error(`order ${id}: ${res.status}`);
    return found;
  };
  const openOrders = async (page: Page, query: string): Promise<OrdersPage> =>
    new OrdersPage(page, (p) => e2e.url(p)).goto(query);

  beforeAll(async () => {
    org = await newOrg(e2e.server);
    await createOrderRefs(org.admin);
    const carriers = await org.admin.get<{ carriers: { id: string; methods: { id: number; sendType: string }[] }[] }>(
      '/api/carriers',
    );
    courierId =
      carriers.body.carriers.find((c) => c.id === 'own')?.methods.find((m) => m.sendType === 'ONLY_ADDRESS')?.id ?? 0;
    expect(courierId).toBeGreaterThan(0);
  });

  it('without print settings labels and waybills warn and call nothing; the print settings screen keeps all five', async () => {
    const id = await courierOrder({ clientData: { nameSurname: 'Bez Ustawień', city: 'Łódź' } });
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const printCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/orders/print_')) printCalls.push(r.url());
    });
    const orders = await openOrders(page, `?number=${id}`);
    await orders.row(id).waitFor();

    // Row menu: a label and a waybill warn (§5); dispatch without printing needs no formats.
    const warning = shell.toast(d.noPrintSettingsTitle).filter({ hasText: d.noPrintSettings });
    await orders.menuAction(id, 'label-download');
    await warning.waitFor();
    await screenshot(page, 'order-documents-no-print-settings');
    await warning.getByRole('button').first().click();
    await warning.waitFor({ state: 'detached' });
    await orders.menuAction(id, 'waybill-print');
    await warning.waitFor();
    await warning.getByRole('button').first().click();
    await warning.waitFor({ state: 'detached' });

    // Multi-select: the mass label run warns too.
    await orders.startSelect();
    await orders.row(id).click();
    await eventually(() => orders.selectedCount(), format(sel.selected, { n: 1 }));
    await page.getByTestId('orders-mass-labels-toggle').click();
    await page.getByTestId('orders-mass-labels-print').click();
    await warning.waitFor();
    expect(printCalls).toEqual([]);

    // The print settings screen: formats, oversize and both reader actions, kept for this user here.
    const print = await new PrintSettingsPage(page, (p) => e2e.url(p)).goto();
    const p = t.settings.print;
    await print.select(p.labelFormat).selectOption({ label: p.formats.A4 });
    await print.select(p.bolFormat).selectOption({ label: p.formats.A6 });
    await print.select(p.bolOversize).selectOption({ label: p.oversize.PRINT_A4 });
    await print.select(p.readerInvoice).selectOption({ label: p.invoiceActions.EMAIL });
    await print.select(p.readerBol).selectOption({ label: p.bolActions.ONLY_SEND });
    await screenshot(page, 'order-documents-print-settings');
    await print.saveButton.click();
    await shell.toast(t.toasts.saved).waitFor();
    const stored = await page.evaluate(
      (keys) => keys.map((k) => localStorage.getItem(k)),
      [
        LOCAL_KEYS.labelFormat,
        LOCAL_KEYS.bolFormat,
        LOCAL_KEYS.bolOversize,
        LOCAL_KEYS.readerInvoiceAction,
        LOCAL_KEYS.readerBolAction,
      ].map((k) => userStorageKey(org.adminLogin, k)),
    );
    expect(stored).toEqual(['A4', 'A6', 'PRINT_A4', 'EMAIL', 'ONLY_SEND']);
  });

  it('dispatch from the row menu: the waybill appears in the row, its PDF downloads; labels; the print log in the preview', async () => {
    const id = await courierOrder({ clientData: { nameSurname: 'Jan Wysyłkowy', city: 'Gdynia' } });
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await setPrintSettings(page, org.adminLogin);
    const orders = await openOrders(page, `?number=${id}`);
    await orders.row(id).waitFor();

    // The preview of a fresh order: nothing printed yet.
    await orders.row(id).getByTestId('order-number').click();
    const preview = orders.dialog('order-preview-dialog');
    await preview.getByTestId('order-print-log').filter({ hasText: d.logEmpty }).waitFor();
    await preview.getByRole('button', { name: t.common.close, exact: true }).last().click();
    await preview.waitFor({ state: 'detached' });

    // Waybill download: dispatches, answers orders_bol.pdf (a real PDF), the row shows the waybill.
    const bol = await pdfOf(await downloading(page, () => orders.menuAction(id, 'waybill-download')));
    expect(bol.name).toBe('orders_bol.pdf');
    expect(bol.pages).toBe(1);
    await shell.toast(d.sentTitle).waitFor();
    const waybill = (await read(id)).billOfLading ?? '';
    expect(waybill).not.toBe('');
    await eventually(() => orders.cell(id, 'order-waybill').getAttribute('title'), waybill);

    // Dispatch again: never a second shipment, the same waybill, the note that it was sent earlier.
    await orders.menuAction(id, 'send');
    await shell.toast(d.okTitle).filter({ hasText: waybill }).waitFor();
    expect((await read(id)).billOfLading).toBe(waybill);

    // Temporary label: download (orders_labels.pdf) and print (the browser's print dialog on a frame).
    const label = await pdfOf(await downloading(page, () => orders.menuAction(id, 'label-download')));
    expect(label.name).toBe('orders_labels.pdf');
    expect(label.pages).toBe(1);
    await orders.menuAction(id, 'label-print');
    await page.getByTestId('pdf-print-frame').waitFor({ state: 'attached' });

    // The preview lists what was done, newest first, with Polish kinds and the user.
    await orders.row(id).getByTestId('order-number').click();
    await preview.getByTestId('order-print-log-row').first().waitFor();
    const log = await preview.getByTestId('order-print-log-row').allTextContents();
    expect(log.some((r) => r.includes(d.kinds.DISPATCH) && r.includes(waybill))).toBe(true);
    expect(log.some((r) => r.includes(d.kinds.LABEL) && r.includes('A6'))).toBe(true);
    expect(log.every((r) => r.includes(org.adminLogin))).toBe(true);
    expect(await preview.getByTestId('order-preview-waybill').textContent()).toBe(waybill);
    await preview.getByTestId('order-print-log').scrollIntoViewIfNeeded();
    await closeToasts(page);
    await screenshot(page, 'order-documents-preview-log');

    // The preview's documents menu has the same actions.
    await preview.getByTestId('order-preview-documents-toggle').click();
    await preview.getByTestId('order-preview-doc-waybill-print').waitFor();
    expect(await preview.getByTestId('order-preview-doc-invoice-print').count()).toBe(0);
    await screenshot(page, 'order-documents-preview-menu');
  });

  it('invoice: issue without printing, download, print, and e-mail after a confirmation', async () => {
    const id = await courierOrder({
      clientData: { nameSurname: 'Anna Nowak', city: 'Kraków', email: 'anna@example.com' },
      invoice: invoiceData,
    });
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const orders = await openOrders(page, `?number=${id}`);
    await orders.row(id).waitFor();
    expect(await orders.cell(id, 'order-icon-invoice').getAttribute('title')).toBe(l.iconInvoiceNoNumber);

    // Issue without printing: the number is taken, the row's invoice icon shows it.
    await orders.row(id).getByTestId('order-menu').click();
    await screenshot(page, 'order-documents-row-menu');
    await orders.menuEntry('invoice-issue').click();
    await shell.toast(d.issuedTitle).waitFor();
    const number = (await read(id)).invoice?.invoiceNumber ?? '';
    expect(number).toMatch(/^FV \d+\/\d{2}\/\d{4}$/);
    await eventually(
      () => orders.cell(id, 'order-icon-invoice').getAttribute('title'),
      format(l.iconInvoice, { number }),
    );

    // Download (invoices.pdf, a real PDF) and print (a reprint of the same invoice).
    const invoice = await pdfOf(await downloading(page, () => orders.menuAction(id, 'invoice-download')));
    expect(invoice.name).toBe('invoices.pdf');
    expect(invoice.pages).toBeGreaterThan(0);
    await orders.menuAction(id, 'invoice-print');
    await page.getByTestId('pdf-print-frame').waitFor({ state: 'attached' });
    expect((await read(id)).invoice?.invoiceNumber).toBe(number);

    // E-mail asks first; 'Nie' sends nothing.
    await orders.menuAction(id, 'invoice-email');
    const confirm = page.getByRole('dialog').filter({ hasText: d.mailTitle });
    expect(await confirm.textContent()).toContain(format(d.mailConfirm, { id }));
    await screenshot(page, 'order-documents-email-confirm');
    await confirm.getByRole('button', { name: t.common.no }).click();
    await confirm.waitFor({ state: 'detached' });
    await orders.menuAction(id, 'invoice-email');
    await confirm.getByRole('button', { name: t.common.yes }).click();
    // The test server may have no mail configured: then the server's Polish message is shown.
    const queued = shell.toast(d.okTitle).filter({ hasText: format(d.mailQueued, { id, number }) });
    const refused = shell.toast(d.invoiceErrorTitle).filter({ hasText: DOCUMENT_MSG.mailNotConfigured });
    await queued.or(refused).first().waitFor();
    await screenshot(page, 'order-documents-email-result');
  });

  it('multi-select: mass labels and waybills, with the order_print.txt report of an order without a carrier', async () => {
    const a = await courierOrder({ clientData: { nameSurname: 'Masa A', city: 'Sopot' }, invoice: invoiceData });
    const b = await courierOrder({ clientData: { nameSurname: 'Masa B', city: 'Sopot' } });
    // Personal pickup: no carrier, so no waybill (an error of the mass waybill run).
    const c = await order({ shippingMethod: 'PERSONAL_PICKUP', clientData: { nameSurname: 'Masa C', city: 'Sopot' } });
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await setPrintSettings(page, org.adminLogin);
    const orders = await openOrders(page, '?city=sopot');
    await eventually(async () => (await orders.ids()).sort(), [a, b, c].sort());
    await orders.startSelect();
    for (const id of [a, b, c]) await orders.row(id).click();
    await eventually(() => orders.selectedCount(), format(sel.selected, { n: 3 }));

    // Labels of all three: one orders_labels.pdf, A6 = one page each; nothing to report.
    await page.getByTestId('orders-mass-labels-toggle').click();
    await screenshot(page, 'order-documents-mass-menu');
    const labels = await pdfOf(await downloading(page, () => page.getByTestId('orders-mass-labels-download').click()));
    expect(labels).toEqual({ name: 'orders_labels.pdf', pages: 3 });

    // Waybills: two dispatched, the pickup order reported with its reason.
    await page.getByTestId('orders-mass-waybills-toggle').click();
    const bols = await pdfOf(await downloading(page, () => page.getByTestId('orders-mass-waybills-download').click()));
    expect(bols).toEqual({ name: 'orders_bol.pdf', pages: 2 });
    const report = page.getByTestId('report-dialog');
    await report.waitFor();
    const text = (await report.textContent()) ?? '';
    expect(text).toContain(d.reportErrors);
    expect(text).toContain(`${c}: ${DOCUMENT_MSG.noCarrier}`);
    expect(text).toContain(d.reportOk);
    await screenshot(page, 'order-documents-mass-report');
    const saved = await downloading(page, () => page.getByTestId('report-save').click());
    expect(saved.suggestedFilename()).toBe('order_print.txt');
    await page.getByTestId('report-close').click();
    await report.waitFor({ state: 'detached' });
    for (const id of [a, b]) expect((await read(id)).billOfLading).not.toBeNull();
    expect((await read(c)).billOfLading).toBeNull();
  });

  it('multi-select: mass invoices, orders without invoice data skipped in the report', async () => {
    const a = await courierOrder({ clientData: { nameSurname: 'Faktura A', city: 'Elbląg' }, invoice: invoiceData });
    const b = await courierOrder({ clientData: { nameSurname: 'Faktura B', city: 'Elbląg' } });
    const c = await courierOrder({ clientData: { nameSurname: 'Faktura C', city: 'Elbląg' } });
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const orders = await openOrders(page, '?city=elbl');
    await eventually(async () => (await orders.ids()).sort(), [a, b, c].sort());
    await orders.startSelect();
    for (const id of [a, b, c]) await orders.row(id).click();
    await eventually(() => orders.selectedCount(), format(sel.selected, { n: 3 }));
    const report = page.getByTestId('report-dialog');

    // Invoices: the one with invoice data printed (invoices.pdf), the two without skipped in the report.
    await page.getByTestId('orders-mass-invoices-toggle').click();
    const invoices = await pdfOf(
      await downloading(page, () => page.getByTestId('orders-mass-invoices-download').click()),
    );
    expect(invoices.name).toBe('invoices.pdf');
    await report.waitFor();
    const skipped = (await report.textContent()) ?? '';
    expect(skipped).toContain(d.reportSkipped);
    expect(skipped).toContain(String(b));
    expect(skipped).toContain(String(c));
    await screenshot(page, 'order-documents-mass-invoices-report');
    await page.getByTestId('report-close').click();
    expect((await read(a)).invoice?.invoiceNumber).toMatch(/^FV /);
    // The list was read again: the invoice number shows in the row.
    await eventually(() => orders.cell(a, 'order-icon-invoice').getAttribute('title'), expect.stringContaining('FV '));
  });
});
