import fs from 'node:fs';
import path from 'node:path';
import type { Item, Parameter } from '@zaplecze/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually, setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
import { ItemEditPage, MassEditPage } from './support/pages/item-edit-page';
import { Shell } from './support/pages/shell';
import { RESULTS_DIR } from './support/paths';
import { signedIn } from './support/session';
import { pageTitle, t } from './support/texts';
import { keepScreenshot } from './support/screens';

const SHOTS = path.join(RESULTS_DIR, 'screens');

describe('item edit and items mass edit', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  let statusId: number;
  let groupId: number;
  let categoryId: number;
  let descId: number;
  const params: Record<string, Parameter> = {};
  const files: string[] = [];
  const e = t.itemEdit.edit;

  const ok = async <T>(res: Promise<{ status: number; body: T }>): Promise<T> => {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const itemByCode = async (code: string): Promise<Item> =>
    (await ok(org.admin.get<{ items: Item[] }>(`/api/items?fullcode=${code}`))).items[0] as Item;
  const itemById = async (id: number): Promise<Item> =>
    (await ok(org.admin.get<{ items: Item[] }>(`/api/items?id=${id}`))).items[0] as Item;
  const atItems = (page: { url(): string }) => ['/items', '/'].includes(new URL(page.url()).pathname);

  beforeAll(async () => {
    org = await newOrg(e2e.server);
    statusId = (await ok(org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny', color: '00aa00' })))
      .id;
    groupId = (await ok(org.admin.post<{ id: number }>('/api/item_groups', { name: 'Kuchnia' }))).id;
    descId = (
      await ok(
        org.admin.post<{ id: number }>('/api/additional_descs', {
          name: 'Gwarancja',
          description: 'Gwarancja 24 miesiące. '.repeat(20),
        }),
      )
    ).id;
    categoryId = (
      await ok(org.admin.post<{ id: number }>('/api/categories', { name: 'Naczynia', number: 'NA', parentId: null }))
    ).id;
    expect(
      (
        await org.admin.put('/api/options', {
          options: [
            { key: 'VAT_VALUES', value: '23;8;5' },
            { key: 'VAT_DEFAULT_ITEM', value: '23' },
            { key: 'CURRENCY_VALUES', value: 'PLN;EUR' },
            { key: 'CURRENCY_DEFAULT', value: 'PLN' },
            { key: 'DEFAULT_ITEM_STATUS_ID', value: String(statusId) },
          ],
        })
      ).status,
    ).toBeLessThan(300);
    const defs: [string, object][] = [
      ['Materiał', { type: 'STRING', isMulti: true }],
      ['Pojemność', { type: 'NUMBER_INT' }],
      ['Waga', { type: 'NUMBER_REAL' }],
      ['Kolor', { type: 'DICT', isMulti: true, dictionary: ['biały', 'czarny', 'zielony'] }],
      ['Styl', { type: 'DICT', dictionary: ['nowoczesny', 'klasyczny'], categoryId: 0 }],
    ];
    for (const [name, def] of defs) {
      const body = { name, ...def, ...('categoryId' in def ? { categoryId } : {}) };
      params[name] = await ok(org.admin.post<Parameter>('/api/parameters', body));
    }
    fs.mkdirSync(SHOTS, { recursive: true });
    const jpg = path.join(SHOTS, 'photo-red.jpg');
    const png = path.join(SHOTS, 'photo-blue.png');
    await sharp({ create: { width: 320, height: 240, channels: 3, background: 'red' } })
      .jpeg()
      .toFile(jpg);
    await sharp({ create: { width: 200, height: 300, channels: 3, background: 'blue' } })
      .png()
      .toFile(png);
    files.push(jpg, png);
  });

  it('adds an item with photos, parameters of each type and external data, then reloads it', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const shell = new Shell(page);
    const edit = await new ItemEditPage(page, (p) => e2e.url(p)).goto(0);
    await eventually(() => page.title(), pageTitle(t.itemEdit.title));
    expect(await edit.heading.textContent()).toBe(e.createHeading);
    // Presets from the options.
    expect(await edit.vat.inputValue()).toBe('23');
    expect(await edit.currency.inputValue()).toBe('PLN');
    expect(await edit.status.inputValue()).toBe(String(statusId));

    await edit.code.fill('kubek-1');
    expect(await edit.code.inputValue()).toBe('KUBEK-1');
    await edit.name.fill('Kubek ceramiczny');
    expect(await page.getByTestId('item-name-chars').textContent()).toBe('Znaki: 16');
    await edit.price.fill('19,99');
    await edit.countWare.fill('5');
    // A reader's Enter in GTIN does not submit.
    await edit.gtin.fill('5901234123457');
    await edit.gtin.press('Enter');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/items/0');
    await edit.category.selectOption(String(categoryId));
    await edit.countOfferOn.check();
    expect(await edit.countOffer.inputValue()).toBe('0');
    await edit.countOffer.fill('3');

    // External data with a margin: the price follows.
    const ext = await edit.open('item-external');
    await ext.getByLabel(e.externalOn).check();
    await edit.field('item-ext-code').fill('HURT-77');
    await edit.field('item-ext-url').fill('https://hurtownia.example/77');
    await edit.field('item-ext-price').fill('100');
    await ext.getByLabel(e.marginOn).check();
    await edit.field('item-margin').fill('10');
    await eventually(() => edit.price.inputValue(), '110.00');

    // Additional description with its preview.
    const descs = await edit.open('item-descs');
    await page.getByTestId('item-descs-editor-add').click();
    await page.getByTestId('item-descs-editor-select-0').selectOption(String(descId));
    const preview = (await page.getByTestId('item-descs-editor-preview-0').textContent()) ?? '';
    expect(preview.length).toBeLessThanOrEqual(301);
    expect(descs).toBeTruthy();

    // Parameters of each type (category parameter 'Styl' is offered because the category is chosen).
    await edit.open('item-params');
    const mat = await edit.addParam('Materiał');
    await mat.locator('input').first().fill('ceramika');
    await mat.getByRole('button', { name: t.itemEdit.params.addValue }).click();
    await mat.locator('input').nth(1).fill('szkliwo');
    await (await edit.addParam('Pojemność')).locator('input').fill('350');
    await (await edit.addParam('Waga')).locator('input').fill('0.45');
    const kolor = await edit.addParam('Kolor');
    await kolor.getByLabel('biały').check();
    await kolor.getByLabel('zielony').check();
    await (await edit.addParam('Styl')).locator('select').selectOption('klasyczny');

    // Photos: two files and a URL; the PNG becomes the main one.
    await edit.open('item-photos-section');
    await edit.upload(files);
    await eventually(() => edit.photos.count(), 2);
    await page.getByTestId('item-photo-url').fill('https://cdn.example/kubek.jpg');
    await page.getByTestId('item-photo-url-add').click();
    await eventually(() => edit.photos.count(), 3);
    await edit.photos.nth(1).getByTestId('item-photo-main').click();
    await keepScreenshot(page, path.join(SHOTS, 'item-new.png'), { fullPage: true });

    await edit.saveButton.click();
    await shell.toast(e.saved).waitFor();
    await page.waitForURL((u) => ['/items', '/'].includes(u.pathname));

    const saved = await itemByCode('KUBEK-1');
    expect(saved).toMatchObject({
      name: 'Kubek ceramiczny',
      gtin: '5901234123457',
      price: 110,
      vat: 23,
      currency: 'PLN',
      countWare: 5,
      countOffer: 3,
      itemStatus: { id: statusId },
      category: { id: categoryId },
      externalData: { code: 'HURT-77', url: 'https://hurtownia.example/77', price: 100, customMargin: 10 },
      additionalDescs: [{ id: descId }],
    });
    expect(saved.photos.map((p) => p.type)).toEqual(['file', 'file', 'url']);
    expect(saved.photos[0]?.name).toMatch(/\.png$/);
    const byId = new Map(saved.params.map((p) => [p.paramId, p.values]));
    expect(byId.get(params['Materiał']!.id)).toEqual(['ceramika', 'szkliwo']);
    expect(byId.get(params['Pojemność']!.id)).toEqual(['350']);
    expect(byId.get(params['Waga']!.id)).toEqual(['0.45']);
    expect(byId.get(params['Kolor']!.id)).toEqual(['biały', 'zielony']);
    expect(byId.get(params['Styl']!.id)).toEqual(['klasyczny']);

    // Reload: everything comes back, thumbnails load through the cookie.
    await edit.goto(saved.id);
    expect(await edit.heading.textContent()).toContain(e.editHeading);
    expect(await edit.price.inputValue()).toBe('110.00');
    expect(await edit.countOfferOn.isChecked()).toBe(true);
    await edit.openAll();
    await eventually(() => edit.photos.count(), 3);
    await eventually(async () => (await edit.thumbnailsLoaded()).slice(0, 2), [true, true]);
    expect(await edit.paramRow('Kolor').getByLabel('zielony').isChecked()).toBe(true);
    await keepScreenshot(page, path.join(SHOTS, 'item-existing.png'), { fullPage: true });
  });

  it('refuses photos over the limits with the warnings of §5, sends nothing and keeps what was typed', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const shell = new Shell(page);
    const edit = await new ItemEditPage(page, (p) => e2e.url(p)).goto(0);
    await edit.code.fill('LIMITY-1');
    await edit.name.fill('Kubek z limitami');
    await edit.price.fill('12,50');
    await edit.open('item-photos-section');
    const warning = (text: string) => shell.toast(e.uploadWarningTitle).filter({ hasText: text });

    // One byte over 10 MB is refused before any upload.
    const big = path.join(SHOTS, 'za-duze.jpg');
    fs.writeFileSync(big, Buffer.alloc(10_485_761));
    await edit.upload([big]);
    await warning(e.photoTooBig).waitFor();
    expect(await edit.photos.count()).toBe(0);

    // 21 photos at once: more than an item may have.
    const many = Array.from({ length: 21 }, (_, i) => {
      const file = path.join(SHOTS, `maly-${i}.jpg`);
      fs.copyFileSync(files[0] as string, file);
      return file;
    });
    await edit.upload(many);
    await warning(e.photosTooMany).waitFor();
    expect(await edit.photos.count()).toBe(0);

    // A PDF named .jpg is refused when chosen, by its content (docs/decisions.md, Forms): it can
    // no longer fail the whole save; the form keeps its values.
    const fake = path.join(SHOTS, 'dokument.jpg');
    fs.writeFileSync(fake, '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    await edit.upload([fake]);
    await page.getByTestId('item-photos-refused').waitFor();
    expect(await page.getByTestId('item-photos-refused').textContent()).toContain('dokument.jpg');
    expect(await edit.photos.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/items/0');
    expect([await edit.code.inputValue(), await edit.name.inputValue()]).toEqual(['LIMITY-1', 'Kubek z limitami']);
    expect(await edit.saveButton.isEnabled()).toBe(true);
    const found = await ok(org.admin.get<{ items: Item[] }>('/api/items?fullcode=LIMITY-1'));
    expect(found.items).toEqual([]);
    await keepScreenshot(page, path.join(SHOTS, 'item-photo-refused.png'), { fullPage: true });
  });

  it('edits an item without overwriting a stock change made meanwhile', async () => {
    const item = await ok(
      org.admin.post<Item>('/api/items', {
        code: 'TALERZ-1',
        price: 10,
        vat: 23,
        currency: 'PLN',
        countWare: 4,
        itemStatusId: statusId,
      }),
    );
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const shell = new Shell(page);
    const edit = await new ItemEditPage(page, (p) => e2e.url(p)).goto(item.id);
    expect(await edit.countWare.inputValue()).toBe('4');
    // A scanner changes the stock while the form is open.
    await ok(
      org.admin.post('/api/items/mass_edit', { ids: [item.id], data: { countWare: { type: 'SET', value: 9 } } }),
    );
    await edit.name.fill('Talerz płaski');
    await edit.price.fill('12,50');
    await edit.saveButton.click();
    await shell.toast(e.saved).waitFor();
    await page.waitForURL((u) => ['/items', '/'].includes(u.pathname));
    const saved = await itemById(item.id);
    expect(saved).toMatchObject({
      name: 'Talerz płaski',
      price: 12.5,
      countWare: 9,
      countOffer: null,
      externalData: null,
    });

    // A server error keeps the user on the form with what was typed: a taken code.
    await ok(
      org.admin.post<Item>('/api/items', {
        code: 'ZAJETY',
        price: 1,
        vat: 23,
        currency: 'PLN',
        countWare: 0,
        itemStatusId: statusId,
      }),
    );
    await edit.goto(item.id);
    await edit.code.fill('ZAJETY');
    await edit.name.fill('Nie zginie');
    await edit.saveButton.click();
    await shell.toast(e.saveErrorTitle).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/items/${item.id}`);
    expect(await edit.name.inputValue()).toBe('Nie zginie');
    expect(await edit.saveButton.isEnabled()).toBe(true);
    expect(atItems(page)).toBe(false);
  });

  it('mass edits the selected items in a batch and shows the report', async () => {
    const created: Item[] = [];
    for (const code of ['MASA-1', 'MASA-2', 'MASA-3'])
      created.push(
        await ok(
          org.admin.post<Item>('/api/items', {
            code,
            price: 10,
            vat: 8,
            currency: 'PLN',
            countWare: 1,
            itemStatusId: statusId,
          }),
        ),
      );
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass, true);
    const mass = new MassEditPage(page, (p) => e2e.url(p));
    await mass.goto();
    await mass.none.waitFor();
    expect(await mass.none.textContent()).toBe(t.itemEdit.mass.noSelection);

    const ids = [...created.map((i) => i.id), 999_999];
    await mass.goto({ ids, codes: [...created.map((i) => i.code), 'ZNIKNIETY'] });
    await eventually(() => page.title(), pageTitle(t.itemEdit.massTitle));
    expect(await mass.count.textContent()).toBe('4 towary');
    expect(await mass.codes.textContent()).toContain('MASA-2');

    await mass.tick('price');
    await mass.field('priceType').selectOption('PLUSPERCENT');
    await mass.field('priceValue').fill('10,5');
    await mass.tick('countWare');
    await mass.field('countWareType').selectOption('INC');
    await mass.field('countWareValue').fill('2');
    await mass.tick('group');
    await mass.field('itemGroupId').selectOption(String(groupId));
    await mass.tick('gtin');
    await mass.field('gtinType').selectOption('DELETE');
    expect(await mass.field('gtinMode').isDisabled()).toBe(true);
    expect(await mass.field('gtin').isDisabled()).toBe(true);
    await mass.field('gtinType').selectOption('RANDOM');
    await mass.field('gtin').fill('590');
    // An unticked group's fields are disabled (and left out of the payload).
    expect(await mass.field('countOfferValue').isDisabled()).toBe(true);

    await mass.field('paramsEditType').selectOption('APPEND_OVERRIDE');
    await page.getByTestId('mass-params-add').click();
    const picker = page.getByTestId('param-picker');
    await picker.getByLabel(/^Materiał/).check();
    await picker.getByLabel(/^Pojemność/).check();
    await page.getByTestId('param-picker-add').click();
    await picker.waitFor({ state: 'detached' });
    const rows = page.getByTestId('mass-params-row');
    await rows.filter({ hasText: 'Materiał' }).locator('input').first().fill('stal');
    await rows.filter({ hasText: 'Pojemność' }).locator('input').fill('500');
    await keepScreenshot(page, path.join(SHOTS, 'mass-edit.png'), { fullPage: true });

    await mass.saveButton.click();
    await mass.report.waitFor();
    const report = (await mass.report.textContent()) ?? '';
    expect(report).toContain(t.itemEdit.mass.reportSaved);
    expect(report).toContain('MASA-3');
    expect(report).toContain('999999');
    await keepScreenshot(page, path.join(SHOTS, 'mass-edit-report.png'));
    await page.getByTestId('report-close').click();
    await page.waitForURL((u) => ['/items', '/'].includes(u.pathname));

    for (const c of created) {
      const item = await itemById(c.id);
      expect(item.price).toBe(11.05);
      expect(item.countWare).toBe(3);
      expect(item.countOffer).toBeNull();
      expect(item.itemGroup?.id).toBe(groupId);
      expect(item.gtin).toMatch(/^590\d{10}$/);
      const values = new Map(item.params.map((p) => [p.paramId, p.values]));
      expect(values.get(params['Materiał']!.id)).toEqual(['stal']);
      expect(values.get(params['Pojemność']!.id)).toEqual(['500']);
    }
  });
});
