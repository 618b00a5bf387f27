import type { Locator, Page } from 'playwright-core';
import { escapeRegExp, t } from '../texts';

type Url = (appPath: string) => string;

/** The settings layout: its navigation ('Ustawienia' and 'Słowniki') beside or above the screen. */
export class SettingsLayout {
  constructor(readonly page: Page) {}

  get nav(): Locator {
    return this.page.getByRole('navigation', { name: t.settings.nav.label });
  }
  entry(label: string): Locator {
    return this.nav.getByRole('link', { name: label, exact: true });
  }
  /** Whether an entry is drawn as the current one. */
  async isCurrent(label: string): Promise<boolean> {
    return (await this.entry(label).getAttribute('aria-current')) === 'page';
  }
  heading(name: string): Locator {
    return this.page.getByRole('heading', { level: 1, name });
  }
  get saveButton(): Locator {
    return this.page.getByTestId('settings-save');
  }
  get readOnlyNotice(): Locator {
    return this.page.getByText(t.settings.readOnly);
  }
  /** The confirm modal's YES button. */
  get confirmYes(): Locator {
    return this.page.getByRole('dialog').getByRole('button', { name: t.common.yes, exact: true });
  }
}

/** settings/vat (docs/rules/platform-rules.md §2 VAT settings). */
export class VatSettingsPage extends SettingsLayout {
  private readonly v = t.settings.vat;

  constructor(
    page: Page,
    private readonly url: Url,
  ) {
    super(page);
  }

  async goto(): Promise<this> {
    await this.page.goto(this.url('/settings/vat'));
    await this.defaultSelect(this.v.defaultItem).waitFor();
    return this;
  }
  get rateInput(): Locator {
    return this.page.getByLabel(this.v.newRate);
  }
  get addButton(): Locator {
    return this.page.getByTestId('vat-add-form').getByRole('button', { name: t.common.add });
  }
  async add(rate: string): Promise<void> {
    await this.rateInput.fill(rate);
    await this.addButton.click();
  }
  /** The rates as shown ('23%', '5,5%'). */
  async rates(): Promise<string[]> {
    return (await this.page.getByTestId('vat-rate').allTextContents()).map((s) => s.trim());
  }
  deleteButton(rateShown: string): Locator {
    return this.page.getByRole('button', { name: `Usuń stawkę ${rateShown}` });
  }
  defaultSelect(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }
}

/** settings/currencies ('Ustawienia walut'). */
export class CurrencySettingsPage extends SettingsLayout {
  private readonly c = t.settings.currencies;

  constructor(
    page: Page,
    private readonly url: Url,
  ) {
    super(page);
  }

  async goto(): Promise<this> {
    await this.page.goto(this.url('/settings/currencies'));
    await this.defaultSelect.waitFor();
    return this;
  }
  get input(): Locator {
    return this.page.getByLabel(this.c.newCurrency);
  }
  async add(code: string): Promise<void> {
    await this.input.fill(code);
    await this.page.getByTestId('currency-add-form').getByRole('button', { name: t.common.add }).click();
  }
  async codes(): Promise<string[]> {
    return (await this.page.getByTestId('currency-row').locator('td:first-child').allTextContents()).map((s) =>
      s.trim(),
    );
  }
  deleteButton(code: string): Locator {
    return this.page.getByRole('button', { name: `Usuń walutę ${code}` });
  }
  get defaultSelect(): Locator {
    return this.page.getByLabel(this.c.defaultCurrency, { exact: true });
  }
}

/** settings/orders: three switches and the zero-stock warning. */
export class OrderSettingsPage extends SettingsLayout {
  private readonly o = t.settings.orders;

  constructor(
    page: Page,
    private readonly url: Url,
  ) {
    super(page);
  }

  async goto(): Promise<this> {
    await this.page.goto(this.url('/settings/orders'));
    await this.warning.waitFor();
    return this;
  }
  switch(label: 'autoCommit' | 'skipZeroMinus' | 'skipZeroPlus'): Locator {
    return this.page.getByLabel(this.o[label], { exact: true });
  }
  get warning(): Locator {
    return this.page.getByTestId('orders-skip-warning');
  }
  async warningHighlighted(): Promise<boolean> {
    return (await this.warning.getAttribute('data-highlighted')) === 'true';
  }
}

/** settings/print: five selects kept in the browser per user. */
export class PrintSettingsPage extends SettingsLayout {
  constructor(
    page: Page,
    private readonly url: Url,
  ) {
    super(page);
  }

  async goto(): Promise<this> {
    await this.page.goto(this.url('/settings/print'));
    await this.select(t.settings.print.labelFormat).waitFor();
    return this;
  }
  select(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }
}

/** A toast by its body text (the shell's toasts are alerts or statuses). */
export function toastWith(page: Page, text: string): Locator {
  return page
    .getByRole('alert')
    .or(page.getByRole('status'))
    .filter({ hasText: new RegExp(escapeRegExp(text)) });
}
