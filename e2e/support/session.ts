import type { Page } from 'playwright-core';
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

/** Signs in through the login form in a fresh context and waits for the shell on home. */
export async function signedIn(
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
