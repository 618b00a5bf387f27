import fs from 'node:fs';
import path from 'node:path';
import type { Download, Page } from 'playwright-core';
import { DOCUMENT_FILE_NAMES, type Order } from '@zaplecze/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_KEYS, userStorageKey } from '@web/data/local-settings';
import { createOrderRefs, PARCEL_ORDER, type OrderRefs } from '../packages/server/test/orders';
import { decodeCode128 } from '../packages/server/test/pdf-tools';
import { FAKE_ORG_ID, FAKE_TOKEN, startFakeInpost, type FakeInpost } from '../plugins/inpost/test/fake-inpost';
import { savedFile } from './support/downloads';
import { eventually, setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
import { OrderReaderPage } from './support/pages/order-reader-page';
import { OrdersPage } from './support/pages/orders-page';
import { RESULTS_DIR } from './support/paths';
import { keepScreenshot, screenshotsWanted } from './support/screens';
import { signedIn } from './support/session';

const SCREENS = path.join(RESULTS_DIR, 'screens');

async function shot(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted()) return;
  await keepScreenshot(page, path.join(SCREENS, `inpost-${name}.png`), { fullPage: true });
}

/**
 * The inpost plugin in the browser (docs/plugins.md, "Plugin: inpost") against the fake ShipX:
 * the connection checked, the services and the 'delivered' status set, a locker parcel dispatched
 * from the order reader (first 'being prepared' while ShipX confirms, then the next scan prints
 * the label, whose barcode reads back), the shipment in the order's preview and the day's parcels.
 */
describe('inpost: settings, dispatch from the order reader, parcels', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  let fake: FakeInpost;
  let refs: OrderRefs;
  let lockerMethodId: number;

  beforeAll(async () => {
    fake = await startFakeInpost();
    org = await newOrg(e2e.server);
    refs = await createOrderRefs(org.admin);
    expect((await org.admin.request('POST', '/api/plugin_install', { form: { pluginId: 'inpost' } })).status).toBe(204);
    const put = await org.admin.put('/api/plugins/inpost/settings', {
      values: { apiUrl: fake.url, organizationId: FAKE_ORG_ID },
      secrets: { token: FAKE_TOKEN },
    });
    expect(put.status).toBe(200);
    const carriers = await org.admin.get<{ carriers: { id: string; methods: { id: number; sendType: string }[] }[] }>(
      '/api/carriers',
    );
    lockerMethodId = carriers.body.carriers
      .find((c) => c.id === 'inpost')!
      .methods.find((m) => m.sendType === 'ONLY_PICKUP_POINT')!.id;
    fs.mkdirSync(SCREENS, { recursive: true });
  });
  afterAll(() => fake?.close());

  it('settings: the sandbox offered, the connection checked; services and the delivered status saved', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.goto(e2e.url('/plugin/inpost?controller=settings'));
    const form = page.getByTestId('plugin-settings');
    await form.waitFor();
    await form.getByRole('button', { name: 'Środowisko testowe (sandbox)' }).waitFor();
    await page.getByRole('button', { name: 'Sprawdź połączenie' }).click();
    await page.locator('[data-testid="plugin-connection-answer"].alert-success').waitFor();
    expect(await page.getByTestId('plugin-connection-answer').textContent()).toContain('Połączono z InPost');
    await shot(page, 'settings');

    await page.goto(e2e.url('/plugin/inpost?controller=shipping'));
    await page.getByTestId('inpost-shipping').waitFor();
    await page.getByLabel('Gdy InPost zgłosi doręczenie paczki, ustaw status').selectOption(String(refs.status2Id));
    await page.getByLabel('Kurier InPost').selectOption('inpost_courier_c2c');
    await page.getByRole('button', { name: 'Zapisz' }).click();
    await page.getByText('Zapisano ustawienia InPost').waitFor();
    await shot(page, 'shipping');
    const stored = await org.admin.get<{ values: { deliveredStatusId: number; courierService: string } }>(
      '/api/plugins/inpost/settings',
    );
    expect(stored.body.values).toMatchObject({
      deliveredStatusId: refs.status2Id,
      courierService: 'inpost_courier_c2c',
    });
  });

  it('dispatches a locker parcel from the order reader: being prepared first, then the label prints and reads back', async () => {
    const created = await org.admin.post<Order>('/api/orders', {
      ...PARCEL_ORDER,
      deliveryCost: 12.99,
      deliveryVat: 23,
      shippingMethod: 'PICKUP_POINT',
      carrierMethodId: lockerMethodId,
      clientData: { ...PARCEL_ORDER.clientData, pickupPoint: 'KRA010' },
      items: [{ code: 'KUBEK-1', name: 'Kubek', quantity: 1, price: 39.99, vat: 23, itemId: null }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.id;

    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.evaluate(
      ([entries]) => {
        for (const [k, v] of entries) localStorage.setItem(k, v);
      },
      [
        [
          [userStorageKey(org.adminLogin, LOCAL_KEYS.readerBolAction), 'PDF'],
          [userStorageKey(org.adminLogin, LOCAL_KEYS.readerInvoiceAction), 'NONE'],
        ],
      ] as const,
    );
    const reader = await new OrderReaderPage(page, (p) => e2e.url(p)).goto();
    await reader.scan(`ORDER:${id}`);
    await eventually(() => reader.field('number').textContent(), `Zamówienie nr ${id}`);

    // ShipX has not confirmed yet: a red row says the waybill is being prepared; nothing is sent twice.
    fake.confirmAfterMs = null;
    try {
      const rows = await reader.logLength();
      await reader.scan('CMD:SEND');
      // The scan's row, then the dispatch's answer: a red row saying the waybill is being prepared.
      const pending = await reader.logAfter(rows + 2);
      expect(pending[0]).toMatchObject({ error: true });
      expect(pending[0]?.action).toContain('InPost przygotowuje list przewozowy');
      await shot(page, 'reader-pending');
    } finally {
      fake.confirmAfterMs = 0;
    }
    expect(fake.shipments).toHaveLength(1);
    fake.shipments[0]!.confirmAt = Date.now();

    // The next scan records ShipX's number and downloads the label.
    const label = page.waitForEvent('download');
    await reader.scan('CMD:SEND');
    const download: Download = await label;
    expect(download.suggestedFilename()).toBe(DOCUMENT_FILE_NAMES.bol);
    const pdf = fs.readFileSync(await savedFile(download));
    const number = fake.shipments[0]!.tracking_number!;
    expect(number).toMatch(/^\d{24}$/);
    expect(await decodeCode128(pdf)).toEqual([number]);
    expect(fake.shipments).toHaveLength(1);
    await shot(page, 'reader-sent');

    // The order's preview shows the shipment; the parcels screen lists it.
    const orders = await new OrdersPage(page, (p) => e2e.url(p)).goto(`?number=${id}`);
    await orders.row(id).getByTestId('order-number').click();
    const preview = orders.dialog('order-preview-dialog');
    await preview.getByTestId('order-shipment-number').filter({ hasText: number }).waitFor();
    expect(await preview.getByTestId('order-shipment-state').textContent()).toContain('Przygotowana do nadania');
    await preview.getByTestId('order-shipment').scrollIntoViewIfNeeded();
    await shot(page, 'order-preview');

    await page.goto(e2e.url('/plugin/inpost?controller=parcels'));
    await page.getByRole('cell', { name: number }).waitFor();
    await page.getByText('Gotowa do nadania').first().waitFor();
    await page.getByLabel('Ulica').fill('Świętokrzyska');
    await page.getByLabel('Numer budynku').fill('5');
    await page.getByLabel('Kod pocztowy').fill('00-001');
    await page.getByLabel('Miejscowość').fill('Warszawa');
    await page.getByRole('button', { name: /Zamów kuriera na/ }).click();
    await page.getByText('Zamówiono kuriera InPost').waitFor();
    expect(fake.dispatchOrders).toHaveLength(1);
    await shot(page, 'parcels');

    await page.goto(e2e.url('/plugin/inpost?controller=log'));
    await page.getByText('Nadanie przesyłki InPost').first().waitFor();
    await shot(page, 'log');
  }, 180_000);
});
