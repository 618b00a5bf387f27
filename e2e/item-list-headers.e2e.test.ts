import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCatalog, type Catalog } from '../packages/server/test/catalog';
import { setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
import { ItemsPage } from './support/pages/items-page';
import { signedIn } from './support/session';
import { t } from './support/texts';
import { keepScreenshot } from './support/screens';

/**
 * The item list's column headers are readable on the screens sellers use (docs/decisions.md,
 * Item list headers): nothing cut to 'Zdję…' at 1366x768, the wide layout at 1920 and the phone
 * at 390 px still whole. A short header carries its full name in `title` and `aria-label`.
 */
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
] as const;

interface Header {
  text: string;
  title: string | null;
  label: string | null;
  cut: boolean;
}

/** The drawn headers of the item table: text, title, aria-label, and whether the text is cut. */
async function headers(page: Page): Promise<Header[]> {
  return page.getByTestId('items-table').evaluate((table) =>
    [...table.querySelectorAll('thead th')]
      .filter((th) => getComputedStyle(th).display !== 'none')
      .map((th) => ({
        text: (th.textContent ?? '').trim(),
        title: th.getAttribute('title'),
        label: th.getAttribute('aria-label'),
        cut: th.scrollWidth > th.clientWidth + 1,
      })),
  );
}

describe('item list headers at 1366, 1920 and 390 px', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  let c: Catalog;

  beforeAll(async () => {
    org = await newOrg(e2e.server);
    c = await createCatalog(org.admin);
    for (let i = 1; i <= 5; i++) {
      const res = await org.admin.post('/api/items', {
        code: `NAG-${100 + i}`,
        name: `Kubek ceramiczny numer ${i}`,
        gtin: '5901234123457',
        price: 1234.5 + i,
        vat: 23,
        currency: 'PLN',
        countWare: i,
        itemStatusId: c.statusId,
        itemGroupId: c.groupId,
        categoryId: c.subCategoryId,
        placeId: c.subPlaceId,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });

  for (const size of SIZES) {
    it(`${size.width}x${size.height}: every drawn header is whole; a short one names the column in full`, async () => {
      const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
      await page.setViewportSize(size);
      const items = await new ItemsPage(page, (p) => e2e.url(p)).goto();
      await items.row('NAG-101').waitFor();
      await keepScreenshot(page, `/tmp/webfix/items-headers-${size.width}.png`);
      const drawn = await headers(page);
      expect(drawn.filter((h) => h.cut).map((h) => h.text)).toEqual([]);
      // A short header names its column in full for the tooltip and for screen readers.
      const short = drawn.filter((h) => h.title !== null);
      for (const h of short) expect(h.label, h.text).toBe(h.title);
      const shown = Object.fromEntries(short.map((h) => [h.text, h.title]));
      const row = items.row('NAG-101');
      if (size.width === 390) {
        // The phone keeps code, name and the actions, and the page does not scroll sideways.
        expect(drawn.map((h) => h.text)).toEqual([t.items.list.colCode, t.items.list.colName, t.items.list.colActions]);
        const wide = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(wide).toBeLessThanOrEqual(0);
        return;
      }
      expect(shown[t.items.list.colPhotoShort]).toBe(t.items.list.colPhoto);
      expect(drawn.map((h) => h.text)).toContain(t.items.list.colPlace);
      if (size.width === 1920) {
        expect(shown[t.items.list.colPhotosShort]).toBe(t.items.list.colPhotos);
        expect(shown[t.items.list.colParamsShort]).toBe(t.items.list.colParams);
        // The 13 digits of a GTIN are whole too.
        const gtin = row.getByTestId('item-gtin');
        expect(
          await gtin.evaluate(
            (el) => (el.closest('td') as HTMLElement).scrollWidth <= (el.closest('td') as HTMLElement).clientWidth + 1,
          ),
        ).toBe(true);
      }
      // The name keeps room to be read.
      expect(
        (await row.getByTestId('item-name').evaluate((el) => (el.closest('td') as HTMLElement).clientWidth)) ?? 0,
      ).toBeGreaterThan(200);
    });
  }
});
