import type { Locator, Page } from 'playwright-core';
import { escapeRegExp, t } from '../texts';

export type TreeKind = 'categories' | 'places';

/** /categories or /places: the edit form on top, the tree table below, the search dialog (docs/rules/catalogue-and-orders-rules.md §2.5, §2.10, §2.11). */
export class TreePage {
  readonly texts: (typeof t.trees)[TreeKind];
  private readonly tr = t.trees.tree;

  constructor(
    readonly page: Page,
    private readonly url: (appPath: string) => string,
    readonly kind: TreeKind,
  ) {
    this.texts = t.trees[kind];
  }

  async goto(): Promise<this> {
    await this.page.goto(this.url(`/${this.kind}`));
    await this.heading.waitFor();
    await this.page.getByTestId('loading').waitFor({ state: 'detached' });
    return this;
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: this.texts.heading });
  }

  // ---- the form -------------------------------------------------------------------------------
  get form(): Locator {
    return this.page.getByTestId('tree-form');
  }
  get formHeading(): Locator {
    return this.page.getByTestId('tree-form-heading');
  }
  get nameField(): Locator {
    return this.form.getByLabel(this.tr.name, { exact: true });
  }
  get numberField(): Locator {
    return this.form.getByLabel(this.tr.number, { exact: true });
  }
  get parentSelect(): Locator {
    return this.form.getByLabel(this.texts.parentLabel, { exact: true });
  }
  get parentSearchButton(): Locator {
    return this.form.getByRole('button', { name: this.texts.searchButton, exact: true });
  }
  get saveButton(): Locator {
    return this.form.getByRole('button', { name: t.common.save, exact: true });
  }
  get cancelButton(): Locator {
    return this.form.getByRole('button', { name: t.common.cancel, exact: true });
  }
  /** The labels of the parent select's options, in order. */
  async parentOptions(): Promise<string[]> {
    return (await this.parentSelect.locator('option').allTextContents()).map((o) => o.trim());
  }
  /** Fills name and number and saves. */
  async save(name: string, number: string): Promise<void> {
    await this.nameField.fill(name);
    await this.numberField.fill(number);
    await this.saveButton.click();
  }

  // ---- the tree -------------------------------------------------------------------------------
  get table(): Locator {
    return this.page.getByTestId('tree-table');
  }
  get empty(): Locator {
    return this.page.getByTestId('tree-empty');
  }
  get readOnlyNote(): Locator {
    return this.page.getByTestId('tree-read-only');
  }
  /** The row whose name cell is exactly `name`. */
  row(name: string): Locator {
    return this.table
      .locator('tbody tr[data-index]')
      .filter({ has: this.page.locator(`span[title="${name.replace(/"/g, '\\"')}"]`) });
  }
  /** Names of the drawn rows, top to bottom (the name is the only span with a title in a row). */
  async rowNames(): Promise<string[]> {
    return (await this.table.locator('tbody tr[data-index] td span[title]').allTextContents()).map((n) => n.trim());
  }
  /** The depth a row is drawn at and its indent measured in em of its name cell. */
  async indent(name: string): Promise<{ depth: number; em: number }> {
    const row = this.row(name);
    const depth = Number(await row.getAttribute('data-depth'));
    const em = await row.locator('div[style*="padding-left"]').evaluate((el) => {
      const style = getComputedStyle(el);
      return parseFloat(style.paddingLeft) / parseFloat(style.fontSize);
    });
    return { depth, em };
  }
  /** The texts of a row's cells (name, number, ID[, position]). */
  async cells(name: string): Promise<string[]> {
    const row = this.row(name);
    await row.waitFor();
    return (await row.locator('td').allTextContents()).map((c) => c.trim());
  }
  toggle(name: string): Locator {
    return this.row(name).getByRole('button', { name: new RegExp(`: ${escapeRegExp(name)}$`) });
  }
  addChildButton(name: string): Locator {
    return this.row(name).getByRole('button', { name: this.texts.addChild, exact: true });
  }
  editButton(name: string): Locator {
    return this.row(name).getByRole('button', { name: this.tr.edit, exact: true });
  }
  deleteButton(name: string): Locator {
    return this.row(name).getByRole('button', { name: this.tr.delete, exact: true });
  }

  // ---- multi-select ---------------------------------------------------------------------------
  get multiStart(): Locator {
    return this.page.getByRole('button', { name: t.ui.multiSelect.start, exact: true });
  }
  get multiDownload(): Locator {
    return this.page.getByRole('button', { name: t.ui.multiSelect.download, exact: true });
  }
  get multiCount(): Locator {
    return this.page.getByTestId('multi-count');
  }

  // ---- the search dialog ----------------------------------------------------------------------
  get searchDialog(): Locator {
    return this.page.getByRole('dialog').filter({ hasText: this.texts.searchTitle });
  }
  searchField(label: string): Locator {
    return this.searchDialog.getByLabel(label, { exact: true });
  }
  get searchRun(): Locator {
    return this.searchDialog.getByRole('button', { name: t.trees.search.run, exact: true });
  }
  /** Result rows of the dialog, each as the texts of its cells. */
  async searchResults(): Promise<string[][]> {
    const rows = this.searchDialog.locator('tbody tr');
    const out: string[][] = [];
    for (const row of await rows.all()) out.push((await row.locator('td').allTextContents()).map((c) => c.trim()));
    return out;
  }
  chooseResult(text: string): Locator {
    return this.searchDialog
      .locator('tbody tr')
      .filter({ hasText: text })
      .getByRole('button', { name: t.trees.search.choose, exact: true });
  }
}
