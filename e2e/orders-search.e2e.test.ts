import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrderRefs, orderBody } from '../packages/server/test/orders';
import { eventually, setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
import { OrdersPage } from './support/pages/orders-page';
import { signedIn, waitForPath } from './support/session';
import { t } from './support/texts';
import { screenshotsWanted } from './support/screens';

/** Screens of this file for a person to look at (the helper's name in front). */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));
  // The waits stay without a screenshot: the steps after it read a settled screen.
  if (!screenshotsWanted()) return;
  await page.screenshot({ path: `/tmp/osearch-${name}.png` });
}

describe('order search: buyer, NIP, item code, problem, cities without Polish letters, oldest first', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  let krakow: number;
  let lodz: number;
  let gdansk: number;

  const order = async (body: Record<string, unknown>): Promise<number> => {
    const res = await org.admin.post<{ id: number }>('/api/orders', orderBody(body));
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.id;
  };

  beforeAll(async () => {
    org = await newOrg(e2e.server);
    await createOrderRefs(org.admin);
    krakow = await order({
      clientData: { nameSurname: 'Łukasz Żółć', city: 'Kraków' },
      hasProblem: true,
      problem: 'Brak towaru',
      items: [{ code: 'KUB-1', name: 'Kubek', quantity: 1, price: 20, vat: 23, itemId: null }],
    });
    lodz = await order({
      clientData: { nameSurname: 'Anna Nowak', companyName: 'Kowalski Sp. z o.o.', city: 'Łódź' },
      invoice: { isCompany: true, companyName: 'Kowalski Sp. z o.o.', companyTaxId: '777-000-11-11' },
    });
    gdansk = await order({ clientData: { nameSurname: 'Ewa Kowalska', city: 'Gdańsk' } });
  });

  it('finds by the new fields of the panel, mirrored in the URL', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await shell.menuEntry(t.menu.orders).click();
    await waitForPath(page, '/orders');
    const orders = new OrdersPage(page, (p) => e2e.url(p));
    await eventually(() => orders.ids(), [gdansk, lodz, krakow]);

    // Oldest first, the city typed without Polish letters.
    await orders.openSearch();
    await orders.field('city').fill('krakow');
    await orders.field('sort').selectOption('NUMBER_A');
    await orders.runSearch();
    await eventually(() => orders.ids(), [krakow]);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('NUMBER_A');
    await orders.openSearch();
    await orders.field('city').fill('');
    await orders.runSearch();
    await eventually(() => orders.ids(), [krakow, lodz, gdansk]);

    // Buyer (the company here), NIP, item code and the problem flag, one after another.
    await orders.openSearch();
    await orders.field('buyer').fill('kowal');
    await orders.field('nip').fill('PL 777-000');
    await orders.field('hasProblem').selectOption('NO');
    await page.waitForFunction(() => document.querySelector('.offcanvas.show:not(.showing)') !== null);
    await screenshot(page, 'search-panel');
    await orders.field('perPage').scrollIntoViewIfNeeded();
    await screenshot(page, 'search-panel-bottom');
    await orders.runSearch();
    await eventually(() => orders.ids(), [lodz]);
    const url = new URL(page.url()).searchParams;
    expect([url.get('buyer'), url.get('nip'), url.get('hasProblem')]).toEqual(['kowal', 'PL 777-000', 'NO']);
    expect(await page.getByTestId('orders-filter-count').textContent()).toBe('3');
    await screenshot(page, 'search-result');

    await orders.openSearch();
    await orders.clearSearch();
    await orders.field('itemCode').fill('kub-1');
    await orders.field('hasProblem').selectOption('YES');
    await orders.runSearch();
    await eventually(() => orders.ids(), [krakow]);

    // The form opens with the URL's values after a reload.
    await page.reload();
    await eventually(() => orders.ids(), [krakow]);
    await orders.openSearch();
    expect(await orders.field('itemCode').inputValue()).toBe('kub-1');
    expect(await orders.field('hasProblem').inputValue()).toBe('YES');
  });
});
