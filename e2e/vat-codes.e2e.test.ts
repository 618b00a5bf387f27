import type { Item, Order } from '@zaplecze/contract';
import { createOrderRefs, orderBody } from '../packages/server/test/orders';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually, setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
import { ItemEditPage } from './support/pages/item-edit-page';
import { ItemsPage } from './support/pages/items-page';
import { OrderEditPage } from './support/pages/order-edit-page';
import { VatSettingsPage } from './support/pages/settings-pages';
import { Shell } from './support/pages/shell';
import { signedIn } from './support/session';
import { t } from './support/texts';
import { keepScreenshot } from './support/screens';

/**
 * The VAT rates that are no number (docs/decisions.md, VAT rates that are not numbers): added on
 * the VAT settings screen, chosen on the item form and shown on the item list.
 */
describe('VAT rates zw, np, oo on the screens', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  let statusId: number;

  beforeAll(async () => {
    org = await newOrg(e2e.server);
    const status = await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny', color: '00aa00' });
    statusId = status.body.id;
    await createOrderRefs(org.admin);
    const res = await org.admin.put('/api/options', {
      options: [
        { key: 'VAT_VALUES', value: '23;8' },
        { key: 'VAT_DEFAULT_ITEM', value: '23' },
        { key: 'CURRENCY_VALUES', value: 'PLN' },
        { key: 'CURRENCY_DEFAULT', value: 'PLN' },
        { key: 'DEFAULT_ITEM_STATUS_ID', value: String(statusId) },
      ],
    });
    expect(res.status).toBeLessThan(300);
  });

  it('the VAT settings add zw, np and oo with their buttons and save them', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const shell = new Shell(page);
    const vat = await new VatSettingsPage(page, (p) => e2e.url(p)).goto();
    await keepScreenshot(page, '/tmp/vat-settings-buttons.png', { fullPage: true });
    for (const code of ['zw', 'np', 'oo']) await page.getByTestId(`vat-add-${code}`).click();
    expect(await vat.rates()).toEqual([
      '23%',
      '8%',
      'zw (zwolniona z VAT)',
      'np (nie podlega opodatkowaniu)',
      'oo (odwrotne obciążenie)',
    ]);
    // Every code is on the list now: no buttons left.
    expect(await page.getByTestId('vat-add-codes').count()).toBe(0);
    await vat.defaultSelect(t.settings.vat.defaultOrderDelivery).selectOption('zw');
    await keepScreenshot(page, '/tmp/vat-settings.png', { fullPage: true });
    await page.getByRole('button', { name: t.settings.vat.save }).click();
    await shell.toast(t.settings.vat.saved).waitFor();
    const saved = await org.admin.get<{ options: { key: string; value: string }[] }>(
      '/api/options?keys=VAT_VALUES,VAT_DEFAULT_ORDER_DELIVERY',
    );
    expect(saved.body.options.map((o) => o.value)).toEqual(['23;8;zw;np;oo', 'zw']);
  });

  it("an item saved with 'zw' on the form shows 'zw' on the list and comes back with it", async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const shell = new Shell(page);
    const edit = await new ItemEditPage(page, (p) => e2e.url(p)).goto(0);
    await edit.code.fill('lekcja-1');
    await edit.name.fill('Lekcja gry na gitarze');
    await edit.price.fill('80');
    const labels = (await edit.vat.locator('option').allTextContents()).map((s) => s.trim());
    expect(labels).toEqual([t.itemEdit.choose, '23%', '8%', 'zw', 'np', 'oo']);
    await edit.vat.selectOption('zw');
    await keepScreenshot(page, '/tmp/vat-item-form.png', { fullPage: true });
    await edit.saveButton.click();
    await shell.toast(t.itemEdit.edit.saved).waitFor();
    await page.waitForURL((u) => ['/items', '/'].includes(u.pathname));

    const items = await new ItemsPage(page, (p) => e2e.url(p)).goto();
    await eventually(() => items.cell('LEKCJA-1', 'item-price').textContent(), '80,00\u00a0zł (zw)');
    await keepScreenshot(page, '/tmp/vat-items-list.png', { fullPage: true });

    const item = (await org.admin.get<{ items: Item[] }>('/api/items?fullcode=LEKCJA-1')).body.items[0];
    expect(item?.vat).toBe('zw');
    await edit.goto(item!.id);
    expect(await edit.vat.inputValue()).toBe('zw');
  });

  it('an order with zw and oo opens with them chosen and saves them unchanged', async () => {
    const created = await org.admin.post<Order>(
      '/api/orders',
      orderBody({
        deliveryVat: 'oo',
        items: [
          { code: 'LEKCJA-1', name: 'Lekcja gry na gitarze', quantity: 2, price: 80, vat: 'zw' },
          { code: 'STRUNY', name: 'Struny', quantity: 1, price: 24.6, vat: 23 },
        ],
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const edit = await new OrderEditPage(page, (p) => e2e.url(p)).goto(created.body.id);
    expect(await edit.lineField(0, 'vat').inputValue()).toBe('zw');
    expect(await edit.lineField(1, 'vat').inputValue()).toBe('23');
    expect(await edit.field('order-delivery-vat').inputValue()).toBe('oo');
    await keepScreenshot(page, '/tmp/vat-order-edit.png', { fullPage: true });
    await edit.save.click();
    await page.waitForURL((u) => u.pathname !== `/orders/${created.body.id}`);
    const [after] = (await org.admin.get<{ orders: Order[] }>(`/api/orders?id=${created.body.id}`)).body.orders;
    expect(after?.items.map((l) => l.vat)).toEqual(['zw', 23]);
    expect(after?.deliveryVat).toBe('oo');
    expect(after?.orderSummary.sumGross).toBe(200.59);

    await page.goto(e2e.url('/settings/invoice'));
    await page.getByLabel(t.settings.invoice.exemptionNote).waitFor();
    expect(await page.getByLabel(t.settings.invoice.exemptionNote).getAttribute('placeholder')).toBe(
      t.settings.invoice.exemptionNoteHint,
    );
    await keepScreenshot(page, '/tmp/vat-invoice-settings.png', { fullPage: true });
  });
});
