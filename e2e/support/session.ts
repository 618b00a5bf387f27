import type { BrowserContextOptions, Page } from 'playwright-core';
import { TOKEN_STORAGE_KEY, type TokenObject } from '@zaplecze/contract';
import { ApiClient } from '../../packages/server/test/harness';
import type { E2e } from './e2e';
import { LoginPage } from './pages/login-page';
import { Shell } from './pages/shell';

/** True when the page is at this app path (no query, no hash). */
export function atPath(page: Page, appPath: string): boolean {
  return new URL(page.url()).pathname === appPath;
}

/** Waits until the page's path is `appPath` (client-side navigations included). */
export async function waitForPath(page: Page, appPath: string): Promise<void> {
  await page.waitForURL((u) => u.pathname === appPath);
}

/**
 * The browser storage the web app itself writes after a sign-in (packages/web/src/platform/auth/
 * token-storage.ts): the SameSite=Strict cookie token_auth, and for a long session the same token
 * in local storage. A context that starts with it is signed in as if through the form.
 */
export function sessionStorageState(serverUrl: string, token: TokenObject): BrowserContextOptions['storageState'] {
  const origin = new URL(serverUrl).origin;
  return {
    cookies: [
      {
        name: TOKEN_STORAGE_KEY,
        value: encodeURIComponent(token.token),
        domain: new URL(serverUrl).hostname,
        path: '/',
        expires: Math.floor(new Date(token.validTo).getTime() / 1000),
        httpOnly: false,
        secure: false,
        sameSite: 'Strict',
      },
    ],
    origins: token.longSession ? [{ origin, localStorage: [{ name: TOKEN_STORAGE_KEY, value: token.token }] }] : [],
  };
}

/**
 * A signed-in page on home: the session is opened through the API (POST /api/login) and handed to a
 * fresh context as its starting storage, so a test does not pay for the login page and form each
 * time. The form itself is proven by signedInThroughForm and the tests of e2e/auth.e2e.test.ts.
 */
export async function signedIn(
  e2e: E2e,
  login: string,
  pass: string,
  remember = false,
): Promise<{ page: Page; shell: Shell }> {
  const token = await new ApiClient(e2e.server.url).login(login, pass, remember);
  const page = await e2e.newPage({ storageState: sessionStorageState(e2e.server.url, token) });
  await page.goto(e2e.url('/'));
  await waitForPath(page, '/');
  const shell = new Shell(page);
  await shell.userMenuButton.waitFor();
  return { page, shell };
}

/** Signs in through the login form in a fresh context and waits for the shell on home. */
export async function signedInThroughForm(
  e2e: E2e,
  login: string,
  pass: string,
  remember = false,
): Promise<{ page: Page; shell: Shell }> {
  const page = await e2e.newPage();
  const loginPage = await new LoginPage(page, (p) => e2e.url(p)).goto();
  await loginPage.signIn(login, pass, remember);
  await waitForPath(page, '/');
  const shell = new Shell(page);
  await shell.userMenuButton.waitFor();
  return { page, shell };
}
