import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pluginsModule } from '../packages/server/src/modules/plugins';
import { JobWorker } from '../packages/server/src/platform/jobs';
import { drainWithHeldJob } from './support/held-job';
import { manifest } from '../plugins/jpk/manifest';
import { filesAnswerSchema } from '../plugins/jpk/schemas';
import { validateV7m } from '../plugins/jpk/server/schemas';
import { COMPANY_SETTINGS, insertDocuments, SELLER_NIP, snapshot, xmllintCli } from '../plugins/jpk/test/documents';
import { grosze, readXml, registerSums } from '../plugins/jpk/test/expect';
import { savedFile } from './support/downloads';
import { eventually, setupE2e } from './support/e2e';
import { newOrg, orgIdOf, type TestOrg } from './support/org';
import type { Shell } from './support/pages/shell';
import { RESULTS_DIR } from './support/paths';
import { keepScreenshot, screenshotsWanted } from './support/screens';
import { signedIn } from './support/session';
import { pageTitle } from './support/texts';

const SCREENS = path.join(RESULTS_DIR, 'screens');
/** A screenshot for a person of the whole page, once CSS transitions have ended. */
async function shot(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted()) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)));
  await keepScreenshot(page, path.join(SCREENS, `jpk-${name}.png`), { fullPage: true });
}

const PLUGIN = manifest.id;
const [TAB_FILES, TAB_SETTINGS] = manifest.menu!.tabs.map((x) => x.tabName) as [string, string];
const JOB_KIND = `${PLUGIN}.build`;
/** More invoices than one page of the reading (2,000), so the job has a progress between start and end. */
const INVOICES = 2600;
const RECEIPTS = 40;
const YEAR = 2026;
const MONTH = 10;

/**
 * jpk in the browser (docs/plugins.md, "Plugin: jpk"): a seller with the plugin installed sees that
 * the files need the taxpayer's data, fills 'Dane podatnika' (the tax office from the ministry's
 * list), makes JPK_V7M for October 2026 on 'Pliki JPK', follows its progress to 'Gotowy' and
 * downloads the XML, which validates and carries the month's invoices and receipts. The test
 * server runs no job worker: the test runs the job itself, holding it after the first page of
 * invoices to see the progress.
 */
describe('jpk: taxpayer data, a JPK_V7M file with progress, download', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  const invoices = Array.from({ length: INVOICES }, (_, i) =>
    snapshot({
      n: i + 1,
      year: YEAR,
      month: MONTH,
      day: 1 + (i % 28),
      lines: [
        {
          quantity: 1 + (i % 3),
          unitGross: 1_999 + ((i * 37) % 50_000),
          vat: ([23, 23, 8, 5, 0, 'zw'] as const)[i % 6]!,
        },
        ...(i % 4 === 0 ? [{ quantity: 1, unitGross: 1_500, vat: 23 as const }] : []),
      ],
      buyer: i % 3 === 0 ? { isCompany: true, name: `Hurtownia ${i} sp. z o.o.`, taxId: '5260250995' } : {},
    }),
  );
  const receipts = Array.from({ length: RECEIPTS }, (_, i) =>
    snapshot({
      kind: 'receipt',
      n: i + 1,
      year: YEAR,
      month: MONTH,
      lines: [{ quantity: 1, unitGross: 990 + i, vat: 23 }],
    }),
  );

  beforeAll(async () => {
    org = await newOrg(e2e.server, { companyName: 'Sklep Żółta Gęś sp. z o.o.', taxId: SELLER_NIP });
    const installed = await org.admin.request('POST', '/api/plugin_install', { form: { pluginId: PLUGIN } });
    expect(installed.status).toBe(204);
    const orgId = await orgIdOf(e2e.server, org);
    await insertDocuments(
      e2e.server.deps.db,
      orgId,
      'invoices',
      invoices.map((snapshot) => ({ snapshot })),
    );
    await insertDocuments(
      e2e.server.deps.db,
      orgId,
      'receipts',
      receipts.map((snapshot) => ({ snapshot })),
    );
    // September: an invoice in euro, which JPK_V7M cannot carry without a rate to złoty.
    await insertDocuments(e2e.server.deps.db, orgId, 'invoices', [
      {
        snapshot: snapshot({
          n: 1,
          year: YEAR,
          month: 9,
          currency: 'EUR',
          lines: [{ quantity: 1, unitGross: 10_000, vat: 23 }],
        }),
      },
    ]);
  });

  /** Runs the plugin's jobs now (the test server has no job worker). */
  const runJobs = () =>
    new JobWorker({
      db: e2e.server.deps.db,
      engine: e2e.server.deps.engine,
      kinds: pluginsModule.jobs!(e2e.server.deps),
      log: () => undefined,
    }).drain();

  const openTab = async (page: Page, shell: Shell, tab: string, controller: string) => {
    await shell.menuEntry(tab).click();
    await page.waitForURL((u) => u.pathname === `/plugin/${PLUGIN}` && u.searchParams.get('controller') === controller);
  };

  it("asks for the taxpayer's data, which 'Dane podatnika' saves", async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await openTab(page, shell, TAB_FILES, 'files');
    const files = page.getByTestId('jpk-files');
    await files.waitFor();
    await eventually(() => page.title(), pageTitle('Pliki JPK'));
    const missing = files.getByTestId('jpk-missing-settings');
    expect(await missing.textContent()).toContain('kod urzędu skarbowego, NIP, e-mail, pełna nazwa');
    expect(await files.getByRole('button', { name: 'Utwórz plik' }).isDisabled()).toBe(true);
    await files.getByText('Nie utworzono jeszcze żadnego pliku.').waitFor();
    await shot(page, 'files-empty');

    await openTab(page, shell, TAB_SETTINGS, 'settings');
    const form = page.getByTestId('jpk-settings');
    await form.waitFor();
    await form.getByLabel('Urząd skarbowy (KodUrzedu)').selectOption('1471');
    await form.getByLabel('NIP podatnika').fill('526-025-02-74');
    await form.getByLabel('Pełna nazwa').fill(COMPANY_SETTINGS.fullName);
    await form.getByLabel('E-mail do kontaktu z urzędem').fill('biuro');
    await form.getByRole('button', { name: 'Zapisz' }).click();
    // The server's message under the field it is about.
    await form.getByText('Podaj poprawny adres e-mail (np. biuro@firma.pl).').first().waitFor();
    await form.getByLabel('E-mail do kontaktu z urzędem').fill(COMPANY_SETTINGS.email);
    await form.getByLabel('Województwo').fill(COMPANY_SETTINGS.province);
    await form.getByLabel('Powiat').fill(COMPANY_SETTINGS.county);
    await form.getByLabel('Gmina').fill(COMPANY_SETTINGS.commune);
    await form.getByLabel('Ulica (opcjonalnie)').fill(COMPANY_SETTINGS.street);
    await form.getByLabel('Numer domu').fill(COMPANY_SETTINGS.houseNumber);
    await form.getByLabel('Miejscowość').fill(COMPANY_SETTINGS.city);
    await form.getByLabel('Kod pocztowy').fill(COMPANY_SETTINGS.postCode);
    // A natural person gives names and a birth date instead; back to a company.
    await form.getByLabel('osoba fizyczna').check();
    await form.getByLabel('Data urodzenia').waitFor();
    await form.getByLabel('firma (osoba niefizyczna)').check();
    await form.getByRole('button', { name: 'Zapisz' }).click();
    await shell.toast('Zapisano').waitFor();
    await shot(page, 'settings');
    const stored = await org.admin.get<{ values: Record<string, unknown> }>(`/api/plugins/${PLUGIN}/settings`);
    expect(stored.body.values).toMatchObject({
      taxOfficeCode: '1471',
      nip: '526-025-02-74',
      naturalPerson: false,
      fullName: COMPANY_SETTINGS.fullName,
      email: COMPANY_SETTINGS.email,
      postCode: COMPANY_SETTINGS.postCode,
    });
  });

  it('makes JPK_V7M for a month, shows its progress, then downloads the valid file', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await openTab(page, shell, TAB_FILES, 'files');
    const files = page.getByTestId('jpk-files');
    await files.waitFor();
    expect(await files.getByTestId('jpk-missing-settings').count()).toBe(0);
    await files.getByLabel('Rodzaj pliku').selectOption('V7M');
    await files.getByLabel('Miesiąc', { exact: true }).selectOption(String(MONTH));
    await files.getByLabel('Rok').selectOption(String(YEAR));
    const [started] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/plugins/${PLUGIN}/files`) && r.request().method() === 'POST'),
      files.getByRole('button', { name: 'Utwórz plik' }).click(),
    ]);
    expect(started.status()).toBe(200);
    const { jobId } = (await started.json()) as { jobId: number };
    await shell.toast('Tworzenie pliku rozpoczęte').waitFor();
    const row = files.locator('tbody tr').first();
    await row.getByText('JPK_V7M za październik 2026').waitFor();
    await eventually(() => row.getByTestId('jpk-file-state').textContent(), 'Oczekuje');

    // The job runs and is held after its first page of invoices: the bar shows how far it got.
    const { atHold, release, drained } = drainWithHeldJob(
      e2e.server,
      JOB_KIND,
      (done, total) => done > RECEIPTS && done < total,
    );
    const total = INVOICES + RECEIPTS;
    const done = RECEIPTS + 2000;
    try {
      await atHold;
      await eventually(() => row.getByTestId('jpk-file-state').textContent(), 'Tworzenie');
      await row
        .getByText(`Odczyt dokumentów: ${done.toLocaleString('pl-PL')} z ${total.toLocaleString('pl-PL')}`)
        .waitFor();
      const bar = row.getByRole('progressbar');
      expect(Number(await bar.getAttribute('aria-valuenow'))).toBe(Math.round((100 * done) / total));
      expect(await bar.textContent()).toBe(`${Math.round((100 * done) / total)}%`);
      await shot(page, 'progress');
    } finally {
      release();
    }
    expect(await drained).toBe(1);

    await eventually(() => row.getByTestId('jpk-file-state').textContent(), 'Gotowy', 'the file is made');
    await row.getByRole('progressbar').waitFor({ state: 'detached' });
    const listed = filesAnswerSchema.parse((await org.admin.get(`/api/plugins/${PLUGIN}/files?jobId=${jobId}`)).body)
      .files[0]!;
    expect(listed).toMatchObject({ state: 'done', done: total, total, fileName: 'JPK_V7M_2026-10.xml' });
    await row.getByText(`Faktur: ${INVOICES}, paragonów: ${RECEIPTS}, wierszy ewidencji: ${INVOICES + 1}`).waitFor();
    await row.getByText('JPK_V7M_2026-10.xml').waitFor();
    await shot(page, 'done');

    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('jpk-download').click()]);
    expect(download.suggestedFilename()).toBe('JPK_V7M_2026-10.xml');
    const xml = fs.readFileSync(await savedFile(download));
    expect(xml.length).toBe(listed.bytes);
    expect(await validateV7m([{ name: 'download', xml: xml.toString('utf8') }])).toEqual([]);
    expect(xmllintCli('V7M', xml)).toBeOneOf(['', null]);
    const jpk = readXml(xml).JPK;
    expect(jpk.Ewidencja.SprzedazWiersz).toHaveLength(INVOICES + 1);
    const sums = registerSums([...invoices, ...receipts]);
    expect(grosze(jpk.Ewidencja.SprzedazCtrl.PodatekNalezny)).toBe(sums.K_16! + sums.K_18! + sums.K_20!);
    expect(listed.summary!.total).toBe(sums.K_16! + sums.K_18! + sums.K_20!);
  });

  it('makes JPK_FA of chosen days, and shows why a JPK_V7M was refused', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await openTab(page, shell, TAB_FILES, 'files');
    const files = page.getByTestId('jpk-files');
    await files.waitFor();
    await files.getByLabel('Rodzaj pliku').selectOption('FA');
    await files.getByLabel('dni od – do').check();
    await files.getByLabel('Od dnia').fill(`${YEAR}-10-05`);
    await files.getByLabel('Do dnia').fill(`${YEAR}-10-06`);
    await files.getByRole('button', { name: 'Utwórz plik' }).click();
    await shell.toast('Tworzenie pliku rozpoczęte').waitFor();
    await files.getByText('JPK_FA 05.10.2026 – 06.10.2026').waitFor();
    await files.getByLabel('Rodzaj pliku').selectOption('V7M');
    await files.getByLabel('Miesiąc', { exact: true }).selectOption('9');
    await files.getByLabel('Rok').selectOption(String(YEAR));
    await files.getByRole('button', { name: 'Utwórz plik' }).click();
    await files.getByText('JPK_V7M za wrzesień 2026').waitFor();
    expect(await runJobs()).toBe(2);

    const refused = files.locator('tbody tr').filter({ hasText: 'JPK_V7M za wrzesień 2026' });
    await eventually(() => refused.getByTestId('jpk-file-state').textContent(), 'Odrzucony');
    await refused.getByText(/w walucie obcej bez kursu przeliczenia: FV 1\/09\/2026/).waitFor();
    expect(await refused.getByTestId('jpk-download').count()).toBe(0);
    const fa = files.locator('tbody tr').filter({ hasText: 'JPK_FA 05.10.2026 – 06.10.2026' });
    await eventually(() => fa.getByTestId('jpk-file-state').textContent(), 'Gotowy');
    // Days 5 and 6 of the month: every 28th invoice from the 5th and from the 6th.
    const expected = invoices.filter((s) => s.issueDate === '2026-10-05' || s.issueDate === '2026-10-06');
    await fa
      .getByText(`Faktur: ${expected.length}, pozycji: ${expected.reduce((t, s) => t + s.lines.length, 0)}`)
      .waitFor();
    await shot(page, 'list');
  });
});
