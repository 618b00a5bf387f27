import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@zaplecze/contract';
import { format } from '@web/i18n';
import { createOrderRefs, dropStarterOrderLists, orderBody, type OrderRefs } from '../packages/server/test/orders';
import { eventually, setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
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

describe('orders mass edit', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  let refs: OrderRefs;
  const me = t.ordersMassEdit;
  const ids: number[] = [];

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
    for (let i = 0; i < 5; i++) {
      const res = await org.admin.post<{ id: number }>('/api/orders', orderBody({ clientData: { city: 'Lublin' } }));
      expect(res.status).toBe(200);
      ids.push(res.body.id);
    }
  });

  it('without a selection says so', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.goto(e2e.url('/orders/mass-edit'));
    await page.getByTestId('orders-mass-none').waitFor();
    expect(await page.getByTestId('orders-mass-none').textContent()).toBe(me.noSelection);
    await eventually(() => page.title(), pageTitle(me.title));
  });

  it('changes the ticked fields of the selected orders only, with a progress bar and the report', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const orders = await new OrdersPage(page, (p) => e2e.url(p)).goto('?city=lublin');
    await eventually(() => orders.ids(), [...ids].reverse());
    await orders.startSelect();
    const chosen = [ids[4] ?? 0, ids[3] ?? 0, ids[1] ?? 0];
    for (const id of chosen) await orders.row(id).click();
    await page.getByTestId('orders-mass-edit').click();
    await waitForPath(page, '/orders/mass-edit');
    await page.getByTestId('orders-mass-form').waitFor();
    expect(await page.getByTestId('orders-mass-count').textContent()).toBe(format(me.count.few, { n: 3 }));
    expect(await page.getByTestId('orders-mass-ids').textContent()).toBe(chosen.join(''));

    // Nothing ticked is refused; a ticked field is required; unticked fields are disabled.
    expect(await page.getByTestId('orders-mass-deliveryCost').isDisabled()).toBe(true);
    await page.getByTestId('orders-mass-save').click();
    await page.getByTestId('orders-mass-nothing').waitFor();
    await page.getByTestId('orders-mass-deliveryCost-on').check();
    await page.getByTestId('orders-mass-orderStatus-on').check();
    await page.getByTestId('orders-mass-save').click();
    await page.getByText(me.required).first().waitFor();
    await page.getByTestId('orders-mass-deliveryCost').fill('9,99');
    await page.getByTestId('orders-mass-orderStatusId').selectOption({ label: 'Wysłane' });
    await page.getByTestId('orders-mass-deliveryVat-on').check();
    await page.getByTestId('orders-mass-deliveryVat').selectOption('8');
    await screenshot(page, 'orders-mass-edit');

    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/orders/mass_edit')) sent.push(r.postData() ?? '');
    });
    await page.getByTestId('orders-mass-save').click();
    const report = page.getByTestId('report-dialog');
    await report.waitFor();
    expect(await report.textContent()).toContain(me.reportOk);
    await screenshot(page, 'orders-mass-edit-report');
    const [saved] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-save').click()]);
    expect(saved.suggestedFilename()).toBe('orders_mass_edit.txt');
    const text = fs.readFileSync(await savedFile(saved), 'utf8');
    expect(text.replace(/^\ufeff/, '').split('\n')).toEqual([`# ${me.reportOk}`, ...chosen.map(String)]);
    await page.getByTestId('report-close').click();
    await waitForPath(page, '/orders');

    // One batch with its idempotency key and only the ticked fields.
    expect(sent).toHaveLength(1);
    const body = JSON.parse(sent[0] ?? '{}') as {
      ids: number[];
      data: Record<string, unknown>;
      idempotencyKey: string;
    };
    expect(body.ids).toEqual(chosen);
    expect(body.data).toEqual({ deliveryCost: '9.99', deliveryVat: '8', orderStatusId: refs.status2Id });
    expect(body.idempotencyKey.length).toBeGreaterThanOrEqual(8);

    for (const id of chosen) {
      const o = await read(id);
      expect([o.deliveryCost, o.deliveryVat, o.orderStatus.id, o.incomeSource.id]).toEqual([
        9.99,
        8,
        refs.status2Id,
        refs.sourceId,
      ]);
    }
    for (const id of [ids[0] ?? 0, ids[2] ?? 0]) {
      const o = await read(id);
      expect([o.deliveryCost, o.orderStatus.id]).toEqual([15.99, refs.statusId]);
    }
    // The list shows the new statuses.
    await eventually(() => orders.cell(chosen[0] ?? 0, 'order-status').textContent(), 'Wysłane');
  });
});
