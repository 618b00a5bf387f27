import { beforeAll, describe, expect, it } from 'vitest';
import { format } from '@web/i18n';
import { APP_VERSION } from '../packages/server/src/modules/meta/version';
import { eventually, setupE2e } from './support/e2e';
import { createUser, newOrg, type TestOrg } from './support/org';
import { HomePage } from './support/pages/home-page';
import { LoginPage } from './support/pages/login-page';
import { signedIn } from './support/session';
import { pageTitle, t } from './support/texts';

const LOGIN_INFO = 'Przerwa techniczna w niedzielę od 22:00.';

/** Today in Polish, e.g. "6 stycznia 2025" (day, month in the genitive, year). */
function todayPl(): string {
  return new Intl.DateTimeFormat('pl-PL', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date());
}

describe('home and the server banners', () => {
  const e2e = setupE2e({ loginInfo: LOGIN_INFO, isTest: true });
  let org: TestOrg;

  beforeAll(async () => {
    org = await newOrg(e2e.server);
  });

  it('the login page shows the test-environment info and the server login info', async () => {
    const page = await e2e.newPage();
    await new LoginPage(page, e2e.url).goto();
    await page.getByRole('alert').filter({ hasText: t.auth.testEnvironment }).waitFor();
    await page.getByRole('alert').filter({ hasText: LOGIN_INFO }).waitFor();
  });

  it('greets the user by login, shows dismissible banners and the no-widget placeholder', async () => {
    // A user who may see the home page but no widget's data (the administrator sees the items widget).
    const user = await createUser(e2e.server, org, { login: 'domowy', permissions: 'main.misc.homepage.show' });
    const { page } = await signedIn(e2e, user.login, user.pass);
    const home = new HomePage(page);
    await home.greeting(user.login).waitFor();
    await eventually(() => page.title(), pageTitle(t.home.title));

    // Placeholder: today's date and the product version.
    await home.placeholder.waitFor();
    const main = (await page.getByRole('main').textContent()) ?? '';
    expect(main).toContain(todayPl());
    expect(main).toContain(format(t.home.version, { app: t.appName, version: APP_VERSION }));

    // Both banners can be closed.
    const testBanner = home.banner(t.home.testEnvironment);
    const infoBanner = home.banner(LOGIN_INFO);
    await testBanner.waitFor();
    await infoBanner.waitFor();
    await home.closeButton(testBanner).click();
    await testBanner.waitFor({ state: 'detached' });
    await home.closeButton(infoBanner).click();
    await infoBanner.waitFor({ state: 'detached' });
    await home.greeting(user.login).waitFor();
  });
});
