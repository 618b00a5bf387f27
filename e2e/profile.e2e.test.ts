import type { TokenObject } from '@zaplecze/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../packages/server/test/harness';
import { eventually, setupE2e } from './support/e2e';
import { createUser, newOrg, type TestOrg } from './support/org';
import { HomePage } from './support/pages/home-page';
import { LoginPage } from './support/pages/login-page';
import { ProfilePage } from './support/pages/profile-page';
import { Shell } from './support/pages/shell';
import { signedIn, waitForPath } from './support/session';
import { pageTitle, serverMsg, t } from './support/texts';

describe('own profile', () => {
  const e2e = setupE2e();
  let org: TestOrg;

  beforeAll(async () => {
    org = await newOrg(e2e.server);
  });

  it('shows the login read-only and saves name, e-mail and phone', async () => {
    const user = await createUser(e2e.server, org, { login: 'anna' });
    const { page, shell } = await signedIn(e2e, user.login, user.pass);
    await (await shell.userMenuItem(t.shell.profile)).click();
    await waitForPath(page, '/profile-edit');
    const profile = new ProfilePage(page, e2e.url);
    await profile.heading.waitFor();
    await eventually(() => page.title(), pageTitle(t.profile.title));
    await profile.loginShown(user.login).waitFor();
    // The login is not an editable field.
    expect(await page.getByRole('main').getByRole('textbox', { name: t.profile.login, exact: true }).count()).toBe(0);
    expect(await profile.nameField.inputValue()).toBe('anna');
    expect(await profile.emailField.getAttribute('type')).toBe('email');
    expect(await profile.telField.getAttribute('type')).toBe('tel');

    await profile.nameField.fill('Anna Zając');
    await profile.emailField.fill('anna.zajac@example.pl');
    await profile.telField.fill('+48 601 222 333');
    // Hold the save on the wire: the button is disabled while it runs.
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let seen = false;
    await page.route('**/api/**', async (route) => {
      if (route.request().method() !== 'GET') {
        seen = true;
        await held;
      }
      await route.continue();
    });
    await profile.saveButton.click();
    await eventually(() => seen, true);
    await eventually(() => profile.saveButton.isDisabled(), true);
    release();
    await eventually(() => profile.saveButton.isEnabled(), true);
    const saved = shell.toast(t.toasts.saved);
    await saved.waitFor();
    // A success toast closes by itself (4 s, then a 700 ms fade).
    await saved.waitFor({ state: 'detached', timeout: 10_000 });
    const me = (await user.client.get<TokenObject>('/api/login')).body.user;
    expect([me.name, me.email, me.tel]).toEqual(['Anna Zając', 'anna.zajac@example.pl', '+48 601 222 333']);
    // After a reload the form shows the saved data.
    await page.reload();
    await profile.nameField.waitFor();
    await eventually(() => profile.nameField.inputValue(), 'Anna Zając');
  });

  it('refuses a new password that differs from its repeat', async () => {
    const user = await createUser(e2e.server, org, { login: 'bogdan' });
    const { page } = await signedIn(e2e, user.login, user.pass);
    const profile = await new ProfilePage(page, e2e.url).goto();
    await profile.changePassword(user.pass, 'Nowe-Haslo-123', 'Inne-Haslo-456');
    const toast = new Shell(page).toast(t.profile.saveErrorTitle);
    await toast.waitFor();
    expect(await toast.textContent()).toContain(t.profile.passwordsDiffer);
    // Nothing changed: the old password still signs in.
    await new ApiClient(e2e.server.url).login(user.login, user.pass);
  });

  it('a wrong old password is refused with the server message', async () => {
    const user = await createUser(e2e.server, org, { login: 'celina' });
    const { page, shell } = await signedIn(e2e, user.login, user.pass);
    const profile = await new ProfilePage(page, e2e.url).goto();
    await profile.changePassword('to-nie-jest-moje-haslo', 'Nowe-Haslo-123');
    const toast = shell.toast(t.profile.saveErrorTitle);
    await toast.waitFor();
    expect(await toast.textContent()).toContain(serverMsg.oldPassWrong);
  });

  it('changes the own password; after logging out the new one signs in and the old one does not', async () => {
    const user = await createUser(e2e.server, org, { login: 'dorota' });
    const { page, shell } = await signedIn(e2e, user.login, user.pass);
    const profile = await new ProfilePage(page, e2e.url).goto();
    await profile.changePassword(user.pass, 'Zupełnie-Nowe-Hasło-9');
    await shell.toast(t.toasts.saved).waitFor();
    // The password fields are emptied after a save.
    await eventually(() => profile.newPassField.inputValue(), '');

    await shell.logout();
    await waitForPath(page, '/login');
    const login = new LoginPage(page, e2e.url);
    await login.signIn(user.login, user.pass);
    await login.error(serverMsg.loginFailed).waitFor();
    await login.signIn(user.login, 'Zupełnie-Nowe-Hasło-9');
    await waitForPath(page, '/');
    await new HomePage(page).greeting(user.login).waitFor();
  });
});
