import type { Locator, Page } from 'playwright-core';
import { t } from '../texts';

/** /parameters: the list with its slide-out search (docs/rules/catalogue-and-orders-rules.md §2.9). */
export class ParametersPage {
  private readonly l = t.parameters.list;
  private readonly s = t.parameters.search;

  constructor(
    readonly page: Page,
    private readonly url: (appPath: string) => string,
  ) {}

  async goto(query = ''): Promise<this> {
    await this.page.goto(this.url(`/parameters${query}`));
    await this.table.waitFor();
    return this;
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: this.l.heading });
  }
  get table(): Locator {
    return this.page.getByTestId('parameters-table');
  }
  get empty(): Locator {
    return this.page.getByTestId('parameters-empty');
  }
  get createButton(): Locator {
    return this.page.getByRole('link', { name: this.l.create });
  }
  /** The row of a parameter by its name (a link in the name cell). */
  row(name: string): Locator {
    return this.table.locator('tbody tr').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }
  /** Names in the table, top to bottom. */
  async names(): Promise<string[]> {
    return (await this.table.locator('tbody tr td:nth-child(2)').allTextContents()).map((n) => n.trim());
  }
  /** ID, name, type, category, multi of a row. */
  async cells(name: string): Promise<string[]> {
    const row = this.row(name);
    await row.waitFor();
    return (await row.locator('td').allTextContents()).map((c) => c.trim()).slice(0, 5);
  }
  categoryBadge(name: string): Locator {
    return this.row(name).getByTestId('parameter-category').locator('.badge');
  }
  deleteButton(name: string): Locator {
    return this.row(name).getByRole('button', { name: this.l.delete });
  }
  get filterSummary(): Locator {
    return this.page.getByTestId('parameters-filter');
  }

  // ---- the search offcanvas -------------------------------------------------------------------
  get searchButton(): Locator {
    return this.page.getByRole('button', { name: this.l.searchOpen, exact: true });
  }
  get searchPanel(): Locator {
    return this.page.getByRole('dialog').filter({ hasText: this.s.title });
  }
  get categorySelect(): Locator {
    return this.searchPanel.getByLabel(this.s.category, { exact: true });
  }
  get strictCheckbox(): Locator {
    return this.searchPanel.getByLabel(this.s.strict, { exact: true });
  }
  get runButton(): Locator {
    return this.searchPanel.getByRole('button', { name: this.s.run, exact: true });
  }
  async openSearch(): Promise<void> {
    await this.searchButton.click();
    await this.categorySelect.waitFor();
  }
}

/** /parameters/{id}: add (0) or edit a parameter. */
export class ParameterEditPage {
  private readonly e = t.parameters.edit;

  constructor(readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }
  get nameField(): Locator {
    return this.page.getByLabel(this.e.name, { exact: true });
  }
  get typeSelect(): Locator {
    return this.page.getByLabel(this.e.type, { exact: true });
  }
  get categorySelect(): Locator {
    return this.page.getByLabel(this.e.category, { exact: true });
  }
  get categorySearchButton(): Locator {
    return this.page.getByRole('button', { name: t.trees.categories.searchButton, exact: true });
  }
  get multiCheckbox(): Locator {
    return this.page.getByLabel(this.e.multi, { exact: true });
  }
  get dictionary(): Locator {
    return this.page.getByTestId('parameter-dictionary');
  }
  get addEntryButton(): Locator {
    return this.page.getByRole('button', { name: this.e.dictionaryAdd, exact: true });
  }
  /** The n-th dictionary entry (1-based, as numbered on screen). */
  entry(n: number): Locator {
    return this.page.getByLabel(this.e.dictionaryEntry.replace('{n}', String(n)), { exact: true });
  }
  removeEntryButton(n: number): Locator {
    return this.page.getByRole('button', { name: this.e.dictionaryRemove.replace('{n}', String(n)), exact: true });
  }
  async entries(): Promise<string[]> {
    const inputs = await this.dictionary.locator('input').all();
    return Promise.all(inputs.map((i) => i.inputValue()));
  }
  get saveButton(): Locator {
    return this.page.getByRole('button', { name: this.e.save, exact: true });
  }
}
