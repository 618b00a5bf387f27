import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ItemsSummary } from '@zaplecze/contract';
import { format } from '@web/i18n';
import { FILES_MSG } from '../packages/server/src/modules/files/messages.pl';
import { APP_VERSION } from '../packages/server/src/modules/meta/version';
import { eventually, setupE2e } from './support/e2e';
import { createUser, newOrg, orgIdOf, type TestOrg } from './support/org';
import { HomePage } from './support/pages/home-page';
import { ItemEditPage } from './support/pages/item-edit-page';
import { LoginPage } from './support/pages/login-page';
import { Shell } from './support/pages/shell';
import { RESULTS_DIR } from './support/paths';
import { signedIn } from './support/session';
import { pageTitle, t } from './support/texts';
import { keepScreenshot } from './support/screens';

const SCREENS = path.join(RESULTS_DIR, 'screens');
const LOGIN_INFO = 'Przerwa techniczna w niedzielę od 22:00.';

/** Today in Polish, e.g. "6 stycznia 2025" (day, month in the genitive, year). */
function todayPl(): string {
  return new Intl.DateTimeFormat('pl-PL', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date());
}

describe('home and the server banners', () => {
  const e2e = setupE2e({ loginInfo: LOGIN_INFO, isTest: true });
  let org: TestOrg;

  beforeAll(async () => {
    org = await newOrg(e2e.server);
  });

  it('the login page shows the test-environment info and the server login info', async () => {
    const page = await e2e.newPage();
    await new LoginPage(page, e2e.url).goto();
    await page.getByRole('alert').filter({ hasText: t.auth.testEnvironment }).waitFor();
    await page.getByRole('alert').filter({ hasText: LOGIN_INFO }).waitFor();
  });

  it('greets the user by login, shows dismissible banners and the no-widget placeholder', async () => {
    // A user who may see the home page but no widget's data (the administrator sees the items widget).
    const user = await createUser(e2e.server, org, { login: 'domowy', permissions: 'main.misc.homepage.show' });
    const { page } = await signedIn(e2e, user.login, user.pass);
    const home = new HomePage(page);
    await home.greeting(user.login).waitFor();
    await eventually(() => page.title(), pageTitle(t.home.title));

    // Placeholder: today's date and the product version.
    await home.placeholder.waitFor();
    const main = (await page.getByRole('main').textContent()) ?? '';
    expect(main).toContain(todayPl());
    expect(main).toContain(format(t.home.version, { app: t.appName, version: APP_VERSION }));

    // Both banners can be closed.
    const testBanner = home.banner(t.home.testEnvironment);
    const infoBanner = home.banner(LOGIN_INFO);
    await testBanner.waitFor();
    await infoBanner.waitFor();
    await home.closeButton(testBanner).click();
    await testBanner.waitFor({ state: 'detached' });
    await home.closeButton(infoBanner).click();
    await infoBanner.waitFor({ state: 'detached' });
    await home.greeting(user.login).waitFor();
  });
});

describe('home: storage use against the quota', () => {
  const QUOTA_MB = 2;
  const e2e = setupE2e({ orgStorageQuotaMb: QUOTA_MB });

  it("the items widget shows the organisation's files against ORG_STORAGE_QUOTA_MB, with a bar", async () => {
    const org = await newOrg(e2e.server);
    // Random pixels do not compress: about half a megabyte stored.
    const photo = await sharp(randomBytes(420 * 420 * 3), { raw: { width: 420, height: 420, channels: 3 } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'szum.png');
    expect((await org.admin.request('POST', '/api/upload_image', { multipart: form })).status).toBe(200);
    const used = (await org.admin.get<ItemsSummary>('/api/items/summary_homepage')).body.userDirSize;
    const mb = new Intl.NumberFormat('pl-PL', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      used / 1024 / 1024,
    );

    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const files = page.getByTestId('items-widget-files-size');
    await eventually(() => files.textContent(), `${mb} MB z ${QUOTA_MB} MB`);
    expect(mb).toMatch(/^0,\d\d$/);
    const bar = page.getByTestId('items-widget-quota').getByRole('progressbar');
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBe(Math.round((used / (QUOTA_MB * 1024 * 1024)) * 100));
    fs.mkdirSync(SCREENS, { recursive: true });
    await keepScreenshot(page.getByTestId('items-widget'), path.join(SCREENS, 'home-storage-quota.png'));
  });

  it("an item's photo past the quota is refused with the server's Polish message; the form keeps its values", async () => {
    const org = await newOrg(e2e.server);
    const status = await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny' });
    const options = await org.admin.put('/api/options', {
      options: [
        { key: 'VAT_VALUES', value: '23' },
        { key: 'VAT_DEFAULT_ITEM', value: '23' },
        { key: 'CURRENCY_VALUES', value: 'PLN' },
        { key: 'CURRENCY_DEFAULT', value: 'PLN' },
        { key: 'DEFAULT_ITEM_STATUS_ID', value: String(status.body.id) },
      ],
    });
    expect(options.status).toBeLessThan(300);
    // The organisation's files already fill the quota (an unclaimed upload of 2 MB, written by hand).
    const orgId = await orgIdOf(e2e.server, org);
    await e2e.server.deps.db
      .insertInto('files')
      .values({
        name: `${'c'.repeat(32)}.jpg`,
        org_id: orgId,
        item_id: null,
        bytes: QUOTA_MB * 1024 * 1024,
        created_at: new Date().toISOString(),
      })
      .execute();
    const photo = path.join(SCREENS, 'kwota.jpg');
    fs.mkdirSync(SCREENS, { recursive: true });
    await sharp({ create: { width: 64, height: 48, channels: 3, background: 'red' } })
      .jpeg()
      .toFile(photo);

    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const edit = await new ItemEditPage(page, (p) => e2e.url(p)).goto(0);
    await edit.code.fill('KWOTA-1');
    await edit.name.fill('Kubek ponad limit');
    await edit.price.fill('10,00');
    await edit.open('item-photos-section');
    await edit.upload([photo]);
    await eventually(() => edit.photos.count(), 1);
    await edit.saveButton.click();
    const refused = new Shell(page)
      .toast(t.itemEdit.edit.photosErrorTitle)
      .filter({ hasText: FILES_MSG.quotaExceeded(QUOTA_MB) });
    await refused.waitFor();
    await keepScreenshot(refused, path.join(SCREENS, 'item-photo-over-quota-toast.png'));
    expect(new URL(page.url()).pathname).toBe('/items/0');
    expect(await edit.code.inputValue()).toBe('KWOTA-1');
  });
});
