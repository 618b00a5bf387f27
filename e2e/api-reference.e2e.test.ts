import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiReferenceMessages } from '@web/features/api-reference/messages.pl';
import { eventually, setupE2e } from './support/e2e';
import { createUser, newOrg, type TestOrg } from './support/org';
import { RESULTS_DIR } from './support/paths';
import { keepScreenshot } from './support/screens';
import { signedIn, waitForPath } from './support/session';
import { t } from './support/texts';

const SCREENS = path.join(RESULTS_DIR, 'screens');
const r = apiReferenceMessages;

/**
 * The API reference for administrators (docs/api.md): a menu entry under Opcje for main.admin
 * only; the page draws the server's own OpenAPI document (every group and operation of it), and an
 * operation opens to its parameters, body and answers.
 */
describe('API reference', () => {
  const e2e = setupE2e();
  let org: TestOrg;

  beforeAll(async () => {
    org = await newOrg(e2e.server);
  });

  it('an administrator opens it from the menu and reads every operation of the document', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await shell.menuEntry(t.menu.apiReference).click();
    await waitForPath(page, '/api-reference');
    await page.getByTestId('api-group').first().waitFor();
    await eventually(async () => (await page.title()).startsWith(t.titles.apiReference), true);

    const doc = e2e.server.openApi();
    const operations = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(await page.getByTestId('api-operation').count()).toBe(operations);
    const tags = await page.getByTestId('api-group').evaluateAll((els) => els.map((e) => e.getAttribute('data-tag')));
    expect(tags).toEqual(doc.tags.map((tag) => tag.name));
    await keepScreenshot(page, path.join(SCREENS, 'api-reference.png'));

    // GET /items: its query parameters and the answer: a lookup or a page (ItemsAnswer), whose rows
    // are ItemRow, each opened on demand.
    const items = page.locator('[data-testid="api-operation"][data-operation="GET /items"]');
    await items.getByRole('button').first().click();
    await items.getByRole('cell', { name: 'perPage' }).waitFor();
    await items.locator('summary', { hasText: /^ItemsAnswer$/ }).click();
    await items.locator('summary', { hasText: /^ItemRow$/ }).click();
    await items.getByRole('cell', { name: 'lastChangedPhotos' }).waitFor();
    await keepScreenshot(items, path.join(SCREENS, 'api-reference-items.png'));

    // The search keeps what matches a permission key.
    await page.getByLabel(r.search).fill('main.warehouse.edit');
    const shown = await page
      .getByTestId('api-operation')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-operation')));
    expect(shown.sort()).toEqual(['DELETE /warehouse_changes', 'PUT /warehouse_changes']);
  });

  it('is not in the menu of a user without main.admin', async () => {
    const user = await createUser(e2e.server, org, { login: 'sprzedawca', permissions: 'main.items.show' });
    const { shell } = await signedIn(e2e, user.login, user.pass);
    await shell.menuEntry(t.menu.settings).waitFor();
    expect(await shell.menuEntry(t.menu.apiReference).count()).toBe(0);
  });
});
