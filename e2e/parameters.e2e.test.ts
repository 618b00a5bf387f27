import type { Parameter, TreeNode } from '@zaplecze/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION } from '@zaplecze/contract';
import { eventually, setupE2e } from './support/e2e';
import { createUser, newOrg, type TestOrg } from './support/org';
import { ParameterEditPage, ParametersPage } from './support/pages/parameters-page';
import { Shell } from './support/pages/shell';
import { signedIn, waitForPath } from './support/session';
import { pageTitle, t } from './support/texts';

describe('parameters list and edit', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  let el: TreeNode;
  let tv: TreeNode;
  const l = t.parameters.list;
  const types = t.parameters.types;

  const paramsViaApi = async (): Promise<Parameter[]> =>
    (await org.admin.get<{ params: Parameter[] }>('/api/parameters')).body.params;
  const category = async (name: string, number: string, parentId: number | null): Promise<TreeNode> => {
    const res = await org.admin.post<TreeNode>('/api/categories', { name, number, parentId });
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    org = await newOrg(e2e.server);
    el = await category('Elektronika', 'EL', null);
    tv = await category('Telewizory', 'TV', el.id);
  });

  it('creates a dictionary parameter in a category, filters by category strictly, keeps the filter on reload, deletes', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const shell = new Shell(page);
    const list = await new ParametersPage(page, (p) => e2e.url(p)).goto();
    await eventually(() => page.title(), pageTitle(t.parameters.title));
    await list.empty.waitFor();
    expect(await list.empty.textContent()).toBe(l.empty);

    // Create: DICT with two entries, in the category Telewizory, multi.
    await list.createButton.click();
    await waitForPath(page, '/parameters/0');
    const edit = new ParameterEditPage(page);
    await eventually(() => edit.heading.textContent(), t.parameters.edit.createHeading);
    expect(await edit.categorySelect.inputValue()).toBe('');
    expect((await edit.categorySelect.locator('option').first().textContent())?.trim()).toBe(t.common.none);
    await edit.nameField.fill('Kolor obudowy');
    await edit.typeSelect.selectOption({ label: types.DICT });
    await edit.dictionary.waitFor();
    await edit.addEntryButton.click();
    await edit.entry(1).fill('czarny');
    await edit.addEntryButton.click();
    await edit.entry(2).fill('Czarny');
    await edit.addEntryButton.click();
    await edit.entry(3).fill('srebrny');
    // The contract's rules run before sending: duplicates (ignoring case) are refused, nothing is lost.
    await edit.saveButton.click();
    await edit.dictionary.getByText(VALIDATION.dictionaryDuplicate).waitFor();
    expect(await edit.entries()).toEqual(['czarny', 'Czarny', 'srebrny']);
    await edit.removeEntryButton(2).click();
    expect(await edit.entries()).toEqual(['czarny', 'srebrny']);
    // The category comes from the search dialog.
    await edit.categorySearchButton.click();
    const dialog = page.getByRole('dialog').filter({ hasText: t.trees.categories.searchTitle });
    await dialog.getByLabel(t.trees.search.categoryNumber, { exact: true }).fill('tv');
    await dialog.getByLabel(t.trees.search.categoryNumber, { exact: true }).press('Enter');
    await dialog.getByRole('button', { name: t.trees.search.choose, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await edit.categorySelect.inputValue()).toBe(String(tv.id));
    await edit.multiCheckbox.check();
    await edit.saveButton.click();
    await shell.toast(t.parameters.edit.saved).waitFor();
    await waitForPath(page, '/parameters');

    const created = (await paramsViaApi()).find((p) => p.name === 'Kolor obudowy');
    expect(created).toMatchObject({
      type: 'DICT',
      categoryId: tv.id,
      isMulti: true,
      dictionary: ['czarny', 'srebrny'],
    });
    expect(await list.cells('Kolor obudowy')).toEqual([String(created?.id), 'Kolor obudowy', types.DICT, 'EL-TV', '']);
    // The category column shows the full number (the position in the tree); its tooltip the full name.
    await list.categoryBadge('Kolor obudowy').hover();
    await page.getByRole('tooltip').filter({ hasText: 'Elektronika / Telewizory' }).waitFor();

    // Two more: a main one (no category, '---') and one in the parent category.
    expect((await org.admin.post('/api/parameters', { name: 'Waga', type: 'NUMBER_REAL' })).status).toBe(200);
    expect(
      (await org.admin.post('/api/parameters', { name: 'Moc', type: 'NUMBER_INT', categoryId: el.id })).status,
    ).toBe(200);
    await list.goto();
    await list.row('Waga').waitFor();
    expect((await list.cells('Waga')).slice(2, 4)).toEqual([types.NUMBER_REAL, l.noCategory]);

    // Search: 'Tylko w tej kategorii' needs a real category.
    await list.openSearch();
    expect(await list.strictCheckbox.isDisabled()).toBe(true);
    await list.categorySelect.selectOption(String(tv.id));
    expect(await list.strictCheckbox.isDisabled()).toBe(false);
    await list.strictCheckbox.check();
    await list.runButton.click();
    await eventually(() => new URL(page.url()).search, `?catId=${tv.id}&isCatStrict=true`);
    await eventually(() => list.names(), ['Kolor obudowy']);
    await list.filterSummary.waitFor();

    // The URL is the state: a reload keeps the filter and the form opens with it.
    await page.reload();
    await list.table.waitFor();
    await eventually(() => list.names(), ['Kolor obudowy']);
    await list.openSearch();
    expect(await list.categorySelect.inputValue()).toBe(String(tv.id));
    expect(await list.strictCheckbox.isChecked()).toBe(true);

    // Main parameters: strictness is disabled and cleared.
    await list.categorySelect.selectOption(t.parameters.search.main);
    expect(await list.strictCheckbox.isDisabled()).toBe(true);
    expect(await list.strictCheckbox.isChecked()).toBe(false);
    await list.runButton.click();
    // Only what differs from no filter is written (isCatStrict=false is the default).
    await eventually(() => new URL(page.url()).search, '?catId=-1');
    await eventually(() => list.names(), ['Waga']);

    // Not strict: the category, its ancestors and the main parameters; '0' reads as false.
    await list.goto(`?catId=${tv.id}&isCatStrict=0`);
    await eventually(async () => (await list.names()).sort(), ['Kolor obudowy', 'Moc', 'Waga']);

    // Delete with confirmation.
    await list.deleteButton('Kolor obudowy').click();
    await page.getByRole('dialog').getByText(l.deleteConfirmTitle).waitFor();
    await page.getByRole('button', { name: t.common.yes, exact: true }).click();
    await shell.toast(t.toasts.deleted).waitFor();
    await list.row('Kolor obudowy').waitFor({ state: 'detached' });
    expect((await paramsViaApi()).map((p) => p.name).sort()).toEqual(['Moc', 'Waga']);
  });

  it('edits a parameter: header, loaded values, save returns to the list', async () => {
    const res = await org.admin.post<Parameter>('/api/parameters', {
      name: 'Rozmiar',
      type: 'DICT',
      dictionary: ['S', 'M'],
    });
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.goto(e2e.url(`/parameters/${res.body.id}`));
    const edit = new ParameterEditPage(page);
    await eventually(() => edit.heading.textContent(), t.parameters.edit.editHeading);
    await eventually(() => edit.nameField.inputValue(), 'Rozmiar');
    expect(await edit.entries()).toEqual(['S', 'M']);
    await edit.addEntryButton.click();
    await edit.entry(3).fill('L');
    await edit.saveButton.click();
    await new Shell(page).toast(t.parameters.edit.saved).waitFor();
    await waitForPath(page, '/parameters');
    const saved = (await org.admin.get<Parameter>(`/api/parameters?id=${res.body.id}`)).body;
    expect(saved.dictionary).toEqual(['S', 'M', 'L']);
  });

  it('without main.items.edit the list and the form are read-only', async () => {
    const reader = await createUser(e2e.server, org, { login: 'czytelnik', permissions: 'main.items.show' });
    const { page } = await signedIn(e2e, reader.login, reader.pass);
    const list = await new ParametersPage(page, (p) => e2e.url(p)).goto();
    await list.row('Waga').waitFor();
    expect(await list.createButton.count()).toBe(0);
    expect(await list.deleteButton('Waga').count()).toBe(0);
    await list.row('Waga').getByRole('link', { name: l.edit }).click();
    const edit = new ParameterEditPage(page);
    await eventually(() => edit.nameField.inputValue(), 'Waga');
    expect(await edit.nameField.isDisabled()).toBe(true);
    expect(await edit.saveButton.count()).toBe(0);
  });
});
