import type { Locator, Page } from 'playwright-core';
import { t } from '../texts';

/** profile-edit: the signed-in user's own data and password (docs/rules/platform-rules.md §2 Profile edit). */
export class ProfilePage {
  private readonly p = t.profile;

  constructor(
    readonly page: Page,
    private readonly url: (appPath: string) => string,
  ) {}

  async goto(): Promise<this> {
    await this.page.goto(this.url('/profile-edit'));
    await this.saveButton.waitFor();
    return this;
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: this.p.heading });
  }
  /** The read-only login in the header. */
  loginShown(login: string): Locator {
    return this.page.getByRole('main').getByText(login, { exact: true });
  }
  get nameField(): Locator {
    return this.page.getByLabel(this.p.name, { exact: true });
  }
  get emailField(): Locator {
    return this.page.getByLabel(this.p.email, { exact: true });
  }
  get telField(): Locator {
    return this.page.getByLabel(this.p.tel, { exact: true });
  }
  get oldPassField(): Locator {
    return this.page.getByLabel(this.p.oldPass, { exact: true });
  }
  get newPassField(): Locator {
    return this.page.getByLabel(this.p.newPass, { exact: true });
  }
  get newPassRepeatField(): Locator {
    return this.page.getByLabel(this.p.newPassRepeat, { exact: true });
  }
  get saveButton(): Locator {
    return this.page
      .getByRole('button', { name: this.p.save, exact: true })
      .or(this.page.getByRole('button', { name: this.p.saving, exact: true }));
  }

  // ---- API tokens ----------------------------------------------------------------------------
  get apiTokens(): Locator {
    return this.page.getByTestId('api-tokens');
  }
  get newApiTokenButton(): Locator {
    return this.apiTokens.getByRole('button', { name: this.p.apiTokens.create, exact: true });
  }
  get apiTokenDialog(): Locator {
    return this.page.getByRole('dialog').filter({ hasText: this.p.apiTokens.dialog.title });
  }
  get apiTokenCreated(): Locator {
    return this.page.getByRole('dialog').filter({ hasText: this.p.apiTokens.dialog.createdTitle });
  }
  /** The checkbox of one permission in the create dialog, by its Polish name. */
  apiTokenPermission(name: string): Locator {
    return this.apiTokenDialog.getByRole('checkbox', { name, exact: true });
  }
  apiTokenRow(name: string): Locator {
    return this.apiTokens.getByRole('row').filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }

  /** Opens the dialog, fills it and creates the token; answers the token shown once. */
  async createApiToken(name: string, expiryLabel: string, permissions: string[]): Promise<string> {
    await this.newApiTokenButton.click();
    await this.apiTokenDialog.getByLabel(this.p.apiTokens.dialog.name, { exact: true }).fill(name);
    await this.apiTokenDialog
      .getByLabel(this.p.apiTokens.dialog.expiry, { exact: true })
      .selectOption({ label: expiryLabel });
    for (const p of permissions) await this.apiTokenPermission(p).check();
    await this.apiTokenDialog.getByRole('button', { name: this.p.apiTokens.dialog.create, exact: true }).click();
    const value = this.apiTokenCreated.getByLabel(this.p.apiTokens.dialog.tokenLabel, { exact: true });
    await value.waitFor();
    return value.inputValue();
  }

  async changePassword(oldPass: string, newPass: string, repeat = newPass): Promise<void> {
    await this.oldPassField.fill(oldPass);
    await this.newPassField.fill(newPass);
    await this.newPassRepeatField.fill(repeat);
    await this.saveButton.click();
  }
}
