import type { Locator, Page } from 'playwright-core';
import { t } from '../texts';

/** Sign-in screen (docs/rules/platform-rules.md §2 Login). */
export class LoginPage {
  constructor(
    readonly page: Page,
    private readonly url: (appPath: string) => string,
  ) {}

  async goto(): Promise<this> {
    await this.page.goto(this.url('/login'));
    await this.loginField.waitFor();
    return this;
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { name: t.auth.heading });
  }
  get loginField(): Locator {
    return this.page.getByLabel(t.auth.login, { exact: true });
  }
  get passwordField(): Locator {
    return this.page.getByLabel(t.auth.password, { exact: true });
  }
  get remember(): Locator {
    return this.page.getByLabel(t.auth.remember);
  }
  get submit(): Locator {
    return this.page.getByRole('button', { name: t.auth.submit, exact: true });
  }
  get form(): Locator {
    return this.page.locator('form').filter({ has: this.loginField });
  }
  /** The captcha answer, shown when the server asks for it (a login under attack). */
  get captchaField(): Locator {
    return this.page.getByLabel(t.auth.captcha, { exact: true });
  }
  get captchaImage(): Locator {
    return this.page.getByRole('img', { name: t.ui.captcha.imageAlt });
  }
  get registerLink(): Locator {
    return this.page.getByRole('link', { name: t.auth.registerLink });
  }
  /** The sign-in failure message (an alert holding the server's text). */
  error(text: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }

  async fill(login: string, pass: string, remember = false): Promise<void> {
    await this.loginField.fill(login);
    await this.passwordField.fill(pass);
    await this.remember.setChecked(remember);
  }

  /** Fills the form and submits; does not wait for the outcome. */
  async signIn(login: string, pass: string, remember = false): Promise<void> {
    await this.fill(login, pass, remember);
    await this.submit.click();
  }
}
