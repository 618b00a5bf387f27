import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIST_STORAGE_KEYS } from '@zaplecze/contract';
import { format } from '@web/i18n';
import { createCatalog, type Catalog } from '../packages/server/test/catalog';
import { eventually, setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
import { ItemsPage } from './support/pages/items-page';
import { Shell } from './support/pages/shell';
import { RESULTS_DIR } from './support/paths';
import { signedIn, waitForPath } from './support/session';
import { pageTitle, t } from './support/texts';
import { screenshotsWanted } from './support/screens';

const SCREENS = path.join(RESULTS_DIR, 'screens');

async function screenshot(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted()) return;
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`) });
}

describe('items list, search, multi-select, generation', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  let c: Catalog;
  const l = t.items.list;
  const sel = t.items.select;

  const upload = async (color: string): Promise<string> => {
    const png = await sharp({ create: { width: 160, height: 100, channels: 3, background: color } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'z.png');
    const res = await org.admin.request<{ name: string }>('POST', '/api/upload_image', { multipart: form });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.name;
  };
  const item = async (body: Record<string, unknown>): Promise<number> => {
    const res = await org.admin.post<{ id: number }>('/api/items', {
      price: 1,
      vat: 23,
      currency: 'PLN',
      countWare: 0,
      itemStatusId: c.statusId,
      ...body,
    });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.id;
  };

  beforeAll(async () => {
    org = await newOrg(e2e.server);
    c = await createCatalog(org.admin);
    const [red, blue] = [await upload('#cc2222'), await upload('#2244cc')];
    await item({
      code: 'kub-1',
      name: 'Kubek biały 300 ml',
      gtin: '5901234123457',
      price: 19.9,
      vat: 23,
      countWare: 10,
      countOffer: 5,
      itemGroupId: c.groupId,
      categoryId: c.subCategoryId,
      placeId: c.subPlaceId,
      deliveryPriceListId: c.priceListId,
      deliveryTimeId: c.timeId,
      externalData: { code: 'EXT-9', url: 'https://example.com/kubek', price: 0, customMargin: null },
      photos: [
        { type: 'file', name: red },
        { type: 'file', name: blue },
      ],
    });
    await item({ code: 'KUB-2', name: 'Kubek czarny', price: 25, vat: 8, countWare: 2, itemStatusId: c.status2Id });
    await item({ code: 'TAL-1', name: 'Talerz płytki', price: 5.5, vat: 5.5, countWare: 3 });
    const gen = await org.admin.post('/api/items/generate_many', {
      beforeSymbol: 'SER-',
      start: 1,
      stop: 120,
      itemStatusId: c.statusId,
    });
    expect(gen.status).toBe(200);
  });

  it('shows the rows, pages, searches by several filters and keeps the search in the URL', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const shell = new Shell(page);
    await shell.menuEntry(t.menu.items).click();
    await waitForPath(page, '/items');
    const items = new ItemsPage(page, (p) => e2e.url(p));
    await items.row('KUB-1').waitFor();
    await eventually(() => page.title(), pageTitle(t.items.title));

    // One row, formatted (price with two decimals and VAT, offer in parentheses, delivery, tree labels).
    expect(await items.cell('KUB-1', 'item-name').textContent()).toBe('Kubek biały 300 ml');
    expect(await items.cell('KUB-1', 'item-gtin').textContent()).toBe('5901234123457');
    expect(await items.cell('KUB-1', 'item-price').textContent()).toBe('19,90\u00a0zł (23%)');
    expect(await items.cell('KUB-1', 'item-count').textContent()).toBe('10 (5)');
    expect(await items.cell('KUB-2', 'item-count').textContent()).toBe('2');
    expect(await items.cell('KUB-1', 'item-photos').textContent()).toBe('2');
    expect(await items.cell('KUB-1', 'item-delivery').textContent()).toBe('Kurier, 24 h');
    expect(await items.cell('KUB-2', 'item-delivery').textContent()).toBe(l.noDelivery);
    expect(await items.cell('KUB-1', 'item-group').textContent()).toBe('Grupa A');
    expect(await items.cell('KUB-1', 'item-category').textContent()).toBe('Telefony (T)');
    expect(await items.cell('KUB-1', 'item-category').getAttribute('title')).toContain('Telefony');
    expect(await items.cell('KUB-1', 'item-place').textContent()).toBe('H-1');
    expect(await items.cell('KUB-1', 'item-external').getAttribute('title')).toBe(
      format(l.externalCode, { code: 'EXT-9' }),
    );
    const badge = items.cell('KUB-1', 'item-status');
    expect(await badge.textContent()).toBe('Aktywny');
    expect(await badge.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color])).toEqual([
      'rgb(0, 170, 0)',
      'rgb(255, 255, 255)',
    ]);
    // The thumbnail is served by GET /image with the token cookie.
    await eventually(
      () =>
        items
          .thumb('KUB-1')
          .locator('img')
          .evaluate((img) => (img as HTMLImageElement).naturalWidth > 0),
      true,
    );
    await screenshot(page, 'items-list');

    // 123 items, 100 per page.
    expect(await items.pageText()).toBe('Strona 1 / 2');
    expect(await items.showingText()).toBe(format(t.ui.pagedList.showing, { shown: 100, count: 123, noun: l.noun }));
    await items.nextPage();
    await eventually(() => items.pageText(), 'Strona 2 / 2');
    expect(new URL(page.url()).search).toBe('?page=2');
    // The page number follows the URL at once; the rows (and their count) when page 2 has arrived.
    await eventually(
      () => items.showingText('bottom'),
      format(t.ui.pagedList.showing, { shown: 23, count: 123, noun: l.noun }),
    );

    // Name, then a price from with a comma: the page goes back to 1.
    await items.openSearch();
    await items.field('name').fill('kubek');
    await page.waitForFunction(() => document.querySelector('.offcanvas.show:not(.showing)') !== null);
    // The slide-in transition ends.
    await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));
    await screenshot(page, 'items-search-panel');
    await items.runSearch();
    await eventually(() => items.codes(), ['KUB-1', 'KUB-2']);
    await items.openSearch();
    expect(await items.field('name').inputValue()).toBe('kubek');
    await items.field('priceFrom').fill('20,5');
    await items.runSearch();
    await eventually(() => items.codes(), ['KUB-2']);
    expect(new URL(page.url()).searchParams.get('priceFrom')).toBe('20.5');
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();

    // The URL is the state: a reload keeps the search, and the form opens with it.
    await page.reload();
    await eventually(() => items.codes(), ['KUB-2']);
    await items.openSearch();
    expect(await items.field('priceFrom').inputValue()).toBe('20,5');

    // Clear, then: code upper-cased, category 'any' (-2), status.
    await items.clearSearch();
    expect(await items.field('name').inputValue()).toBe('');
    await items.field('code').fill('kub');
    expect(await items.field('code').inputValue()).toBe('KUB');
    await items.field('category').selectOption(String(-2));
    await items.runSearch();
    await eventually(() => items.codes(), ['KUB-1']);
    await items.openSearch();
    await items.field('category').selectOption(String(-1));
    await items.field('status').selectOption({ label: 'Wyprzedaż' });
    await items.runSearch();
    await eventually(() => items.codes(), ['KUB-2']);

    // Quantity (offer) and photo count; sort by price descending and 25 per page are remembered.
    await items.openSearch();
    await items.clearSearch();
    await items.field('countFrom').fill('1');
    await items.field('countType').selectOption('COUNT_WARE');
    await items.field('countPhotosTo').fill('0');
    await items.field('sort').selectOption('PRICE_D');
    await items.field('perPage').selectOption('25');
    await items.runSearch();
    await eventually(() => items.codes(), ['KUB-2', 'TAL-1']);
    expect(await items.cell('TAL-1', 'item-price').textContent()).toBe('5,50\u00a0zł (5.50%)');
    expect(await page.evaluate((k) => localStorage.getItem(k), LIST_STORAGE_KEYS.items.sort)).toBe('PRICE_D');
    expect(await page.evaluate((k) => localStorage.getItem(k), LIST_STORAGE_KEYS.items.perPage)).toBe('25');

    // Opened again without a query string: the tab's last search comes back.
    await page.goto(e2e.url('/items'));
    await eventually(() => items.codes(), ['KUB-2', 'TAL-1']);
    expect(new URL(page.url()).searchParams.get('countFrom')).toBe('1');
  });

  it('copies an item under a new code, deletes it, and shows the photos', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const shell = new Shell(page);
    const items = await new ItemsPage(page, (p) => e2e.url(p)).goto('?code=KUB');
    await items.row('KUB-1').waitFor();

    await items.menuAction('KUB-1', 'copy');
    const prompt = page.getByRole('dialog').filter({ hasText: l.copyTitle });
    const input = prompt.getByRole('textbox');
    // The first free code is proposed (KUB-1 and KUB-2 are taken).
    expect(await input.inputValue()).toBe('KUB-3');
    await input.fill('kub-1-kopia');
    await prompt.getByRole('button', { name: t.common.ok }).click();
    await shell.toast(l.copiedTitle).waitFor();
    await items.row('KUB-1-KOPIA').waitFor();
    expect(await items.cell('KUB-1-KOPIA', 'item-photos').textContent()).toBe('2');

    // A taken code is refused with the server's message.
    await items.menuAction('KUB-1', 'copy');
    await input.fill('KUB-2');
    await prompt.getByRole('button', { name: t.common.ok }).click();
    await shell.toast(format(l.copyErrorTitle, { code: 'KUB-2' })).waitFor();

    await items.deleteButton('KUB-1-KOPIA').click();
    const confirm = page.getByRole('dialog').filter({ hasText: l.deleteTitle });
    expect(await confirm.textContent()).toContain('KUB-1-KOPIA');
    await confirm.getByRole('button', { name: t.common.yes }).click();
    await shell.toast(l.deletedTitle).filter({ hasText: 'KUB-1-KOPIA' }).waitFor();
    await items.row('KUB-1-KOPIA').waitFor({ state: 'detached' });

    // The photo viewer: titled with the code, one photo at a time.
    await items.thumb('KUB-1').click();
    const viewer = page.getByRole('dialog').filter({ has: page.getByTestId('photo-viewer') });
    await viewer.getByText('KUB-1', { exact: true }).waitFor();
    await eventually(() => viewer.getByTestId('photo-viewer-position').textContent(), 'Zdjęcie 1 / 2');
    const img = viewer.getByTestId('photo-viewer-image');
    await eventually(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), 160);
    expect(await img.getAttribute('src')).toContain('size=display');
    expect(await viewer.getByTestId('photo-viewer-previous').isDisabled()).toBe(true);
    await viewer.getByTestId('photo-viewer-next').click();
    await eventually(() => viewer.getByTestId('photo-viewer-position').textContent(), 'Zdjęcie 2 / 2');
    expect(await viewer.getByTestId('photo-viewer-next').isDisabled()).toBe(true);
    await screenshot(page, 'items-photo-viewer');
    await viewer.getByRole('button', { name: t.common.close, exact: true }).last().click();
    await viewer.waitFor({ state: 'detached' });

    // Photos removed after the list was shown: the viewer says the item has none.
    const body = {
      code: 'FOTO-0',
      name: 'Kubek bez zdjęć',
      price: 1,
      vat: 23,
      currency: 'PLN',
      itemStatusId: c.statusId,
    };
    const id = await item({ ...body, photos: [{ type: 'file', name: await upload('#22aa22') }] });
    await items.goto('?code=FOTO-0');
    await items.thumb('FOTO-0').waitFor();
    const put = await org.admin.put('/api/items', { ...body, id, photos: [] });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await items.thumb('FOTO-0').click();
    await eventually(() => viewer.getByTestId('photo-viewer-empty').textContent(), t.items.photos.noPhotos);
    await viewer.getByRole('button', { name: t.common.close, exact: true }).last().click();
    await viewer.waitFor({ state: 'detached' });
  });

  it('multi-select: codes as PDF, mass edit hand-over, mass delete with the report', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const shell = new Shell(page);
    const items = await new ItemsPage(page, (p) => e2e.url(p)).goto('?code=SER-1');
    await items.row('SER-1').waitFor();
    const codes = await items.codes();
    expect(codes.length).toBeGreaterThan(5);

    await items.startSelect();
    await items.selection.waitFor();
    expect(
      await items
        .row(codes[0] ?? '')
        .getByTestId('item-menu')
        .count(),
    ).toBe(0);
    // Mass edit with nothing selected: a warning.
    await items.selectionButton(sel.massEdit).click();
    await shell.toast(sel.massEditEmptyTitle).waitFor();

    // A click, then a shift-click selects the range.
    await items.row(codes[0] ?? '').click();
    await items.row(codes[4] ?? '').click({ modifiers: ['Shift'] });
    await eventually(() => items.selectedCount(), format(sel.selected, { n: 5 }));
    await screenshot(page, 'items-multi-select');

    const download = await items.downloadCodes();
    expect(download.suggestedFilename()).toBe('items.pdf');
    const [printed] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/print/barcode/item')),
      items.selectionButton(sel.print).click(),
    ]);
    expect(printed.status()).toBe(200);
    await page.getByTestId('pdf-print-frame').waitFor({ state: 'attached' });

    // Mass edit: the selection goes to session storage for /items/mass-edit.
    await items.selectionButton(sel.massEdit).click();
    await page.waitForURL((u) => u.pathname !== '/items');
    const stored = await page.evaluate(() => sessionStorage.getItem('items.massEdit.selection'));
    expect(JSON.parse(stored ?? '{}').codes).toEqual(codes.slice(0, 5));

    // Mass delete of three with the report; the selection ends and the list reloads.
    await items.goto('?code=SER-1');
    await items.row(codes[0] ?? '').waitFor();
    await items.startSelect();
    for (const code of codes.slice(0, 3)) await items.row(code).click();
    await items.selectionButton(sel.delete).click();
    const confirm = page.getByRole('dialog').filter({ hasText: sel.deleteTitle });
    expect(await confirm.textContent()).toContain(format(sel.deleteConfirm.few, { n: 3 }));
    await confirm.getByRole('button', { name: t.common.yes }).click();
    const report = page.getByTestId('report-dialog');
    await report.waitFor();
    expect(await report.textContent()).toContain(sel.reportOk);
    for (const code of codes.slice(0, 3)) expect(await report.textContent()).toContain(code);
    await screenshot(page, 'items-mass-delete-report');
    await page.getByTestId('report-close').click();
    await report.waitFor({ state: 'detached' });
    await items.selection.waitFor({ state: 'detached' });
    await items.row(codes[0] ?? '').waitFor({ state: 'detached' });
    await items.row(codes[3] ?? '').waitFor();
  });

  it('generates 50 items, refuses more than 1000 before sending', async () => {
    expect(
      (await org.admin.put('/api/options', { key: 'DEFAULT_ITEM_STATUS_ID', value: String(c.status2Id) })).status,
    ).toBe(204);
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const shell = new Shell(page);
    const items = await new ItemsPage(page, (p) => e2e.url(p)).goto();
    await page.getByRole('link', { name: l.generate }).click();
    await waitForPath(page, '/items/generate-many');
    await eventually(() => page.title(), pageTitle(t.items.generateTitle, t.items.title));
    const g = t.items.generate;
    await page.getByText(g.limit).waitFor();
    // The default status is preselected.
    await eventually(() => page.getByTestId('generate-itemStatusId').inputValue(), String(c.status2Id));
    await page.getByLabel(g.beforeSymbol).fill('gen-');
    expect(await page.getByLabel(g.beforeSymbol).inputValue()).toBe('GEN-');
    await page.getByLabel(g.start).fill('1');
    await page.getByLabel(g.stop).fill('1001');
    await eventually(() => page.getByTestId('generate-preview-count').textContent(), '1001');
    let sent = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/items/generate_many')) sent = true;
    });
    await page.getByTestId('generate-itemStatusId').selectOption({ label: 'Aktywny' });
    await page.getByTestId('generate-submit').click();
    await page.getByText(g.tooMany, { exact: true }).last().waitFor();
    expect(sent).toBe(false);

    await page.getByLabel(g.stop).fill('50');
    expect(await page.getByTestId('generate-preview-first').textContent()).toBe('GEN-1');
    expect(await page.getByTestId('generate-preview-last').textContent()).toBe('GEN-50');
    expect(await page.getByTestId('generate-preview-count').textContent()).toBe('50');
    await screenshot(page, 'items-generate-many');
    await page.getByTestId('generate-submit').click();
    await shell
      .toast(g.doneTitle)
      .filter({ hasText: format(g.done.many, { n: 50 }) })
      .waitFor();
    await waitForPath(page, '/items');

    await items.openSearch();
    await items.clearSearch();
    await items.field('code').fill('GEN-');
    await items.runSearch();
    await eventually(() => items.showingText(), format(t.ui.pagedList.showing, { shown: 50, count: 50, noun: l.noun }));
  });

  it('home shows the items widget', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const widget = page.getByTestId('items-widget');
    await widget.waitFor();
    await eventually(async () => Number(await page.getByTestId('items-widget-items').textContent()) > 100, true);
    expect(await page.getByTestId('items-widget-photos').textContent()).toBe('2');
    const photosSize = page.getByTestId('items-widget-photos-size').locator('span');
    expect(await photosSize.textContent()).toMatch(/^\d+,\d\d MB$/);
    expect(await photosSize.getAttribute('title')).toMatch(/bajt/);
    await screenshot(page, 'home');
  });
});
