import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
import { RESULTS_DIR } from './support/paths';
import { keepScreenshot, screenshotsWanted } from './support/screens';
import { signedIn } from './support/session';
import { FAKE_FID, FAKE_LOGIN, FAKE_PASSWORD, startFakeDpd, type FakeDpd } from '../plugins/dpd/test/fake-dpd';

const SCREENS = path.join(RESULTS_DIR, 'screens');

async function shot(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted()) return;
  await keepScreenshot(page, path.join(SCREENS, `dpd-${name}.png`));
}

/**
 * The dpd plugin in the browser (docs/plugins.md, "Plugin: dpd") against the fake DPDServices:
 * the settings form checks the connection, the day's parcels screen lists a dispatched order's
 * parcel and orders the courier, and 'Dziennik' lists the calls.
 */
describe('dpd: settings, parcels of the day, call log', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  let fake: FakeDpd;

  beforeAll(async () => {
    fake = await startFakeDpd();
    org = await newOrg(e2e.server);
    expect((await org.admin.request('POST', '/api/plugin_install', { form: { pluginId: 'dpd' } })).status).toBe(204);
    const put = await org.admin.put('/api/plugins/dpd/settings', {
      values: { apiUrl: fake.url, login: FAKE_LOGIN, masterFid: FAKE_FID },
      secrets: { password: FAKE_PASSWORD },
    });
    expect(put.status).toBe(200);
    const carriers = await org.admin.get<{ carriers: { id: string; methods: { id: number; name: string }[] }[] }>(
      '/api/carriers',
    );
    const method = carriers.body.carriers.find((c) => c.id === 'dpd')!.methods[0]!.id;
    const order = await org.admin.post<{ id: number }>('/api/orders', {
      carrierMethodId: method,
      clientData: { nameSurname: 'Jan Kowalski', street: 'Długa', buildNr: '1', postCode: '00-001', city: 'Warszawa' },
      weight: 1.2,
      deliveryCost: 15.99,
      deliveryVat: 23,
      items: [],
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const bol = await org.admin.post('/api/orders/print_bol', { orderId: order.body.id });
    expect(bol.status, JSON.stringify(bol.body)).toBe(200);
  });
  afterAll(() => fake?.close());

  it('settings: the demo address offered and the connection checked', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.goto(e2e.url('/plugin/dpd?controller=settings'));
    const form = page.getByTestId('plugin-settings');
    await form.waitFor();
    await form.getByRole('button', { name: 'Środowisko testowe (demo)' }).waitFor();
    await page.getByRole('button', { name: 'Sprawdź połączenie' }).click();
    await page.locator('[data-testid="plugin-connection-answer"].alert-success').waitFor();
    expect(await page.getByTestId('plugin-connection-answer').textContent()).toContain('Połączono z DPD');
    await shot(page, 'settings');
  });

  it('parcels of the day: the parcel listed, the courier ordered; the log lists the calls', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.goto(e2e.url('/plugin/dpd?controller=parcels'));
    await page.getByRole('cell', { name: fake.packages[0]!.waybill }).waitFor();
    await page.getByLabel('Osoba kontaktowa').fill('Magazyn');
    await page.getByLabel('Telefon').fill('600100200');
    await page.getByLabel('Adres odbioru').fill('ul. Długa 1');
    await page.getByLabel('Kod pocztowy').fill('00-001');
    await page.getByLabel('Miejscowość').fill('Warszawa');
    await page.getByRole('button', { name: /Zamów kuriera na/ }).click();
    await page.getByRole('cell', { name: 'ZK000001' }).waitFor();
    expect(fake.pickups).toHaveLength(1);
    await shot(page, 'parcels');

    await page.goto(e2e.url('/plugin/dpd?controller=log'));
    await page.getByTestId('plugin-call').first().waitFor();
    expect(await page.getByTestId('plugin-call').count()).toBeGreaterThanOrEqual(3);
    await shot(page, 'log');
  });
});
