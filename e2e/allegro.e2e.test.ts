import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluginsModule } from '../packages/server/src/modules/plugins';
import { JobWorker } from '../packages/server/src/platform/jobs';
import type { ConnectState, Mapping } from '../plugins/allegro/schemas';
import {
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  startFakeAllegro,
  type FakeAllegro,
} from '../plugins/allegro/test/fake-allegro';
import { eventually, setupE2e } from './support/e2e';
import { itemStatusOf, newOrg, type TestOrg } from './support/org';
import { OrdersPage } from './support/pages/orders-page';
import { RESULTS_DIR } from './support/paths';
import { keepScreenshot, screenshotsWanted } from './support/screens';
import { signedIn } from './support/session';

const SCREENS = path.join(RESULTS_DIR, 'screens');
/** A screenshot of the window, with `scrollTo` centred in it, once CSS transitions have ended. */
async function shot(page: Page, name: string, scrollTo?: Locator): Promise<void> {
  if (!screenshotsWanted()) return;
  await scrollTo?.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));
  await keepScreenshot(page, path.join(SCREENS, `allegro-${name}.png`));
}

const API = '/api/plugins/allegro';

/**
 * Allegro in the browser (docs/plugins.md, "Plugin: allegro") against the fake Allegro: connect by
 * the device flow (the user code and the link on the screen, approved on the fake), map statuses,
 * sync, and see the imported order in the orders list, the item section and the home widget.
 */
describe('allegro: connect, map statuses, import, see the orders', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  let fake: FakeAllegro;
  let statusId: number;
  let itemId: number;
  const drain = () =>
    new JobWorker({
      db: e2e.server.deps.db,
      engine: e2e.server.deps.engine,
      kinds: pluginsModule.jobs!(e2e.server.deps),
      log: () => undefined,
    }).drain();

  beforeAll(async () => {
    fake = await startFakeAllegro();
    fake.deviceInterval = 1;
    org = await newOrg(e2e.server);
    expect((await org.admin.request('POST', '/api/plugin_install', { form: { pluginId: 'allegro' } })).status).toBe(
      204,
    );
    const put = await org.admin.put(`${API}/settings`, {
      values: { apiUrl: fake.url, authUrl: fake.url, clientId: FAKE_CLIENT_ID },
      secrets: { clientSecret: FAKE_CLIENT_SECRET },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const st = await org.admin.post<{ id: number }>('/api/order_statuses', { name: 'Z Allegro', color: 'ff5a00' });
    statusId = st.body.id;
    const item = await org.admin.post<{ id: number }>('/api/items', {
      code: 'KUB-1',
      name: 'Kubek ceramiczny',
      price: 19.99,
      vat: 23,
      currency: 'PLN',
      countWare: 10,
      itemStatusId: await itemStatusOf(e2e.server, org),
    });
    itemId = item.body.id;
    fake.addOffer('7700001', 'Kubek ceramiczny biały 300 ml', 'KUB-1', 10, '19.99');
    fake.addOffer('7700002', 'Zestaw kubków (sygnatura innego towaru)', 'ZESTAW-1', 3, '59.99');
  });
  afterAll(() => fake.close());

  it('connects by the device flow, maps a status, imports an order and shows it', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.goto(e2e.url('/plugin/allegro?controller=connect'));
    const screen = page.getByTestId('allegro-connect');
    await screen.waitFor();
    await expect.poll(() => page.getByTestId('allegro-state').textContent()).toBe('Niepołączone');
    await shot(page, '1-disconnected');

    await page.getByTestId('allegro-connect-start').click();
    const code = page.getByTestId('allegro-user-code');
    await code.waitFor();
    const userCode = (await code.textContent())!.trim();
    expect(await page.getByTestId('allegro-verification').getAttribute('href')).toContain(userCode);
    await shot(page, '2-pending');
    fake.approve(userCode);
    await new Promise((r) => setTimeout(r, 1100));
    await drain();
    await expect.poll(() => page.getByTestId('allegro-state').textContent(), { timeout: 10_000 }).toBe('Połączone');
    await shot(page, '3-connected');

    // Map NEW -> 'Z Allegro'.
    await page.goto(e2e.url('/plugin/allegro?controller=mapping'));
    await page.getByTestId('allegro-mapping').waitFor();
    await page.getByTestId('allegro-from-NEW').selectOption({ label: 'Z Allegro' });
    await page.getByTestId('allegro-mapping-save').click();
    await page.getByText('Mapowanie zapisane.').waitFor();
    await shot(page, '4-mapping', page.getByTestId('allegro-from-NEW'));
    expect((await org.admin.get<Mapping>(`${API}/mapping`)).body.statusFromAllegro.NEW).toBe(statusId);

    // A buyer pays on Allegro; the seller syncs now.
    const form = fake.addOrder({
      lines: [{ offerId: '7700001', externalId: 'KUB-1', quantity: 2, price: '19.99' }],
      pickupPointId: 'KRA01M',
      message: 'Proszę o szybką wysyłkę',
    });
    await page.goto(e2e.url('/plugin/allegro?controller=connect'));
    await page.getByTestId('allegro-sync').click();
    await page.getByText(/Synchronizacja zlecona/).waitFor();
    await drain();
    const ref = await e2e.server.deps.db
      .selectFrom('plugin_order_refs')
      .select('order_id')
      .where('external_id', '=', form.id)
      .executeTakeFirstOrThrow();
    const orderId = Number(ref.order_id);
    const orders = await new OrdersPage(page, (p) => e2e.url(p)).goto();
    await orders.row(orderId).waitFor();
    expect(await orders.row(orderId).textContent()).toContain('Z Allegro');
    await shot(page, '5-orders');
    // The offer got what may be sold (10 less the 2 claimed by the order).
    expect(fake.offers.get('7700001')!.stock.available).toBe(8);

    // The item's section and the home widget.
    await page.goto(e2e.url(`/items/${itemId}`));
    const section = page.getByTestId('allegro-item-section');
    await section.getByText('7700001').waitFor();
    // An offer whose signature is not this item's code, linked by hand.
    await section.getByLabel('Powiąż ofertę ręcznie (numer oferty Allegro)').fill('7700002');
    await section.getByTestId('allegro-link-offer-save').click();
    await section.getByText('ręczne').waitFor();
    await shot(page, '6-item-section', section);
    await page.goto(e2e.url('/'));
    await eventually(async () => (await page.getByTestId('allegro-widget-imported').textContent()) ?? '', '1');
    await shot(page, '7-home-widget', page.getByTestId('allegro-widget'));
    await page.goto(e2e.url('/plugin/allegro?controller=log'));
    await page.getByText('Pobranie zdarzeń zamówień').first().waitFor();
    await shot(page, '8-log');
    expect((await org.admin.get<ConnectState>(`${API}/connect`)).body.state).toBe('connected');
    // The settings form offers the production and sandbox hosts.
    await page.goto(e2e.url('/plugin/allegro?controller=settings'));
    await page.getByText('Piaskownica (sandbox)').first().waitFor();
    await shot(page, '9-settings');
  });
});
