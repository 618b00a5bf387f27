import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TenantDb } from '../packages/server/src/db/tenant';
import { enqueueJob } from '../packages/server/src/platform/jobs';
import { setupE2e } from './support/e2e';
import { newOrg, orgIdOf, type TestOrg } from './support/org';
import { RESULTS_DIR } from './support/paths';
import { keepScreenshot, screenshotsWanted } from './support/screens';
import { signedIn } from './support/session';
import { pluginJobWorker } from '../packages/server/test/plugin-jobs';

const PLUGIN = 'fixture-outside';
const TOKEN = 'dobry-token-7';
const SCREENS = path.join(RESULTS_DIR, 'screens');

async function shot(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted()) return;
  await keepScreenshot(page, path.join(SCREENS, `integrations-${name}.png`));
}

/**
 * What integration plugins share, in the browser (docs/plugins.md, Integration plugins), with the
 * test-only plugin fixture-outside and a service on loopback: the generic settings form offers the
 * service's addresses and checks the stored connection ('Sprawdź połączenie'); the 'Dziennik'
 * screen lists the calls with their outcome and, after a refused token, the 'Połącz ponownie'
 * warning, which a settings save ends.
 */
describe('integration plugins: connection test, call log, reconnect', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  let orgId: number;
  let service: http.Server;
  let serviceUrl: string;

  beforeAll(async () => {
    service = http.createServer((req, res) => {
      const ok = req.headers.authorization === `Bearer ${TOKEN}`;
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify(ok ? {} : { errors: [{ userMessage: 'Nieprawidłowy token dostępu.' }] }));
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
    org = await newOrg(e2e.server);
    orgId = await orgIdOf(e2e.server, org);
    expect((await org.admin.request('POST', '/api/plugin_install', { form: { pluginId: PLUGIN } })).status).toBe(204);
  });
  afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())));

  const runJobs = () => pluginJobWorker(e2e.server.deps).drain();

  it('settings: an offered address in one click, the token, and the connection checked', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.goto(e2e.url(`/plugin/${PLUGIN}?controller=settings`));
    const form = page.getByTestId('plugin-settings');
    await form.waitFor();
    const url = form.getByLabel('Adres usługi');
    await form.getByRole('button', { name: 'Środowisko testowe (sandbox)' }).click();
    expect(await url.inputValue()).toBe('https://sandbox.example.pl');
    await url.fill(serviceUrl);
    await page.getByTestId('secret-token').getByRole('button', { name: 'Zmień' }).click();
    await page.getByTestId('secret-token').getByPlaceholder('Nowa wartość').fill('zly-token');
    await form.getByRole('button', { name: 'Zapisz' }).click();
    await page.getByTestId('secret-token').getByText('ustawione').waitFor();

    await page.getByRole('button', { name: 'Sprawdź połączenie' }).click();
    const answer = page.getByTestId('plugin-connection-answer');
    await answer.waitFor();
    expect(await answer.textContent()).toContain('Nieprawidłowy token dostępu.');
    expect(await answer.getAttribute('class')).toContain('alert-danger');
    await shot(page, 'settings-refused');

    await page.getByTestId('secret-token').getByRole('button', { name: 'Zmień' }).click();
    await page.getByTestId('secret-token').getByPlaceholder('Nowa wartość').fill(TOKEN);
    await form.getByRole('button', { name: 'Zapisz' }).click();
    await page.getByTestId('secret-token').getByRole('button', { name: 'Zmień' }).waitFor();
    await page.getByRole('button', { name: 'Sprawdź połączenie' }).click();
    await page.locator('[data-testid="plugin-connection-answer"].alert-success').waitFor();
    expect(await page.getByTestId('plugin-connection-answer').textContent()).toBe('Połączono (HTTP 200).');
    await shot(page, 'settings-ok');
  });

  it("'Dziennik': the calls with their outcome; a refused token shows 'Połącz ponownie' until a save", async () => {
    const tdb = new TenantDb(e2e.server.deps.db, orgId);
    await org.admin.put(`/api/plugins/${PLUGIN}/settings`, { secrets: { token: 'wygasly' } });
    await enqueueJob(tdb, { kind: `${PLUGIN}.call`, pluginId: PLUGIN, payload: { path: '/orders', orderId: 1 } });
    await runJobs();

    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.goto(e2e.url(`/plugin/${PLUGIN}?controller=log`));
    const warning = page.getByTestId('plugin-reconnect');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('Połącz ponownie');
    expect(await warning.textContent()).toContain('Nieprawidłowy token dostępu.');
    const rows = page.getByTestId('plugin-call');
    await rows.first().waitFor();
    expect(await rows.first().getAttribute('data-call-ok')).toBe('false');
    expect(await rows.first().textContent()).toContain('Wywołanie testowe');
    expect(await rows.first().textContent()).toContain('401');
    // The earlier connection tests are there too, newest first.
    expect(await rows.count()).toBeGreaterThanOrEqual(3);
    await shot(page, 'log-reconnect');

    // Only errors.
    await page.getByLabel('Wynik wywołania').selectOption('ok');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="plugin-call"]')].every(
        (r) => r.getAttribute('data-call-ok') === 'true',
      ),
    );

    // A settings save ends the warning.
    await org.admin.put(`/api/plugins/${PLUGIN}/settings`, { secrets: { token: TOKEN } });
    await page.reload();
    await page.getByTestId('plugin-calls').waitFor();
    await rows.first().waitFor();
    expect(await page.getByTestId('plugin-reconnect').count()).toBe(0);
  });
});
