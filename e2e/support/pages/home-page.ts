import type { Locator, Page } from 'playwright-core';
import { format } from '@web/i18n';
import { t } from '../texts';

/** Home (docs/rules/platform-rules.md §2 Home). */
export class HomePage {
  constructor(readonly page: Page) {}

  greeting(login: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: format(t.home.greeting, { login }), exact: true });
  }
  /** A banner (Bootstrap alert) by its text. */
  banner(text: string): Locator {
    return this.page.getByRole('main').getByRole('alert').filter({ hasText: text });
  }
  closeButton(banner: Locator): Locator {
    return banner.getByRole('button', { name: t.common.close });
  }
  get placeholder(): Locator {
    return this.page.getByRole('main').getByText(t.home.noWidgets);
  }
  text(value: string): Locator {
    return this.page.getByRole('main').getByText(value, { exact: true });
  }
}
