import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluginsModule } from '../packages/server/src/modules/plugins';
import { JobWorker } from '../packages/server/src/platform/jobs';
import { createOrderRefs } from '../packages/server/test/orders';
import { startPosnetEmulator, type PosnetEmulator } from '../plugins/fiscal-printer/test/posnet-emulator';
import { setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
import { RESULTS_DIR } from './support/paths';
import { keepScreenshot, screenshotsWanted } from './support/screens';
import { signedIn } from './support/session';

const SCREENS = path.join(RESULTS_DIR, 'screens');

async function shot(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted()) return;
  await keepScreenshot(page, path.join(SCREENS, `fiscal-printer-${name}.png`), { fullPage: true });
}

/**
 * The fiscal-printer plugin in the browser (docs/plugins.md, "Plugin: fiscal-printer") against the
 * POSNET emulator, with the job worker running as its process does: the printer's address saved and
 * 'Sprawdź połączenie' reading the printer, the letters read from the printer, a stationary order's
 * receipt issued and printed from 'Paragony', a printer that refuses a line ('Nie wydrukowany' with
 * its reason) then 'Drukuj ponownie', and a receipt whose end the printer did not confirm
 * ('Do sprawdzenia') marked 'Wydrukowany'.
 */
describe('fiscal-printer: settings, receipts printed, a failing printer and Drukuj ponownie', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  let printer: PosnetEmulator;
  let worker: JobWorker;

  const order = async (items: unknown[]) => {
    const res = await org.admin.post<{ id: number }>('/api/orders', {
      stationary: true,
      deliveryCost: 0,
      deliveryVat: 23,
      clientData: { nameSurname: 'Jan Kowalski', street: 'Długa', buildNr: '1', postCode: '00-001', city: 'Łódź' },
      items,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.id;
  };
  const row = (page: Page, number: string) => page.getByTestId('fiscal-receipts').locator('tr', { hasText: number });

  async function issueFromScreen(page: Page, orderId: number): Promise<string> {
    await page.getByLabel('Numer zamówienia').fill(String(orderId));
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/plugins/invoicing/receipts'));
    await page.getByRole('button', { name: 'Wystaw i drukuj paragon' }).click();
    const body = (await (await answer).json()) as { receiptNumber: string };
    return body.receiptNumber;
  }

  beforeAll(async () => {
    printer = await startPosnetEmulator();
    org = await newOrg(e2e.server, { companyName: 'Sklep Żółta Łódź' });
    await createOrderRefs(org.admin);
    for (const pluginId of ['invoicing', 'fiscal-printer']) {
      const res = await org.admin.request('POST', '/api/plugin_install', { form: { pluginId } });
      expect(res.status, JSON.stringify(res.body)).toBe(204);
    }
    worker = new JobWorker({
      db: e2e.server.deps.db,
      engine: e2e.server.deps.engine,
      kinds: pluginsModule.jobs!(e2e.server.deps),
      log: () => undefined,
      pollMs: 100,
    });
    worker.start();
    fs.mkdirSync(SCREENS, { recursive: true });
  });
  afterAll(async () => {
    await worker?.stop(2000);
    await printer?.close();
  });

  it("settings: the printer's address saved, 'Sprawdź połączenie' reads it; the letters read from the printer", async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.goto(e2e.url('/plugin/fiscal-printer?controller=settings'));
    const form = page.getByTestId('plugin-settings');
    await form.waitFor();
    await form.getByLabel('Adres drukarki (IP albo nazwa)').fill(printer.host);
    await form.getByLabel('Port TCP').fill(String(printer.port));
    await form.getByRole('button', { name: 'Zapisz' }).click();
    await page.getByText('Zapisano').first().waitFor();
    await page.getByRole('button', { name: 'Sprawdź połączenie' }).click();
    await page.locator('[data-testid="plugin-connection-answer"].alert-success').waitFor();
    const answer = await page.getByTestId('plugin-connection-answer').textContent();
    expect(answer).toContain('gotowa do drukowania');
    expect(answer).toContain('zgodne z ustawieniami');
    expect(printer.receipts).toHaveLength(0);
    await shot(page, 'settings');

    await page.goto(e2e.url('/plugin/fiscal-printer?controller=vat'));
    await page.getByTestId('fiscal-vat').waitFor();
    expect(await page.getByLabel('Stawka litery A').inputValue()).toBe('23');
    expect(await page.getByLabel('Stawka litery E').inputValue()).toBe('zw');
    await page.getByRole('button', { name: 'Odczytaj z drukarki' }).click();
    await page.getByTestId('fiscal-printer-status').waitFor();
    expect(await page.getByTestId('fiscal-printer-rate-B').textContent()).toBe('8%');
    expect(await page.getByTestId('fiscal-printer-rate-F').textContent()).toBe('nieaktywna');
    await shot(page, 'vat');
  });

  it("a stationary order's receipt issued and printed from 'Paragony'", async () => {
    const orderId = await order([
      { code: 'KAWA', name: 'Kawa ziarnista 1kg', quantity: 2, price: 59.99, vat: 23, itemId: null },
      { code: 'KS', name: 'Książka kucharska', quantity: 1, price: 35, vat: 5, itemId: null },
    ]);
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.goto(e2e.url('/plugin/fiscal-printer?controller=receipts'));
    await page.getByTestId('fiscal-issue').waitFor();
    const number = await issueFromScreen(page, orderId);
    await page.getByText(`Paragon ${number} wydrukowany`).waitFor();
    await row(page, number).getByText('Wydrukowany', { exact: true }).waitFor();
    expect(printer.receipts).toHaveLength(1);
    expect(printer.receipts[0]!.printout).toContain('SUMA PLN 154,98');
    await shot(page, 'printed');
  });

  it("a printer that refuses a line: 'Nie wydrukowany' with its reason, then 'Drukuj ponownie' prints it once", async () => {
    const orderId = await order([
      { code: 'KUB', name: 'Żółty kubek', quantity: 1, price: 19.99, vat: 23, itemId: null },
    ]);
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.goto(e2e.url('/plugin/fiscal-printer?controller=receipts'));
    await page.getByTestId('fiscal-issue').waitFor();
    printer.refuseNext('trline', 2105);
    const number = await issueFromScreen(page, orderId);
    // The cashier is told the printer's own reason at once.
    await page
      .getByTestId('toast-warning')
      .filter({ hasText: `Paragon ${number} nie jest jeszcze wydrukowany` })
      .waitFor();
    expect(await page.getByTestId('toast-warning').last().textContent()).toContain('(kod 2105)');
    const failed = row(page, number);
    await failed.getByText('Nie wydrukowany', { exact: true }).waitFor();
    expect(await failed.getByTestId('fiscal-receipt-message').textContent()).toContain('(kod 2105)');
    expect(printer.receipts).toHaveLength(1);
    await shot(page, 'failed');

    await failed.getByRole('button', { name: 'Drukuj ponownie' }).click();
    await failed.getByText('Wydrukowany', { exact: true }).waitFor();
    expect(printer.receipts).toHaveLength(2);
    await shot(page, 'reprinted');
  });

  it("a receipt whose end the printer did not confirm: 'Do sprawdzenia', then 'Wydrukowany' after a look at the printer", async () => {
    const orderId = await order([{ code: 'BUL', name: 'Bułka', quantity: 3, price: 1.2, vat: 8, itemId: null }]);
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.goto(e2e.url('/plugin/fiscal-printer?controller=receipts'));
    await page.getByTestId('fiscal-issue').waitFor();
    printer.dropAfter('trend');
    const number = await issueFromScreen(page, orderId);
    const doubt = row(page, number);
    await doubt.getByText('Do sprawdzenia', { exact: true }).waitFor();
    expect(await doubt.getByTestId('fiscal-receipt-message').textContent()).toContain('prawdopodobnie się wydrukował');
    await shot(page, 'unknown');

    await doubt.getByRole('button', { name: 'Wydrukowany', exact: true }).click();
    await page.getByRole('button', { name: 'Tak, jest wydrukowany' }).click();
    await doubt.getByText('Wydrukowany', { exact: true }).waitFor();
    expect(printer.receipts).toHaveLength(3);
    await shot(page, 'marked');
  });
});
