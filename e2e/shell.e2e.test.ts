import { LEFT_MENU_WIDTH_PX } from '@zaplecze/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually, setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
import { LoginPage } from './support/pages/login-page';
import { Shell } from './support/pages/shell';
import { signedIn, waitForPath } from './support/session';
import { pageTitle, t } from './support/texts';
import { keepScreenshot } from './support/screens';

/** The left content edge of the main area, i.e. the padding the open menu leaves. */
async function contentLeft(shell: Shell): Promise<number> {
  return shell.main.evaluate((el) => Math.round(el.getBoundingClientRect().left));
}

describe('application shell', () => {
  const e2e = setupE2e();
  let org: TestOrg;

  beforeAll(async () => {
    org = await newOrg(e2e.server);
  });

  it('the left menu navigates, highlights the current entry and sets the page title', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const home = shell.menuEntry(t.menu.home);
    const users = shell.menuEntry(t.menu.users);
    await eventually(() => page.title(), pageTitle(t.home.title));
    await eventually(() => home.getAttribute('aria-current'), 'page');
    expect(await users.getAttribute('aria-current')).toBeNull();

    await users.click();
    await waitForPath(page, '/users');
    await eventually(() => page.title(), pageTitle(t.users.title));
    await eventually(() => users.getAttribute('aria-current'), 'page');
    expect(await home.getAttribute('aria-current')).toBeNull();
    expect(await shell.isHighlighted(t.menu.users)).toBe(true);
    expect(await shell.isHighlighted(t.menu.home)).toBe(false);

    await home.click();
    await waitForPath(page, '/');
    await eventually(() => page.title(), pageTitle(t.home.title));
    await eventually(() => home.getAttribute('aria-current'), 'page');
    expect(await users.getAttribute('aria-current')).toBeNull();

    // The user dropdown reaches the profile (no menu entry of its own: nothing highlighted).
    await (await shell.userMenuItem(t.shell.profile)).click();
    await waitForPath(page, '/profile-edit');
    await eventually(() => page.title(), pageTitle(t.profile.title));
    await eventually(() => home.getAttribute('aria-current'), null);

    // The logo goes home.
    await shell.topBar.getByRole('link', { name: t.appName }).click();
    await waitForPath(page, '/');
  });

  it('the user dropdown shows the signed-in login and its entries', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    expect(await shell.userMenuButton.textContent()).toContain(org.adminLogin);
    for (const name of [t.shell.profile, t.shell.users, t.shell.logout]) {
      expect(await (await shell.userMenuItem(name)).isVisible()).toBe(true);
    }
    await (await shell.userMenuItem(t.shell.users)).click();
    await waitForPath(page, '/users');
  });

  it('a menu group collapses and expands', async () => {
    const { shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const group = shell.menuGroup(t.menu.options);
    const entry = shell.menuEntry(t.menu.users);
    expect(await group.getAttribute('aria-expanded')).toBe('true');
    await entry.waitFor({ state: 'visible' });

    await group.click();
    await eventually(() => group.getAttribute('aria-expanded'), 'false');
    await entry.waitFor({ state: 'hidden' });

    await group.click();
    await eventually(() => group.getAttribute('aria-expanded'), 'true');
    await entry.waitFor({ state: 'visible' });
  });

  it('the menu toggle hides and shows the 250 px menu; the content is padded only while it is open', async () => {
    const { shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await eventually(() => shell.menuBox(), { x: 0, width: LEFT_MENU_WIDTH_PX });
    await eventually(() => contentLeft(shell), LEFT_MENU_WIDTH_PX);

    await shell.menuToggle.click();
    await eventually(() => shell.menuClosed(), true);
    await eventually(() => contentLeft(shell), 0);

    await shell.menuToggle.click();
    await eventually(() => shell.menuBox(), { x: 0, width: LEFT_MENU_WIDTH_PX });
    await eventually(() => contentLeft(shell), LEFT_MENU_WIDTH_PX);
  });

  it('below 768 px the menu starts hidden, does not pad the content, and closes after choosing an entry', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.setViewportSize({ width: 600, height: 800 });
    await page.reload();
    await shell.menuToggle.waitFor();
    await eventually(() => shell.menuClosed(), true);
    expect(await contentLeft(shell)).toBe(0);

    await shell.menuToggle.click();
    await eventually(() => shell.menuBox(), { x: 0, width: LEFT_MENU_WIDTH_PX });
    expect(await contentLeft(shell)).toBe(0);
    await shell.menuEntry(t.menu.users).click();
    await waitForPath(page, '/users');
    await eventually(() => shell.menuClosed(), true);
  });

  it('going offline shows the persistent ROZŁĄCZONO! toast; going online removes it', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const toast = shell.toast(t.toasts.offlineTitle);
    expect(await toast.count()).toBe(0);

    await page.context().setOffline(true);
    await toast.waitFor({ state: 'visible' });
    expect(await toast.textContent()).toContain(t.toasts.offlineBody);
    // Bottom right of the window.
    const box = await toast.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.x + box.width > viewport.width / 2 && box.y + box.height > viewport.height / 2).toBe(
      true,
    );

    await page.context().setOffline(false);
    await toast.waitFor({ state: 'detached' });
  });

  it('every API call carries Accept-Language of the interface language, whatever the browser prefers', async () => {
    const page = await e2e.newPage({ locale: 'en-US' });
    const calls: { path: string; language: string | undefined }[] = [];
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (path === '/api' || path.startsWith('/api/')) calls.push({ path, language: req.headers()['accept-language'] });
    });
    const login = await new LoginPage(page, e2e.url).goto();
    await login.signIn(org.adminLogin, org.adminPass);
    await waitForPath(page, '/');
    const shell = new Shell(page);
    await shell.menuEntry(t.menu.users).click();
    await waitForPath(page, '/users');
    // The users screen is up (the home page's widgets have tables of their own until it is).
    await page.getByRole('heading', { level: 1, name: t.users.list.heading }).waitFor();
    await page.getByRole('table').waitFor();
    expect(calls.length).toBeGreaterThan(2);
    // No English catalogue exists, so the interface (and every call) is Polish.
    expect(calls.filter((c) => c.language !== 'pl')).toEqual([]);
    expect(await page.getByRole('heading', { level: 1, name: t.users.list.heading }).count()).toBe(1);
  });

  it('the footer carries the copyright line with the year of the clock, not a written-in one', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    expect(await shell.footer.textContent()).toContain(`© ${new Date().getFullYear()} `);
    // The browser's clock in another year: the footer follows it.
    await page.clock.setFixedTime(new Date('2031-06-15T10:00:00+02:00'));
    await page.reload();
    await shell.footer.waitFor();
    expect(await shell.footer.textContent()).toContain('© 2031 ');
    await keepScreenshot(shell.footer, '/tmp/webfix-footer.png');
    expect(await shell.footer.textContent()).not.toContain('2025');
  });
});

describe('application shell with a desktop app download', () => {
  const DESKTOP_URL = 'https://example.com/zaplecze-setup.exe';
  const e2e = setupE2e({ desktopAppUrl: DESKTOP_URL });

  it('offers the desktop app in the Options menu group and in the user dropdown', async () => {
    const org = await newOrg(e2e.server);
    const { shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const entry = shell.menuEntry(t.menu.desktopApp);
    expect(await entry.getAttribute('href')).toBe(DESKTOP_URL);
    expect(await entry.getAttribute('target')).toBe('_blank');
    const options = shell.menuGroup(t.menu.options);
    expect(await options.getAttribute('aria-controls')).toBeTruthy();
    const item = await shell.userMenuItem(t.shell.desktopApp);
    expect(await item.getAttribute('href')).toBe(DESKTOP_URL);
  });
});
