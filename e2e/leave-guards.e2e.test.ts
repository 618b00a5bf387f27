import type { Item } from '@zaplecze/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
import { MassEditPage } from './support/pages/item-edit-page';
import { PrintSettingsPage } from './support/pages/settings-pages';
import { Shell } from './support/pages/shell';
import { signedIn, waitForPath } from './support/session';
import { t } from './support/texts';
import { screenshotsWanted } from './support/screens';

/**
 * The unsaved-changes question (ui/useLeaveGuard.ts) on the screens that lacked it: the items mass
 * edit and the settings kept in this browser (print settings, main settings). Leaving with changes
 * asks like the item and order edits do; staying keeps what was typed; after a save nothing asks.
 */

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));
  // The waits stay without a screenshot: the steps after it read a settled screen.
  if (!screenshotsWanted()) return;
  await page.screenshot({ path: `/tmp/webfix/${name}.png` });
}

describe('leaving a screen with unsaved changes asks first', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  const leave = t.ui.leave;
  const ask = (page: Page) => page.getByRole('dialog').filter({ hasText: leave.message });

  beforeAll(async () => {
    org = await newOrg(e2e.server);
  });

  it('items mass edit: a ticked change asks before leaving; after the save the report leads back without a question', async () => {
    const status = await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny', color: '00aa00' });
    expect(status.status).toBe(200);
    const created: Item[] = [];
    for (const code of ['GRD-1', 'GRD-2']) {
      const res = await org.admin.post<Item>('/api/items', {
        code,
        price: 10,
        vat: 23,
        currency: 'PLN',
        countWare: 1,
        itemStatusId: status.body.id,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      created.push(res.body);
    }
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const mass = await new MassEditPage(page, (p) => e2e.url(p)).goto({
      ids: created.map((i) => i.id),
      codes: created.map((i) => i.code),
    });

    // Nothing changed yet: the way back does not ask.
    await page.getByTestId('mass-back').click();
    await waitForPath(page, '/items');
    await mass.goto({ ids: created.map((i) => i.id), codes: created.map((i) => i.code) });

    await mass.tick('price');
    await mass.field('priceValue').fill('12,5');
    await page.getByTestId('mass-back').click();
    await ask(page).waitFor();
    await shot(page, 'mass-edit-leave-ask');
    await ask(page).getByRole('button', { name: leave.stay }).click();
    await ask(page).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/items/mass-edit');
    expect(await mass.field('priceValue').inputValue()).toBe('12,5');

    // The left menu asks too; leaving without saving goes.
    await new Shell(page).menuEntry(t.menu.home).click();
    await ask(page).waitFor();
    await ask(page).getByRole('button', { name: leave.leave }).click();
    await waitForPath(page, '/');

    // Saved: the report closes onto the list with no question.
    await mass.goto({ ids: created.map((i) => i.id), codes: created.map((i) => i.code) });
    await mass.tick('price');
    await mass.field('priceValue').fill('12,5');
    await mass.saveButton.click();
    await mass.report.waitFor();
    await page.getByTestId('report-close').click();
    await waitForPath(page, '/items');
    expect(await ask(page).count()).toBe(0);
    const after = await org.admin.get<{ items: Item[] }>(`/api/items?id=${created[0]?.id}`);
    expect(after.body.items[0]?.price).toBe(12.5);
  });

  it('print settings and main settings: a changed choice asks before leaving; saved, it leaves at once', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const print = await new PrintSettingsPage(page, (p) => e2e.url(p)).goto();
    const label = print.select(t.settings.print.labelFormat);
    await label.selectOption('A6');
    const toMain = page.locator('[data-testid="settings-nav"] a[href="/settings/main"]');
    await toMain.click();
    await ask(page).waitFor();
    await shot(page, 'print-settings-leave-ask');
    await ask(page).getByRole('button', { name: leave.stay }).click();
    await ask(page).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/settings/print');
    expect(await label.inputValue()).toBe('A6');

    await print.saveButton.click();
    await toMain.click();
    await waitForPath(page, '/settings/main');
    expect(await ask(page).count()).toBe(0);

    // Main settings: the one choice kept in this browser.
    await page.getByTestId('settings-advanced-toggle').click();
    const skip = page.getByLabel(t.settings.main.skipAutoload);
    await skip.check();
    await shot(page, 'main-settings-changed');
    await page.locator('[data-testid="settings-nav"] a[href="/settings/print"]').click();
    await ask(page).waitFor();
    await ask(page).getByRole('button', { name: leave.leave }).click();
    await waitForPath(page, '/settings/print');
    // Left without saving: the print settings saved before are still there.
    expect(await label.inputValue()).toBe('A6');
  });
});
