import path from 'node:path';
import type { Item, Order } from '@zaplecze/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { format } from '@web/i18n';
import { stockedItem } from '../packages/server/test/ledger';
import { createOrderRefs } from '../packages/server/test/orders';
import { eventually, setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
import { Shell } from './support/pages/shell';
import { RESULTS_DIR } from './support/paths';
import { signedIn } from './support/session';
import { pageTitle, t } from './support/texts';
import { keepScreenshot } from './support/screens';

const SHOTS = path.join(RESULTS_DIR, 'screens');

describe('order split', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  let kubekId: number;
  const d = t.orderDivide;

  const ok = async <T>(res: Promise<{ status: number; body: T }>): Promise<T> => {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const order = async (id: number): Promise<Order> =>
    (await ok(org.admin.get<{ orders: Order[] }>(`/api/orders?id=${id}`))).orders[0] as Order;
  const stock = async (id: number): Promise<number> =>
    ((await ok(org.admin.get<{ items: Item[] }>(`/api/items?id=${id}`))).items[0] as Item).countWare;

  beforeAll(async () => {
    org = await newOrg(e2e.server);
    await createOrderRefs(org.admin);
    const statusId = (await ok(org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny' }))).id;
    kubekId = await stockedItem(org.admin, statusId, 'KUB-1', 10);
  });

  it('moves the chosen pieces into a new order with its own delivery cost; stock stays', async () => {
    const created = await ok(
      org.admin.post<Order>('/api/orders', {
        deliveryCost: 20,
        deliveryVat: 23,
        clientData: { nameSurname: 'Jan Kowalski', city: 'Poznań' },
        items: [
          { code: 'KUB-1', name: 'Kubek', quantity: 3, price: 10, vat: 23, itemId: kubekId },
          { code: '', name: 'Grawer', quantity: 1, price: 5, vat: 23, itemId: null },
        ],
      }),
    );
    const stockBefore = await stock(kubekId);
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const shell = new Shell(page);
    await page.goto(e2e.url(`/orders/divide/${created.id}`));
    await page.getByTestId('divide-form').waitFor();
    await eventually(() => page.title(), pageTitle(d.title));
    await page.getByRole('heading', { level: 1, name: format(d.heading, { id: created.id }) }).waitFor();
    const save = page.getByTestId('divide-save');
    const moves = page.getByTestId('divide-move');
    // Nothing moved: save is disabled.
    expect(await save.isDisabled()).toBe(true);
    expect(await page.getByTestId('divide-oldDeliveryCost').inputValue()).toBe('20.00');
    // More than the line has is refused.
    await moves.nth(0).fill('4');
    expect(await save.isDisabled()).toBe(true);
    expect(await moves.nth(0).getAttribute('class')).toContain('is-invalid');
    await moves.nth(0).fill('2');
    expect(await page.getByTestId('divide-stays').nth(0).textContent()).toBe('1');
    await page.getByTestId('divide-oldDeliveryCost').fill('12');
    await page.getByTestId('divide-newDeliveryCost').fill('8.50');
    expect(await save.isDisabled()).toBe(false);
    await keepScreenshot(page, path.join(SHOTS, 'order-divide.png'), { fullPage: true });

    const posted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/orders/divide');
    await save.click();
    const newId = ((await (await posted).json()) as { id: number }).id;
    await shell
      .toast(d.done)
      .filter({ hasText: format(d.doneBody, { id: newId }) })
      .waitFor();
    await page.waitForURL((u) => ['/orders', '/'].includes(u.pathname));

    const old = await order(created.id);
    const split = await order(newId);
    expect(old.deliveryCost).toBe(12);
    expect(old.items.map((l) => [l.name, l.quantity])).toEqual([
      ['Kubek', 1],
      ['Grawer', 1],
    ]);
    expect(split.deliveryCost).toBe(8.5);
    expect(split.items.map((l) => [l.code, l.quantity, l.itemId])).toEqual([['KUB-1', 2, kubekId]]);
    expect(await stock(kubekId)).toBe(stockBefore);
  });

  it('shows the server message when the split is refused and keeps what was typed', async () => {
    const created = await ok(
      org.admin.post<Order>('/api/orders', {
        deliveryCost: 10,
        deliveryVat: 23,
        items: [{ code: 'A', name: 'Pozycja', quantity: 2, price: 10, vat: 23, itemId: null }],
      }),
    );
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const shell = new Shell(page);
    await page.goto(e2e.url(`/orders/divide/${created.id}`));
    await page.getByTestId('divide-form').waitFor();
    await page.getByTestId('divide-move').fill('1');
    // The order is deleted meanwhile.
    expect((await org.admin.delete(`/api/orders?id=${created.id}`)).status).toBeLessThan(300);
    await page.getByTestId('divide-save').click();
    await shell.toast(d.errorTitle).waitFor();
    expect(await page.getByTestId('divide-move').inputValue()).toBe('1');
    expect(new URL(page.url()).pathname).toBe(`/orders/divide/${created.id}`);
  });
});
