import type { Download, Locator, Page } from 'playwright-core';
import { t } from '../texts';

/** /orders: the order list, its search panel, row actions, dialogs and multi-select (docs/rules/catalogue-and-orders-rules.md §2.13). */
export class OrdersPage {
  private readonly s = t.orders.search;

  constructor(
    readonly page: Page,
    private readonly url: (appPath: string) => string,
  ) {}

  async goto(query = ''): Promise<this> {
    await this.page.goto(this.url(`/orders${query}`));
    await this.list.waitFor();
    return this;
  }

  get list(): Locator {
    return this.page.getByTestId('orders-list');
  }
  get table(): Locator {
    return this.page.getByTestId('orders-table');
  }
  pageText(): Promise<string | null> {
    return this.page.getByTestId('orders-paging-top-page').textContent();
  }
  showingText(position: 'top' | 'bottom' = 'top'): Promise<string | null> {
    return this.page.getByTestId(`orders-paging-${position}-showing`).textContent();
  }
  nextPage(): Promise<void> {
    return this.page.getByTestId('orders-paging-top-next').click();
  }
  /** The row of an order by its number. */
  row(id: number): Locator {
    return this.page.getByTestId(`orders-row-${id}`);
  }
  /** Numbers of the drawn rows, top to bottom. */
  async ids(): Promise<number[]> {
    return (await this.table.getByTestId('order-number').allTextContents()).map((c) => Number(c.trim()));
  }
  cell(id: number, testId: string): Locator {
    return this.row(id).getByTestId(testId);
  }

  // ---- row actions ---------------------------------------------------------------------------------
  async menuAction(id: number, action: string): Promise<void> {
    await this.row(id).getByTestId('order-menu').click();
    await this.page.getByTestId(`row-menu-${action}`).click();
  }
  menuEntry(action: string): Locator {
    return this.page.getByTestId(`row-menu-${action}`);
  }
  dialog(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  // ---- search --------------------------------------------------------------------------------------
  get searchPanel(): Locator {
    return this.page.getByRole('dialog').filter({ hasText: this.s.title });
  }
  async openSearch(): Promise<void> {
    await this.page.getByTestId('orders-search-open').click();
    await this.searchPanel.getByTestId('orders-search-form').waitFor();
  }
  field(name: string): Locator {
    return this.searchPanel.getByTestId(`orders-search-${name}`);
  }
  async runSearch(): Promise<void> {
    await this.searchPanel.getByRole('button', { name: this.s.run, exact: true }).click();
    await this.searchPanel.waitFor({ state: 'detached' });
  }
  async clearSearch(): Promise<void> {
    await this.searchPanel.getByRole('button', { name: this.s.clear, exact: true }).click();
  }

  // ---- multi-select --------------------------------------------------------------------------------
  startSelect(): Promise<void> {
    return this.page.getByTestId('orders-select-start').click();
  }
  get selection(): Locator {
    return this.page.getByTestId('orders-selection');
  }
  selectedCount(): Promise<string | null> {
    return this.page.getByTestId('orders-selected-count').textContent();
  }
  async downloadCodes(): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByTestId('orders-download-codes').click(),
    ]);
    return download;
  }
}
