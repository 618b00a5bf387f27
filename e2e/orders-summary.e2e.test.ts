import path from 'node:path';
import type { Order } from '@zaplecze/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { format } from '@web/i18n';
import { createOrderRefs, type OrderRefs } from '../packages/server/test/orders';
import { eventually, setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
import { RESULTS_DIR } from './support/paths';
import { signedIn } from './support/session';
import { pageTitle, t } from './support/texts';
import { keepScreenshot } from './support/screens';

const SHOTS = path.join(RESULTS_DIR, 'screens');

/** This month in Europe/Warsaw, as the server counts days. */
function warsawNow(): { year: number; month: number; days: number } {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Warsaw',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  return { year, month, days: new Date(Date.UTC(year, month, 0)).getUTCDate() };
}

describe('orders summary', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  let refs: OrderRefs;
  const s = t.ordersSummary;

  const ok = async <T>(res: Promise<{ status: number; body: T }>): Promise<T> => {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };

  beforeAll(async () => {
    org = await newOrg(e2e.server);
    refs = await createOrderRefs(org.admin);
    const statusId = (await ok(org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny' }))).id;
    const groupId = (await ok(org.admin.post<{ id: number }>('/api/item_groups', { name: 'Kuchnia' }))).id;
    const kubek = await ok(
      org.admin.post<{ id: number }>('/api/items', {
        code: 'KUB-1',
        price: 25,
        vat: 23,
        currency: 'PLN',
        countWare: 10,
        itemStatusId: statusId,
        itemGroupId: groupId,
      }),
    );
    // Order 1 (Nowe): delivery 10, a linked line 2 × 25 and a line 1 × 15 not in the catalogue.
    await ok(
      org.admin.post<Order>('/api/orders', {
        deliveryCost: 10,
        deliveryVat: 23,
        items: [
          { code: 'KUB-1', name: 'Kubek', quantity: 2, price: 25, vat: 23, itemId: kubek.id },
          { code: '', name: 'Usługa', quantity: 1, price: 15, vat: 23, itemId: null },
        ],
      }),
    );
    // Order 2 (Wysłane): delivery 5, a line 1 × 20 not in the catalogue.
    await ok(
      org.admin.post<Order>('/api/orders', {
        orderStatusId: refs.status2Id,
        deliveryCost: 5,
        deliveryVat: 23,
        items: [{ code: 'X', name: 'Inne', quantity: 1, price: 20, vat: 23, itemId: null }],
      }),
    );
  });

  it('shows every block of the month with the daily chart; statuses filter and are remembered', async () => {
    const now = warsawNow();
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.goto(e2e.url('/orders-summary'));
    await page.getByTestId('summary-result').waitFor();
    await eventually(() => page.title(), pageTitle(s.title));
    expect(await page.getByTestId('summary-month').inputValue()).toBe(String(now.month));
    expect(await page.getByTestId('summary-year').inputValue()).toBe(String(now.year));
    expect(await page.getByTestId('summary-heading').textContent()).toBe(
      format(s.heading, { month: s.months[now.month - 1] ?? '', year: now.year }),
    );
    const value = (id: string) => page.getByTestId(id).innerText();
    // Money with 2 decimals, counts with 0, averages with 4.
    expect(await value('summary-full-all')).toBe('100,00');
    expect(await value('summary-full-delivery')).toBe('15,00');
    expect(await value('summary-full-items')).toBe('85,00');
    expect(await value('summary-not-connected-income')).toBe('35,00');
    expect(await value('summary-stats-allOrdersCount')).toBe('2');
    expect(await value('summary-stats-allItemsCount')).toBe('4');
    expect(await value('summary-stats-avgItemsPerOrder')).toBe('2,0000');
    expect(await value('summary-stats-avgIncomePerOrder')).toBe('50,0000');
    const groups = await page.getByTestId('summary-groups-row').allInnerTexts();
    // Goods not connected to the catalogue have their own block, not a group row.
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatch(/^Kuchnia\s+50,00\s+10,00$/);
    expect(await page.getByTestId('summary-statuses-table-row').count()).toBe(2);
    // The chart: one bar per day of the month, today's income on its day.
    expect(await page.getByTestId('summary-chart-day').count()).toBe(now.days);
    const incomes = await page
      .getByTestId('summary-chart-day')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-income'))));
    expect(incomes.reduce((a, b) => a + b, 0)).toBe(100);
    await keepScreenshot(page, path.join(SHOTS, 'orders-summary.png'), { fullPage: true });

    // Only 'Wysłane': one order of 25.
    await page.getByTestId('summary-statuses').click();
    await page.getByTestId(`summary-status-${refs.status2Id}`).check();
    await page.getByTestId('summary-statuses').click();
    await page.getByTestId('summary-show').click();
    await eventually(() => value('summary-full-all'), '25,00');
    expect(await value('summary-stats-allOrdersCount')).toBe('1');
    // Remembered on this device.
    await page.reload();
    await page.getByTestId('summary-result').waitFor();
    expect(await page.getByTestId('summary-statuses').innerText()).toBe(format(s.search.statusesChosen.one, { n: 1 }));
    await eventually(() => value('summary-full-all'), '25,00');

    // A month without orders; a year out of range cannot be shown.
    await page.getByTestId('summary-year').fill('1999');
    expect(await page.getByTestId('summary-show').isDisabled()).toBe(true);
    await page.getByTestId('summary-year').fill(String(now.year - 1));
    await page.getByTestId('summary-show').click();
    await eventually(() => value('summary-full-all'), '0,00');
    await page.getByTestId('summary-chart').getByText(s.chart.empty).waitFor();
  });
});
