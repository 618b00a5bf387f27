import type { Locator, Page } from 'playwright-core';
import { escapeRegExp, t } from '../texts';

/** The users list with the organisation block (platform.md §2 Users). */
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
  /** The table row of a login (matched on the login cell, which may also hold the "Ty" badge). */
  row(login: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name: new RegExp(`^${escapeRegExp(login)}(\\s|$)`) }) });
  }
  /** The text of each column of a row: id, login, name, e-mail, phone. */
  async cells(login: string): Promise<string[]> {
    const cells = await this.row(login).getByRole('cell').allTextContents();
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
