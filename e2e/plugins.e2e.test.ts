import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { format } from '@web/i18n';
import { TenantDb } from '../packages/server/src/db/tenant';
import { enqueueJob } from '../packages/server/src/platform/jobs';
import { manifest as fixtureBase } from '../plugins-fixtures/fixture-base/manifest';
import { eventually, setupE2e } from './support/e2e';
import { newOrg, orgIdOf, type TestOrg } from './support/org';
import { Shell } from './support/pages/shell';
import { RESULTS_DIR } from './support/paths';
import { keepScreenshot, screenshotsWanted } from './support/screens';
import { signedIn } from './support/session';
import { pageTitle, t } from './support/texts';
import { pluginJobWorker } from '../packages/server/test/plugin-jobs';

const SCREENS = path.join(RESULTS_DIR, 'screens');
/** A screenshot for a person, once the menu's and dialogs' CSS transitions have ended. */
async function shot(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted()) return;
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));
  await keepScreenshot(page, path.join(SCREENS, `plugins-${name}.png`));
}
const PLUGIN = fixtureBase.id;
const TABS = { notes: 'Lista notatek', admin: 'Zarządzanie notatkami' } as const;
const SECRET = 'tajny-token-uslugi-42';

/**
 * The plugin platform in the browser with the test-only plugin fixture-base (plugins-fixtures/,
 * docs/plugins.md, Test-only plugins): installed from the plugins page, its menu group, its screens
 * on the host page and the host page's errors, its settings with a secret, its jobs log ('Dziennik')
 * with a retry, and the uninstall with its confirmation. One organisation goes through the steps
 * in order, as a seller would.
 */
describe('plugins: install, menu, host page, settings, jobs log, uninstall', () => {
  const e2e = setupE2e();
  const p = t.plugins;
  let org: TestOrg;
  let orgId: number;

  beforeAll(async () => {
    org = await newOrg(e2e.server);
    orgId = await orgIdOf(e2e.server, org);
  });

  const row = (page: Page, id: string) => page.locator(`[data-testid="plugin-row"][data-plugin-id="${id}"]`);
  const pluginGroup = (page: Page) => page.getByTestId(`menu-group-plugin-${PLUGIN}`);
  const hostError = (page: Page) => page.getByTestId('plugin-host-error');
  /** Runs the plugins' due jobs now, as the server's job worker does (the test server starts none). */
  const runJobs = () => pluginJobWorker(e2e.server.deps).drain();

  it('installs fixture-base from the plugins page: a toast, "Tak", and its menu group under Inne with its tabs', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    // Nothing installed: no plugin group, and the Others category stays hidden.
    await shell.menuEntry(t.menu.plugins).click();
    await page.waitForURL((u) => u.pathname === '/plugins-management');
    await row(page, PLUGIN).waitFor();
    await eventually(() => page.title(), pageTitle(p.management.heading));
    expect(await page.getByTestId('menu-group-others').count()).toBe(0);
    expect(await row(page, PLUGIN).getByRole('cell').nth(2).textContent()).toBe(p.management.no);
    await shot(page, 'list');

    await row(page, PLUGIN).getByRole('button', { name: p.management.install, exact: true }).click();
    await shell.toast(p.management.installed_toast).waitFor();
    // The list and the menu are read again after the change (PLUGIN_RELOAD_DELAY_MS).
    await row(page, PLUGIN).getByRole('button', { name: p.management.uninstall, exact: true }).waitFor();
    expect(await row(page, PLUGIN).getByRole('cell').nth(2).textContent()).toBe(p.management.yes);
    await row(page, PLUGIN).getByRole('link', { name: p.management.settings }).waitFor();
    await pluginGroup(page).waitFor();
    const others = page.getByTestId('menu-group-others');
    expect(await others.getByRole('button').first().textContent()).toContain(t.menu.others);
    expect(await pluginGroup(page).getByRole('button').first().textContent()).toContain(fixtureBase.menu!.name);
    expect((await pluginGroup(page).getByRole('link').allTextContents()).map((s) => s.trim())).toEqual([
      TABS.notes,
      TABS.admin,
    ]);
    await shot(page, 'installed');
  });

  it('a tab opens the host page with the screen, its title and the tab highlighted', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await shell.menuEntry(TABS.notes).click();
    await page.waitForURL((u) => u.pathname === `/plugin/${PLUGIN}` && u.searchParams.get('controller') === 'notes');
    const host = page.getByTestId('plugin-host');
    await host.getByText('Brak notatek.').waitFor();
    expect(await host.getByRole('heading', { level: 1 }).textContent()).toBe(TABS.notes);
    await eventually(() => page.title(), pageTitle(TABS.notes));
    await eventually(() => shell.isHighlighted(TABS.notes), true);
    expect(await shell.isHighlighted(TABS.admin)).toBe(false);
    await shot(page, 'host-notes');
  });

  it("an unknown plugin shows 'No module!', an unknown screen 'No component!', in red; a failing screen its error", async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const red = (page: Page) => hostError(page).evaluate((el) => getComputedStyle(el).color);

    await page.goto(e2e.url('/plugin/nie-ma-takiego?controller=notes'));
    await hostError(page).getByText(p.noModule, { exact: true }).waitFor();
    expect(await red(page)).toMatch(/^rgb\((2\d\d), (\d{1,2}), (\d{1,2})\)$/);
    // Installed plugins only: fixture-dependent is registered but not installed here.
    await page.goto(e2e.url('/plugin/fixture-dependent?controller=notes'));
    await hostError(page).getByText(p.noModule, { exact: true }).waitFor();

    await page.goto(e2e.url(`/plugin/${PLUGIN}?controller=nie-ma-takiego`));
    await hostError(page).getByText(p.noComponent, { exact: true }).waitFor();
    expect(await red(page)).toMatch(/^rgb\((2\d\d), (\d{1,2}), (\d{1,2})\)$/);
    expect(await page.getByTestId('plugin-host').count()).toBe(0);
    await shot(page, 'no-component');

    // A screen that throws while rendering: the plugin's error in its place, the shell goes on.
    await page.goto(e2e.url(`/plugin/${PLUGIN}?controller=boom`));
    const host = page.getByTestId('plugin-host');
    await host.getByText(format(p.componentErrorNamed, { plugin: PLUGIN })).waitFor();
    expect(await host.getByRole('heading', { level: 1 }).textContent()).toBe('Ekran z błędem');
    await new Shell(page).userMenuButton.waitFor();
    await shot(page, 'screen-error');
  });

  it('the settings screen saves a secret and afterwards shows only that it is set', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.goto(e2e.url('/plugins-management'));
    await row(page, PLUGIN).getByRole('link', { name: p.management.settings }).click();
    await page.waitForURL((u) => u.pathname === `/plugin/${PLUGIN}` && u.searchParams.get('controller') !== 'notes');
    const heading = format(p.settings.heading, { plugin: fixtureBase.name });
    await page.getByRole('heading', { name: heading }).waitFor();
    await eventually(() => page.title(), pageTitle(heading));

    const form = page.getByTestId('plugin-settings');
    const secret = form.getByTestId('secret-apiToken');
    await secret.getByText(p.settings.secretUnset, { exact: true }).waitFor();
    expect(await form.getByLabel('Powitanie').inputValue()).toBe('Dzień dobry');
    await form.getByLabel('Powitanie').fill('Witaj w notatkach');
    await secret.getByRole('button', { name: p.settings.secretReplace }).click();
    await secret.getByPlaceholder(p.settings.secretNew).fill(SECRET);
    expect(await secret.getByPlaceholder(p.settings.secretNew).getAttribute('type')).toBe('password');
    await shot(page, 'settings-typed');
    await form.getByRole('button', { name: t.common.save, exact: true }).click();
    await shell.toast(p.settings.saved).waitFor();

    // Saved: the secret is shown as set, with no field holding it, and the page nowhere has it.
    await secret.getByText(p.settings.secretSet, { exact: true }).waitFor();
    expect(await secret.getByPlaceholder(p.settings.secretNew).count()).toBe(0);
    expect(await page.content()).not.toContain(SECRET);
    // A fresh load reads the same from the server.
    await page.reload();
    await page.getByTestId('plugin-settings').getByTestId('secret-apiToken').getByText(p.settings.secretSet).waitFor();
    expect(await page.getByTestId('plugin-settings').getByLabel('Powitanie').inputValue()).toBe('Witaj w notatkach');
    expect(await page.content()).not.toContain(SECRET);
    const stored = await org.admin.get<{ values: Record<string, unknown>; secrets: Record<string, string> }>(
      `/api/plugins/${PLUGIN}/settings`,
    );
    expect(stored.status).toBe(200);
    expect(stored.body.secrets).toEqual({ apiToken: 'set' });
    expect(JSON.stringify(stored.body)).not.toContain(SECRET);
    await shot(page, 'settings-saved');
  });

  it("the 'Dziennik' tab lists the plugin's jobs and retries a dead one", async () => {
    const tenant = new TenantDb(e2e.server.deps.db, orgId);
    await enqueueJob(tenant, { kind: `${PLUGIN}.add-note`, pluginId: PLUGIN, payload: { text: 'z zadania e2e' } });
    // A payload the handler cannot store (the note text is no text): its only attempt fails.
    const deadId = (await enqueueJob(tenant, {
      kind: `${PLUGIN}.add-note`,
      pluginId: PLUGIN,
      payload: { text: { nie: 'tekst' } },
      maxAttempts: 1,
    }))!;
    expect(await runJobs()).toBe(2);

    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await shell.menuEntry(TABS.admin).click();
    const jobs = page.getByTestId('plugin-jobs');
    const rows = jobs.getByTestId('plugin-job');
    await eventually(() => rows.count(), 2);
    await eventually(() => page.title(), pageTitle('Dziennik notatek'));
    const done = jobs.locator('[data-testid="plugin-job"][data-job-state="done"]');
    const dead = jobs.locator('[data-testid="plugin-job"][data-job-state="dead"]');
    expect(await done.getByText(p.jobs.states.done, { exact: true }).count()).toBe(1);
    expect(await done.getByText(`${PLUGIN}.add-note`).count()).toBe(1);
    expect(await done.getByRole('button', { name: p.jobs.retry }).count()).toBe(0);
    await dead.getByText(p.jobs.states.dead, { exact: true }).waitFor();
    expect((await dead.getByRole('cell').nth(3).textContent())?.replace(/\s+/g, '')).toBe('1/1');
    expect((await dead.getByRole('cell').nth(4).textContent())?.trim()).not.toBe('');
    await shot(page, 'jobs-dead');

    await dead.getByRole('button', { name: p.jobs.retry }).click();
    await shell.toast(p.jobs.retried).waitFor();
    // Waiting again: the row says so and the state filter finds it among the pending ones.
    await jobs.locator('[data-testid="plugin-job"][data-job-state="pending"]').waitFor();
    expect(await dead.count()).toBe(0);
    const state = await e2e.server.deps.db
      .selectFrom('jobs')
      .select('state')
      .where('id', '=', deadId)
      .executeTakeFirstOrThrow();
    expect(state.state).toBe('pending');
    await jobs.getByLabel(p.jobs.state).selectOption('pending');
    await eventually(() => rows.count(), 1);
    await shot(page, 'jobs-retried');
  });

  it('uninstall asks first, offers to delete the data, and the list and menu follow', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.goto(e2e.url('/plugins-management'));
    await pluginGroup(page).waitFor();
    const uninstall = row(page, PLUGIN).getByRole('button', { name: p.management.uninstall, exact: true });

    // 'NIE' changes nothing.
    await uninstall.click();
    const dialog = page.getByTestId('uninstall-dialog');
    await dialog.getByText(format(p.management.uninstallConfirm, { name: fixtureBase.name })).waitFor();
    await page.getByRole('button', { name: t.common.no, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await row(page, PLUGIN).getByRole('cell').nth(2).textContent()).toBe(p.management.yes);

    // 'TAK' with the data deleted too.
    await uninstall.click();
    const deleteData = dialog.getByLabel(p.management.deleteData);
    expect(await deleteData.isChecked()).toBe(false);
    await dialog.getByText(p.management.keepDataNote).waitFor();
    await deleteData.check();
    await shot(page, 'uninstall-dialog');
    await page.getByRole('button', { name: t.common.yes, exact: true }).click();
    await shell.toast(p.management.uninstalled_toast).waitFor();
    await row(page, PLUGIN).getByRole('button', { name: p.management.install, exact: true }).waitFor();
    expect(await row(page, PLUGIN).getByRole('cell').nth(2).textContent()).toBe(p.management.no);
    await pluginGroup(page).waitFor({ state: 'detached' });
    expect(await page.getByTestId('menu-group-others').count()).toBe(0);
    await shot(page, 'uninstalled');
    // The data went with it: installed again, the plugin starts with no notes and no settings.
    const again = await org.admin.request('POST', '/api/plugin_install', { form: { pluginId: PLUGIN } });
    expect(again.status).toBe(204);
    const notes = await org.admin.get<{ notes: unknown[] }>(`/api/plugins/${PLUGIN}/notes`);
    expect(notes.body.notes).toEqual([]);
    const settings = await org.admin.get<{ secrets: Record<string, string> }>(`/api/plugins/${PLUGIN}/settings`);
    expect(settings.body.secrets).toEqual({ apiToken: 'unset' });
  });
});
