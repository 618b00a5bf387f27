import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Order } from '@zaplecze/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluginsModule } from '../packages/server/src/modules/plugins';
import { JobWorker } from '../packages/server/src/platform/jobs';
import { createOrderRefs, INVOICE_COMPANY, orderBody } from '../packages/server/test/orders';
import { startFakeKsef, type FakeKsef } from '../plugins/invoicing/test/fake-ksef';
import { savedFile } from './support/downloads';
import { setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
import { RESULTS_DIR } from './support/paths';
import { keepScreenshot, screenshotsWanted } from './support/screens';
import { signedIn } from './support/session';

const SCREENS = path.join(RESULTS_DIR, 'screens');
const NIP = '5260250995';
const TOKEN = `20261129-EC-0A1B2C3D4E-5F6A7B8C9D-0E|nip-${NIP}|${'e2e0'.repeat(16)}`;

async function shot(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted()) return;
  await keepScreenshot(page, path.join(SCREENS, `invoicing-${name}.png`), { fullPage: true });
}

/**
 * The invoicing plugin in the browser (docs/plugins.md, "Plugin: invoicing") against the fake
 * KSeF: the connection settings checked with the token, the month's invoices with their KSeF
 * state (accepted with its number and UPO download, rejected with KSeF's message and 'Wyślij
 * ponownie'), and the state filter.
 */
describe('invoicing: KSeF settings, the invoices and their states', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  let fake: FakeKsef;
  // The plugins' jobs as the job worker runs them, its clock a minute ahead (the status check
  // runs half a second after the send).
  const drain = async () => {
    for (let i = 0; i < 3; i++) {
      await new JobWorker({
        db: e2e.server.deps.db,
        engine: e2e.server.deps.engine,
        kinds: pluginsModule.jobs!(e2e.server.deps),
        log: () => undefined,
        now: () => new Date(Date.now() + 60_000),
      }).drain();
      await fake.settled();
    }
  };
  const issue = async () => {
    const order = await org.admin.post<Order>(
      '/api/orders',
      orderBody({
        invoice: INVOICE_COMPANY,
        items: [{ code: 'KUB-1', name: 'Kubek ceramiczny źdźbło', quantity: 2, price: 24.6, vat: 23 }],
      }),
    );
    expect(order.status).toBe(200);
    const res = await org.admin.post<{ invoiceNumber: string }>('/api/orders/print_invoice', {
      orderId: order.body.id,
      noPrint: true,
    });
    expect(res.status).toBe(200);
    return res.body.invoiceNumber;
  };

  beforeAll(async () => {
    fake = await startFakeKsef();
    fake.addToken(TOKEN, NIP);
    org = await newOrg(e2e.server, { companyName: 'Sklep Żółta Łódź', taxId: NIP });
    await createOrderRefs(org.admin);
    expect((await org.admin.request('POST', '/api/plugin_install', { form: { pluginId: 'invoicing' } })).status).toBe(
      204,
    );
    fs.mkdirSync(SCREENS, { recursive: true });
  });
  afterAll(() => fake?.close());

  it('settings: environment, NIP and the token saved; the connection checked', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.goto(e2e.url('/plugin/invoicing?controller=settings'));
    const form = page.getByTestId('plugin-settings');
    await form.waitFor();
    await page.getByLabel('Środowisko KSeF').selectOption('TEST');
    await page.getByLabel('NIP sprzedawcy (kontekst KSeF)').fill('526-025-09-95');
    await page.getByLabel('Inny adres API KSeF (zwykle puste)').fill(fake.url);
    await page.getByTestId('secret-ksefToken').getByRole('button', { name: 'Zmień' }).click();
    await page.getByTestId('secret-ksefToken').locator('input[type="password"]').fill(TOKEN);
    await page.getByRole('button', { name: 'Zapisz' }).click();
    await page.getByRole('button', { name: 'Sprawdź połączenie' }).click();
    await page.locator('[data-testid="plugin-connection-answer"].alert-success').waitFor();
    expect(await page.getByTestId('plugin-connection-answer').textContent()).toContain(`dla NIP ${NIP}`);
    await shot(page, 'settings');
    const stored = await org.admin.get('/api/plugins/invoicing/settings');
    expect(stored.body).toMatchObject({ values: { environment: 'TEST' }, secrets: { ksefToken: 'set' } });
    expect(JSON.stringify(stored.body)).not.toContain(TOKEN);
  });

  it('the invoices: accepted with the KSeF number and the UPO, rejected with the message and sent again', async () => {
    const accepted = await issue();
    await drain();
    fake.rejectNext(1, {
      code: 450,
      description: 'Błąd weryfikacji semantyki dokumentu faktury',
      details: ['Nieprawidłowa data wystawienia'],
    });
    const rejected = await issue();
    await drain();

    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.goto(e2e.url('/plugin/invoicing?controller=invoices'));
    const table = page.getByTestId('ksef-invoices');
    await table.waitFor();
    const rowOf = (number: string) => table.locator('tr[data-testid^="ksef-row-"]', { hasText: number });
    const ksefNumber = fake.invoices.find((i) => i.invoiceNumber === accepted)!.ksefNumber!;
    await rowOf(accepted).getByText('Przyjęta').waitFor();
    expect(await rowOf(accepted).textContent()).toContain(ksefNumber);
    await rowOf(rejected).getByText('Odrzucona').waitFor();
    const rejectedId = (await rowOf(rejected).getAttribute('data-testid'))!.replace('ksef-row-', '');
    expect(await page.getByTestId(`ksef-error-${rejectedId}`).textContent()).toContain(
      'KSeF 450 Błąd weryfikacji semantyki dokumentu faktury',
    );
    await shot(page, 'invoices');

    const download = page.waitForEvent('download');
    await rowOf(accepted).getByRole('button', { name: 'UPO' }).click();
    const upo = fs.readFileSync(await savedFile(await download), 'utf8');
    expect(upo).toContain(ksefNumber);

    await page.getByLabel('Stan w KSeF').selectOption('REJECTED');
    await page.getByTestId(`ksef-error-${rejectedId}`).waitFor();
    expect(await table.locator('tbody tr[data-testid^="ksef-row-"]').count()).toBe(1);
    await rowOf(rejected).getByRole('button', { name: 'Wyślij ponownie' }).click();
    await page.getByText('Faktura wróciła do kolejki wysyłki do KSeF.').waitFor();
    await drain();
    await page.getByLabel('Stan w KSeF').selectOption('');
    await rowOf(rejected).getByText('Przyjęta').waitFor({ timeout: 15_000 });
    await shot(page, 'resent');
  });
});
