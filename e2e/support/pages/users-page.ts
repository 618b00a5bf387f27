import type { Locator, Page } from 'playwright-core';
import { escapeRegExp, t } from '../texts';

/** The users list with the organisation block (docs/rules/platform-rules.md §2 Users). */
export class UsersPage {
  constructor(
    readonly page: Page,
    private readonly url: (appPath: string) => string,
  ) {}

  async goto(): Promise<this> {
    await this.page.goto(this.url('/users'));
    await this.table.waitFor();
    return this;
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: t.users.list.heading });
  }
  get table(): Locator {
    return this.page.getByRole('table');
  }
  get createButton(): Locator {
    return this.page.getByRole('link', { name: t.users.list.create });
  }
  /** The table row of a login (matched on a cell whose text is the login, maybe followed by a badge). */
  row(login: string): Locator {
    const you = escapeRegExp(t.users.list.you);
    const cell = this.page
      .getByRole('cell')
      .filter({ hasText: new RegExp(`^\\s*${escapeRegExp(login)}\\s*(${you})?\\s*$`) });
    return this.table.getByRole('row').filter({ has: cell });
  }
  /** The text of each column of a row: id, login, name, e-mail, phone (waits for the row). */
  async cells(login: string): Promise<string[]> {
    const row = this.row(login);
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    return cells.map((c) => c.trim());
  }
  editLink(login: string): Locator {
    return this.row(login).getByRole('link', { name: t.users.list.edit });
  }
  deleteButton(login: string): Locator {
    return this.row(login).getByRole('button', { name: t.users.list.delete });
  }
  /** The organisation block. */
  get organization(): Locator {
    return this.page.getByTestId('organization');
  }
  /** The value the organisation block shows next to a label (a description list). */
  orgValue(label: string): Locator {
    return this.organization
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }
}
