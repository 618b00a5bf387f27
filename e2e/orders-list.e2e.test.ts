import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIST_STORAGE_KEYS, type Order } from '@zaplecze/contract';
import { format } from '@web/i18n';
import { createOrderRefs, dropStarterOrderLists, orderBody, type OrderRefs } from '../packages/server/test/orders';
import { decodeCode128 } from '../packages/server/test/pdf-tools';
import { eventually, setupE2e } from './support/e2e';
import { createUser, newOrg, type TestOrg } from './support/org';
import { OrdersPage } from './support/pages/orders-page';
import { RESULTS_DIR } from './support/paths';
import { signedIn, waitForPath } from './support/session';
import { pageTitle, t } from './support/texts';
import { screenshotsWanted } from './support/screens';
import { savedFile } from './support/downloads';

const SCREENS = path.join(RESULTS_DIR, 'screens');

async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENS, { recursive: true });
  // Dialogs fade in and fields fade their borders: wait for the CSS transitions to end.
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));
  // The waits stay without a screenshot: the steps after it read a settled screen.
  if (!screenshotsWanted()) return;
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`) });
}

describe('order list: search, paging, row actions and dialogs, multi-select', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  let refs: OrderRefs;
  const l = t.orders.list;
  const sel = t.orders.select;
  /** Orders with something to find: [Kraków, Gdańsk, Poznań]. */
  let krakow: number;
  let gdansk: number;
  let poznan: number;
  /** Kraków's invoice number: the server takes it when the invoice is issued. */
  let krakowInvoice: string;

  const order = async (body: Record<string, unknown>): Promise<number> => {
    const res = await org.admin.post<{ id: number }>('/api/orders', orderBody(body));
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.id;
  };
  const read = async (id: number): Promise<Order> => {
    const res = await org.admin.get<{ orders: Order[] }>(`/api/orders?id=${id}`);
    const found = res.body.orders[0];
    if (!found) throw new Error(`order ${id}: ${res.status}`);
    return found;
  };

  beforeAll(async () => {
    org = await newOrg(e2e.server);
    // The tests pick statuses and sources by name: only their own, none of the starter ones.
    await dropStarterOrderLists(org.admin);
    refs = await createOrderRefs(org.admin);
    expect((await org.admin.put('/api/options', { key: 'VAT_VALUES', value: '23;8;5' })).status).toBe(204);
    expect(
      (await org.admin.post('/api/user_sizes', { name: 'Karton M', sizeA: 400, sizeB: 300, sizeC: 150 })).status,
    ).toBe(200);
    // 30 plain orders first (paging), then three to search for (the newest numbers come first).
    for (let i = 0; i < 30; i++) await order({ clientData: { nameSurname: `Klient ${i}`, city: 'Wrocław' } });
    krakow = await order({
      orderDate: '2026-03-10T10:00:00+01:00',
      clientData: {
        nameSurname: 'Anna Nowak',
        street: 'Floriańska',
        buildNr: '5',
        postCode: '31-019',
        city: 'Kraków',
        email: 'anna@example.com',
        tel: '+48 600 100 200',
      },
      messageToSeller: 'Proszę o szybką wysyłkę',
      comment: 'Pilne',
      invoiceAnnotations: 'Faktura na firmę',
      hasProblem: true,
      problem: 'Brak towaru',
      billOfLading: 'PL1234567890123',
      cashOnDelivery: true,
      invoice: {
        isCompany: true,
        companyName: 'Nowak sp. z o.o.',
        companyTaxId: '1234563218',
      },
      items: [{ code: 'KUB-1', name: 'Kubek', quantity: 2, price: 20, vat: 23, itemId: null }],
    });
    const issued = await org.admin.post<{ invoiceNumber: string }>('/api/orders/print_invoice', {
      orderId: krakow,
      noPrint: true,
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    krakowInvoice = issued.body.invoiceNumber;
    gdansk = await order({
      orderDate: '2026-04-02T10:00:00+02:00',
      incomeSourceId: refs.source2Id,
      clientData: { nameSurname: 'Piotr Wiśniewski', postCode: '80-001', city: 'Gdańsk', tel: '500200300' },
      invoice: { nameSurname: 'Piotr Wiśniewski' },
    });
    poznan = await order({
      orderDate: '2026-04-20T10:00:00+02:00',
      orderStatusId: refs.status2Id,
      clientData: { nameSurname: 'Ewa Zielińska', city: 'Poznań', email: 'ewa@example.com' },
    });
  });

  it('shows the rows, pages, searches by several filters mirrored in the URL and restored on reload', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await shell.menuEntry(t.menu.orders).click();
    await waitForPath(page, '/orders');
    const orders = new OrdersPage(page, (p) => e2e.url(p));
    await orders.row(krakow).waitFor();
    await eventually(() => page.title(), pageTitle(t.orders.title));
    expect(await shell.isHighlighted(t.menu.orders)).toBe(true);

    // The row: waybill shortened to 10 characters, icons with their texts in tooltips, sum with currency.
    expect(await orders.cell(krakow, 'order-waybill').textContent()).toBe('PL12345678…');
    expect(await orders.cell(krakow, 'order-waybill').getAttribute('title')).toBe('PL1234567890123');
    expect(await orders.cell(krakow, 'order-sum').textContent()).toBe('55,99\u00a0zł');
    expect(await orders.cell(krakow, 'order-client').textContent()).toBe('Anna Nowak');
    expect(await orders.cell(krakow, 'order-status').textContent()).toBe('Nowe');
    expect(await orders.cell(krakow, 'order-icon-invoice').getAttribute('title')).toBe(
      format(l.iconInvoice, { number: krakowInvoice }),
    );
    expect(await orders.cell(krakow, 'order-icon-message').getAttribute('title')).toContain('Proszę o szybką wysyłkę');
    expect(await orders.cell(krakow, 'order-icon-comment').getAttribute('title')).toContain('Pilne');
    expect(await orders.cell(krakow, 'order-icon-annotations').getAttribute('title')).toContain('Faktura na firmę');
    expect(await orders.cell(krakow, 'order-icon-problem').getAttribute('title')).toContain('Brak towaru');
    expect(await orders.cell(gdansk, 'order-icon-invoice').getAttribute('title')).toBe(l.iconInvoiceNoNumber);
    expect(await orders.row(poznan).getByTestId('order-icon-invoice').count()).toBe(0);
    await screenshot(page, 'orders-list');

    // 33 orders, 25 per page (chosen in the search panel, remembered in local storage).
    await orders.openSearch();
    await orders.field('perPage').selectOption('25');
    await orders.runSearch();
    await eventually(() => orders.pageText(), 'Strona 1 / 2');
    expect(await orders.showingText()).toBe(format(t.ui.pagedList.showing, { shown: 25, count: 33, noun: l.noun }));
    expect(await page.evaluate((k) => localStorage.getItem(k), LIST_STORAGE_KEYS.orders.perPage)).toBe('25');
    await orders.nextPage();
    await eventually(() => orders.pageText(), 'Strona 2 / 2');
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await eventually(
      () => orders.showingText('bottom'),
      format(t.ui.pagedList.showing, { shown: 8, count: 33, noun: l.noun }),
    );

    // City (a prefix, any case): back to page 1, the filter in the URL.
    await orders.openSearch();
    await orders.field('city').fill('krak');
    await orders.runSearch();
    await eventually(() => orders.ids(), [krakow]);
    expect(new URL(page.url()).searchParams.get('city')).toBe('krak');
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    expect(await page.getByTestId('orders-filter-count').textContent()).toBe('1');

    // The URL is the state: a reload keeps the search and the form opens with it.
    await page.reload();
    await eventually(() => orders.ids(), [krakow]);
    await orders.openSearch();
    expect(await orders.field('city').inputValue()).toBe('krak');

    // Clear, then income source; then invoice type and dates; then phone and waybill; then status.
    await orders.clearSearch();
    expect(await orders.field('city').inputValue()).toBe('');
    await orders.field('incomeSrc').selectOption({ label: 'Allegro' });
    await orders.runSearch();
    await eventually(() => orders.ids(), [gdansk]);
    await orders.openSearch();
    await orders.clearSearch();
    await orders.field('invoiceType').selectOption('WITH_INVOICE');
    await orders.field('dateFrom').fill('01.03.2026');
    await orders.field('dateTo').fill('30.04.2026');
    await page.waitForFunction(() => document.querySelector('.offcanvas.show:not(.showing)') !== null);
    await screenshot(page, 'orders-search-panel');
    await orders.runSearch();
    await eventually(() => orders.ids(), [gdansk, krakow]);
    expect(new URL(page.url()).searchParams.get('dateFrom')).toBe('2026-03-01');
    await orders.openSearch();
    await orders.field('invoiceType').selectOption('INV_WITH_NUM');
    await orders.runSearch();
    await eventually(() => orders.ids(), [krakow]);
    await orders.openSearch();
    await orders.clearSearch();
    await orders.field('tel').fill('600100');
    await orders.field('bol').fill('pl123');
    await orders.runSearch();
    await eventually(() => orders.ids(), [krakow]);
    await orders.openSearch();
    await orders.clearSearch();
    await orders.field('status').selectOption({ label: 'Wysłane' });
    await orders.field('sort').selectOption('DATE');
    await orders.runSearch();
    await eventually(() => orders.ids(), [poznan]);

    // A number that is not a whole number from 1 is refused in the form.
    await orders.openSearch();
    await orders.field('number').fill('0');
    await orders.searchPanel.getByRole('button', { name: t.orders.search.run, exact: true }).click();
    await orders.searchPanel.getByText(t.orders.search.numberInvalid).waitFor();
    await orders.field('number').fill(String(gdansk));
    await orders.field('status').selectOption('');
    await orders.runSearch();
    await eventually(() => orders.ids(), [gdansk]);

    // Opened again without a query string: the tab's last search comes back.
    await page.goto(e2e.url('/orders'));
    await eventually(() => orders.ids(), [gdansk]);
    expect(new URL(page.url()).searchParams.get('number')).toBe(String(gdansk));
  });

  it('preview, status change, sizes and weight with a saved user size, own note, copy and delete with confirmation', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const orders = await new OrdersPage(page, (p) => e2e.url(p)).goto(`?number=${krakow}`);
    await orders.row(krakow).waitFor();

    // Preview: every section of the order.
    await orders.row(krakow).getByTestId('order-number').click();
    const preview = orders.dialog('order-preview-dialog');
    await preview.getByTestId('order-preview-status').waitFor();
    expect(await preview.getByTestId('order-preview-sum').textContent()).toContain('55,99\u00a0zł');
    expect(await preview.getByTestId('order-preview-message').textContent()).toBe('Proszę o szybką wysyłkę');
    expect(await preview.getByTestId('order-preview-comment').textContent()).toBe('Pilne');
    expect(await preview.getByTestId('order-preview-problem').textContent()).toBe('Brak towaru');
    expect(await preview.getByTestId('order-preview-waybill').textContent()).toBe('PL1234567890123');
    expect(await preview.getByTestId('order-preview-delivery').textContent()).toBe('15,99\u00a0zł (VAT 23%)');
    expect(await preview.getByTestId('order-preview-invoice').textContent()).toContain('Nowak sp. z o.o.');
    expect(await preview.getByTestId('order-preview-cod').count()).toBe(1);
    expect(await preview.getByTestId('order-preview-line').count()).toBe(1);
    expect(await preview.getByTestId('order-preview-line').textContent()).toContain('KUB-1');
    expect(await preview.getByTestId('order-preview-edit').getAttribute('href')).toBe(`/orders/${krakow}`);
    await screenshot(page, 'orders-preview');
    await preview.getByRole('button', { name: t.common.close, exact: true }).last().click();
    await preview.waitFor({ state: 'detached' });

    // Status: nothing chosen warns; a chosen status is saved and the row shows it.
    await orders.menuAction(krakow, 'status');
    const status = orders.dialog('order-status-dialog');
    await status.getByTestId('order-status-select').waitFor();
    await status.getByTestId('order-status-save').click();
    await shell.toast(t.orders.status.noneTitle).filter({ hasText: t.orders.status.none }).waitFor();
    await status.getByTestId('order-status-select').selectOption({ label: 'Wysłane' });
    await screenshot(page, 'orders-status-dialog');
    await status.getByTestId('order-status-save').click();
    await status.waitFor({ state: 'detached' });
    await eventually(() => orders.cell(krakow, 'order-status').textContent(), 'Wysłane');
    expect((await read(krakow)).orderStatus.id).toBe(refs.status2Id);

    // Sizes: the user size fills the sides with 'Wybierz'; weight with a comma; a bad value is an alert.
    await orders.menuAction(krakow, 'sizes');
    const sizes = orders.dialog('order-sizes-dialog');
    await sizes.getByTestId('order-sizes-deliveryCost').waitFor();
    expect(await sizes.getByTestId('order-sizes-deliveryCost').inputValue()).toBe('15,99');
    expect(await sizes.getByTestId('order-sizes-cod').isChecked()).toBe(true);
    await sizes.getByTestId('order-sizes-userSize').selectOption({ index: 1 });
    await sizes.getByTestId('order-sizes-choose').click();
    expect(await sizes.getByTestId('order-sizes-sizeA').inputValue()).toBe('400');
    expect(await sizes.getByTestId('order-sizes-sizeB').inputValue()).toBe('300');
    expect(await sizes.getByTestId('order-sizes-sizeC').inputValue()).toBe('150');
    await sizes.getByTestId('order-sizes-weight').fill('1,2345');
    await sizes.getByTestId('order-sizes-save').click();
    await sizes.getByTestId('order-sizes-error').waitFor();
    expect(await sizes.getByTestId('order-sizes-error').textContent()).toContain(t.orders.sizes.weight);
    await sizes.getByTestId('order-sizes-weight').fill('2,5');
    await sizes.getByTestId('order-sizes-deliveryVat').selectOption('8');
    await sizes.getByTestId('order-sizes-deliveryCost').fill('12,5');
    await screenshot(page, 'orders-sizes-dialog');
    await sizes.getByTestId('order-sizes-save').click();
    await sizes.waitFor({ state: 'detached' });
    await shell
      .toast(l.savedTitle)
      .filter({ hasText: format(t.orders.sizes.saved, { id: krakow }) })
      .waitFor();
    const sized = await read(krakow);
    expect([sized.sizeA, sized.sizeB, sized.sizeC, sized.weight]).toEqual([400, 300, 150, 2.5]);
    expect([sized.deliveryCost, sized.deliveryVat, sized.cashOnDelivery]).toEqual([12.5, 8, true]);
    // Only those fields changed: the lines, status and note are as they were.
    expect(sized.items.map((i) => i.code)).toEqual(['KUB-1']);
    expect([sized.orderStatus.id, sized.comment, sized.problem]).toEqual([refs.status2Id, 'Pilne', 'Brak towaru']);
    await eventually(() => orders.cell(krakow, 'order-sum').textContent(), '52,50\u00a0zł');

    // Own note: a multi-line prompt with the note; the row's icon shows the new text.
    await orders.menuAction(krakow, 'comment');
    const prompt = page.getByRole('dialog').filter({ hasText: format(l.commentTitle, { id: krakow }) });
    const note = prompt.getByRole('textbox');
    expect(await note.inputValue()).toBe('Pilne');
    await note.fill('Zadzwonić przed wysyłką');
    await prompt.getByRole('button', { name: t.common.ok }).click();
    await eventually(
      () => orders.cell(krakow, 'order-icon-comment').getAttribute('title'),
      format(l.iconComment, { text: 'Zadzwonić przed wysyłką' }),
    );
    expect((await read(krakow)).comment).toBe('Zadzwonić przed wysyłką');

    // Document actions are offered (e2e/order-documents.e2e.test.ts runs them); the invoice ones show with an invoice.
    await orders.row(krakow).getByTestId('order-menu').click();
    expect(await orders.menuEntry('waybill-print').isDisabled()).toBe(false);
    expect(await orders.menuEntry('invoice-email').isDisabled()).toBe(false);
    await screenshot(page, 'orders-row-menu');
    await page.keyboard.press('Escape');

    // Customer details: the buyer page in a new tab with the organisation prefix and the uuid.
    const uuid = (await read(krakow)).uuid;
    const [buyerRequest] = await Promise.all([
      page.context().waitForEvent('request', (r) => r.url().includes('/order-buyer-info')),
      orders.menuAction(krakow, 'buyer'),
    ]);
    const buyerUrl = new URL(buyerRequest.url());
    expect([buyerUrl.pathname, buyerUrl.searchParams.get('p'), buyerUrl.searchParams.get('uuid')]).toEqual([
      '/order-buyer-info',
      org.prefix,
      uuid,
    ]);

    // Copy asks first; the copy is a new order with a new number.
    await orders.menuAction(krakow, 'copy');
    const copyConfirm = page.getByRole('dialog').filter({ hasText: l.copyTitle });
    expect(await copyConfirm.textContent()).toContain(format(l.copyConfirm, { id: krakow }));
    await copyConfirm.getByRole('button', { name: t.common.yes }).click();
    const copied = shell.toast(l.copiedTitle);
    await copied.waitFor();
    const copyId = Number(/(\d+)/.exec((await copied.textContent())?.replace(l.copiedTitle, '') ?? '')?.[1]);
    expect(copyId).toBeGreaterThan(poznan);
    expect((await read(copyId)).comment).toBe('Zadzwonić przed wysyłką');

    // Delete asks first, then the row leaves the list.
    await orders.goto(`?number=${copyId}`);
    await orders.row(copyId).getByTestId('order-delete').click();
    const confirm = page.getByRole('dialog').filter({ hasText: l.deleteTitle });
    expect(await confirm.textContent()).toContain(format(l.deleteConfirm, { id: copyId }));
    await confirm.getByRole('button', { name: t.common.yes }).click();
    await shell
      .toast(l.deletedTitle)
      .filter({ hasText: String(copyId) })
      .waitFor();
    await orders.row(copyId).waitFor({ state: 'detached' });
    expect((await org.admin.get(`/api/orders?id=${copyId}`)).status).toBe(404);
  });

  it('multi-select: order codes as a PDF, mass delete with its report, mass edit hand-over', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const orders = await new OrdersPage(page, (p) => e2e.url(p)).goto('?city=wroc&perPage=25');
    await eventually(async () => (await orders.ids()).length, 25);
    const ids = await orders.ids();

    await orders.startSelect();
    await orders.selection.waitFor();
    expect(
      await orders
        .row(ids[0] ?? 0)
        .getByTestId('order-menu')
        .count(),
    ).toBe(0);
    // Mass edit with nothing selected: a warning.
    await page.getByTestId('orders-mass-edit').click();
    await shell.toast(sel.massEditEmptyTitle).filter({ hasText: sel.massEditEmpty }).waitFor();
    // The document runs are offered (e2e/order-documents.e2e.test.ts runs them).
    expect(await page.getByTestId('orders-mass-waybills-toggle').isDisabled()).toBe(false);

    // A click, then a shift-click selects the range.
    await orders.row(ids[0] ?? 0).click();
    await orders.row(ids[3] ?? 0).click({ modifiers: ['Shift'] });
    await eventually(() => orders.selectedCount(), format(sel.selected, { n: 4 }));
    await screenshot(page, 'orders-multi-select');

    // Order codes: order_barcodes.pdf with ORDER:{id} for each selected order.
    const download = await orders.downloadCodes();
    expect(download.suggestedFilename()).toBe('order_barcodes.pdf');
    const file = await savedFile(download);
    // zbarimg reports the symbols of a page in its own scan order, not the print order.
    expect((await decodeCode128(fs.readFileSync(file))).sort()).toEqual(
      ids
        .slice(0, 4)
        .map((id) => `ORDER:${id}`)
        .sort(),
    );

    // Mass edit hand-over: the selected ids in session storage, then /orders/mass-edit.
    await page.getByTestId('orders-mass-edit').click();
    await waitForPath(page, '/orders/mass-edit');
    expect(
      JSON.parse((await page.evaluate(() => sessionStorage.getItem('orders.massEdit.selection'))) ?? '{}'),
    ).toEqual({
      ids: ids.slice(0, 4),
    });

    // Mass delete of three with the report; the selection ends and the rows leave the list.
    await orders.goto('?city=wroc&perPage=25');
    await orders.row(ids[0] ?? 0).waitFor();
    await orders.startSelect();
    for (const id of ids.slice(0, 3)) await orders.row(id).click();
    await page.getByTestId('orders-mass-delete').click();
    const confirm = page.getByRole('dialog').filter({ hasText: sel.deleteTitle });
    expect(await confirm.textContent()).toContain(format(sel.deleteConfirm.few, { n: 3 }));
    await confirm.getByRole('button', { name: t.common.yes }).click();
    const report = page.getByTestId('report-dialog');
    await report.waitFor();
    expect(await report.textContent()).toContain(sel.reportOk);
    for (const id of ids.slice(0, 3)) expect(await report.textContent()).toContain(String(id));
    await screenshot(page, 'orders-mass-delete-report');
    const [saved] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-save').click()]);
    expect(saved.suggestedFilename()).toBe('orders_mass_delete.txt');
    const savedPath = await savedFile(saved);
    expect(fs.readFileSync(savedPath, 'utf8')).toContain(`# ${sel.reportOk}`);
    await page.getByTestId('report-close').click();
    await report.waitFor({ state: 'detached' });
    await orders.selection.waitFor({ state: 'detached' });
    await orders.row(ids[0] ?? 0).waitFor({ state: 'detached' });
    await orders.row(ids[3] ?? 0).waitFor();
    for (const id of ids.slice(0, 3)) expect((await org.admin.get(`/api/orders?id=${id}`)).status).toBe(404);
  });

  it('a user who may only see orders: no changes offered, no summary entry without its permission', async () => {
    const viewer = await createUser(e2e.server, org, { login: 'podglad', permissions: 'main.order.show' });
    const { page, shell } = await signedIn(e2e, viewer.login, viewer.pass);
    await shell.menuEntry(t.menu.orders).waitFor();
    expect(await shell.menuEntry(t.menu.ordersSummary).count()).toBe(0);
    const orders = await new OrdersPage(page, (p) => e2e.url(p)).goto(`?number=${krakow}`);
    await orders.row(krakow).waitFor();
    expect(await page.getByTestId('orders-add').count()).toBe(0);
    expect(await page.getByTestId('orders-add-stationary').count()).toBe(0);
    expect(await orders.row(krakow).getByTestId('order-delete').count()).toBe(0);
    await orders.row(krakow).getByTestId('order-menu').click();
    await eventually(
      () => page.getByTestId('orders-row-menu').getByRole('menuitem').allTextContents(),
      [l.preview, l.buyerInfo],
    );
    await page.keyboard.press('Escape');
    await orders.startSelect();
    expect(await page.getByTestId('orders-mass-delete').count()).toBe(0);
    expect(await page.getByTestId('orders-download-codes').count()).toBe(1);

    // With the summary permission the summary entry appears.
    const boss = await createUser(e2e.server, org, {
      login: 'szef',
      permissions: 'main.order.show;main.order.summary.show',
    });
    const second = await signedIn(e2e, boss.login, boss.pass);
    await second.shell.menuEntry(t.menu.ordersSummary).waitFor();
    expect(await second.shell.menuEntry(t.menu.ordersSummary).getAttribute('href')).toBe('/orders-summary');
  });

  it('perPage 10000: the page draws only the visible rows (virtual rows)', async () => {
    // 300 more orders, ten at a time; with perPage 10000 they are all on one page.
    for (let i = 0; i < 300; i += 10)
      await Promise.all(
        Array.from({ length: 10 }, (_, k) => order({ clientData: { nameSurname: `Masa ${i + k}`, city: 'Opole' } })),
      );
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const orders = await new OrdersPage(page, (p) => e2e.url(p)).goto('?city=opole&perPage=10000');
    await eventually(
      () => orders.showingText(),
      format(t.ui.pagedList.showing, { shown: 300, count: 300, noun: l.noun }),
    );
    const drawn = await orders.table.locator('tbody tr[data-index]').count();
    expect(drawn).toBeGreaterThan(5);
    expect(drawn).toBeLessThan(100);
    // Scrolled to the end, the last order is drawn (and the first is not).
    await page.getByTestId('orders-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    const all = (await org.admin.get<{ orders: { id: number }[] }>('/api/orders?city=opole&perPage=10000')).body.orders;
    await orders.row(all[all.length - 1]?.id ?? 0).waitFor();
    await orders.row(all[0]?.id ?? 0).waitFor({ state: 'detached' });
  });
});
