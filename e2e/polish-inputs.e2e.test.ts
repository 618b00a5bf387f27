import type { Order } from '@zaplecze/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCatalog } from '../packages/server/test/catalog';
import { createOrderRefs, orderBody } from '../packages/server/test/orders';
import { eventually, setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
import { LoginPage } from './support/pages/login-page';
import { ItemsPage } from './support/pages/items-page';
import { OrderEditPage } from './support/pages/order-edit-page';
import { OrdersPage } from './support/pages/orders-page';
import { Shell } from './support/pages/shell';
import { t } from './support/texts';
import { screenshotsWanted } from './support/screens';

/**
 * Numbers and dates typed the Polish way whatever the browser's language: a decimal comma in
 * every numeric field where a fraction makes sense (ui/NumberInput.tsx), whole counts refused with
 * a Polish message, and every date shown and typed as DD.MM.RRRR (ui/DateInput.tsx) while the API
 * keeps ISO. The browser runs in English (en-US) where it matters: that is when a native
 * `type="date"` field showed MM/DD/YYYY.
 */

/** Screens of this file for a person to look at. */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));
  // The waits stay without a screenshot: the steps after it read a settled screen.
  if (!screenshotsWanted()) return;
  await page.screenshot({ path: `/tmp/webfix/${name}.png` });
}

describe('Polish numbers and dates in the order and item screens', () => {
  const e2e = setupE2e();
  let org: TestOrg;

  const ok = async <T>(res: Promise<{ status: number; body: T }>): Promise<T> => {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const order = async (id: number): Promise<Order> =>
    (await ok(org.admin.get<{ orders: Order[] }>(`/api/orders?id=${id}`))).orders[0] as Order;
  const newOrder = async (body: Record<string, unknown> = {}): Promise<number> =>
    (await ok(org.admin.post<{ id: number }>('/api/orders', orderBody(body)))).id;

  /** Signs the admin in through the login form in a browser of the given language. */
  const signedInAs = async (locale: string): Promise<Page> => {
    const page = await e2e.newPage({ locale });
    const login = await new LoginPage(page, (p) => e2e.url(p)).goto();
    await login.signIn(org.adminLogin, org.adminPass);
    await new Shell(page).userMenuButton.waitFor();
    return page;
  };

  beforeAll(async () => {
    org = await newOrg(e2e.server);
    await createOrderRefs(org.admin);
  });

  it('order edit in an English browser: the date shows and takes DD.MM.RRRR, the API gets the same ISO instant', async () => {
    const id = await newOrder({ orderDate: new Date('2026-03-05T09:15:00').toISOString() });
    const page = await signedInAs('en-US');
    const edit = await new OrderEditPage(page, e2e.url).goto(id);
    const date = edit.field('order-date');
    const time = edit.field('order-time');
    expect(await date.inputValue()).toBe('05.03.2026');
    expect(await date.getAttribute('placeholder')).toBe('DD.MM.RRRR');
    // The 24-hour clock, not 09:15:00 AM.
    expect(await time.inputValue()).toBe('09:15:00');
    await shot(page, 'order-edit-date-locked');

    await edit.unlock.click();
    // No 31 February, no 25 o'clock: Polish messages, nothing sent.
    await date.fill('31.02.2026');
    await time.fill('25:00');
    await edit.save.click();
    await page.getByTestId('order-date-error').waitFor();
    expect(await page.getByTestId('order-date-error').textContent()).toBe(t.ui.dates.invalid);
    expect(await page.getByTestId('order-time-error').textContent()).toBe(t.ui.dates.timeInvalid);
    await shot(page, 'order-edit-date-invalid');

    await date.fill('7.4.2026');
    await time.fill('14:30');
    await date.blur();
    await time.blur();
    expect(await date.inputValue()).toBe('07.04.2026');
    expect(await time.inputValue()).toBe('14:30:00');
    await shot(page, 'order-edit-date-typed');
    await edit.save.click();
    await eventually(async () => (await order(id)).orderDate, new Date('2026-04-07T14:30:00').toISOString());
  });

  it('sizes dialog: 12,5 zł and 0,25 kg are taken; 12,5 mm is refused in Polish, not read as 125', async () => {
    const id = await newOrder({ deliveryCost: 15.99, weight: 1.5, sizeA: 100, sizeB: 100, sizeC: 100 });
    const page = await signedInAs('pl-PL');
    const orders = await new OrdersPage(page, (p) => e2e.url(p)).goto();
    await orders.menuAction(id, 'sizes');
    const dialog = orders.dialog('order-sizes-dialog');
    const field = (name: string) => dialog.getByTestId(`order-sizes-${name}`);
    await field('deliveryCost').waitFor();
    // The order's values with the Polish decimal comma.
    expect(await field('deliveryCost').inputValue()).toBe('15,99');
    expect(await field('weight').inputValue()).toBe('1,5');

    await field('deliveryCost').fill('12,5');
    await field('weight').fill('0,25');
    await field('sizeA').fill('12,5');
    expect(await field('sizeA').inputValue()).toBe('12,5');
    await field('save').click();
    await field('error').waitFor();
    expect(await field('error').textContent()).toContain(
      `${t.orders.sizes.sizeA}: Wymiar musi być liczbą całkowitą milimetrów od 0 do 100000.`,
    );
    await shot(page, 'orders-sizes-refused');
    expect((await order(id)).sizeA).toBe(100);

    await field('sizeA').fill('250');
    await shot(page, 'orders-sizes-typed');
    await field('save').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await order(id)).toMatchObject({ deliveryCost: 12.5, weight: 0.25, sizeA: 250, sizeB: 100, sizeC: 100 });
  });

  it('order search: a whole order number only; dates typed as DD.MM.RRRR go to the URL as ISO days', async () => {
    const march = await newOrder({ orderDate: new Date('2026-03-10T12:00:00').toISOString() });
    await newOrder({ orderDate: new Date('2026-05-10T12:00:00').toISOString() });
    const page = await signedInAs('en-US');
    const orders = await new OrdersPage(page, (p) => e2e.url(p)).goto();
    await orders.openSearch();
    expect(await orders.field('dateFrom').getAttribute('placeholder')).toBe('DD.MM.RRRR');

    await orders.field('number').fill('12,5');
    expect(await orders.field('number').inputValue()).toBe('12,5');
    await orders.field('dateFrom').fill('31.02.2026');
    await orders.searchPanel.getByRole('button', { name: t.orders.search.run, exact: true }).click();
    await orders.searchPanel.getByText(t.orders.search.numberInvalid).waitFor();
    await orders.searchPanel.getByText(t.ui.dates.invalid).waitFor();
    await shot(page, 'orders-search-refused');

    await orders.field('number').fill('');
    await orders.field('dateFrom').fill('1.3.2026');
    await orders.field('dateTo').fill('31.03.2026');
    await shot(page, 'orders-search-typed');
    await orders.runSearch();
    await eventually(() => orders.ids(), [march]);
    const query = new URL(page.url()).searchParams;
    expect([query.get('dateFrom'), query.get('dateTo')]).toEqual(['2026-03-01', '2026-03-31']);

    // Opened again, the panel shows the days the Polish way.
    await orders.openSearch();
    expect(await orders.field('dateFrom').inputValue()).toBe('01.03.2026');
    expect(await orders.field('dateTo').inputValue()).toBe('31.03.2026');
  });

  it('item search: a price from 12,5; whole quantities and photo counts, with a Polish message', async () => {
    const c = await createCatalog(org.admin);
    for (const [code, price, countWare] of [
      ['POL-1', 12, 1],
      ['POL-2', 12.5, 3],
      ['POL-3', 30, 5],
    ] as const) {
      await ok(
        org.admin.post('/api/items', {
          code,
          name: `Towar ${code}`,
          gtin: '',
          price,
          vat: 23,
          currency: 'PLN',
          countWare,
          itemStatusId: c.statusId,
        }),
      );
    }
    const page = await signedInAs('pl-PL');
    const items = await new ItemsPage(page, (p) => e2e.url(p)).goto();
    await items.openSearch();
    await items.field('priceFrom').fill('12,5');
    await items.field('countFrom').fill('2,5');
    await items.field('countPhotosTo').fill('0,5');
    expect(await items.field('countFrom').inputValue()).toBe('2,5');
    await items.searchPanel.getByRole('button', { name: t.items.search.run, exact: true }).click();
    expect(await items.field('countFrom-error').textContent()).toBe(t.ui.numbers.notInteger);
    expect(await items.field('countPhotosTo-error').textContent()).toBe(t.ui.numbers.notInteger);
    expect(await items.field('priceFrom-error').count()).toBe(0);
    await shot(page, 'items-search-refused');

    await items.field('countFrom').fill('');
    await items.field('countPhotosTo').fill('0');
    await items.runSearch();
    await eventually(() => items.codes(), ['POL-2', 'POL-3']);
    expect(new URL(page.url()).searchParams.get('priceFrom')).toBe('12.5');

    await items.openSearch();
    expect(await items.field('priceFrom').inputValue()).toBe('12,5');
    await items.field('countFrom').fill('4');
    await items.field('countTo').fill('5');
    await shot(page, 'items-search-typed');
    await items.runSearch();
    await eventually(() => items.codes(), ['POL-3']);
  });
});
