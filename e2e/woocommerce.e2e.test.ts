import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifest } from '../plugins/woocommerce/manifest';
import { FakeWooCommerce } from '../plugins/woocommerce/test/fake-woocommerce';
import { pluginJobWorker } from '../packages/server/test/plugin-jobs';
import { eventually, setupE2e } from './support/e2e';
import { itemStatusOf, newOrg, type TestOrg } from './support/org';
import { RESULTS_DIR } from './support/paths';
import { keepScreenshot, screenshotsWanted } from './support/screens';
import { signedIn } from './support/session';

const SCREENS = path.join(RESULTS_DIR, 'screens');
async function shot(page: Page, name: string, element?: Locator): Promise<void> {
  if (!screenshotsWanted()) return;
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));
  await keepScreenshot(element ?? page, path.join(SCREENS, `woocommerce-${name}.png`));
}

const PLUGIN = manifest.id;
const API = `/api/plugins/${PLUGIN}`;

/**
 * WooCommerce in the browser (docs/plugins.md, "Plugin: woocommerce") against the fake shop: the
 * connection screen (address, keys, 'Sprawdź połączenie', the webhook address), the mapping of
 * statuses, 'Importuj zamówienia teraz', the imported order in the orders list, the log and the
 * item section.
 */
describe('woocommerce: connect, map statuses, import, see the orders', () => {
  const e2e = setupE2e();
  const shop = new FakeWooCommerce();
  let org: TestOrg;
  let statusId: number;
  let itemId: number;
  const drain = () => pluginJobWorker(e2e.server.deps).drain();
  const open = async (page: Page, controller: string) => {
    await page.goto(e2e.url(`/plugin/${PLUGIN}?controller=${controller}`));
  };

  beforeAll(async () => {
    await shop.start();
    org = await newOrg(e2e.server);
    expect((await org.admin.request('POST', '/api/plugin_install', { form: { pluginId: PLUGIN } })).status).toBe(204);
    statusId = (await org.admin.post<{ id: number }>('/api/order_statuses', { name: 'Do spakowania', color: 'ffcc80' }))
      .body.id;
    const itemStatusId = await itemStatusOf(e2e.server, org);
    itemId = (
      await org.admin.post<{ id: number }>('/api/items', {
        code: 'KUB-1',
        name: 'Kubek ceramiczny',
        price: 19.99,
        vat: 23,
        currency: 'PLN',
        countWare: 10,
        itemStatusId,
      })
    ).body.id;
    const kub = shop.addProduct({ sku: 'KUB-1', name: 'Kubek ceramiczny' });
    shop.addOrder({
      lines: [{ productId: kub.id, quantity: 2, price: 19.99 }],
      billing: { first_name: 'Zofia', last_name: 'Wiśniewska' },
    });
  });
  afterAll(() => shop.stop());

  it('connection: address and keys, the test, the webhook address', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await open(page, 'settings');
    const card = page.getByTestId('woo-connection');
    await card.waitFor();
    await page.locator('#woo-url').fill(shop.url);
    await page.locator('#woo-consumerKey').fill(shop.key);
    await page.locator('#woo-consumerSecret').fill(shop.secret);
    await page.locator('#woo-webhookSecret').fill('sekret-webhooka');
    await card.getByRole('button', { name: 'Zapisz' }).click();
    await card.getByText('(ustawiony)').first().waitFor();
    await page.getByTestId('woo-test').click();
    await page.getByTestId('woo-test-result').waitFor();
    expect(await page.getByTestId('woo-test-result').textContent()).toBe(
      'Połączono ze sklepem WooCommerce (zamówień w sklepie: 1).',
    );
    const hook = await page.getByTestId('woo-webhook-url').inputValue();
    expect(hook).toMatch(/\/api\/hooks\/woocommerce\/orders\/[A-Za-z0-9_-]{43}$/);
    await shot(page, 'connection');
    // The secrets never come back to the page.
    expect(await page.content()).not.toContain(shop.secret);
  });

  it('mapping: a shop status to ours, saved', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await open(page, 'mapping');
    await page.getByTestId('woo-in-processing').selectOption({ label: 'Do spakowania' });
    await page.getByTestId(`woo-out-${statusId}`).selectOption({ label: 'Zrealizowane' });
    await page.getByTestId('woo-mapping-save').click();
    await eventually(async () => {
      const v = (await org.admin.get<{ values: { statusIn: Record<string, number> } }>(`${API}/settings`)).body.values;
      return v.statusIn.processing;
    }, statusId);
    await shot(page, 'mapping');
  });

  it('sync: the order imported appears in the orders list; the log and the item section show it', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await open(page, 'settings');
    await page.getByTestId('woo-sync-now').click();
    await page.getByText('Import zamówień uruchomiony').waitFor();
    await drain();
    await eventually(async () => (await page.getByTestId('woo-imported').textContent())?.trim(), '1');
    await shot(page, 'synced');
    await page.goto(e2e.url('/orders'));
    // The delivery address's name (the fake's shipping address); the status is the mapped one.
    await page.getByText('Anna Kowalska').first().waitFor();
    await page.getByText('Do spakowania').first().waitFor();
    await shot(page, 'orders');
    await open(page, 'log');
    await page
      .getByTestId('woo-events')
      .getByText(/Zaimportowano zamówienie WooCommerce/)
      .waitFor();
    await shot(page, 'log');
    await page.goto(e2e.url(`/items/${itemId}`));
    const section = page.getByTestId('woo-item-section');
    await section.getByText('KUB-1').waitFor();
    await shot(page, 'item', section);
  });
});
