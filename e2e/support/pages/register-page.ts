import type { Locator, Page } from 'playwright-core';
import { escapeRegExp, t } from '../texts';

export interface RegistrationFields {
  companyName: string;
  taxId?: string;
  address: string;
  postcodeCity: string;
  /** Country name as the list shows it (Polish). */
  country?: string;
  orgPrefix: string;
  adminUser: string;
  adminPass: string;
  adminPassRepeat?: string;
  adminEmail: string;
  adminTel: string;
}

/** Registration of a company and its administrator (docs/rules/platform-rules.md §2 Registration). */
export class RegisterPage {
  private readonly r = t.register;

  constructor(
    readonly page: Page,
    private readonly url: (appPath: string) => string,
  ) {}

  /** Opens the page and waits until the captcha image has been fetched and shown. */
  async goto(): Promise<this> {
    const captcha = this.page.waitForResponse((res) => new URL(res.url()).pathname === '/api/captcha' && res.ok());
    await this.page.goto(this.url('/register'));
    await captcha;
    await this.captchaImage.waitFor();
    return this;
  }

  /** An input by its label; required fields' labels end with a '*', optional ones with a hint in brackets. */
  field(label: string): Locator {
    return this.page.getByLabel(new RegExp(`^\\s*${escapeRegExp(label)}(\\s*\\*)?(\\s*\\(.*\\))?\\s*$`));
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }
  get country(): Locator {
    return this.field(this.r.country);
  }
  get captchaImage(): Locator {
    return this.page.getByRole('img', { name: t.ui.captcha.imageAlt });
  }
  get captchaField(): Locator {
    return this.field(this.r.captcha);
  }
  get captchaRenew(): Locator {
    return this.page.getByRole('button', { name: t.ui.captcha.renew });
  }
  get terms(): Locator {
    return this.page.getByRole('checkbox');
  }
  get submit(): Locator {
    return this.page.getByRole('button', { name: this.r.submit, exact: true });
  }
  get loginPreview(): Locator {
    return this.page.getByText(this.r.loginPreview).locator('xpath=..');
  }
  /** The two-line waiting message shown while the registration runs. */
  get progress(): Locator {
    return this.page.getByRole('status').filter({ hasText: this.r.workingTitle });
  }
  error(text: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }
  get successHeading(): Locator {
    return this.page.getByRole('heading', { name: this.r.successHeading });
  }
  successLogin(login: string): Locator {
    return this.page.getByText(login, { exact: true });
  }
  get goToLogin(): Locator {
    return this.page.getByRole('link', { name: this.r.goToLogin });
  }

  async fill(f: RegistrationFields): Promise<void> {
    const r = this.r;
    await this.field(r.companyName).fill(f.companyName);
    if (f.taxId !== undefined) await this.field(r.taxId).fill(f.taxId);
    await this.field(r.address).fill(f.address);
    await this.field(r.postcodeCity).fill(f.postcodeCity);
    if (f.country !== undefined) await this.country.selectOption({ label: f.country });
    await this.field(r.orgPrefix).fill(f.orgPrefix);
    await this.field(r.adminUser).fill(f.adminUser);
    await this.field(r.adminPass).fill(f.adminPass);
    await this.field(r.adminPassRepeat).fill(f.adminPassRepeat ?? f.adminPass);
    await this.field(r.adminEmail).fill(f.adminEmail);
    await this.field(r.adminTel).fill(f.adminTel);
  }
}
