import type { Item, Order } from '@zaplecze/contract';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { format } from '@web/i18n';
import { createOrderRefs } from '../packages/server/test/orders';
import { eventually, setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
import { ItemEditPage } from './support/pages/item-edit-page';
import { ItemReaderPage } from './support/pages/item-reader-page';
import { ItemsPage } from './support/pages/items-page';
import { OrderEditPage } from './support/pages/order-edit-page';
import { VatSettingsPage } from './support/pages/settings-pages';
import { Shell } from './support/pages/shell';
import { signedIn } from './support/session';
import { t } from './support/texts';
import { keepScreenshot } from './support/screens';

/** Screens of this file, looked at by hand (docs/decisions.md, Forms). */
const shot = (page: Page, name: string) => keepScreenshot(page, `/tmp/forms-${name}.png`, { fullPage: true });

/** The web forms of a seller's first day: numbers with a comma, unsaved changes, photos, codes. */
describe('forms: numbers, unsaved changes, photos, codes', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  let statusId: number;
  let talerzId: number;
  const e = t.itemEdit.edit;
  const o = t.orderEdit;
  const leave = t.ui.leave;

  const ok = async <T>(res: Promise<{ status: number; body: T }>): Promise<T> => {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const itemByCode = async (code: string): Promise<Item | undefined> =>
    (await ok(org.admin.get<{ items: Item[] }>(`/api/items?fullcode=${code}`))).items[0];
  const order = async (id: number): Promise<Order> =>
    (await ok(org.admin.get<{ orders: Order[] }>(`/api/orders?id=${id}`))).orders[0] as Order;
  const createItem = (code: string, extra: Record<string, unknown> = {}) =>
    ok(
      org.admin.post<{ id: number }>('/api/items', {
        code,
        price: 10,
        vat: 23,
        currency: 'PLN',
        countWare: 0,
        itemStatusId: statusId,
        ...extra,
      }),
    );

  beforeAll(async () => {
    org = await newOrg(e2e.server);
    await createOrderRefs(org.admin);
    statusId = (await ok(org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny' }))).id;
    talerzId = (await createItem('TAL-1', { name: 'Talerz płytki', price: 24.5, vat: 8, countWare: 5 })).id;
    await createItem('KUB');
    await createItem('KUB-1');
    expect(
      (
        await org.admin.put('/api/options', {
          options: [
            { key: 'VAT_VALUES', value: '23;8;5' },
            { key: 'VAT_DEFAULT_ITEM', value: '23' },
            { key: 'VAT_DEFAULT_ORDER_ITEM', value: '23' },
            { key: 'VAT_DEFAULT_ORDER_DELIVERY', value: '23' },
            { key: 'CURRENCY_VALUES', value: 'PLN;EUR' },
            { key: 'CURRENCY_DEFAULT', value: 'PLN' },
            { key: 'DEFAULT_ITEM_STATUS_ID', value: String(statusId) },
          ],
        })
      ).status,
    ).toBe(204);
  });

  it('VAT settings: 7,5 is the rate 7.5, garbage is refused at the field, leaving unsaved asks first', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const shell = new Shell(page);
    const vat = await new VatSettingsPage(page, e2e.url).goto();
    await vat.add('7,5');
    await eventually(() => vat.rates(), ['23%', '8%', '5%', '7,5%']);
    await vat.add('abc');
    await page.getByTestId('vat-new-rate-error').waitFor();
    expect(await page.getByTestId('vat-new-rate-error').textContent()).toBe(t.ui.numbers.vatInvalid);
    expect(await vat.rates()).toEqual(['23%', '8%', '5%', '7,5%']);
    await shot(page, 'vat-comma');

    // Leaving with the new rate unsaved asks; staying keeps it.
    await page.locator('[data-testid="settings-nav"] a[href="/settings/currencies"]').click();
    const ask = page.getByRole('dialog').filter({ hasText: leave.message });
    await ask.waitFor();
    await shot(page, 'leave-ask');
    await ask.getByRole('button', { name: leave.stay }).click();
    await ask.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/settings/vat');
    expect(await vat.rates()).toEqual(['23%', '8%', '5%', '7,5%']);

    // Saved, it leaves without a question.
    await page.getByTestId('settings-save').click();
    await shell.toast(t.toasts.saved).first().waitFor();
    const stored = await ok(
      org.admin.get<{ options: { key: string; value: string }[] }>('/api/options?keys=VAT_VALUES'),
    );
    expect(JSON.stringify(stored)).toContain('23;8;5;7.5');
    await page.locator('[data-testid="settings-nav"] a[href="/settings/currencies"]').click();
    await page.waitForURL((u) => u.pathname === '/settings/currencies');
  });

  it('item edit: a comma in the price, garbage refused near the field; leaving a changed item asks', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const edit = await new ItemEditPage(page, e2e.url).goto(0);
    await edit.code.fill('MISKA-1');
    await edit.name.fill('Miska');
    await edit.price.fill('19,99');
    await edit.countWare.fill('0,25');
    await edit.field('item-save').click();
    await page.getByTestId('item-count-ware-error').waitFor();
    expect(await page.getByTestId('item-count-ware-error').textContent()).toBe(t.itemEdit.countInvalid);
    expect(await itemByCode('MISKA-1')).toBeUndefined();
    await shot(page, 'item-count-refused');

    // Leaving asks; 'leave' goes.
    await new Shell(page).menuEntry(t.menu.items).click();
    const ask = page.getByRole('dialog').filter({ hasText: leave.message });
    await ask.waitFor();
    await ask.getByRole('button', { name: leave.stay }).click();
    expect(new URL(page.url()).pathname).toBe('/items/0');

    await edit.countWare.fill('3');
    await edit.field('item-save').click();
    await page.waitForURL((u) => u.pathname !== '/items/0');
    const saved = await itemByCode('MISKA-1');
    expect(saved).toMatchObject({ price: 19.99, countWare: 3 });
  });

  it('item photos: a non-image is refused when chosen; a failed upload keeps everything typed', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const shell = new Shell(page);
    const edit = await new ItemEditPage(page, e2e.url).goto(0);
    await edit.code.fill('FOTO-1');
    await edit.name.fill('Kubek ze zdjęciem');
    await edit.price.fill('5');
    await page.getByTestId('item-photos-section').getByRole('button').first().click();
    const input = page.getByTestId('item-photos-input');
    await input.setInputFiles({
      name: 'faktura.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('to nie jest zdjęcie'),
    });
    await page.getByTestId('item-photos-refused').waitFor();
    expect(await page.getByTestId('item-photos-refused').textContent()).toContain(
      format(e.photoNotImage, { name: 'faktura.jpg' }),
    );
    expect(await page.getByTestId('item-photo').count()).toBe(0);
    await shot(page, 'photo-refused');

    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    await input.setInputFiles({ name: 'kubek.png', mimeType: 'image/png', buffer: png });
    await eventually(() => page.getByTestId('item-photo').count(), 1);
    // The upload fails (a server or network fault): nothing typed is lost, the photo is marked.
    await page.route('**/api/upload_image', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"code":503,"message":"Serwer niedostępny."}',
      }),
    );
    await edit.field('item-save').click();
    await shell.toast(e.photosErrorTitle).waitFor();
    await page.getByTestId('item-photo-failed').waitFor();
    expect(await edit.code.inputValue()).toBe('FOTO-1');
    expect(await edit.name.inputValue()).toBe('Kubek ze zdjęciem');
    expect(await edit.price.inputValue()).toBe('5');
    expect(await page.getByTestId('item-photo').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/items/0');
    await shot(page, 'photo-upload-failed');
  });

  it('the copy dialog proposes a free code', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const items = await new ItemsPage(page, (p) => e2e.url(p)).goto('?code=KUB');
    await items.row('KUB').waitFor();
    await items.menuAction('KUB', 'copy');
    const prompt = page.getByRole('dialog').filter({ hasText: t.items.list.copyTitle });
    const input = prompt.getByRole('textbox');
    await eventually(() => input.inputValue(), 'KUB-2');
    await shot(page, 'copy-free-code');
    await prompt.getByRole('button', { name: t.common.ok }).click();
    await new Shell(page).toast(t.items.list.copiedTitle).waitFor();
    expect(await itemByCode('KUB-2')).toBeDefined();
  });

  it('order edit: a new order is editable at once, a typed code is looked up, a comma weight, a stock note', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const edit = await new OrderEditPage(page, e2e.url).goto(0);
    // No 'Włącz edycję' for a new order.
    for (const id of ['order-date', 'order-time', 'order-external-id', 'order-message', 'order-bol'])
      expect(await edit.field(id).getAttribute('readonly'), id).toBeNull();
    expect(await edit.unlock.count()).toBe(0);
    await edit.field('order-external-id').fill('ALLEGRO-17');

    await edit.client('nameSurname').fill('Anna Nowak');
    await edit.client('street').fill('Polna');
    await edit.client('buildNr').fill('7');
    await edit.client('postCode').fill('30-001');
    await edit.client('city').fill('Kraków');
    await edit.field('order-delivery-cost').fill('7,5');
    await edit.field('order-weight').fill('0,25');
    await edit.field('order-sizeA').fill('0,5');

    // A code typed into a new line fills it as a scan does (Enter does not save).
    await edit.field('order-line-add').click();
    await edit.lineField(0, 'code').fill('tal-1');
    await edit.lineField(0, 'code').press('Enter');
    await eventually(() => edit.lineField(0, 'name').inputValue(), 'Talerz płytki');
    expect(await edit.lineField(0, 'price').inputValue()).toBe('24.50');
    expect(await edit.lineField(0, 'vat').inputValue()).toBe('8');
    expect(await edit.linkOf(0).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/orders/0');

    // More than the stock: a note on the line, which does not block.
    await edit.lineField(0, 'quantity').fill('7');
    await edit.line(0).getByTestId('order-line-stock').waitFor();
    expect(await edit.line(0).getByTestId('order-line-stock').textContent()).toBe(format(o.items.noStock, { n: 5 }));

    // A size with a comma is no whole number of millimetres: refused at the field.
    await edit.save.click();
    await edit.error('order-sizeA').waitFor();
    expect(await edit.error('order-sizeA').textContent()).toBe(o.sizeInvalid);
    await shot(page, 'order-new');
    await edit.field('order-sizeA').fill('300');

    const posted = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/orders' && r.request().method() === 'POST',
    );
    await edit.save.click();
    const res = await posted;
    expect(res.status()).toBe(200);
    const saved = await order(((await res.json()) as Order).id);
    expect(saved).toMatchObject({ externalId: 'ALLEGRO-17', deliveryCost: 7.5, weight: 0.25, sizeA: 300 });
    expect(saved.items).toEqual([
      expect.objectContaining({
        code: 'TAL-1',
        name: 'Talerz płytki',
        price: 24.5,
        vat: 8,
        quantity: 7,
        itemId: talerzId,
      }),
    ]);

    // Opened again: the stored order's own 7 need no stock; 5 more than stored do (stock 5, the
    // change waits uncommitted here: no auto-commit).
    await edit.goto(saved.id);
    await edit.lines.first().waitFor();
    expect(await edit.line(0).getByTestId('order-line-stock').count()).toBe(0);
    await edit.lineField(0, 'quantity').fill('12');
    expect(await edit.line(0).getByTestId('order-line-stock').count()).toBe(0);
    await edit.lineField(0, 'quantity').fill('13');
    await edit.line(0).getByTestId('order-line-stock').waitFor();
    expect(await edit.line(0).getByTestId('order-line-stock').textContent()).toBe(format(o.items.noStock, { n: 5 }));
    await shot(page, 'order-stock-note');

    // Leaving the changed order asks.
    await new Shell(page).menuEntry(t.menu.orders).click();
    const ask = page.getByRole('dialog').filter({ hasText: leave.message });
    await ask.waitFor();
    await ask.getByRole('button', { name: leave.leave }).click();
    await page.waitForURL((u) => u.pathname !== `/orders/${saved.id}`);
  });

  it('item reader: a mis-scanned code keeps the current item', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const reader = await new ItemReaderPage(page, e2e.url).goto();
    await reader.manual('TAL-1');
    await eventually(() => reader.itemField('code').textContent(), 'TAL-1');
    await reader.manual('TAL-1X');
    await eventually(async () => (await reader.log()).length, 2);
    expect((await reader.log())[0]?.error).toBe(true);
    expect(await reader.itemField('code').textContent()).toBe('TAL-1');
    // The next good scan still acts on it.
    await reader.manual('QTY+1');
    await eventually(async () => (await reader.log()).length, 3);
    expect((await reader.log())[0]?.error).toBe(false);
    await shot(page, 'reader-keeps-item');
  });
});
