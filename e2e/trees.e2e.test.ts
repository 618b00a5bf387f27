import fs from 'node:fs';
import type { TreeNode } from '@zaplecze/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_MSG } from '../packages/server/src/modules/catalog-trees/messages.pl';
import { eventually, setupE2e } from './support/e2e';
import { createUser, newOrg, type TestOrg } from './support/org';
import { Shell } from './support/pages/shell';
import { TreePage } from './support/pages/tree-page';
import { signedIn } from './support/session';
import { pageTitle, t } from './support/texts';
import { savedFile } from './support/downloads';
import { format } from '@web/i18n';

describe('category and warehouse place trees', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  const search = t.trees.search;

  beforeAll(async () => {
    org = await newOrg(e2e.server);
  });

  const categoriesViaApi = async (): Promise<TreeNode[]> =>
    (await org.admin.get<{ categories: TreeNode[] }>('/api/categories')).body.categories;
  const byName = (list: TreeNode[], name: string): TreeNode => {
    const node = list.find((n) => n.name === name);
    if (!node) throw new Error(`no node ${name}`);
    return node;
  };

  it('builds the category tree: top nodes, children via add-child, indent, order, search dialog, 409 on delete', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const tree = await new TreePage(page, (p) => e2e.url(p), 'categories').goto();
    const shell = new Shell(page);
    const c = tree.texts;
    await eventually(() => page.title(), pageTitle(c.title));
    await tree.empty.waitFor();
    expect(await tree.empty.textContent()).toBe(c.empty);

    // The add form: its header, the root option, Save disabled without name or number, no Cancel.
    expect(await tree.formHeading.textContent()).toBe(c.addHeading);
    expect(await tree.parentOptions()).toEqual([c.rootOption]);
    expect(await tree.saveButton.isDisabled()).toBe(true);
    await tree.nameField.fill('Elektronika');
    expect(await tree.saveButton.isDisabled()).toBe(true);
    await tree.numberField.fill('EL');
    expect(await tree.saveButton.isDisabled()).toBe(false);
    expect(await tree.cancelButton.count()).toBe(0);
    await tree.saveButton.click();
    await shell.toast(t.toasts.saved).first().waitFor();
    await tree.row('Elektronika').waitFor();
    // After a save the form is empty again.
    await eventually(() => tree.nameField.inputValue(), '');
    expect(await tree.numberField.inputValue()).toBe('');

    await tree.save('AGD', 'AG');
    await tree.row('AGD').waitFor();

    // Add-child prefills the parent and puts the cursor in the name field.
    const el = byName(await categoriesViaApi(), 'Elektronika');
    await tree.addChildButton('Elektronika').click();
    await eventually(() => tree.parentSelect.inputValue(), String(el.id));
    expect(await tree.formHeading.textContent()).toBe(c.addHeading);
    await eventually(() => tree.nameField.evaluate((e) => e === document.activeElement), true);
    await tree.save('Telewizory', 'TV');
    await tree.row('Telewizory').waitFor();
    await tree.addChildButton('Telewizory').click();
    await eventually(() => tree.parentSelect.inputValue(), String(byName(await categoriesViaApi(), 'Telewizory').id));
    await tree.save('OLED', 'OL');
    await tree.row('OLED').waitFor();

    // Rows in fullNumber order (AG < EL < EL-TV < EL-TV-OL), indented 1 em per level.
    expect(await tree.rowNames()).toEqual(['AGD', 'Elektronika', 'Telewizory', 'OLED']);
    expect(await tree.indent('Elektronika')).toEqual({ depth: 0, em: 0 });
    expect(await tree.indent('Telewizory')).toEqual({ depth: 1, em: 1 });
    expect(await tree.indent('OLED')).toEqual({ depth: 2, em: 2 });
    const oled = byName(await categoriesViaApi(), 'OLED');
    expect(oled.fullNumber).toBe('EL-TV-OL');
    expect((await tree.cells('OLED')).slice(0, 3)).toEqual(['OLED', 'OL', String(oled.id)]);

    // Collapse and expand a branch.
    await tree.toggle('Elektronika').click();
    await eventually(() => tree.rowNames(), ['AGD', 'Elektronika']);
    await tree.toggle('Elektronika').click();
    await eventually(() => tree.rowNames(), ['AGD', 'Elektronika', 'Telewizory', 'OLED']);

    // Editing: header, Cancel, and the node's own branch is not offered as its parent.
    await tree.editButton('Elektronika').click();
    await eventually(() => tree.formHeading.textContent(), c.editHeading);
    await eventually(() => tree.nameField.inputValue(), 'Elektronika');
    expect(await tree.parentOptions()).toEqual([c.rootOption, 'AG – AGD']);
    await tree.cancelButton.click();
    await eventually(() => tree.formHeading.textContent(), c.addHeading);
    expect(await tree.nameField.inputValue()).toBe('');
    expect(await tree.cancelButton.count()).toBe(0);

    // The search dialog, opened from the form: name contains, number starts with; choosing fills the parent.
    await tree.parentSearchButton.click();
    await tree.searchDialog.waitFor();
    await tree.searchField(search.categoryName).fill('tele');
    await tree.searchField(search.categoryName).press('Enter');
    await eventually(() => tree.searchResults(), [['TV', 'Elektronika / Telewizory', search.choose]]);
    // Enter ran the dialog's search only, not the (empty) form around the picker.
    expect(await tree.nameField.getAttribute('class')).not.toContain('is-invalid');
    await tree.searchField(search.categoryName).fill('');
    await tree.searchField(search.categoryNumber).fill('o');
    await tree.searchRun.click();
    await eventually(() => tree.searchResults(), [['OL', 'Elektronika / Telewizory / OLED', search.choose]]);
    await tree.searchField(search.categoryNumber).fill('XYZ');
    await tree.searchRun.click();
    await tree.searchDialog.getByText(search.noResults).waitFor();
    await tree.searchField(search.categoryNumber).fill('e');
    await tree.searchRun.click();
    await eventually(async () => (await tree.searchResults()).map((r) => r[0]), ['EL']);
    await tree.chooseResult('Elektronika').click();
    await tree.searchDialog.waitFor({ state: 'detached' });
    expect(await tree.parentSelect.inputValue()).toBe(String(el.id));
    await tree.save('Telefony', 'TEL');
    await tree.row('Telefony').waitFor();
    expect(await tree.indent('Telefony')).toEqual({ depth: 1, em: 1 });
    expect(await tree.rowNames()).toEqual(['AGD', 'Elektronika', 'Telefony', 'Telewizory', 'OLED']);

    // A parent with children cannot be deleted: the server's 409 message in an error toast.
    await tree.deleteButton('Elektronika').click();
    await page.getByRole('dialog').getByText(c.deleteConfirmTitle).waitFor();
    await page.getByRole('button', { name: t.common.yes, exact: true }).click();
    const error = shell.toast(c.deleteErrorTitle);
    await error.waitFor();
    expect(await error.textContent()).toContain(CATEGORY_MSG.hasChildren);
    expect(await tree.row('Elektronika').count()).toBe(1);

    // A leaf is deleted after confirmation.
    await tree.deleteButton('AGD').click();
    await page.getByRole('button', { name: t.common.yes, exact: true }).click();
    await shell.toast(t.toasts.deleted).first().waitFor();
    await tree.row('AGD').waitFor({ state: 'detached' });
    expect((await categoriesViaApi()).map((n) => n.name)).not.toContain('AGD');
  });

  it('places: full position column, place search by position, multi-select downloads places.pdf', async () => {
    const post = async (name: string, number: string, parentId: number | null) => {
      const res = await org.admin.post<TreeNode>('/api/places', { name, number, parentId });
      expect(res.status).toBe(200);
      return res.body;
    };
    const hall = await post('Hala główna', 'A', null);
    const rack = await post('Regał 1', '1', hall.id);
    await post('Półka górna', '1', rack.id);
    await post('Półka dolna', '2', rack.id);
    await post('Magazyn zewnętrzny', 'B', null);

    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const tree = await new TreePage(page, (p) => e2e.url(p), 'places').goto();
    await tree.row('Półka dolna').waitFor();
    expect(await tree.parentOptions()).toContain(t.trees.places.rootOption);
    expect(await tree.formHeading.textContent()).toBe(t.trees.places.addHeading);
    const headers = (await tree.table.locator('thead th').allTextContents()).map((h) => h.trim()).filter(Boolean);
    expect(headers.slice(0, 4)).toEqual([
      t.trees.tree.colName,
      t.trees.tree.colNumber,
      t.trees.tree.colId,
      t.trees.tree.colPosition,
    ]);
    expect((await tree.cells('Półka dolna')).slice(0, 4)).toEqual(['Półka dolna', '2', expect.any(String), 'A-1-2']);

    // Place search: position is a prefix of the full position, case-insensitive.
    await tree.parentSearchButton.click();
    await tree.searchField(search.position).fill('a-1-');
    await tree.searchRun.click();
    await eventually(async () => (await tree.searchResults()).map((r) => r[0]), ['A-1-1', 'A-1-2']);
    await tree.searchField(search.placeName).fill('DOLNA');
    await tree.searchRun.click();
    await eventually(async () => (await tree.searchResults()).map((r) => r[0]), ['A-1-2']);
    await tree.searchDialog.getByRole('button', { name: search.close, exact: true }).click();

    // Multi-select: click one row, shift-click another, download the codes of the range.
    await tree.multiStart.click();
    await tree.row('Regał 1').click();
    await tree.row('Półka dolna').click({ modifiers: ['Shift'] });
    await eventually(() => tree.multiCount.textContent(), format(t.ui.multiSelect.selected, { n: 3 }));
    const [download] = await Promise.all([page.waitForEvent('download'), tree.multiDownload.click()]);
    expect(download.suggestedFilename()).toBe('places.pdf');
    const file = await savedFile(download);
    expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('without main.items.edit the trees are read-only', async () => {
    const reader = await createUser(e2e.server, org, { login: 'czytelnik', permissions: 'main.items.show' });
    const { page } = await signedIn(e2e, reader.login, reader.pass);
    const tree = await new TreePage(page, (p) => e2e.url(p), 'places').goto();
    await tree.row('Hala główna').waitFor();
    await tree.readOnlyNote.waitFor();
    expect(await tree.form.count()).toBe(0);
    expect(await tree.editButton('Hala główna').count()).toBe(0);
    expect(await tree.deleteButton('Hala główna').count()).toBe(0);
    // Printing the tree's reader codes needs main.items.edit too: no selection for codes is offered.
    expect(await tree.multiStart.count()).toBe(0);
  });
});
