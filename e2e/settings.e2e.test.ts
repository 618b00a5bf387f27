import { optionsResponseSchema } from '@zaplecze/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually, setupE2e } from './support/e2e';
import { createUser, newOrg, type TestOrg } from './support/org';
import { Shell } from './support/pages/shell';
import {
  CurrencySettingsPage,
  OrderSettingsPage,
  PrintSettingsPage,
  SettingsLayout,
  toastWith,
  VatSettingsPage,
} from './support/pages/settings-pages';
import { signedIn, waitForPath } from './support/session';
import { pageTitle, t } from './support/texts';

describe('settings screens', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  const s = t.settings;

  const options = async (...keys: string[]): Promise<Record<string, string>> => {
    const res = await org.admin.get(`/api/options?keys=${keys.join(',')}`);
    return Object.fromEntries(optionsResponseSchema.parse(res.body).options.map((o) => [o.key, o.value]));
  };

  /** Clears options a new organisation starts with (its starter VAT rates and currency). */
  const clearOptions = async (...keys: string[]) => {
    const res = await org.admin.put('/api/options', { options: keys.map((key) => ({ key, value: '' })) });
    expect(res.status).toBe(204);
  };

  beforeAll(async () => {
    org = await newOrg(e2e.server);
  });

  it('the settings navigation leads to every screen and highlights the current one', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await shell.menuEntry(t.menu.settings).click();
    await waitForPath(page, '/settings/main');
    const layout = new SettingsLayout(page);
    await layout.heading(s.main.heading).waitFor();
    expect(await layout.isCurrent(s.mainTitle)).toBe(true);
    expect(await shell.isHighlighted(t.menu.settings)).toBe(true);
    // Wide screen: the navigation is a column left of the screen.
    const nav = await layout.nav.boundingBox();
    const heading = await layout.heading(s.main.heading).boundingBox();
    expect(nav && heading && nav.x + nav.width <= heading.x && nav.y <= heading.y).toBe(true);

    await layout.entry(s.vatTitle).click();
    await waitForPath(page, '/settings/vat');
    await layout.heading(s.vat.heading).waitFor();
    await eventually(() => page.title(), pageTitle(s.vatTitle));
    expect(await layout.isCurrent(s.vatTitle)).toBe(true);
    expect(await layout.isCurrent(s.mainTitle)).toBe(false);

    // The reference lists live in the same layout ('Słowniki').
    await layout.entry(t.trees.categories.title).click();
    await waitForPath(page, '/categories');
    await eventually(() => layout.isCurrent(t.trees.categories.title), true);
    expect(await layout.isCurrent(s.vatTitle)).toBe(false);

    // General settings: the one switch sits in a hidden block until asked for.
    await layout.entry(s.mainTitle).click();
    const skip = page.getByLabel(s.main.skipAutoload);
    expect(await skip.isVisible()).toBe(false);
    await page.getByRole('button', { name: s.main.showAdvanced }).click();
    await skip.check();
    await page.getByTestId('main-settings-form').getByTestId('settings-save').click();
    await new Shell(page).toast(t.toasts.saved).waitFor();
    const stored = await page.evaluate(
      (login) => localStorage.getItem(`zaplecze:${login}:settings.skipAutoload`),
      org.adminLogin,
    );
    expect(stored).toBe('1');
  });

  it('on a small screen the navigation sits above the screen', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.setViewportSize({ width: 600, height: 900 });
    const vat = await new VatSettingsPage(page, (p) => e2e.url(p)).goto();
    const nav = await vat.nav.boundingBox();
    const heading = await vat.heading(s.vat.heading).boundingBox();
    expect(nav && heading && nav.y + nav.height <= heading.y).toBe(true);
  });

  it('VAT: adds, refuses repeats and bad rates, deletes with a confirmation, saves defaults in one call', async () => {
    // From no rates at all: the seller deleted the starter ones.
    await clearOptions(
      'VAT_VALUES',
      'VAT_DEFAULT_ITEM',
      'VAT_DEFAULT_ORDER_ITEM',
      'VAT_DEFAULT_ORDER_DELIVERY',
      'VAT_DEFAULT_STATIONARY_DELIVERY',
    );
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const vat = await new VatSettingsPage(page, (p) => e2e.url(p)).goto();
    expect(await vat.rates()).toEqual([]);

    await vat.add('23');
    await vat.add('8');
    await vat.add('5.5');
    expect(await vat.rates()).toEqual(['23%', '8%', '5,5%']);
    expect(await vat.rateInput.inputValue()).toBe('0');

    await vat.add('23');
    const dup = toastWith(page, s.vat.duplicate);
    await dup.waitFor();
    expect(await dup.textContent()).toContain(s.vat.addErrorTitle);
    await vat.add('-5');
    await toastWith(page, s.vat.invalid).waitFor();
    await vat.add('150');
    expect(await vat.rates()).toEqual(['23%', '8%', '5,5%']);

    // A default pointing at a deleted rate goes back to none.
    await vat.defaultSelect(s.vat.defaultItem).selectOption('23');
    await vat.defaultSelect(s.vat.defaultOrderDelivery).selectOption('8');
    await vat.deleteButton('8%').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(s.vat.deleteConfirm).waitFor();
    expect(await dialog.getByText(s.vat.deleteConfirmTitle).count()).toBe(1);
    await vat.confirmYes.click();
    await eventually(() => vat.rates(), ['23%', '5,5%']);
    expect(await vat.defaultSelect(s.vat.defaultOrderDelivery).inputValue()).toBe('');
    await vat.defaultSelect(s.vat.defaultStationaryDelivery).selectOption('5.5');

    await vat.saveButton.click();
    await toastWith(page, s.vat.saved).waitFor();
    expect(
      await options('VAT_VALUES', 'VAT_DEFAULT_ITEM', 'VAT_DEFAULT_ORDER_DELIVERY', 'VAT_DEFAULT_STATIONARY_DELIVERY'),
    ).toEqual({
      VAT_VALUES: '23;5.5',
      VAT_DEFAULT_ITEM: '23',
      VAT_DEFAULT_ORDER_DELIVERY: '',
      VAT_DEFAULT_STATIONARY_DELIVERY: '5.5',
    });

    await page.reload();
    await vat.defaultSelect(s.vat.defaultItem).waitFor();
    await eventually(() => vat.rates(), ['23%', '5,5%']);
    expect(await vat.defaultSelect(s.vat.defaultItem).inputValue()).toBe('23');
    expect(await vat.defaultSelect(s.vat.defaultStationaryDelivery).inputValue()).toBe('5.5');
    const noneLabel = await vat.defaultSelect(s.vat.defaultOrderItem).locator('option:checked').textContent();
    expect(noneLabel).toBe(t.common.none);
  });

  it('currencies: upper-cased, exactly 3 letters, no repeats, saved with the default in one call', async () => {
    // From no currencies at all: the seller deleted the starter PLN.
    await clearOptions('CURRENCY_VALUES', 'CURRENCY_DEFAULT');
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const cur = await new CurrencySettingsPage(page, (p) => e2e.url(p)).goto();
    await cur.heading(s.currencies.heading).waitFor();

    await cur.add('eur');
    expect(await cur.codes()).toEqual(['EUR']);
    expect(await cur.input.inputValue()).toBe('');

    await cur.add('pl');
    const short = toastWith(page, s.currencies.invalid);
    await short.waitFor();
    expect(await short.textContent()).toContain(s.currencies.addErrorTitle);
    expect(await cur.input.inputValue()).toBe('');

    await cur.add('EUR');
    await toastWith(page, s.currencies.duplicate).waitFor();
    expect(await cur.input.inputValue()).toBe('');

    await cur.add('pln');
    await cur.add('usd');
    await cur.deleteButton('USD').click();
    await page.getByRole('dialog').getByText(s.currencies.deleteConfirm).waitFor();
    await cur.confirmYes.click();
    await eventually(() => cur.codes(), ['EUR', 'PLN']);
    // Nothing is stored before Save.
    expect(await options('CURRENCY_VALUES')).toEqual({ CURRENCY_VALUES: '' });

    await cur.defaultSelect.selectOption('PLN');
    await cur.saveButton.click();
    await toastWith(page, s.currencies.saved).waitFor();
    expect(await options('CURRENCY_VALUES', 'CURRENCY_DEFAULT')).toEqual({
      CURRENCY_VALUES: 'EUR;PLN',
      CURRENCY_DEFAULT: 'PLN',
    });

    await page.reload();
    await cur.defaultSelect.waitFor();
    await eventually(() => cur.codes(), ['EUR', 'PLN']);
    expect(await cur.defaultSelect.inputValue()).toBe('PLN');
  });

  it('orders: the zero-stock warning is highlighted while only one skip is on; the switches save', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const orders = await new OrderSettingsPage(page, (p) => e2e.url(p)).goto();
    expect(await orders.warning.textContent()).toContain(s.orders.skipWarning);
    expect(await orders.warningHighlighted()).toBe(false);
    await orders.switch('skipZeroMinus').check();
    await eventually(() => orders.warningHighlighted(), true);
    await orders.switch('skipZeroPlus').check();
    await eventually(() => orders.warningHighlighted(), false);
    await orders.switch('autoCommit').check();
    await orders.saveButton.click();
    await new Shell(page).toast(t.toasts.saved).waitFor();
    expect(await options('WAREHOUSE_AUTO_COMMIT', 'WAREHOUSE_SKIP_ZERO_MINUS', 'WAREHOUSE_SKIP_ZERO_PLUS')).toEqual({
      WAREHOUSE_AUTO_COMMIT: 'true',
      WAREHOUSE_SKIP_ZERO_MINUS: 'true',
      WAREHOUSE_SKIP_ZERO_PLUS: 'true',
    });
    await page.reload();
    await orders.warning.waitFor();
    expect(await orders.switch('autoCommit').isChecked()).toBe(true);
  });

  it('print settings are kept in the browser for each user separately', async () => {
    const other = await createUser(e2e.server, org, { login: 'magazyn', permissions: 'main.order.show' });
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const print = await new PrintSettingsPage(page, (p) => e2e.url(p)).goto();
    const p = s.print;
    await print.select(p.labelFormat).selectOption({ label: p.formats.A6 });
    await print.select(p.bolOversize).selectOption({ label: p.oversize.PRINT_A4 });
    await print.select(p.readerInvoice).selectOption({ label: p.invoiceActions.ONLY_NUMBER });
    await print.saveButton.click();
    await shell.toast(t.toasts.saved).waitFor();
    await page.reload();
    await print.select(p.labelFormat).waitFor();
    expect(await print.select(p.labelFormat).inputValue()).toBe('A6');
    expect(await print.select(p.bolFormat).inputValue()).toBe('');

    // Another user of the same browser starts with nothing set.
    await shell.logout();
    await waitForPath(page, '/login');
    await page.getByLabel(t.auth.login, { exact: true }).fill(other.login);
    await page.getByLabel(t.auth.password, { exact: true }).fill(other.pass);
    await page.getByRole('button', { name: t.auth.submit, exact: true }).click();
    await waitForPath(page, '/');
    await print.goto();
    expect(await print.select(p.labelFormat).inputValue()).toBe('');
    expect(await print.select(p.readerInvoice).inputValue()).toBe('');
  });

  it('a user without main.settings.edit sees the settings read-only', async () => {
    await org.admin.put('/api/options', { key: 'VAT_VALUES', value: '23;5.5' });
    const viewer = await createUser(e2e.server, org, { login: 'podglad', permissions: 'main.items.show' });
    const { page } = await signedIn(e2e, viewer.login, viewer.pass);
    const vat = await new VatSettingsPage(page, (p) => e2e.url(p)).goto();
    await vat.readOnlyNotice.waitFor();
    await eventually(() => vat.rates(), ['23%', '5,5%']);
    expect(await vat.defaultSelect(s.vat.defaultItem).isDisabled()).toBe(true);
    expect(await vat.rateInput.count()).toBe(0);
    expect(await vat.saveButton.count()).toBe(0);
    expect(await vat.deleteButton('23%').count()).toBe(0);
  });
});
