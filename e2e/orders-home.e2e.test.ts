import path from 'node:path';
import type { Order } from '@zaplecze/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrderRefs } from '../packages/server/test/orders';
import { eventually, setupE2e } from './support/e2e';
import { createUser, newOrg, type TestOrg } from './support/org';
import { RESULTS_DIR } from './support/paths';
import { signedIn } from './support/session';
import { t } from './support/texts';
import { keepScreenshot } from './support/screens';

const SHOTS = path.join(RESULTS_DIR, 'screens');

describe('home order and income widgets', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  const w = t.ordersSummary.widgets;

  beforeAll(async () => {
    org = await newOrg(e2e.server);
    await createOrderRefs(org.admin);
    // Today: one order with a problem and an invoice without a number, delivery 10, goods 2 × 25.
    const res = await org.admin.post<Order>('/api/orders', {
      deliveryCost: 10,
      deliveryVat: 23,
      hasProblem: true,
      problem: 'Uszkodzona paczka',
      invoice: { isCompany: false, nameSurname: 'Jan Kowalski' },
      items: [{ code: 'A', name: 'Pozycja', quantity: 2, price: 25, vat: 23, itemId: null }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  /** The cells of a widget row, by period. */
  const cells = (page: Page, testId: string) =>
    page
      .getByTestId(testId)
      .locator('td')
      .evaluateAll((tds) => Object.fromEntries(tds.map((td) => [td.getAttribute('data-period'), td.textContent])));

  it('the administrator sees both widgets with the six periods', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.getByTestId('orders-widget-orders').waitFor();
    await page.getByTestId('income-widget-all').waitFor();
    const head = await page.getByTestId('orders-widget').locator('thead th').allInnerTexts();
    expect(head.slice(1)).toEqual(Object.values(w.periods));
    const orders = await cells(page, 'orders-widget-orders');
    expect(orders).toMatchObject({ today: '1', before7d: '1', before30d: '1', currentMonth: '1', yesterday: '0' });
    expect((await cells(page, 'orders-widget-items')).today).toBe('2');
    expect((await cells(page, 'orders-widget-problems')).today).toBe('1 / 1');
    expect((await cells(page, 'income-widget-all')).today).toBe('60,00');
    expect((await cells(page, 'income-widget-delivery')).today).toBe('10,00');
    expect((await cells(page, 'income-widget-items')).today).toBe('50,00');
    expect((await cells(page, 'income-widget-all')).lastMonth).toBe('0,00');
    // Order and income first, then the items widget.
    await eventually(
      () =>
        page
          .getByTestId('home-widgets')
          .locator('[data-widget]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-widget'))),
      ['orders', 'income', 'items'],
    );
    await keepScreenshot(page, path.join(SHOTS, 'home-order-widgets.png'), { fullPage: true });
  });

  it('each widget needs the homepage permission plus its own', async () => {
    const both = await createUser(e2e.server, org, {
      login: 'kierownik',
      permissions: 'main.misc.homepage.show;main.order.show;main.order.summary.show',
    });
    const { page } = await signedIn(e2e, both.login, both.pass);
    await page.getByTestId('orders-widget-orders').waitFor();
    await page.getByTestId('income-widget-all').waitFor();
    expect(await page.getByTestId('items-widget').count()).toBe(0);

    const itemsOnly = await createUser(e2e.server, org, {
      login: 'magazynier',
      permissions: 'main.misc.homepage.show;main.items.show;main.order.summary.show',
    });
    const second = await signedIn(e2e, itemsOnly.login, itemsOnly.pass);
    await second.page.getByTestId('items-widget').waitFor();
    await second.page.getByTestId('income-widget').waitFor();
    expect(await second.page.getByTestId('orders-widget').count()).toBe(0);

    // The order widget's own permission is enough for its counts (the server answers no income).
    const ordersOnly = await createUser(e2e.server, org, {
      login: 'sprzedawca',
      permissions: 'main.misc.homepage.show;main.order.show',
    });
    const fourth = await signedIn(e2e, ordersOnly.login, ordersOnly.pass);
    await fourth.page.getByTestId('orders-widget-orders').waitFor();
    expect(await fourth.page.getByTestId('income-widget').count()).toBe(0);
    expect(await fourth.page.getByTestId('orders-widget').getByRole('button').count()).toBe(0);

    const noHome = await createUser(e2e.server, org, {
      login: 'bezdomu',
      permissions: 'main.order.show;main.order.summary.show',
    });
    const third = await signedIn(e2e, noHome.login, noHome.pass);
    await third.page.getByTestId('home-greeting').waitFor();
    expect(await third.page.getByTestId('home-widgets').count()).toBe(0);
  });
});
