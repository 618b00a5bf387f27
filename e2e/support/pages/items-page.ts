import type { Download, Locator, Page } from 'playwright-core';
import { t } from '../texts';

/** /items: the item list, its slide-out search, row actions and multi-select (docs/rules/catalogue-and-orders-rules.md §2.1). */
export class ItemsPage {
  private readonly l = t.items.list;
  private readonly s = t.items.search;

  constructor(
    readonly page: Page,
    private readonly url: (appPath: string) => string,
  ) {}

  async goto(query = ''): Promise<this> {
    await this.page.goto(this.url(`/items${query}`));
    await this.list.waitFor();
    return this;
  }

  get list(): Locator {
    return this.page.getByTestId('items-list');
  }
  get table(): Locator {
    return this.page.getByTestId('items-table');
  }
  get empty(): Locator {
    return this.page.getByTestId('items-empty');
  }
  /** 'Strona X / Y' of the top bar. */
  pageText(): Promise<string | null> {
    return this.page.getByTestId('items-paging-top-page').textContent();
  }
  showingText(position: 'top' | 'bottom' = 'top'): Promise<string | null> {
    return this.page.getByTestId(`items-paging-${position}-showing`).textContent();
  }
  nextPage(): Promise<void> {
    return this.page.getByTestId('items-paging-top-next').click();
  }
  /** The row of an item by its exact code. */
  row(code: string): Locator {
    return this.table
      .locator('tbody tr')
      .filter({ has: this.page.getByTestId('item-code').getByText(code, { exact: true }) });
  }
  /** Codes of the drawn rows, top to bottom. */
  async codes(): Promise<string[]> {
    return (await this.table.getByTestId('item-code').allTextContents()).map((c) => c.trim());
  }
  cell(code: string, testId: string): Locator {
    return this.row(code).getByTestId(testId);
  }

  // ---- row actions ---------------------------------------------------------------------------------
  async menuAction(code: string, action: 'copy' | 'external'): Promise<void> {
    await this.row(code).getByTestId('item-menu').click();
    await this.page.getByTestId(`row-menu-${action}`).click();
  }
  deleteButton(code: string): Locator {
    return this.row(code).getByTestId('item-delete');
  }
  thumb(code: string): Locator {
    return this.row(code).getByTestId('item-thumb');
  }

  // ---- search --------------------------------------------------------------------------------------
  get searchPanel(): Locator {
    return this.page.getByRole('dialog').filter({ hasText: this.s.title });
  }
  async openSearch(): Promise<void> {
    await this.page.getByTestId('items-search-open').click();
    await this.searchPanel.getByTestId('items-search-form').waitFor();
  }
  field(name: string): Locator {
    return this.searchPanel.getByTestId(`items-search-${name}`);
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
    return this.page.getByRole('button', { name: this.l.selectStart, exact: true }).click();
  }
  endSelect(): Promise<void> {
    return this.page.getByRole('button', { name: this.l.selectEnd, exact: true }).click();
  }
  get selection(): Locator {
    return this.page.getByTestId('items-selection');
  }
  selectedCount(): Promise<string | null> {
    return this.page.getByTestId('items-selected-count').textContent();
  }
  selectionButton(name: string): Locator {
    return this.selection.getByRole('button', { name, exact: true });
  }
  async downloadCodes(): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.selectionButton(t.items.select.download).click(),
    ]);
    return download;
  }
}
