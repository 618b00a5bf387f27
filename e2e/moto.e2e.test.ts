import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { format } from '@web/i18n';
import { manifest } from '../plugins/moto/manifest';
import type { Fitment, Make, Model } from '../plugins/moto/schemas';
import { eventually, setupE2e } from './support/e2e';
import { itemStatusOf, newOrg, type TestOrg } from './support/org';
import { ItemEditPage } from './support/pages/item-edit-page';
import { ItemsPage } from './support/pages/items-page';
import { selectTextFits } from './support/layout';
import { RESULTS_DIR } from './support/paths';
import { keepScreenshot, screenshotsWanted } from './support/screens';
import { signedIn, waitForPath } from './support/session';
import { t } from './support/texts';

const SCREENS = path.join(RESULTS_DIR, 'screens');
/**
 * A screenshot for a person, once the menu's and dialogs' CSS transitions have ended: of the
 * window with `at.scrollTo` centred in it (a panel's sticky footer would cover what only just
 * scrolled in), or of the element `at.element` alone.
 */
async function shot(page: Page, name: string, at: { scrollTo?: Locator; element?: Locator } = {}): Promise<void> {
  if (!screenshotsWanted()) return;
  await at.scrollTo?.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));
  await keepScreenshot(at.element ?? page, path.join(SCREENS, `moto-${name}.png`));
}

const PLUGIN = manifest.id;
const API = `/api/plugins/${PLUGIN}`;
const SECTION = 'Pasuje do motocykli';
/** The items of the test, all with this code prefix (the list is searched by it). */
const CODES = ['MOT-FIL', 'MOT-KLO', 'MOT-LAN', 'MOT-LUS'] as const;
type Code = (typeof CODES)[number];

/**
 * The moto plugin in the browser (docs/plugins.md, The moto plugin): the item edit section
 * 'Pasuje do motocykli' saved with the item and shown in the item preview, the items search by
 * motorcycle (make, model, year), and the mass edit section adding and removing fitments on a
 * selection. The plugin is installed through the API (its starter catalogue is the makes and models).
 */
describe('moto: item fitments, the preview, the search by motorcycle, mass fitments', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  const ids = {} as Record<Code, number>;
  let honda: Make;
  let yamaha: Make;
  let cbr: Model;
  let hornet: Model;
  let mt07: Model;

  const fitments = async (code: Code) => {
    const res = await org.admin.get<{ fitments: Fitment[] }>(`${API}/fitments?itemId=${ids[code]}`);
    expect(res.status).toBe(200);
    return res.body.fitments.map((f) => `${f.makeName} ${f.modelName} ${f.yearFrom}-${f.yearTo}`).sort();
  };
  const putFitments = async (code: Code, list: { model: Model; from: number; to: number }[]) => {
    const res = await org.admin.put(`${API}/fitments`, {
      itemId: ids[code],
      fitments: list.map((f) => ({ modelId: f.model.id, yearFrom: f.from, yearTo: f.to })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  beforeAll(async () => {
    org = await newOrg(e2e.server);
    const installed = await org.admin.request('POST', '/api/plugin_install', { form: { pluginId: PLUGIN } });
    expect(installed.status).toBe(204);
    const makes = (await org.admin.get<{ makes: Make[] }>(`${API}/makes`)).body.makes;
    honda = makes.find((m) => m.name === 'Honda')!;
    yamaha = makes.find((m) => m.name === 'Yamaha')!;
    const models = (await org.admin.get<{ models: Model[] }>(`${API}/models`)).body.models;
    const model = (make: Make, name: string) => models.find((m) => m.makeId === make.id && m.name === name)!;
    cbr = model(honda, 'CBR 600RR');
    hornet = model(honda, 'Hornet 600');
    mt07 = model(yamaha, 'MT-07');
    expect([cbr, hornet, mt07].every(Boolean)).toBe(true);

    const statusId = await itemStatusOf(e2e.server, org);
    const names: Record<Code, string> = {
      'MOT-FIL': 'Filtr oleju HF204',
      'MOT-KLO': 'Klocki hamulcowe przednie',
      'MOT-LAN': 'Łańcuch napędowy 525',
      'MOT-LUS': 'Lusterko lewe',
    };
    for (const code of CODES) {
      const res = await org.admin.post<{ id: number }>('/api/items', {
        code,
        name: names[code],
        price: 99,
        vat: 23,
        currency: 'PLN',
        countWare: 1,
        itemStatusId: statusId,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids[code] = res.body.id;
    }
    // An item of another kind, never fitted: no motorcycle search finds it.
    await org.admin.post('/api/items', {
      code: 'KUB-1',
      name: 'Kubek',
      price: 5,
      vat: 23,
      currency: 'PLN',
      countWare: 1,
      itemStatusId: statusId,
    });
  });

  /** The editor of FitmentsEditor (item edit: 'moto-item', mass edit: 'moto-mass'). */
  const editor = (page: Page, testId: string) => ({
    make: page.locator(`#${testId}-make`),
    model: page.locator(`#${testId}-model`),
    from: page.locator(`#${testId}-from`),
    to: page.locator(`#${testId}-to`),
    add: page.getByTestId(`${testId}-add`),
    rows: page.getByTestId(`${testId}-list`).locator('tbody tr'),
    empty: page.getByTestId(`${testId}-empty`),
  });
  const rowTexts = async (rows: Locator) =>
    Promise.all((await rows.all()).map(async (r) => (await r.locator('td').allTextContents()).slice(0, 4)));

  it("item edit: 'Pasuje do motocykli' adds a fitment, saved with the item and kept after a reload", async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const edit = await new ItemEditPage(page, (p) => e2e.url(p)).goto(ids['MOT-KLO']);
    const section = page.getByTestId('moto-item-section');
    await section.getByText(SECTION, { exact: true }).waitFor();
    const ed = editor(page, 'moto-item');
    await ed.empty.waitFor();
    expect(await ed.empty.textContent()).toBe('Brak dopasowań.');

    // A model fills in its production years; the seller narrows them.
    await ed.make.selectOption({ label: 'Honda' });
    await ed.model.selectOption({ label: `CBR 600RR (${cbr.capacity} cm³)` });
    expect([await ed.from.inputValue(), await ed.to.inputValue()]).toEqual([String(cbr.yearFrom), String(cbr.yearTo)]);
    // Years the wrong way round are refused in place.
    await ed.from.fill('2012');
    await ed.to.fill('2007');
    await ed.add.click();
    await section.getByRole('alert').getByText('Rok „do” nie może być wcześniejszy niż rok „od”.').waitFor();
    expect(await ed.rows.count()).toBe(0);
    await ed.from.fill('2007');
    await ed.to.fill('2012');
    await ed.add.click();
    await eventually(() => ed.rows.count(), 1);
    expect(await section.getByRole('alert').count()).toBe(0);
    expect(await rowTexts(ed.rows)).toEqual([['Honda', 'CBR 600RR', `${cbr.capacity} cm³`, '2007–2012']]);
    await shot(page, 'item-edit-section', { element: section });
    // Not saved until the item is.
    expect(await fitments('MOT-KLO')).toEqual([]);

    await edit.saveButton.click();
    await shell.toast(t.itemEdit.edit.saved).waitFor();
    await waitForPath(page, '/items');
    expect(await fitments('MOT-KLO')).toEqual(['Honda CBR 600RR 2007-2012']);

    // A fresh load reads the saved list.
    await edit.goto(ids['MOT-KLO']);
    await eventually(() => rowTexts(ed.rows), [['Honda', 'CBR 600RR', `${cbr.capacity} cm³`, '2007–2012']]);

    // A save that did not touch the section leaves the fitments as they are.
    await edit.name.fill('Klocki hamulcowe przednie (komplet)');
    await edit.saveButton.click();
    await shell.toast(t.itemEdit.edit.saved).waitFor();
    await waitForPath(page, '/items');
    expect(await fitments('MOT-KLO')).toEqual(['Honda CBR 600RR 2007-2012']);
  });

  it("the item list's preview shows the item's fitments", async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const items = await new ItemsPage(page, (p) => e2e.url(p)).goto('?code=MOT');
    await items.row('MOT-KLO').getByTestId('item-menu').click();
    await page.getByTestId('row-menu-preview').click();
    const preview = page.getByTestId('item-preview');
    await preview.waitFor();
    expect(await preview.getByText('MOT-KLO', { exact: true }).count()).toBe(1);
    const section = preview.getByTestId('moto-preview');
    await section.getByText(SECTION, { exact: true }).waitFor();
    await eventually(
      () => section.getByRole('listitem').allTextContents(),
      [`Honda CBR 600RR (${cbr.capacity} cm³), 2007–2012`],
    );
    await shot(page, 'item-preview');

    // An item with none says so.
    await page.getByRole('button', { name: t.common.close, exact: true }).click();
    await preview.waitFor({ state: 'detached' });
    await items.row('MOT-LUS').getByTestId('item-menu').click();
    await page.getByTestId('row-menu-preview').click();
    await preview.getByTestId('moto-preview').getByText('Brak dopasowań.').waitFor();
  });

  /** The codes the list shows, sorted (none when it says it found nothing). */
  const shownCodes = async (items: ItemsPage) => (await items.codes()).sort();

  /**
   * Searches the list by motorcycle through the search panel: the URL carries the filter, and the
   * list comes to show exactly `expected` (codes, sorted).
   */
  const searchByMotorcycle = async (
    page: Page,
    items: ItemsPage,
    f: { make?: Make; model?: Model; year?: number },
    expected: string[],
    screenshot?: string,
  ): Promise<void> => {
    // Opened unless still open from a look at the filter as searched.
    if ((await items.searchPanel.count()) === 0) await items.openSearch();
    const filter = items.searchPanel.getByTestId('moto-filter');
    await filter.getByText('Pasuje do motocykla', { exact: true }).waitFor();
    const make = filter.getByLabel('Marka motocykla');
    // The makes are there once the catalogue has loaded.
    await make.locator('option', { hasText: 'Honda' }).waitFor({ state: 'attached' });
    await make.selectOption(f.make ? String(f.make.id) : '');
    const model = filter.getByLabel('Model motocykla');
    if (f.model) {
      await model.selectOption(String(f.model.id));
      // The panel is narrow: the model's name is still shown whole.
      expect(await selectTextFits(model)).toBe(true);
    }
    const year = filter.getByLabel('Rocznik motocykla');
    if (f.make) await year.fill(f.year ? String(f.year) : '');
    if (screenshot) await shot(page, screenshot, { scrollTo: filter });
    await items.runSearch();
    const inUrl = () => {
      const q = new URL(page.url()).searchParams;
      return [q.get('motoMakeId'), q.get('motoModelId'), q.get('motoYear')];
    };
    await eventually(
      inUrl,
      [f.make, f.model, f.year].map((x) => (x ? String(typeof x === 'number' ? x : x.id) : null)),
    );
    await eventually(() => shownCodes(items), expected);
  };

  it('the search panel filters the list by make and model, and opens again with the filter as searched', async () => {
    await putFitments('MOT-LAN', [
      { model: cbr, from: 2003, to: 2006 },
      { model: mt07, from: 2014, to: 2020 },
    ]);
    await putFitments('MOT-FIL', [
      { model: hornet, from: 1998, to: 2013 },
      { model: mt07, from: 2014, to: 2024 },
    ]);
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const items = await new ItemsPage(page, (p) => e2e.url(p)).goto();
    await items.row('KUB-1').waitFor();

    await searchByMotorcycle(page, items, { make: honda }, ['MOT-FIL', 'MOT-KLO', 'MOT-LAN']);
    await searchByMotorcycle(page, items, { make: honda, model: cbr }, ['MOT-KLO', 'MOT-LAN'], 'search-filter');
    await shot(page, 'search-result');
    // The panel opens with the filter as searched.
    await items.openSearch();
    const filter = items.searchPanel.getByTestId('moto-filter');
    expect(await filter.getByLabel('Marka motocykla').inputValue()).toBe(String(honda.id));
    expect(await filter.getByLabel('Model motocykla').inputValue()).toBe(String(cbr.id));
    expect(await filter.getByLabel('Rocznik motocykla').inputValue()).toBe('');
  });

  it('the search panel filters by the year too, and a make taken away takes its year with it', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const items = await new ItemsPage(page, (p) => e2e.url(p)).goto();
    await items.row('KUB-1').waitFor();
    await searchByMotorcycle(page, items, { make: honda, model: cbr, year: 2010 }, ['MOT-KLO']);
    await searchByMotorcycle(page, items, { make: honda, model: cbr, year: 2005 }, ['MOT-LAN']);
    await searchByMotorcycle(page, items, { make: honda, model: cbr, year: 2015 }, []);
    await items.empty.waitFor();
    await searchByMotorcycle(page, items, { make: yamaha, year: 2022 }, ['MOT-FIL']);
    // No make: no model and no year either (the year typed for Yamaha goes), every item again.
    await searchByMotorcycle(page, items, {}, [...CODES, 'KUB-1'].sort());
  });

  it('mass edit adds fitments to the selected items (APPEND), then removes the model (REMOVE)', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const items = await new ItemsPage(page, (p) => e2e.url(p)).goto('?code=MOT');
    await items.row('MOT-KLO').waitFor();
    const selected: Code[] = ['MOT-KLO', 'MOT-LAN', 'MOT-LUS'];
    await items.startSelect();
    await items.selection.waitFor();
    for (const code of selected) await items.row(code).click();
    await eventually(() => items.selectedCount(), format(t.items.select.selected, { n: 3 }));
    await items.selectionButton(t.items.select.massEdit).click();
    await waitForPath(page, '/items/mass-edit');

    const section = page.getByTestId('moto-mass-section');
    await section.getByText(SECTION, { exact: true }).waitFor();
    const append = section.getByLabel('Dodaj do obecnych dopasowań');
    expect(await append.isChecked()).toBe(true);
    const apply = section.getByTestId('moto-mass-apply');
    expect(await apply.textContent()).toBe('Zastosuj do 3 towarów');
    expect(await apply.isDisabled()).toBe(true);
    const ed = editor(page, 'moto-mass');
    await ed.make.selectOption({ label: 'Yamaha' });
    await ed.model.selectOption({ label: `MT-07 (${mt07.capacity} cm³)` });
    await ed.from.fill('2016');
    await ed.to.fill('2018');
    await ed.add.click();
    await eventually(() => rowTexts(ed.rows), [['Yamaha', 'MT-07', `${mt07.capacity} cm³`, '2016–2018']]);
    await shot(page, 'mass-append', { element: section });

    await apply.click();
    await shell.toast('Zmieniono dopasowania').filter({ hasText: 'Towary: 3, dodane: 3, usunięte: 0.' }).waitFor();
    expect(await fitments('MOT-KLO')).toEqual(['Honda CBR 600RR 2007-2012', 'Yamaha MT-07 2016-2018']);
    expect(await fitments('MOT-LAN')).toEqual([
      'Honda CBR 600RR 2003-2006',
      'Yamaha MT-07 2014-2020',
      'Yamaha MT-07 2016-2018',
    ]);
    expect(await fitments('MOT-LUS')).toEqual(['Yamaha MT-07 2016-2018']);
    // Not selected: as it was.
    expect(await fitments('MOT-FIL')).toEqual(['Honda Hornet 600 1998-2013', 'Yamaha MT-07 2014-2024']);
    // The list in another window finds them by the added fitment.
    const list = await signedIn(e2e, org.adminLogin, org.adminPass);
    const listItems = await new ItemsPage(list.page, (p) => e2e.url(p)).goto();
    await listItems.row('KUB-1').waitFor();
    await searchByMotorcycle(list.page, listItems, { make: yamaha, model: mt07, year: 2017 }, [
      'MOT-FIL',
      'MOT-KLO',
      'MOT-LAN',
      'MOT-LUS',
    ]);

    // REMOVE takes the model off the selected items, whatever its years.
    await section.getByLabel('Usuń te modele (wszystkie roczniki)').check();
    await shot(page, 'mass-remove', { element: section });
    await apply.click();
    await shell.toast('Zmieniono dopasowania').filter({ hasText: 'Towary: 3, dodane: 0, usunięte: 4.' }).waitFor();
    expect(await fitments('MOT-KLO')).toEqual(['Honda CBR 600RR 2007-2012']);
    expect(await fitments('MOT-LAN')).toEqual(['Honda CBR 600RR 2003-2006']);
    expect(await fitments('MOT-LUS')).toEqual([]);
    expect(await fitments('MOT-FIL')).toEqual(['Honda Hornet 600 1998-2013', 'Yamaha MT-07 2014-2024']);
    await searchByMotorcycle(list.page, listItems, { make: yamaha, model: mt07 }, ['MOT-FIL']);
  });

  it('a fitment written after a search is found at the next load of the same search', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const items = await new ItemsPage(page, (p) => e2e.url(p)).goto();
    await items.row('KUB-1').waitFor();
    await searchByMotorcycle(page, items, { make: yamaha, model: mt07, year: 2017 }, ['MOT-FIL']);
    await putFitments('MOT-LUS', [{ model: mt07, from: 2017, to: 2017 }]);
    // Opened straight from its address, the list asks only for the search with its motorcycle:
    // never for every item while the plugin's filter is still loading.
    const asked: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname === '/api/items') asked.push(u.search);
    });
    await page.reload();
    await eventually(() => shownCodes(items), ['MOT-FIL', 'MOT-LUS']);
    expect(asked.length).toBeGreaterThan(0);
    for (const q of asked) expect(new URLSearchParams(q).get('motoModelId'), q).toBe(String(mt07.id));
  });
});
