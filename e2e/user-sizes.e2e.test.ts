import { beforeAll, describe, expect, it } from 'vitest';
import { format } from '@web/i18n';
import { eventually, setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
import { ReferenceListPage } from './support/pages/reference-list-page';
import { Shell } from './support/pages/shell';
import { signedIn } from './support/session';
import { pageTitle, t } from './support/texts';

describe('defined package sizes (user-sizes)', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  const u = t.userSizes;

  beforeAll(async () => {
    org = await newOrg(e2e.server);
  });

  it('adds, edits and deletes a size; Save needs a name; sides default to 0', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const shell = new Shell(page);
    const list = await new ReferenceListPage(page, (p) => e2e.url(p), 'userSizes').goto();
    await eventually(() => page.title(), pageTitle(u.title));
    await list.empty.waitFor();
    expect(await list.empty.textContent()).toBe(u.empty);
    expect(await list.formHeading.textContent()).toBe(u.addHeading);
    for (const side of [u.sizeA, u.sizeB, u.sizeC]) expect(await list.field(side).inputValue()).toBe('0');
    expect(await list.saveButton.isDisabled()).toBe(true);

    await list.field(u.sizeA).fill('300');
    await list.field(u.sizeB).fill('200');
    expect(await list.saveButton.isDisabled()).toBe(true);
    await list.nameField.fill('Karton średni');
    await eventually(() => list.saveButton.isEnabled(), true);
    await list.saveButton.click();
    await shell.toast(t.toasts.saved).waitFor();
    await list.row('Karton średni').waitFor();
    const cells = await list.cells('Karton średni');
    expect(cells.slice(1, 5)).toEqual(['Karton średni', '300', '200', '0']);
    expect(await list.nameField.inputValue()).toBe('');
    expect(await list.field(u.sizeA).inputValue()).toBe('0');

    // Edit copies the row into the form at the top and scrolls there.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await list.editButton('Karton średni').click();
    await eventually(() => list.formHeading.textContent(), u.editHeading);
    // The form takes the row's values in an effect after the heading has changed.
    await eventually(() => list.nameField.inputValue(), 'Karton średni');
    expect(await list.field(u.sizeA).inputValue()).toBe('300');
    await eventually(() => page.evaluate(() => window.scrollY), 0);
    await list.field(u.sizeC).fill('150');
    await list.saveButton.click();
    await eventually(async () => (await list.cells('Karton średni')).slice(2, 5), ['300', '200', '150']);
    const api = await org.admin.get<{ userSizes: unknown[] }>('/api/user_sizes');
    expect(api.body.userSizes).toEqual([
      { id: Number(cells[0]), name: 'Karton średni', sizeA: 300, sizeB: 200, sizeC: 150 },
    ]);

    await list.deleteButton('Karton średni').click();
    await list.dialog.getByText(format(u.deleteConfirm, { name: 'Karton średni' })).waitFor();
    await list.confirmYes.click();
    await shell.toast(t.toasts.deleted).waitFor();
    await list.empty.waitFor();
  });

  it('multi-selects sizes and downloads their codes as user_sizes.pdf', async () => {
    await org.admin.post('/api/user_sizes', { name: 'Koperta', sizeA: 250, sizeB: 350, sizeC: 20 });
    await org.admin.post('/api/user_sizes', { name: 'Paleta', sizeA: 1200, sizeB: 800, sizeC: 1500 });
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const list = await new ReferenceListPage(page, (p) => e2e.url(p), 'userSizes').goto();
    await list.row('Paleta').waitFor();
    await list.multiStart.click();
    await list.row('Koperta').click();
    await list.row('Paleta').click();
    const download = await list.downloadCodes();
    expect(download.suggestedFilename()).toBe('user_sizes.pdf');
  });
});
