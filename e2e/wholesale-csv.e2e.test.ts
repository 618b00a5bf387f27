import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ITEM_MSG } from '@zaplecze/contract';
import { drainWithHeldJob } from './support/held-job';
import { manifest } from '../plugins/wholesale-csv/manifest';
import type { ImportStatus, Profile } from '../plugins/wholesale-csv/schemas';
import { BATCH } from '../plugins/wholesale-csv/server/importer';
import { DELIMITER_LABELS, ENCODING_LABELS, FIELD_LABELS, MATCH_LABELS } from '../plugins/wholesale-csv/web/texts';
import { savedFile } from './support/downloads';
import { eventually, setupE2e } from './support/e2e';
import { itemStatusOf, newOrg, type TestOrg } from './support/org';
import { ItemsPage } from './support/pages/items-page';
import type { Shell } from './support/pages/shell';
import { selectTextFits } from './support/layout';
import { RESULTS_DIR } from './support/paths';
import { keepScreenshot, screenshotsWanted } from './support/screens';
import { signedIn } from './support/session';
import { pageTitle, t } from './support/texts';

const SCREENS = path.join(RESULTS_DIR, 'screens');
/** A screenshot for a person of the whole page, once the menu's and dialogs' CSS transitions have ended. */
async function shot(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted()) return;
  // From the top: the shell's header would otherwise be drawn where the window was scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));
  await keepScreenshot(page, path.join(SCREENS, `wholesale-csv-${name}.png`), { fullPage: true });
}

const PLUGIN = manifest.id;
const [TAB_IMPORT, TAB_PROFILES, TAB_LOG] = manifest.menu!.tabs.map((x) => x.tabName) as [string, string, string];
const JOB_KIND = `${PLUGIN}.import`;

/**
 * Windows-1250 bytes of a text, from the platform's own decoder of that code page (Node has no
 * encoder for it): every byte 0x80-0xFF decoded once gives the letter's byte.
 */
function windows1250(text: string): Buffer {
  const decoder = new TextDecoder('windows-1250');
  const byteOf = new Map<string, number>();
  for (let b = 0x80; b <= 0xff; b++) byteOf.set(decoder.decode(Uint8Array.of(b)), b);
  return Buffer.from(
    [...text].map((ch) => {
      if (ch.charCodeAt(0) < 0x80) return ch.charCodeAt(0);
      const b = byteOf.get(ch);
      if (b === undefined) throw new Error(`no Windows-1250 byte for ${ch}`);
      return b;
    }),
  );
}

/**
 * The supplier's price list: a header, the rows the test follows (an update, an unchanged row, two
 * new items, one with a formula-looking name, and a row with a bad stock), then enough plain rows
 * for more than one batch, so the import has a progress between its start and its end.
 */
const HEADER = ['kod', 'nazwa', 'cena netto', 'stan'];
const ROWS = [
  ['HRT-KUB', 'Kubek „Łabędź” biały', '20,00', '7'],
  ['HRT-TAL', 'Talerz płytki', '10,00', '3'],
  ['HRT-LOZ', 'Łożysko kulkowe 6204 – ŻÓŁĆ', '15,60', '12'],
  ['HRT-FRM', '=SUM(A1:A3)', '12,40', '5'],
  ['HRT-ZLY', 'Śruba źle policzona', '1,00', '-3'],
];
const FILLER = 300;
const FILLER_ROWS = Array.from({ length: FILLER }, (_, i) => [
  `WYP-${String(i + 1).padStart(3, '0')}`,
  `Wypełniacz ${i + 1}`,
  '1,00',
  '1',
]);
const CSV = windows1250([HEADER, ...ROWS, ...FILLER_ROWS].map((r) => r.join(';')).join('\r\n') + '\r\n');
const DATA_ROWS = ROWS.length + FILLER_ROWS.length;
/** The file line of the bad row (the header is line 1). */
const BAD_LINE = 6;
const BAD_REASON = `${FIELD_LABELS.stock}: ${ITEM_MSG.countInvalid}`;
const PROFILE_NAME = 'Hurtownia Łódź – ceny';

/**
 * wholesale-csv in the browser (docs/plugins.md, Plugin: wholesale-csv): a seller with the plugin
 * installed makes a supplier profile on 'Profile dostawców', previews a Windows-1250 file on
 * 'Import', starts the import, follows its progress to the report, downloads import_report.txt,
 * finds the items in the item list, and the job in 'Dziennik'. The test server runs no job worker:
 * the test runs the import job itself, holding it after its first batch to see the progress.
 */
describe('wholesale-csv: supplier profile, preview, import with progress and report, the items, the log', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  let jobId = 0;

  const item = async (body: Record<string, unknown>) => {
    const res = await org.admin.post<{ id: number }>('/api/items', { vat: 23, currency: 'PLN', ...body });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  };

  beforeAll(async () => {
    org = await newOrg(e2e.server);
    const installed = await org.admin.request('POST', '/api/plugin_install', { form: { pluginId: PLUGIN } });
    expect(installed.status).toBe(204);
    const statusId = await itemStatusOf(e2e.server, org);
    // In the catalogue before the import: one the file changes, one it leaves as it is.
    await item({ code: 'HRT-KUB', name: 'Kubek „Łabędź” biały', price: 19.99, countWare: 10, itemStatusId: statusId });
    await item({
      code: 'HRT-TAL',
      name: 'Talerz płytki',
      price: 11.25,
      countWare: 3,
      itemStatusId: statusId,
      externalData: { code: '', url: '', price: 10, customMargin: null },
    });
  });

  const openTab = async (page: Page, shell: Shell, tab: string, controller: string) => {
    await shell.menuEntry(tab).click();
    await page.waitForURL((u) => u.pathname === `/plugin/${PLUGIN}` && u.searchParams.get('controller') === controller);
  };

  it("makes a supplier profile on 'Profile dostawców'", async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await openTab(page, shell, TAB_PROFILES, 'profiles');
    const list = page.getByTestId('wholesale-profiles');
    await list.getByText('Brak profili dostawców.').waitFor();
    await eventually(() => page.title(), pageTitle('Profile dostawców'));
    await list.getByRole('button', { name: 'Nowy profil' }).click();

    const form = page.getByTestId('wholesale-profile-form');
    await form.getByRole('heading', { name: 'Nowy profil dostawcy' }).waitFor();
    await form.getByLabel('Nazwa profilu').fill(PROFILE_NAME);
    // Encoding and delimiter stay automatic: the preview tells what it found.
    expect(await form.getByLabel('Kodowanie pliku').inputValue()).toBe('auto');
    expect(await form.getByLabel('Separator').inputValue()).toBe('auto');
    expect(await form.getByLabel('Pierwszy wiersz pliku to nagłówek z nazwami kolumn').isChecked()).toBe(true);
    await form.getByLabel(FIELD_LABELS.code, { exact: true }).fill('kod');
    await form.getByLabel(FIELD_LABELS.name, { exact: true }).fill('nazwa');
    await form.getByLabel(FIELD_LABELS.extPrice, { exact: true }).fill('cena netto');
    await form.getByLabel(FIELD_LABELS.stock, { exact: true }).fill('stan');
    expect(await form.getByLabel('Dopasuj towary po').inputValue()).toBe('code');
    await form.getByLabel('Stan magazynowy').selectOption({ label: 'Ustaw z pliku' });
    await form.getByText('Zapisywane jako zmiana stanu „Import z pliku”.').waitFor();
    await form.getByLabel('Cena sprzedaży').selectOption({ label: 'Cena zewnętrzna + marża' });
    await form.getByLabel('Marża (%)').fill('12,5');
    // The rules' and the defaults' selects show their choices whole.
    for (const label of ['Dopasuj towary po', 'Towary, których nie ma w katalogu', 'Stan magazynowy', 'Cena sprzedaży'])
      expect(await selectTextFits(form.getByLabel(label, { exact: true })), label).toBe(true);
    for (const label of ['Status', 'VAT (gdy brak w pliku)', 'Waluta', 'Kategoria'])
      expect(await selectTextFits(form.getByLabel(label, { exact: true })), label).toBe(true);
    await shot(page, 'profile-form');

    await form.getByRole('button', { name: 'Zapisz profil' }).click();
    await shell.toast('Zapisano profil dostawcy').waitFor();
    const row = list.getByRole('row').filter({ hasText: PROFILE_NAME });
    expect((await row.getByRole('cell').allTextContents()).slice(0, 5)).toEqual([
      PROFILE_NAME,
      MATCH_LABELS.code,
      'tworzy',
      '+12,5%',
      'z pliku',
    ]);
    await shot(page, 'profiles');

    const stored = await org.admin.get<{ profiles: Profile[] }>(`/api/plugins/${PLUGIN}/profiles`);
    expect(stored.body.profiles).toHaveLength(1);
    expect(stored.body.profiles[0]).toMatchObject({
      name: PROFILE_NAME,
      encoding: 'auto',
      delimiter: 'auto',
      headerRow: true,
      columns: { code: 'kod', name: 'nazwa', extPrice: 'cena netto', stock: 'stan', gtin: '' },
      matchBy: 'code',
      createMissing: true,
      priceRule: 'margin',
      marginPercent: 12.5,
      stockRule: 'set',
    });
  });

  it('previews a Windows-1250 file, imports it with a progress bar, shows the report and its file', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await openTab(page, shell, TAB_IMPORT, 'import');
    const screen = page.getByTestId('wholesale-import');
    await screen.waitFor();
    await eventually(() => page.title(), pageTitle('Import z hurtowni'));
    const preview = screen.getByRole('button', { name: 'Podgląd', exact: true });
    const start = screen.getByRole('button', { name: 'Rozpocznij import', exact: true });
    expect(await preview.isDisabled()).toBe(true);
    await screen.getByLabel('Profil dostawcy').selectOption({ label: PROFILE_NAME });
    const chosen = screen.getByLabel('Wybrany plik');
    expect(await chosen.getAttribute('placeholder')).toBe('Nie wybrano pliku');
    await screen
      .getByLabel(/^Plik CSV/)
      .setInputFiles({ name: 'cennik hurtowni.csv', mimeType: 'text/csv', buffer: CSV });
    await eventually(() => chosen.inputValue(), 'cennik hurtowni.csv');

    // The preview: what was detected, the header and the first rows as the file has them.
    await preview.click();
    const card = screen.locator('.card').filter({ hasText: 'Podgląd pierwszych wierszy' });
    await card.getByRole('table').waitFor();
    expect(await card.locator('.badge').allTextContents()).toEqual([
      ENCODING_LABELS['windows-1250'],
      DELIMITER_LABELS.semicolon,
    ]);
    expect(await card.getByRole('alert').count()).toBe(0);
    const table = card.getByRole('table');
    expect(await table.locator('thead th').allTextContents()).toEqual(['Wiersz', ...HEADER]);
    const body = table.locator('tbody tr');
    expect(await body.count()).toBe(20);
    for (const [i, r] of ROWS.entries())
      expect(await body.nth(i).locator('td').allTextContents()).toEqual([String(i + 2), ...r]);
    // The form's buttons stay inside its card: nothing makes the page scroll sideways.
    const fileCard = screen.locator('.card').filter({ hasText: 'Plik od dostawcy' });
    const [cardBox, startBox] = [await fileCard.boundingBox(), await start.boundingBox()];
    expect(startBox!.x + startBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await shot(page, 'preview');

    // Started: the job waits (no worker runs it yet).
    const [started] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().endsWith(`/api/plugins/${PLUGIN}/imports`) && r.request().method() === 'POST',
      ),
      start.click(),
    ]);
    expect(started.status()).toBe(200);
    jobId = ((await started.json()) as { jobId: number }).jobId;
    const run = screen.locator('.card').filter({ hasText: 'Przebieg importu' });
    await run.getByText('Import oczekuje na rozpoczęcie…').waitFor();
    expect(await start.isDisabled()).toBe(true);

    // The job runs and is held after its first batch: the bar shows how far it got.
    const { atHold, release, drained } = drainWithHeldJob(
      e2e.server,
      JOB_KIND,
      (done, total) => done > 0 && done < total,
    );
    try {
      await atHold;
      // The first batch is BATCH good rows; the bad row among them counts as read.
      const done = BATCH + 1;
      await run.getByText(`Przetworzono ${done} z ${DATA_ROWS} wierszy`).waitFor();
      const bar = run.getByRole('progressbar');
      expect(Number(await bar.getAttribute('aria-valuenow'))).toBeCloseTo((100 * done) / DATA_ROWS, 5);
      expect(await bar.textContent()).toBe(`${Math.round((100 * done) / DATA_ROWS)}%`);
      await shot(page, 'progress');
    } finally {
      release();
    }
    expect(await drained).toBe(1);

    // The report: two new, one updated, one unchanged, the bad row with its line and reason.
    const created = FILLER + 2;
    // The job is done (the bar goes; a look just before its end may have seen the report already).
    await run.getByRole('progressbar').waitFor({ state: 'detached' });
    await run.getByText('Utworzone:').waitFor();
    expect(await start.isEnabled()).toBe(true);
    const counts = run.locator('.badge');
    expect(await counts.allTextContents()).toEqual([String(created), '1', '1', '1']);
    for (const label of ['Utworzone:', 'Zaktualizowane:', 'Bez zmian:', 'Błędy:'])
      expect(await run.getByText(label).count()).toBe(1);
    const errors = run.getByRole('table');
    expect(await errors.locator('thead th').allTextContents()).toEqual(['Wiersz', 'Powód']);
    expect(await errors.locator('tbody tr td').allTextContents()).toEqual([String(BAD_LINE), BAD_REASON]);
    await shot(page, 'report');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      run.getByRole('button', { name: 'Pobierz import_report.txt' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('import_report.txt');
    expect(fs.readFileSync(await savedFile(download), 'utf8')).toBe(
      [
        'Raport importu z hurtowni (CSV)',
        `Utworzone: ${created}`,
        'Zaktualizowane: 1',
        'Bez zmian: 1',
        'Błędy: 1',
        '',
        `Wiersz ${BAD_LINE}: ${BAD_REASON}`,
        '',
      ].join('\r\n'),
    );
    const status = await org.admin.get<ImportStatus>(`/api/plugins/${PLUGIN}/imports?jobId=${jobId}`);
    expect(status.body).toEqual({
      state: 'done',
      done: DATA_ROWS,
      total: DATA_ROWS,
      report: { created, updated: 1, unchanged: 1, errors: [{ row: BAD_LINE, reason: BAD_REASON }] },
    });
  });

  it('the item list shows the imported items with the margin price and the stock of the file', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const items = await new ItemsPage(page, (p) => e2e.url(p)).goto('?code=HRT');
    await items.row('HRT-KUB').waitFor();
    expect((await items.codes()).sort()).toEqual(['HRT-FRM', 'HRT-KUB', 'HRT-LOZ', 'HRT-TAL']);
    const expected: Record<string, { name: string; price: string; count: string }> = {
      // 20,00 + 12,5% (was 19,99 with 10 in stock)
      'HRT-KUB': { name: ROWS[0]![1]!, price: '22,50', count: '7' },
      'HRT-TAL': { name: ROWS[1]![1]!, price: '11,25', count: '3' },
      'HRT-LOZ': { name: ROWS[2]![1]!, price: '17,55', count: '12' },
      // A cell that looks like a formula is a name like any other.
      'HRT-FRM': { name: '=SUM(A1:A3)', price: '13,95', count: '5' },
    };
    for (const [code, e] of Object.entries(expected)) {
      expect(await items.cell(code, 'item-name').textContent()).toBe(e.name);
      expect(await items.cell(code, 'item-price').textContent()).toBe(`${e.price}\u00a0zł (23%)`);
      expect(await items.cell(code, 'item-count').textContent()).toBe(e.count);
    }
    await shot(page, 'items');
  });

  it("'Dziennik' lists the import job, done", async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await openTab(page, shell, TAB_LOG, 'log');
    const jobs = page.getByTestId('plugin-jobs');
    const rows = jobs.getByTestId('plugin-job');
    await eventually(() => rows.count(), 1);
    await eventually(() => page.title(), pageTitle('Dziennik importów'));
    const row = rows.first();
    expect(await row.getAttribute('data-job-state')).toBe('done');
    const cells = row.getByRole('cell');
    expect(await cells.nth(0).textContent()).toBe(t.plugins.jobs.states.done);
    expect(await cells.nth(1).textContent()).toBe(JOB_KIND);
    expect(await cells.nth(2).getByRole('progressbar').textContent()).toBe(`${DATA_ROWS} / ${DATA_ROWS}`);
    const { max_attempts } = await e2e.server.deps.db
      .selectFrom('jobs')
      .select('max_attempts')
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(await cells.nth(3).textContent()).toBe(`1 / ${max_attempts}`);
    expect((await cells.nth(4).textContent())?.trim()).toBe('');
    expect(await row.getByRole('button', { name: t.plugins.jobs.retry }).count()).toBe(0);
    await shot(page, 'log');
  });
});
