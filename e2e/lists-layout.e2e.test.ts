import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { format } from '@web/i18n';
import { createCatalog, type Catalog } from '../packages/server/test/catalog';
import { createOrderRefs, orderBody } from '../packages/server/test/orders';
import { eventually, setupE2e } from './support/e2e';
import { createUser, newOrg, type TestOrg } from './support/org';
import { ItemReaderPage } from './support/pages/item-reader-page';
import { ItemsPage } from './support/pages/items-page';
import { OrdersPage } from './support/pages/orders-page';
import { signedIn, waitForPath } from './support/session';
import { t } from './support/texts';
import { screenshotsWanted } from './support/screens';

/** The screen sizes the lists must serve: a 1366 px laptop, a 1440 px one, a 390 px phone. */
const SIZES = [
  { name: '1366', width: 1366, height: 768 },
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const;

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));
  // The waits stay without a screenshot: the steps after it read a settled screen.
  if (!screenshotsWanted()) return;
  fs.mkdirSync('/tmp', { recursive: true });
  await page.screenshot({ path: `/tmp/lists-${name}.png` });
}

/** The element lies wholly inside the viewport. */
async function expectInViewport(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  const view = page.viewportSize();
  expect(box, what).not.toBeNull();
  if (!box || !view) return;
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(view.width + 0.5);
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(view.height + 0.5);
}

/** The page itself never scrolls sideways (a wide table scrolls in its own box). */
async function expectNoPageScrollX(page: Page, what: string): Promise<void> {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(wide, `${what}: page wider than the screen by`).toBeLessThanOrEqual(0);
}

/** The element's text is not cut (no ellipsis, nothing hidden). */
async function expectNotClipped(locator: Locator, what: string): Promise<void> {
  const cut = await locator.evaluate((el) => {
    const cell = el.closest('td') ?? el;
    return el.scrollWidth > el.clientWidth + 1 || cell.scrollWidth > cell.clientWidth + 1;
  });
  expect(cut, `${what} is cut`).toBe(false);
}

describe('item and order lists: layout at 1366, 1440 and 390 px, row menu, row click, quick search, select-all', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  let c: Catalog;
  let firstOrder = 0;
  let krakow = 0;

  beforeAll(async () => {
    org = await newOrg(e2e.server);
    c = await createCatalog(org.admin);
    for (let i = 1; i <= 30; i++) {
      const res = await org.admin.post('/api/items', {
        code: `KUB-${1000 + i}`,
        name: `Kubek ceramiczny z długą nazwą do sprawdzenia układu listy numer ${i}`,
        gtin: '',
        price: 1234.5 + i,
        vat: 23,
        currency: 'PLN',
        countWare: i,
        itemStatusId: c.statusId,
        itemGroupId: c.groupId,
        categoryId: c.subCategoryId,
        placeId: c.subPlaceId,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const refs = await createOrderRefs(org.admin);
    for (let i = 0; i < 30; i++) {
      const res = await org.admin.post<{ id: number }>(
        '/api/orders',
        orderBody({
          orderStatusId: refs.statusId,
          clientData: {
            nameSurname: `Klientka z bardzo długim nazwiskiem ${i}`,
            city: i === 29 ? 'Kraków' : 'Wrocław',
            postCode: '50-001',
          },
          comment: i % 2 === 0 ? 'Notatka' : '',
          billOfLading: `PL00000000000${i}`,
        }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      if (i === 0) firstOrder = res.body.id;
      if (i === 29) krakow = res.body.id;
    }
  });

  for (const size of SIZES) {
    it(`items and orders at ${size.width}x${size.height}: actions on screen, no cut key cells, no page jump on the row menu`, async () => {
      const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
      await page.setViewportSize({ width: size.width, height: size.height });
      const phone = size.width < 768;

      const items = await new ItemsPage(page, (p) => e2e.url(p)).goto();
      const row = items.row('KUB-1001');
      await row.waitFor();
      await shot(page, `items-${size.name}`);
      await expectNoPageScrollX(page, 'items');
      await expectInViewport(page, row.getByTestId('item-edit'), 'item edit button');
      await expectInViewport(page, row.getByTestId('item-delete'), 'item delete button');
      await expectInViewport(page, row.getByTestId('item-menu'), 'item menu button');
      await expectInViewport(page, page.getByTestId('items-quick-text'), 'item quick search');
      await expectNotClipped(row.getByTestId('item-code'), 'item code');
      if (!phone) {
        for (const id of ['item-price', 'item-status']) await expectNotClipped(row.getByTestId(id), id);
        await expectInViewport(page, row.getByTestId('item-name'), 'item name');
      }

      // The row menu opens where the button is, inside the screen, and the page does not move.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const before = await page.evaluate(() => window.scrollY);
      const low = items.table.locator('tbody tr[data-index]').nth(phone ? 3 : 8);
      await low.getByTestId('item-menu').click();
      const menu = page.getByTestId('items-row-menu');
      await menu.waitFor();
      await shot(page, `items-menu-${size.name}`);
      expect(await page.evaluate(() => window.scrollY)).toBe(before);
      await expectInViewport(page, menu, 'item row menu');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });

      const orders = await new OrdersPage(page, (p) => e2e.url(p)).goto();
      await orders.row(firstOrder).waitFor();
      const orow = orders.table.locator('tbody tr[data-index]').first();
      await shot(page, `orders-${size.name}`);
      await expectNoPageScrollX(page, 'orders');
      await expectNotClipped(orow.getByTestId('order-number'), 'order number');
      await expectInViewport(page, orow.getByTestId('order-edit'), 'order edit button');
      await expectInViewport(page, orow.getByTestId('order-menu'), 'order menu button');
      if (!phone) await expectNotClipped(orow.getByTestId('order-sum'), 'order sum');

      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const before2 = await page.evaluate(() => window.scrollY);
      await orders.table
        .locator('tbody tr[data-index]')
        .nth(phone ? 3 : 8)
        .getByTestId('order-menu')
        .click();
      const omenu = page.getByTestId('orders-row-menu');
      await omenu.waitFor();
      await shot(page, `orders-menu-${size.name}`);
      expect(await page.evaluate(() => window.scrollY)).toBe(before2);
      await expectInViewport(page, omenu, 'order row menu');
      await page.keyboard.press('Escape');

      if (phone) {
        // The readers on a phone or a scanner's screen, with an item and a scan log shown.
        const reader = await new ItemReaderPage(page, (p) => e2e.url(p)).goto();
        await reader.manual('KUB-1001');
        await page.getByTestId('reader-log-row').first().waitFor();
        await shot(page, `reader-items-${size.name}`);
        await expectNoPageScrollX(page, 'item reader');
        await page.goto(e2e.url('/orders-barcode-reader'));
        await page.locator('main h1').first().waitFor();
        await shot(page, `reader-orders-${size.name}`);
        await expectNoPageScrollX(page, 'order reader');
        // The search panel fits the phone.
        await orders.goto();
        await page.getByTestId('orders-search-open').click();
        await page.getByTestId('orders-search-run').waitFor();
        await shot(page, `orders-search-${size.name}`);
        await expectInViewport(page, page.getByTestId('orders-search-run'), 'search button');
      }
    });
  }

  it('a click on a row opens it, not a click on its buttons; Enter opens the focused row', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.setViewportSize({ width: 1366, height: 768 });
    const items = await new ItemsPage(page, (p) => e2e.url(p)).goto();
    const row = items.row('KUB-1002');
    await row.getByTestId('item-menu').click();
    await page.getByTestId('items-row-menu').waitFor();
    expect(new URL(page.url()).pathname).toBe('/items');
    await page.keyboard.press('Escape');
    await row.getByTestId('item-name').click();
    await page.waitForURL((u) => /^\/items\/\d+$/.test(u.pathname));

    const orders = await new OrdersPage(page, (p) => e2e.url(p)).goto();
    await orders.row(krakow).focus();
    await page.keyboard.press('Enter');
    await waitForPath(page, `/orders/${krakow}`);

    // In multi-select mode a click selects the row instead.
    await orders.goto();
    await page.getByTestId('orders-select-start').click();
    await orders.row(krakow).getByTestId('order-client').click();
    await eventually(
      () => page.getByTestId('orders-selected-count').textContent(),
      format(t.orders.select.selected, { n: 1 }),
    );
    expect(new URL(page.url()).pathname).toBe('/orders');
  });

  it('select-all ticks every row of the page and clears them again', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const items = await new ItemsPage(page, (p) => e2e.url(p)).goto();
    await items.row('KUB-1001').waitFor();
    await page.getByTestId('items-select-start').click();
    await page.getByTestId('items-select-all').check();
    const n = (await items.codes()).length;
    expect(n).toBe(30);
    await eventually(
      () => page.getByTestId('items-selected-count').textContent(),
      format(t.items.select.selected, { n }),
    );
    await page.getByTestId('items-select-all').uncheck();
    await eventually(
      () => page.getByTestId('items-selected-count').textContent(),
      format(t.items.select.selected, { n: 0 }),
    );
  });

  it('the quick search finds items by code or name and orders by number or city, kept in the URL', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const items = await new ItemsPage(page, (p) => e2e.url(p)).goto();
    await items.row('KUB-1001').waitFor();
    await page.getByTestId('items-quick-text').fill('kub-1017');
    await page.getByTestId('items-quick-text').press('Enter');
    await eventually(() => items.codes(), ['KUB-1017']);
    expect(new URL(page.url()).searchParams.get('code')).toBe('KUB-1017');
    await page.getByTestId('items-quick-text').fill('numer 23');
    await page.getByTestId('items-quick-run').click();
    await eventually(() => items.codes(), ['KUB-1023']);

    const orders = await new OrdersPage(page, (p) => e2e.url(p)).goto();
    await orders.row(firstOrder).waitFor();
    await page.getByTestId('orders-quick-text').fill('kraków');
    await page.getByTestId('orders-quick-text').press('Enter');
    await eventually(() => orders.ids(), [krakow]);
    await page.getByTestId('orders-quick-text').fill(String(firstOrder));
    await page.getByTestId('orders-quick-text').press('Enter');
    await eventually(() => orders.ids(), [firstOrder]);
    expect(new URL(page.url()).searchParams.get('city')).toBeNull();
  });

  it('a user who may only look sees no add, edit or delete buttons, and no menu entries he cannot use', async () => {
    const viewer = await createUser(e2e.server, org, {
      login: 'ogladacz',
      permissions: 'main.items.show;main.order.show',
    });
    const { page, shell } = await signedIn(e2e, viewer.login, viewer.pass);
    await page.setViewportSize({ width: 1366, height: 768 });
    const items = await new ItemsPage(page, (p) => e2e.url(p)).goto();
    const row = items.row('KUB-1001');
    await row.waitFor();
    for (const id of ['items-add', 'items-generate']) expect(await page.getByTestId(id).count(), id).toBe(0);
    for (const id of ['item-edit', 'item-delete', 'item-menu']) expect(await row.getByTestId(id).count(), id).toBe(0);
    await row.getByTestId('item-view').waitFor();
    await shot(page, 'items-viewer');
    // His item page is a view: no save button, a note instead.
    await row.getByTestId('item-name').click();
    await page.getByTestId('view-only').waitFor();
    expect(await page.getByTestId('item-save').count()).toBe(0);

    const orders = await new OrdersPage(page, (p) => e2e.url(p)).goto();
    const orow = orders.row(firstOrder);
    await orow.waitFor();
    for (const id of ['orders-add', 'orders-add-stationary']) expect(await page.getByTestId(id).count(), id).toBe(0);
    for (const id of ['order-edit', 'order-delete']) expect(await orow.getByTestId(id).count(), id).toBe(0);
    await orow.getByTestId('order-view').waitFor();
    await orow.getByTestId('order-view').click();
    await page.getByTestId('view-only').waitFor();
    expect(await page.getByTestId('order-save').count()).toBe(0);

    // The shell offers no screens he cannot use.
    expect(await shell.menuEntry(t.menu.ordersReader).count()).toBe(0);

    // His account on the users screen: permissions by their Polish names, never a raw key.
    await page.goto(e2e.url(`/users/${viewer.id}`));
    await page.getByText('Podgląd towarów', { exact: true }).waitFor();
    await shot(page, 'user-viewer');
    expect(await page.locator('main').innerText()).not.toMatch(/main\.[a-z]/);
    await page.goto(e2e.url('/users'));
    await page.getByText(viewer.login).first().waitFor();
    expect(await page.locator('main').innerText()).not.toMatch(/main\.[a-z]/);
    expect(await page.getByText(t.users.list.create).count()).toBe(0);
  });
});
