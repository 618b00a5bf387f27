import type { Locator, Page } from 'playwright-core';
import { t } from '../texts';

export interface UserFields {
  login?: string;
  name?: string;
  email?: string;
  tel?: string;
  oldPass?: string;
  pass?: string;
  passRepeat?: string;
}

/** users/{id}: create (id 0) or edit a user, with permissions grouped in sections. */
export class UserEditPage {
  private readonly e = t.users.edit;

  constructor(
    readonly page: Page,
    private readonly url: (appPath: string) => string,
  ) {}

  async goto(id: number): Promise<this> {
    await this.page.goto(this.url(`/users/${id}`));
    await this.saveButton.waitFor();
    return this;
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }
  /** "Login" when creating, "Nowy login" when editing. */
  get loginField(): Locator {
    return this.page
      .getByLabel(this.e.login, { exact: true })
      .or(this.page.getByLabel(this.e.newLogin, { exact: true }));
  }
  get currentLogin(): Locator {
    return this.page.getByLabel(this.e.currentLogin, { exact: true });
  }
  get nameField(): Locator {
    return this.page.getByLabel(this.e.name, { exact: true });
  }
  get emailField(): Locator {
    return this.page.getByLabel(this.e.email, { exact: true });
  }
  get telField(): Locator {
    return this.page.getByLabel(this.e.tel, { exact: true });
  }
  get oldPassField(): Locator {
    return this.page.getByLabel(this.e.oldPass, { exact: true });
  }
  /** "Hasło" when creating, "Nowe hasło" when editing. */
  get passField(): Locator {
    return this.page.getByLabel(this.e.pass, { exact: true }).or(this.page.getByLabel(this.e.newPass, { exact: true }));
  }
  get passRepeatField(): Locator {
    return this.page
      .getByLabel(this.e.passRepeat, { exact: true })
      .or(this.page.getByLabel(this.e.newPassRepeat, { exact: true }));
  }
  get saveButton(): Locator {
    return this.page.getByRole('button', { name: this.e.save, exact: true });
  }
  get backLink(): Locator {
    return this.page.getByRole('link', { name: this.e.back });
  }
  /** A permission section (a fieldset whose legend is the section's name from the server). */
  permissionSection(name: string): Locator {
    return this.page.getByRole('group', { name, exact: true });
  }
  /** A permission checkbox by its name from the server. */
  permission(name: string): Locator {
    return this.page.getByRole('checkbox', { name, exact: true });
  }

  async fill(fields: UserFields): Promise<void> {
    const map: [keyof UserFields, Locator][] = [
      ['login', this.loginField],
      ['name', this.nameField],
      ['email', this.emailField],
      ['tel', this.telField],
      ['oldPass', this.oldPassField],
      ['pass', this.passField],
      ['passRepeat', this.passRepeatField],
    ];
    for (const [key, locator] of map) {
      const value = fields[key];
      if (value !== undefined) await locator.fill(value);
    }
  }
}
