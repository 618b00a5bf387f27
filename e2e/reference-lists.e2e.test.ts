import fs from 'node:fs';
import type { Download } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { format } from '@web/i18n';
import { eventually, setupE2e } from './support/e2e';
import { createUser, newOrg, type TestOrg } from './support/org';
import { ReferenceListPage } from './support/pages/reference-list-page';
import { Shell } from './support/pages/shell';
import { signedIn } from './support/session';
import { pageTitle, t } from './support/texts';
import { savedFile } from './support/downloads';

describe('simple reference lists', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  const ui = t.ui.list;

  beforeAll(async () => {
    org = await newOrg(e2e.server);
  });

  const open = async (
    kind: ConstructorParameters<typeof ReferenceListPage>[2],
    login = org.adminLogin,
    pass = org.adminPass,
  ) => {
    const { page } = await signedIn(e2e, login, pass);
    const list = await new ReferenceListPage(page, (p) => e2e.url(p), kind).goto();
    return { page, list, shell: new Shell(page) };
  };
  const pdfHead = async (download: Download): Promise<string> => {
    const path = await savedFile(download);
    return fs.readFileSync(path).subarray(0, 5).toString('latin1');
  };

  it('item groups: empty state, add, edit (Cancel only then), delete with confirmation', async () => {
    const { page, list, shell } = await open('itemGroups');
    const g = t.lists.itemGroups;
    await eventually(() => page.title(), pageTitle(g.title));
    await list.empty.waitFor();
    expect(await list.formHeading.textContent()).toBe(g.addHeading);
    expect(await list.cancelButton.count()).toBe(0);
    expect(await list.saveButton.isDisabled()).toBe(true);

    await list.nameField.fill('Zabawki');
    await eventually(() => list.saveButton.isEnabled(), true);
    await list.saveButton.click();
    await shell.toast(t.toasts.saved).waitFor();
    await list.row('Zabawki').waitFor();
    expect(await list.empty.count()).toBe(0);
    expect(await list.nameField.inputValue()).toBe('');
    const id = (await list.cells('Zabawki'))[0];
    expect(id).toMatch(/^\d+$/);

    await list.editButton('Zabawki').click();
    await eventually(() => list.formHeading.textContent(), g.editHeading);
    // The form takes the row's values in an effect after the heading has changed.
    await eventually(() => list.nameField.inputValue(), 'Zabawki');
    await list.cancelButton.click();
    await eventually(() => list.formHeading.textContent(), g.addHeading);
    expect(await list.cancelButton.count()).toBe(0);
    expect(await list.nameField.inputValue()).toBe('');

    await list.editButton('Zabawki').click();
    await eventually(() => list.nameField.inputValue(), 'Zabawki');
    await list.nameField.fill('Zabawki dla dzieci');
    await list.saveButton.click();
    await list.row('Zabawki dla dzieci').waitFor();
    expect((await list.cells('Zabawki dla dzieci'))[0]).toBe(id);
    await eventually(() => list.formHeading.textContent(), g.addHeading);
    expect(await list.cancelButton.count()).toBe(0);

    await list.deleteButton('Zabawki dla dzieci').click();
    await list.dialog.getByText(format(g.deleteConfirm, { name: 'Zabawki dla dzieci' })).waitFor();
    await list.confirmYes.click();
    await shell.toast(t.toasts.deleted).waitFor();
    await list.empty.waitFor();
    const api = await org.admin.get<{ itemGroups: unknown[] }>('/api/item_groups');
    expect(api.body.itemGroups).toEqual([]);
  });

  it('item groups: multi-select with a shift-click range, codes printed and downloaded as item_groups.pdf', async () => {
    for (const name of ['Grupa A', 'Grupa B', 'Grupa C', 'Grupa D']) await org.admin.post('/api/item_groups', { name });
    const { page, list } = await open('itemGroups');
    await list.row('Grupa D').waitFor();
    expect(await list.table.getByRole('checkbox').count()).toBe(0);

    await list.multiStart.click();
    await list.multiEnd.waitFor();
    await list.checkbox('Grupa A').click();
    await list.row('Grupa C').click({ modifiers: ['Shift'] });
    await eventually(async () => {
      const out: boolean[] = [];
      for (const n of ['Grupa A', 'Grupa B', 'Grupa C', 'Grupa D']) out.push(await list.checkbox(n).isChecked());
      return out;
    }, [true, true, true, false]);
    await page.getByText(format(t.ui.multiSelect.selected, { n: 3 })).waitFor();

    const download = await list.downloadCodes();
    expect(download.suggestedFilename()).toBe('item_groups.pdf');
    expect(await pdfHead(download)).toBe('%PDF-');
    expect(await list.printCodes()).toEqual({ pdf: 'application/pdf %PDF-', printDialogs: 1 });

    await list.multiEnd.click();
    await list.multiStart.waitFor();
    expect(await list.table.getByRole('checkbox').count()).toBe(0);
  });

  it('item statuses: colour badges readable on light and dark colours, default set, moved and removed', async () => {
    await org.admin.post('/api/item_statuses', { name: 'Dostępny', color: 'fff59d' });
    await org.admin.post('/api/item_statuses', { name: 'Wyprzedany', color: '1a237e' });
    const { list, shell } = await open('itemStatuses');
    const s = t.lists.itemStatuses;
    await list.row('Wyprzedany').waitFor();
    expect(await list.badge('Dostępny').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(0, 0, 0)');
    expect(await list.badge('Wyprzedany').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
    expect(await list.badge('Wyprzedany').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(26, 35, 126)',
    );

    // A new status in a picked colour: the hex field follows the picker, the default is white.
    expect(await list.page.getByTestId('item-statuses-color-hex').inputValue()).toBe('ffffff');
    await list.nameField.fill('Na zamówienie');
    await list.page.getByTestId('item-statuses-color-hex').fill('#2E7D32');
    await list.saveButton.click();
    await list.row('Na zamówienie').waitFor();
    expect(await list.badge('Na zamówienie').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(46, 125, 50)',
    );
    expect(await list.badge('Na zamówienie').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');

    expect(await list.defaultTag('Dostępny').count()).toBe(0);
    await list.chooseDefaultAction('Dostępny', ui.setDefault);
    await list.dialog.getByText(format(s.defaults.isDefault.setConfirm, { name: 'Dostępny' })).waitFor();
    await list.confirmYes.click();
    await list.defaultTag('Dostępny').waitFor();

    await list.chooseDefaultAction('Wyprzedany', ui.setDefault);
    await list.confirmYes.click();
    await list.defaultTag('Wyprzedany').waitFor();
    await eventually(() => list.defaultTag('Dostępny').count(), 0);
    const option = await org.admin.get<{ value: string }>('/api/options?key=DEFAULT_ITEM_STATUS_ID');
    const statuses = await org.admin.get<{ itemStatuses: { id: number; name: string }[] }>('/api/item_statuses');
    expect(option.body.value).toBe(String(statuses.body.itemStatuses.find((x) => x.name === 'Wyprzedany')?.id));

    // Declining the confirmation changes nothing.
    await list.chooseDefaultAction('Wyprzedany', ui.removeDefault);
    await list.dialog.getByRole('button', { name: t.common.no, exact: true }).click();
    expect(await list.defaultTag('Wyprzedany').count()).toBe(1);

    await list.chooseDefaultAction('Wyprzedany', ui.removeDefault);
    await list.confirmYes.click();
    await eventually(() => list.defaultTag('Wyprzedany').count(), 0);
    await shell.toast(t.toasts.saved).first().waitFor();
    expect((await org.admin.get<{ value: string }>('/api/options?key=DEFAULT_ITEM_STATUS_ID')).body.value).toBe('');
  });

  it('additional descriptions: Save needs name and description; the counter counts characters', async () => {
    const { list } = await open('additionalDescs');
    const counter = list.page.getByTestId('additional-descs-description-counter');
    await list.empty.waitFor();
    expect(await counter.textContent()).toBe(format(ui.chars.many, { n: 0 }));
    await list.nameField.fill('Gwarancja');
    const description = list.field(t.lists.fields.description);
    // A name alone is not enough.
    await eventually(() => list.saveButton.isDisabled(), true);
    await description.fill('Ż');
    await eventually(() => counter.textContent(), format(ui.chars.one, { n: 1 }));
    await description.fill('Gwarancja 24 miesiące. '.repeat(20).trim());
    await eventually(() => counter.textContent(), format(ui.chars.many, { n: 459 }));
    await list.nameField.fill('');
    await eventually(() => list.saveButton.isDisabled(), true);
    await list.nameField.fill('Gwarancja');
    await eventually(() => list.saveButton.isEnabled(), true);
    await list.saveButton.click();
    await list.row('Gwarancja').waitFor();
    // The table previews the first 300 characters.
    const preview = (await list.cells('Gwarancja'))[2] ?? '';
    expect(preview.endsWith(ui.more)).toBe(true);
    expect(preview.length).toBe(301);
  });

  it('income sources: empty message, default and stationary default badges from the row menu', async () => {
    // From an empty list: the seller deleted the starter sources of a new organisation.
    const starter = await org.admin.get<{ incomeSources: { id: number }[] }>('/api/income_sources');
    for (const row of starter.body.incomeSources)
      expect((await org.admin.delete(`/api/income_sources?id=${row.id}`)).status).toBe(204);
    const { list } = await open('incomeSources');
    await list.empty.waitFor();
    expect(await list.empty.textContent()).toBe('Brak źródeł przychodu');
    for (const name of ['Sklep internetowy', 'Sklep stacjonarny']) {
      await list.nameField.fill(name);
      await list.saveButton.click();
      await list.row(name).waitFor();
    }
    await list.chooseDefaultAction('Sklep internetowy', ui.setDefault);
    await list.confirmYes.click();
    await list.chooseDefaultAction('Sklep stacjonarny', ui.setDefaultStationary);
    await list.confirmYes.click();
    await list.defaultTag('Sklep internetowy', 'Domyślny').waitFor();
    await list.defaultTag('Sklep stacjonarny', 'Domyślny stacjonarny').waitFor();
    expect(await list.defaultTag('Sklep stacjonarny', 'Domyślny').count()).toBe(0);
    const keys = await org.admin.get<{ options: { key: string; value: string }[] }>(
      '/api/options?keys=DEFAULT_INCOME_SOURCE_ID,DEFAULT_INCOME_SOURCE_ID_STATIONARY',
    );
    expect(keys.body.options.every((o) => /^\d+$/.test(o.value))).toBe(true);
  });

  it('order statuses: dispatch settings saved in one go (off = empty, auto-reset on by default)', async () => {
    await org.admin.post('/api/order_statuses', { name: 'Spakowane', color: 'ffcc80' });
    await org.admin.post('/api/order_statuses', { name: 'Wysłane', color: '1565c0' });
    const { page, list, shell } = await open('orderStatuses');
    const d = t.lists.dispatch;
    const afterSize = page.getByLabel(d.afterSizeWeight, { exact: true });
    const afterSend = page.getByLabel(d.afterSend, { exact: true });
    const autoReset = page.getByLabel(d.autoReset, { exact: true });
    await afterSize.waitFor();
    expect(await afterSize.inputValue()).toBe('');
    expect(await afterSize.locator('option').first().textContent()).toBe('---[WYŁĄCZONE]---');
    expect(await autoReset.isChecked()).toBe(true);
    await page.getByText(d.autoResetHint).waitFor();

    await afterSize.selectOption({ label: 'Spakowane' });
    await afterSend.selectOption({ label: 'Wysłane' });
    await autoReset.uncheck();
    await page.getByRole('button', { name: d.save }).click();
    await shell.toast(t.toasts.saved).waitFor();
    const saved = await org.admin.get<{ options: { key: string; value: string }[] }>(
      '/api/options?keys=ORDER_STATUS_AFTER_SIZE_WEIGHT,ORDER_STATUS_AFTER_SEND,AUTO_RESET_AFTER_SEND',
    );
    const statuses = await org.admin.get<{ orderStatuses: { id: number; name: string }[] }>('/api/order_statuses');
    const idOf = (n: string) => String(statuses.body.orderStatuses.find((x) => x.name === n)?.id);
    expect(Object.fromEntries(saved.body.options.map((o) => [o.key, o.value]))).toEqual({
      ORDER_STATUS_AFTER_SIZE_WEIGHT: idOf('Spakowane'),
      ORDER_STATUS_AFTER_SEND: idOf('Wysłane'),
      AUTO_RESET_AFTER_SEND: 'false',
    });

    await list.goto();
    await eventually(() => afterSend.inputValue(), idOf('Wysłane'));
    await afterSend.selectOption({ label: d.off });
    await page.getByRole('button', { name: d.save }).click();
    await eventually(
      async () => (await org.admin.get<{ value: string }>('/api/options?key=ORDER_STATUS_AFTER_SEND')).body.value,
      '',
    );
  });

  it('without main.items.edit the goods lists are read-only (no form, no change buttons)', async () => {
    await org.admin.post('/api/delivery_times', { name: '24 godziny' });
    const reader = await createUser(e2e.server, org, { login: 'czytelnik', permissions: 'main.items.show' });
    const { list } = await open('deliveryTimes', reader.login, reader.pass);
    await list.row('24 godziny').waitFor();
    await list.page.getByText(ui.readOnly).waitFor();
    expect(await list.nameField.count()).toBe(0);
    expect(await list.editButton('24 godziny').count()).toBe(0);
    expect(await list.deleteButton('24 godziny').count()).toBe(0);
    // The list's reader codes need main.items.edit too: no selection for codes is offered.
    expect(await list.multiStart.count()).toBe(0);
  });
});
