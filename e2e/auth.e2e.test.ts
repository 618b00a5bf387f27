import fs from 'node:fs';
import path from 'node:path';
import { LOGIN_CAPTCHA_AFTER_FAILURES, TOKEN_STORAGE_KEY } from '@zaplecze/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually, setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
import { HomePage } from './support/pages/home-page';
import { LoginPage } from './support/pages/login-page';
import { Shell } from './support/pages/shell';
import { signedIn, signedInThroughForm, waitForPath } from './support/session';
import { RESULTS_DIR } from './support/paths';
import { pageTitle, serverMsg, t } from './support/texts';
import { keepScreenshot } from './support/screens';

const SHOTS = path.join(RESULTS_DIR, 'screens');

describe('sign-in, sessions and route guards', () => {
  const e2e = setupE2e();
  let org: TestOrg;

  beforeAll(async () => {
    org = await newOrg(e2e.server);
  });

  it('signs in through the form and sees the greeting with the login on home', async () => {
    const page = await e2e.newPage();
    const login = await new LoginPage(page, e2e.url).goto();
    await login.signIn(org.adminLogin, org.adminPass);
    await waitForPath(page, '/');
    await new HomePage(page).greeting(org.adminLogin).waitFor();
    await eventually(() => page.title(), pageTitle(t.home.title));
    expect(await new Shell(page).userMenuButton.textContent()).toContain(org.adminLogin);
  });

  it('a wrong password shows the Polish server message with the form and stays on login', async () => {
    const page = await e2e.newPage();
    const login = await new LoginPage(page, e2e.url).goto();
    await eventually(() => page.title(), pageTitle(t.auth.title));
    await login.signIn(org.adminLogin, 'zle-haslo-123');
    const error = login.error(serverMsg.loginFailed);
    await error.waitFor();
    expect((await error.textContent())?.trim()).toBe(serverMsg.loginFailed);
    expect(new URL(page.url()).pathname).toBe('/login');
    // The form stays usable: the fields keep the login and the button is enabled again.
    expect(await login.loginField.inputValue()).toBe(org.adminLogin);
    await eventually(() => login.submit.isEnabled(), true);
    // The message belongs to the sign-in card, next to the form.
    const [errorBox, formBox] = await Promise.all([error.boundingBox(), login.form.boundingBox()]);
    expect(errorBox && formBox && Math.abs(errorBox.x - formBox.x) < 50).toBe(true);
  });

  it('empty fields are refused in the browser with Polish messages', async () => {
    const page = await e2e.newPage();
    const login = await new LoginPage(page, e2e.url).goto();
    await login.submit.click();
    await page.getByText(t.auth.loginRequired).waitFor();
    await page.getByText(t.auth.passwordRequired).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('"save login" keeps the token in localStorage (token_auth) and the cookie for photos; a short session uses the SameSite=Strict cookie only', async () => {
    // Long session.
    const long = await signedInThroughForm(e2e, org.adminLogin, org.adminPass, true);
    const stored = await long.page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY);
    expect(stored).toMatch(/\S{16,}/);
    // <img> of photos sends cookies only, so a long session keeps the same token there too.
    const longCookie = (await long.page.context().cookies()).find((c) => c.name === TOKEN_STORAGE_KEY);
    expect(longCookie?.value).toBe(stored);
    expect(longCookie?.sameSite).toBe('Strict');
    // The stored token is checked on start: a reload keeps the session.
    await long.page.reload();
    await long.shell.userMenuButton.waitFor();
    expect(new URL(long.page.url()).pathname).toBe('/');

    // Short session.
    const short = await signedInThroughForm(e2e, org.adminLogin, org.adminPass, false);
    expect(await short.page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY)).toBeNull();
    const cookie = (await short.page.context().cookies()).find((c) => c.name === TOKEN_STORAGE_KEY);
    expect(cookie?.value).toMatch(/\S{16,}/);
    expect(cookie?.sameSite).toBe('Strict');
    expect(cookie?.value).not.toBe(stored);
    await short.page.reload();
    await short.shell.userMenuButton.waitFor();
    expect(new URL(short.page.url()).pathname).toBe('/');
  });

  it('a token check that gets no answer keeps the stored token: the next load signs in again', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass, true);
    const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY);
    // The check of the next load fails without an answer (a reload mid-request, no connection).
    await page.route('**/api/login', (route) => route.abort(), { times: 1 });
    await page.reload();
    await waitForPath(page, '/login');
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY)).toBe(token);
    await page.goto(e2e.url('/'));
    await new Shell(page).userMenuButton.waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('a stored token that the server rejects is cleared and the visitor lands on login', async () => {
    const page = await e2e.newPage();
    await page.addInitScript((key) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(key, 'not-a-valid-token-0000000000000000');
        sessionStorage.setItem('seeded', '1');
      }
    }, TOKEN_STORAGE_KEY);
    await page.goto(e2e.url('/'));
    await waitForPath(page, '/login');
    await new LoginPage(page, e2e.url).loginField.waitFor();
    await eventually(() => page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY), null);
  });

  it('logging out ends on /login, clears the token, and / then redirects to login', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass, true);
    const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY);
    await shell.logout();
    await waitForPath(page, '/login');
    await new LoginPage(page, e2e.url).loginField.waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY)).toBeNull();
    expect((await page.context().cookies()).find((c) => c.name === TOKEN_STORAGE_KEY)).toBeUndefined();
    // The server ended the session too: the old token no longer works.
    const check = await fetch(e2e.url('/api/login'), { headers: { 'X-Auth-Bearer': token ?? '' } });
    expect(check.status).toBe(401);

    await page.goto(e2e.url('/'));
    await waitForPath(page, '/login');
    await new LoginPage(page, e2e.url).loginField.waitFor();
  });

  it('an unknown URL lands on home when signed in', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.goto(e2e.url('/no/such/page?x=1'));
    await waitForPath(page, '/');
    await shell.userMenuButton.waitFor();
    await eventually(() => page.title(), pageTitle(t.home.title));
  });

  it('an unknown URL lands on login when signed out', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/no/such/page'));
    await waitForPath(page, '/login');
    await new LoginPage(page, e2e.url).loginField.waitFor();
  });

  it('a protected route sends a signed-out visitor to login', async () => {
    const page = await e2e.newPage();
    for (const path of ['/', '/users', '/users/0', '/profile-edit']) {
      await page.goto(e2e.url(path));
      await waitForPath(page, '/login');
      await new LoginPage(page, e2e.url).loginField.waitFor();
      expect(await new Shell(page).menu.count()).toBe(0);
    }
  });

  it('a signed-in user visiting /login or /register goes home', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    for (const path of ['/login', '/register']) {
      await page.goto(e2e.url(path));
      await waitForPath(page, '/');
      await shell.userMenuButton.waitFor();
    }
  });

  it('a login attacked from many addresses: the form shows the captcha, and its owner signs in with it', async () => {
    // The failures of other addresses, as the server counts them (the browser has one address).
    const db = e2e.server.deps.db;
    const attacked = {
      attempts: LOGIN_CAPTCHA_AFTER_FAILURES,
      expires_at: new Date(e2e.server.deps.now().getTime() + 10 * 60_000).toISOString(),
    };
    await db
      .insertInto('rate_counters')
      .values({ key: `login:${org.adminLogin}`, ...attacked })
      .onConflict((oc) => oc.column('key').doUpdateSet(attacked))
      .execute();
    try {
      const page = await e2e.newPage();
      const login = await new LoginPage(page, e2e.url).goto();
      expect(await login.captchaField.count()).toBe(0);
      await login.signIn(org.adminLogin, org.adminPass);
      await login.error(serverMsg.loginCaptchaRequired).waitFor();
      await login.captchaImage.waitFor();
      await eventually(() => login.captchaField.evaluate((el) => el === document.activeElement), true);
      fs.mkdirSync(SHOTS, { recursive: true });
      await keepScreenshot(page, path.join(SHOTS, 'login-captcha.png'), { fullPage: true });

      // A wrong answer: the server's message, and a new image with the answer cleared.
      const first = e2e.server.captcha.last;
      await login.captchaField.fill('ZLE');
      await login.submit.click();
      await login.error(serverMsg.captchaWrong).waitFor();
      await eventually(() => e2e.server.captcha.last !== first, true);
      await eventually(() => login.captchaField.inputValue(), '');

      await login.captchaField.fill(e2e.server.captcha.last);
      await login.submit.click();
      await waitForPath(page, '/');
      await new HomePage(page).greeting(org.adminLogin).waitFor();
    } finally {
      await db.deleteFrom('rate_counters').execute();
    }
  });
});
