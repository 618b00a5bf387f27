import path from 'node:path';
import type { Order } from '@zaplecze/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { format } from '@web/i18n';
import { createOrderRefs } from '../packages/server/test/orders';
import { eventually, setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
import { RESULTS_DIR } from './support/paths';
import { signedIn } from './support/session';
import { pageTitle, t } from './support/texts';
import { keepScreenshot } from './support/screens';

const SHOTS = path.join(RESULTS_DIR, 'screens');

describe('public buyer order page', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  let pickupMethodId: number;
  const b = t.orderBuyer;

  const ok = async <T>(res: Promise<{ status: number; body: T }>): Promise<T> => {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const buyerUrl = (o: Order) => e2e.url(`/order-buyer-info?p=${org.prefix}&uuid=${o.uuid}`);

  beforeAll(async () => {
    org = await newOrg(e2e.server, { companyName: 'Sklep Pod Lipą s.c.' });
    await createOrderRefs(org.admin);
    const carriers = await ok(
      org.admin.get<{ carriers: { id: string; methods: { id: number; sendType: string }[] }[] }>('/api/carriers'),
    );
    const own = carriers.carriers.find((c) => c.id === 'own');
    pickupMethodId = own?.methods.find((m) => m.sendType === 'ONLY_PICKUP_POINT')?.id ?? 0;
    expect(pickupMethodId).toBeGreaterThan(0);
  });

  it('shows a buyer their order signed out, without menus: carrier, pickup point, invoice, waybill, lines and sums', async () => {
    const order = await ok(
      org.admin.post<Order>('/api/orders', {
        deliveryCost: 12.5,
        deliveryVat: 23,
        cashOnDelivery: true,
        messageToSeller: 'Proszę zapakować na prezent',
        comment: 'NOTATKA WEWNĘTRZNA',
        shippingMethod: 'PICKUP_POINT',
        carrierMethodId: pickupMethodId,
        billOfLading: 'BOL-777',
        clientData: {
          nameSurname: 'Anna Nowak',
          street: 'Polna',
          buildNr: '7',
          postCode: '30-001',
          city: 'Kraków',
          countryCode: 'PL',
          pickupPoint: 'KRA01M',
          email: 'anna@example.pl',
          tel: '600100200',
        },
        invoice: {
          isCompany: true,
          companyName: 'Nowak sp. z o.o.',
          companyTaxId: '1234563218',
          address: 'Polna 7',
          postCode: '30-001',
          city: 'Kraków',
          countryCode: 'PL',
        },
        items: [
          { code: 'KUB-1', name: 'Kubek', quantity: 3, price: 0.1, vat: 23, itemId: null },
          { code: '', name: 'Talerz', quantity: 2, price: 19.99, vat: 8, itemId: null },
        ],
      }),
    );
    const page = await e2e.newPage();
    await page.goto(buyerUrl(order));
    await page.getByTestId('buyer-order').waitFor();
    await eventually(() => page.title(), pageTitle(b.title));
    // Public and bare: the logo, no menus, no login redirect.
    await page.getByTestId('buyer-logo').waitFor();
    expect(await page.getByTestId('user-menu').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/order-buyer-info');

    expect(await page.getByTestId('buyer-heading').textContent()).toBe(format(b.heading, { id: order.id }));
    expect(await page.getByTestId('buyer-status').textContent()).toBe('Nowe');
    const text = (id: string) => page.getByTestId(id).innerText();
    expect(await text('buyer-shipping')).toContain('Anna Nowak');
    expect(await text('buyer-shipping')).toContain('Polna 7');
    expect(await text('buyer-shipping')).toContain('30-001 Kraków');
    expect(await text('buyer-contact')).toContain('anna@example.pl');
    expect(await text('buyer-contact')).toContain('600100200');
    expect(await text('buyer-carrier-name')).toBe('Przewoźnik własny - Punkt odbioru');
    expect(await text('buyer-pickup-point')).toContain('KRA01M');
    expect(await text('buyer-bol')).toContain('BOL-777');
    expect(await text('buyer-cod')).toContain(b.yes);
    expect(await text('buyer-delivery-cost')).toContain('12,50\u00a0zł (VAT 23%)');
    // The seller's name heads the page, not the product's.
    expect(await text('buyer-shop')).toBe('Sklep Pod Lipą s.c.');
    expect(await text('buyer-invoice')).toContain('Nowak sp. z o.o.');
    expect(await text('buyer-invoice')).toContain(format(b.taxId, { taxId: '1234563218' }));
    expect(await text('buyer-message')).toContain('Proszę zapakować na prezent');
    // Lines: code and name, gross unit price, quantity, gross total.
    const rows = page.getByTestId('buyer-item');
    expect(await rows.count()).toBe(2);
    expect((await rows.nth(0).innerText()).split('\t').map((s) => s.trim())).toEqual([
      'KUB-1 Kubek',
      '0,10\u00a0zł',
      '3',
      '0,30\u00a0zł',
    ]);
    expect((await rows.nth(1).innerText()).split('\t').map((s) => s.trim())).toEqual([
      'Talerz',
      '19,99\u00a0zł',
      '2',
      '39,98\u00a0zł',
    ]);
    expect(await text('buyer-goods-sum')).toBe('40,28\u00a0zł');
    expect(await text('buyer-order-sum')).toBe('52,78\u00a0zł');
    // Nothing private.
    expect(await page.locator('body').innerText()).not.toContain('NOTATKA WEWNĘTRZNA');
    await keepScreenshot(page, path.join(SHOTS, 'order-buyer.png'), { fullPage: true });
  });

  it('personal pickup: ODBIÓR OSOBISTY and no pickup point, invoice or waybill; works signed in too', async () => {
    const order = await ok(
      org.admin.post<Order>('/api/orders', {
        stationary: true,
        deliveryCost: 0,
        deliveryVat: 23,
        clientData: { nameSurname: 'Jan Kowalski' },
        items: [{ code: 'A', name: 'Pozycja', quantity: 1, price: 10, vat: 23, itemId: null }],
      }),
    );
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.goto(buyerUrl(order));
    await page.getByTestId('buyer-order').waitFor();
    expect(await page.getByTestId('buyer-carrier-name').innerText()).toBe(b.personalPickup);
    for (const id of ['buyer-pickup-point', 'buyer-invoice', 'buyer-bol', 'buyer-message'])
      expect(await page.getByTestId(id).count(), id).toBe(0);
    expect(await page.getByTestId('buyer-cod').innerText()).toContain(b.no);
    expect(await page.getByTestId('user-menu').count()).toBe(0);
    await keepScreenshot(page, path.join(SHOTS, 'order-buyer-personal.png'), { fullPage: true });
  });

  it('fits a 390 px phone: no sideways scroll, quantity × price under the name, the order currency', async () => {
    const order = await ok(
      org.admin.post<Order>('/api/orders', {
        currency: 'EUR',
        deliveryCost: 1234.5,
        deliveryVat: 23,
        clientData: { nameSurname: 'Hans Müller', city: 'Görlitz', countryCode: 'DE' },
        items: [
          {
            code: 'ZESTAW-OGRODOWY-XL',
            name: 'Zestaw mebli ogrodowych z technorattanu, stół i sześć krzeseł',
            quantity: 12,
            price: 10999.99,
            vat: 23,
            itemId: null,
          },
        ],
      }),
    );
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto(buyerUrl(order));
    await page.getByTestId('buyer-order').waitFor();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(await page.getByTestId('buyer-item-compact').innerText()).toBe('12 × 10\u00a0999,99\u00a0EUR');
    expect(await page.getByTestId('buyer-order-sum').innerText()).toBe('133\u00a0234,38\u00a0EUR');
    const box = await page.getByTestId('buyer-order-sum').boundingBox();
    expect(box && box.x + box.width <= 390).toBe(true);
    await keepScreenshot(page, path.join(SHOTS, 'order-buyer-phone.png'), { fullPage: true });
  });

  it('missing parameters read Błędne dane zamówienia!, a wrong pair shows the server message', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url(`/order-buyer-info?p=${org.prefix}`));
    expect(await page.getByTestId('buyer-error').innerText()).toBe(b.wrongData);
    await page.goto(e2e.url(`/order-buyer-info?p=${org.prefix}&uuid=00000000-0000-4000-8000-000000000000`));
    await eventually(() => page.getByTestId('buyer-error').innerText(), b.wrongData);
    await keepScreenshot(page, path.join(SHOTS, 'order-buyer-error.png'));
  });
});
