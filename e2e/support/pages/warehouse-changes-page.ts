import type { Download, Locator, Page } from 'playwright-core';
import { t } from '../texts';

/** /warehouse-changes: one month of the stock ledger. */
export class WarehouseChangesPage {
  private readonly w = t.warehouseChanges;

  constructor(
    readonly page: Page,
    private readonly url: (appPath: string) => string,
  ) {}

  async goto(query = ''): Promise<this> {
    await this.page.goto(this.url(`/warehouse-changes${query}`));
    await this.heading.waitFor();
    return this;
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: this.w.title });
  }
  row(id: number): Locator {
    return this.page.getByTestId(`warehouse-changes-row-${id}`);
  }
  /** Ids of the drawn rows, in table order. */
  async ids(): Promise<number[]> {
    const ids = await this.page
      .locator('[data-testid^="warehouse-changes-row-"]')
      .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-testid')?.split('-').pop())));
    return ids;
  }
  quantity(id: number): Locator {
    return this.page.getByTestId(`change-quantity-${id}`);
  }
  stockChange(id: number): Locator {
    return this.page.getByTestId(`change-stock-${id}`);
  }
  commitDate(id: number): Locator {
    return this.page.getByTestId(`change-commit-date-${id}`);
  }
  commitButton(id: number): Locator {
    return this.page.getByTestId(`change-commit-${id}`);
  }
  deleteButton(id: number): Locator {
    return this.page.getByTestId(`change-delete-${id}`);
  }
  get confirmYes(): Locator {
    return this.page.getByRole('dialog').getByRole('button', { name: t.common.yes, exact: true });
  }
  async select(id: number): Promise<void> {
    await this.row(id).getByRole('checkbox').click();
  }
  get bulkCommit(): Locator {
    return this.page.getByTestId('warehouse-bulk-commit');
  }
  async show(month: number, year: number): Promise<void> {
    await this.page.getByTestId('warehouse-month').selectOption(String(month));
    await this.page.getByTestId('warehouse-year').fill(String(year));
    await this.page.getByTestId('warehouse-show').click();
  }
  async exportCsv(): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByTestId('warehouse-export-csv').click(),
    ]);
    return download;
  }
}
