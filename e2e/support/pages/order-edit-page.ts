import type { Locator, Page } from 'playwright-core';
import { t } from '../texts';

/** /orders/{id}: the order edit form (docs/rules/catalogue-and-orders-rules.md §2.14); 0 new, -1 new stationary. */
export class OrderEditPage {
  private readonly o = t.orderEdit;

  constructor(
    readonly page: Page,
    private readonly url: (appPath: string) => string,
  ) {}

  async goto(id: number): Promise<this> {
    await this.page.goto(this.url(`/orders/${id}`));
    await this.form.waitFor();
    return this;
  }

  get heading(): Locator {
    return this.page.getByTestId('order-heading');
  }
  get form(): Locator {
    return this.page.getByTestId('order-form');
  }
  field(testId: string): Locator {
    return this.page.getByTestId(testId);
  }
  client(name: string): Locator {
    return this.field(`order-client-${name}`);
  }
  invoice(name: string): Locator {
    return this.field(`order-invoice-${name}`);
  }
  shipping(method: 'ADDRESS' | 'PICKUP_POINT' | 'PERSONAL_PICKUP'): Locator {
    return this.page.locator(`#order-shipping-${method}`);
  }
  get unlock(): Locator {
    return this.field('order-unlock');
  }
  get save(): Locator {
    return this.field('order-save');
  }
  get lines(): Locator {
    return this.page.getByTestId('order-line');
  }
  line(n: number): Locator {
    return this.lines.nth(n);
  }
  lineField(n: number, name: 'code' | 'name' | 'quantity' | 'price' | 'vat' | 'sum'): Locator {
    return this.line(n).getByTestId(`order-line-${name}`);
  }
  linkOf(n: number): Locator {
    return this.line(n).getByTestId('order-line-item-link');
  }
  /** Types a code into the scan field and presses Enter, as a reader does. */
  async scan(code: string): Promise<void> {
    await this.field('order-scan').fill(code);
    await this.field('order-scan').press('Enter');
  }
  async addLine(code: string, name: string, quantity: string, price: string): Promise<void> {
    const n = await this.lines.count();
    await this.field('order-line-add').click();
    await this.lineField(n, 'code').fill(code);
    await this.lineField(n, 'name').fill(name);
    await this.lineField(n, 'quantity').fill(quantity);
    await this.lineField(n, 'price').fill(price);
  }
  /** Links line n through the item search dialog, choosing the row with this code. */
  async linkLine(n: number, search: string, code: string): Promise<void> {
    await this.line(n).getByTestId('order-line-pick').click();
    const dialog = this.page.getByTestId('item-picker');
    await dialog.getByTestId('item-picker-code').fill(search);
    await dialog.getByTestId('item-picker-search').click();
    await dialog
      .getByTestId('item-picker-row')
      .filter({ hasText: code })
      .getByRole('button', { name: this.o.picker.choose })
      .click();
    await dialog.waitFor({ state: 'detached' });
  }
  error(testId: string): Locator {
    return this.field(`${testId}-error`);
  }
}
