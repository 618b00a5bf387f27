import fs from 'node:fs';
import path from 'node:path';
import type { Item, Order } from '@zaplecze/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { format } from '@web/i18n';
import { setFlag, stockedItem } from '../packages/server/test/ledger';
import { createOrderRefs, type OrderRefs } from '../packages/server/test/orders';
import { eventually, setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
import { OrderEditPage } from './support/pages/order-edit-page';
import { Shell } from './support/pages/shell';
import { WarehouseChangesPage } from './support/pages/warehouse-changes-page';
import { RESULTS_DIR } from './support/paths';
import { signedIn } from './support/session';
import { pageTitle, t } from './support/texts';
import { keepScreenshot } from './support/screens';

const SHOTS = path.join(RESULTS_DIR, 'screens');

describe('order edit', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  let refs: OrderRefs;
  let kubekId: number;
  let talerzId: number;
  const o = t.orderEdit;

  const ok = async <T>(res: Promise<{ status: number; body: T }>): Promise<T> => {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const item = async (id: number): Promise<Item> =>
    (await ok(org.admin.get<{ items: Item[] }>(`/api/items?id=${id}`))).items[0] as Item;
  const order = async (id: number): Promise<Order> =>
    (await ok(org.admin.get<{ orders: Order[] }>(`/api/orders?id=${id}`))).orders[0] as Order;
  /** Clicks Save and answers the id of the order the page posted. */
  const saveNew = async (page: Page, edit: OrderEditPage): Promise<number> => {
    const posted = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST',
    );
    await edit.save.click();
    const res = await posted;
    expect(res.status()).toBe(200);
    return ((await res.json()) as Order).id;
  };
  const leftForList = (u: URL) => ['/orders', '/'].includes(u.pathname);

  beforeAll(async () => {
    org = await newOrg(e2e.server);
    refs = await createOrderRefs(org.admin);
    const statusId = (await ok(org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny' }))).id;
    kubekId = await stockedItem(org.admin, statusId, 'KUB-1', 10);
    talerzId = (
      await ok(
        org.admin.post<{ id: number }>('/api/items', {
          code: 'TAL-1',
          name: 'Talerz płytki',
          price: 24.5,
          vat: 8,
          currency: 'PLN',
          countWare: 5,
          itemStatusId: statusId,
        }),
      )
    ).id;
    expect(
      (
        await org.admin.put('/api/options', {
          options: [
            { key: 'VAT_VALUES', value: '23;8;5' },
            { key: 'VAT_DEFAULT_ORDER_ITEM', value: '8' },
            { key: 'VAT_DEFAULT_ORDER_DELIVERY', value: '23' },
            { key: 'VAT_DEFAULT_STATIONARY_DELIVERY', value: '5' },
            { key: 'CURRENCY_VALUES', value: 'PLN;EUR' },
            { key: 'CURRENCY_DEFAULT', value: 'PLN' },
          ],
        })
      ).status,
    ).toBe(204);
    await setFlag(org.admin, 'WAREHOUSE_AUTO_COMMIT', true);
    fs.mkdirSync(SHOTS, { recursive: true });
  });

  it('adds an order: scans, a hand line, a linked line, an invoice; the stock and the warehouse changes follow', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const shell = new Shell(page);
    const edit = await new OrderEditPage(page, e2e.url).goto(0);
    await eventually(() => page.title(), pageTitle(o.title));
    expect(await edit.heading.textContent()).toContain(o.createHeading);
    // Defaults of a new order.
    expect(await edit.field('order-status').inputValue()).toBe(String(refs.statusId));
    expect(await edit.field('order-income-source').inputValue()).toBe(String(refs.sourceId));
    expect(await edit.field('order-currency').inputValue()).toBe('PLN');
    expect(await edit.field('order-delivery-vat').inputValue()).toBe('23');
    expect(await edit.shipping('ADDRESS').isChecked()).toBe(true);
    // A new order is editable at once: no 'Włącz edycję' (docs/decisions.md, Forms).
    for (const id of ['order-date', 'order-time', 'order-external-id', 'order-message', 'order-bol'])
      expect(await edit.field(id).getAttribute('readonly'), id).toBeNull();
    expect(await edit.unlock.count()).toBe(0);

    await edit.client('nameSurname').fill('Anna Nowak');
    await edit.client('street').fill('Polna');
    await edit.client('buildNr').fill('7');
    await edit.client('postCode').fill('30-001');
    await edit.client('city').fill('Kraków');
    await edit.client('email').fill('anna@example.pl');
    await edit.field('order-delivery-cost').fill('12,5');
    await edit.field('order-delivery-cost').blur();
    expect(await edit.field('order-delivery-cost').inputValue()).toBe('12.5');

    // A scan adds a linked line, the same code again raises its quantity; an unknown code is refused.
    await edit.scan('KUB-1');
    await eventually(() => edit.lines.count(), 1);
    await edit.scan('kub-1');
    await eventually(() => edit.lineField(0, 'quantity').inputValue(), '2');
    expect(await edit.lines.count()).toBe(1);
    await edit.linkOf(0).waitFor();
    await edit.scan('BRAK-TAKIEGO');
    await shell.toast(o.items.notFound).waitFor();

    // A line typed by hand, with the default line VAT; another linked through the search dialog.
    await edit.addLine('', 'Montaż', '1', '30,00');
    expect(await edit.lineField(1, 'vat').inputValue()).toBe('8');
    await edit.addLine('x', '', '3', '');
    await edit.linkLine(2, 'TAL', 'TAL-1');
    expect(await edit.lineField(2, 'code').inputValue()).toBe('TAL-1');
    expect(await edit.lineField(2, 'name').inputValue()).toBe('Talerz płytki');
    expect(await edit.lineField(2, 'price').inputValue()).toBe('24.50');
    await edit.linkOf(2).waitFor();
    // Goods: 2 × 1.00 + 30.00 + 3 × 24.50 = 105.50; with delivery 118.00.
    await eventually(() => edit.field('order-goods-sum').textContent(), '105,50\u00a0zł');
    expect(await edit.field('order-sum').textContent()).toBe('118,00\u00a0zł');

    // Invoice for a company: the private name is inactive.
    await edit.field('order-has-invoice').check();
    await edit.field('order-invoice-kind-company').check();
    expect(await edit.invoice('nameSurname').isDisabled()).toBe(true);
    await edit.invoice('companyName').fill('Nowak sp. z o.o.');
    await edit.invoice('companyTaxId').fill('1234563218');
    await edit.field('order-invoice-copy').click();
    expect(await edit.invoice('city').inputValue()).toBe('Kraków');
    expect(await edit.invoice('address').inputValue()).toBe('Polna 7');
    await keepScreenshot(page, path.join(SHOTS, 'order-new.png'), { fullPage: true });

    const id = await saveNew(page, edit);
    await shell.toast(o.saved).waitFor();
    await page.waitForURL(leftForList);

    const saved = await order(id);
    expect(saved).toMatchObject({
      stationary: false,
      shippingMethod: 'ADDRESS',
      deliveryCost: 12.5,
      deliveryVat: 23,
      currency: 'PLN',
      orderStatus: { id: refs.statusId },
      clientData: { nameSurname: 'Anna Nowak', city: 'Kraków', email: 'anna@example.pl' },
      invoice: { isCompany: true, companyName: 'Nowak sp. z o.o.', nameSurname: '', invoiceNumber: null },
      orderSummary: { sumGross: 118 },
    });
    expect(saved.items.map((l) => [l.code, l.name, l.quantity, l.price, l.vat, l.itemId])).toEqual([
      ['KUB-1', '', 2, 1, 23, kubekId],
      ['', 'Montaż', 1, 30, 8, null],
      ['TAL-1', 'Talerz płytki', 3, 24.5, 8, talerzId],
    ]);
    // Auto-commit is on: the stock moved at once.
    expect((await item(kubekId)).countWare).toBe(8);
    expect((await item(talerzId)).countWare).toBe(2);

    // The warehouse changes screen lists the order's changes with a link to it.
    const changes = await new WarehouseChangesPage(page, e2e.url).goto();
    await eventually(() => page.locator(`a[href="/orders/${id}"]`).count(), 2);
    await keepScreenshot(page, path.join(SHOTS, 'order-new-warehouse-changes.png'), { fullPage: true });
    expect(changes).toBeTruthy();
    // ... which opens the order's edit page.
    await page.locator(`a[href="/orders/${id}"]`).first().click();
    await new OrderEditPage(page, e2e.url).form.waitFor();
    expect(await page.getByTestId('order-heading').textContent()).toContain(format(o.editHeading, { id }));
    expect(await page.getByTestId('order-line').count()).toBe(3);
  });

  it('adds a stationary order: stationary defaults, personal pickup, no address or carrier', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const shell = new Shell(page);
    const edit = await new OrderEditPage(page, e2e.url).goto(-1);
    expect(await edit.heading.textContent()).toContain(o.createStationaryHeading);
    expect(await edit.field('order-status').inputValue()).toBe(String(refs.stationaryStatusId));
    expect(await edit.field('order-income-source').inputValue()).toBe(String(refs.stationarySourceId));
    expect(await edit.field('order-delivery-vat').inputValue()).toBe('5');
    expect(await edit.shipping('PERSONAL_PICKUP').isChecked()).toBe(true);
    for (const name of ['street', 'buildNr', 'postCode', 'city', 'country', 'pickupPoint'])
      expect(await edit.client(name).isDisabled(), name).toBe(true);
    expect(await edit.field('order-carrier').isDisabled()).toBe(true);
    expect(await edit.client('nameSurname').isDisabled()).toBe(false);
    // Switching to an address delivery enables the address, a pickup point enables the point.
    await edit.shipping('ADDRESS').check();
    expect(await edit.client('street').isDisabled()).toBe(false);
    expect(await edit.client('pickupPoint').isDisabled()).toBe(true);
    await edit.shipping('PERSONAL_PICKUP').check();

    await edit.scan('TAL-1');
    await eventually(() => edit.lines.count(), 1);
    await edit.field('order-delivery-cost').fill('0');
    await keepScreenshot(page, path.join(SHOTS, 'order-new-stationary.png'), { fullPage: true });
    const id = await saveNew(page, edit);
    await shell.toast(o.saved).waitFor();
    await page.waitForURL(leftForList);

    const saved = await order(id);
    expect(saved).toMatchObject({
      stationary: true,
      shippingMethod: 'PERSONAL_PICKUP',
      carrierMethod: null,
      deliveryVat: 5,
      orderStatus: { id: refs.stationaryStatusId },
      incomeSource: { id: refs.stationarySourceId },
    });
    expect((await item(talerzId)).countWare).toBe(1);
  });

  it('edits an order: the locked fields open with Włącz edycję, a changed code unlinks, the lines move stock', async () => {
    const created = await ok(
      org.admin.post<Order>('/api/orders', {
        deliveryCost: 10,
        deliveryVat: 23,
        externalId: 'ALLEGRO-1',
        messageToSeller: 'Proszę o szybką wysyłkę',
        billOfLading: 'BOL-123',
        clientData: { nameSurname: 'Jan Kowalski', city: 'Gdańsk', countryCode: 'PL' },
        items: [
          { code: 'KUB-1', name: 'Kubek', quantity: 1, price: 1, vat: 23, itemId: kubekId },
          { code: 'TAL-1', name: 'Talerz', quantity: 1, price: 24.5, vat: 8, itemId: talerzId },
        ],
      }),
    );
    const kubekBefore = (await item(kubekId)).countWare;
    const talerzBefore = (await item(talerzId)).countWare;
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const shell = new Shell(page);
    const edit = await new OrderEditPage(page, e2e.url).goto(created.id);
    expect(await edit.heading.textContent()).toContain(format(o.editHeading, { id: created.id }));
    expect(await edit.field('order-external-id').inputValue()).toBe('ALLEGRO-1');
    expect(await edit.field('order-bol').getAttribute('readonly')).not.toBeNull();

    await edit.unlock.click();
    for (const id of ['order-date', 'order-time', 'order-external-id', 'order-message', 'order-bol'])
      expect(await edit.field(id).getAttribute('readonly'), id).toBeNull();
    await edit.field('order-external-id').fill('ALLEGRO-2');
    await edit.field('order-message').fill('Jednak bez pośpiechu');
    await edit.field('order-bol').fill('BOL-456');
    await edit.field('order-date').fill('03.02.2026');
    await edit.field('order-time').fill('14:30:15');
    await edit.field('order-has-problem').check();
    await edit.field('order-problem').fill('Brak w magazynie');

    // Raise the mug to 3; the plate's code changes, so it is no longer linked (its stock comes back).
    await edit.lineField(0, 'quantity').fill('3');
    await edit.linkOf(1).waitFor();
    await edit.lineField(1, 'code').fill('TAL-1-INNY');
    await edit.linkOf(1).waitFor({ state: 'detached' });
    await keepScreenshot(page, path.join(SHOTS, 'order-edit-unlocked.png'), { fullPage: true });
    await edit.save.click();
    await shell.toast(o.saved).waitFor();
    await page.waitForURL(leftForList);

    const saved = await order(created.id);
    expect(saved).toMatchObject({
      externalId: 'ALLEGRO-2',
      messageToSeller: 'Jednak bez pośpiechu',
      billOfLading: 'BOL-456',
      problem: 'Brak w magazynie',
      orderDate: new Date('2026-02-03T14:30:15').toISOString(),
    });
    expect(saved.items.map((l) => [l.code, l.quantity, l.itemId])).toEqual([
      ['KUB-1', 3, kubekId],
      ['TAL-1-INNY', 1, null],
    ]);
    expect((await item(kubekId)).countWare).toBe(kubekBefore - 2);
    expect((await item(talerzId)).countWare).toBe(talerzBefore + 1);
  });

  it('a carrier method decides the shipping methods; the pickup point check asks the carrier', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const shell = new Shell(page);
    const edit = await new OrderEditPage(page, e2e.url).goto(0);
    const carrier = edit.field('order-carrier');
    await carrier.selectOption({ label: 'Przewoźnik własny' });
    // A carrier without its method is refused.
    await edit.client('nameSurname').fill('Ola Lis');
    await edit.save.click();
    await edit.error('order-carrier-method').waitFor();
    expect(await edit.error('order-carrier-method').textContent()).toBe(o.delivery.carrierMethodRequired);

    // ONLY_PICKUP_POINT: the address option is disabled and the pickup point is chosen.
    await edit.field('order-carrier-method').selectOption({ label: 'Punkt odbioru (Dostawa do punktu odbioru)' });
    expect(await edit.shipping('PICKUP_POINT').isChecked()).toBe(true);
    expect(await edit.shipping('ADDRESS').isDisabled()).toBe(true);
    expect(await edit.client('pickupPoint').isDisabled()).toBe(false);
    await edit.client('pickupPoint').fill('KRA01M');
    await edit.field('order-check-point').click();
    await eventually(() => edit.field('order-check-result').textContent(), o.delivery.pointUnknown);
    await keepScreenshot(page, path.join(SHOTS, 'order-carrier-pickup-point.png'), { fullPage: true });

    // ONLY_ADDRESS: the pickup point option is disabled and the address is chosen.
    await edit.field('order-carrier-method').selectOption({ label: 'Kurier (Dostawa na adres)' });
    expect(await edit.shipping('ADDRESS').isChecked()).toBe(true);
    expect(await edit.shipping('PICKUP_POINT').isDisabled()).toBe(true);
    // Personal pickup: no carrier.
    await edit.shipping('PERSONAL_PICKUP').check();
    expect(await carrier.isDisabled()).toBe(true);
    await edit.shipping('ADDRESS').check();

    const id = await saveNew(page, edit);
    await shell.toast(o.saved).waitFor();
    const saved = await order(id);
    expect(saved.shippingMethod).toBe('ADDRESS');
    expect(saved.carrierMethod).toMatchObject({ name: 'Kurier', sendType: 'ONLY_ADDRESS', carrier: { id: 'own' } });

    // Opened again, the carrier and its method are chosen.
    await edit.goto(id);
    expect(await edit.field('order-carrier').inputValue()).toBe('own');
    expect(await edit.field('order-carrier-method').inputValue()).toBe(String(saved.carrierMethod?.id));
  });

  it('checks the form before sending, keeps everything typed on a server error, and checks a pickup point', async () => {
    const sourceId = (await ok(org.admin.post<{ id: number }>('/api/income_sources', { name: 'Do usunięcia' }))).id;
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const shell = new Shell(page);
    const edit = await new OrderEditPage(page, e2e.url).goto(0);

    // The pickup point check answers its own messages before asking the server.
    await edit.shipping('PICKUP_POINT').check();
    await edit.field('order-check-point').click();
    expect(await edit.field('order-check-result').textContent()).toBe(o.delivery.pointRequired);
    await edit.client('pickupPoint').fill('KRA01M');
    await edit.field('order-check-point').click();
    expect(await edit.field('order-check-result').textContent()).toBe(o.delivery.methodRequired);

    // Form rules: a negative delivery cost, a line without a price, a zero quantity.
    await edit.field('order-delivery-cost').fill('-5');
    await edit.addLine('RĘCZNY', 'Pozycja ręczna', '0', '');
    await edit.save.click();
    await edit.error('order-delivery-cost').waitFor();
    expect(await edit.error('order-delivery-cost').textContent()).toBe(o.amountInvalid);
    expect(await edit.lineField(0, 'quantity').getAttribute('class')).toContain('is-invalid');
    expect(await edit.lineField(0, 'price').getAttribute('class')).toContain('is-invalid');
    await keepScreenshot(edit.field('order-lines'), path.join(SHOTS, 'order-line-errors.png'));
    await edit.field('order-delivery-cost').fill('9.99');
    await edit.lineField(0, 'quantity').fill('2');
    await edit.lineField(0, 'price').fill('15');
    // The contract's rules too: an e-mail address.
    await edit.client('email').fill('nie-email');
    await edit.save.click();
    await edit.error('order-client-email').waitFor();
    await edit.client('email').fill('klient@example.pl');

    // The chosen income source disappears before the save: the server refuses, nothing typed is lost.
    await page.reload();
    await edit.form.waitFor();
    await edit.field('order-income-source').selectOption(String(sourceId));
    await edit.client('nameSurname').fill('Ewa Zielińska');
    await edit.addLine('RĘCZNY', 'Pozycja ręczna', '2', '15');
    expect((await org.admin.delete(`/api/income_sources?id=${sourceId}`)).status).toBeLessThan(300);
    await edit.save.click();
    await shell.toast(o.saveErrorTitle).waitFor();
    expect(new URL(page.url()).pathname).toBe('/orders/0');
    expect(await edit.client('nameSurname').inputValue()).toBe('Ewa Zielińska');
    expect(await edit.lineField(0, 'name').inputValue()).toBe('Pozycja ręczna');
    expect(await edit.field('order-income-source').inputValue()).toBe(String(sourceId));
    await keepScreenshot(page, path.join(SHOTS, 'order-save-error.png'), { fullPage: true });
  });
});
