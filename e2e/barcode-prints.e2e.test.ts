import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually, setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
import { BarcodePrintsPage } from './support/pages/barcode-prints-page';
import { toastWith } from './support/pages/settings-pages';
import { signedIn, waitForPath } from './support/session';
import { pageTitle, t } from './support/texts';
import { savedFile } from './support/downloads';

describe('reader-code sheets (barcode-prints)', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  const b = t.barcodePrints;

  beforeAll(async () => {
    org = await newOrg(e2e.server);
  });

  const pdfHead = async (path: string): Promise<string> => {
    return fs.readFileSync(path).subarray(0, 5).toString('latin1');
  };

  it('stock change amounts: increases and decreases, zero and repeats refused, downloaded as a PDF', async () => {
    const { page, shell } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await shell.menuEntry(t.menu.barcodePrints).click();
    await waitForPath(page, '/barcode-prints');
    const codes = new BarcodePrintsPage(page, (p) => e2e.url(p));
    await codes.heading.waitFor();
    await eventually(() => page.title(), pageTitle(b.title));
    expect(await codes.downloadButton('stock-changes').isDisabled()).toBe(true);

    await codes.addStock('5', 'increase');
    await codes.addStock('3', 'decrease');
    await codes.addStock('10', 'increase');
    await eventually(() => codes.values('stock-changes'), ['-3', '+5', '+10']);
    expect(await codes.stockAmount.inputValue()).toBe('');

    await codes.addStock('0', 'increase');
    await toastWith(page, b.zero).waitFor();
    await codes.addStock('5', 'increase');
    await toastWith(page, b.duplicate).waitFor();
    await codes.removeButton('+10').click();
    await eventually(() => codes.values('stock-changes'), ['-3', '+5']);

    const download = await codes.download('stock-changes');
    expect(download.suggestedFilename()).toBe('stock_changes.pdf');
    expect(await pdfHead(await savedFile(download))).toBe('%PDF-');

    // The list survives a reload.
    await page.reload();
    await codes.heading.waitFor();
    await eventually(() => codes.values('stock-changes'), ['-3', '+5']);
  });

  it('weights: multiples of a step up to a maximum, single values, refusals; download of the sheet', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const codes = await new BarcodePrintsPage(page, (p) => e2e.url(p)).goto();

    await codes.addSingle('weights', '750');
    await codes.generate('weights', '500', '2000');
    await eventually(() => codes.values('weights'), ['500 g', '750 g', '1000 g', '1500 g', '2000 g']);
    await codes.generate('weights', '0', '2000');
    await toastWith(page, b.notPositive).waitFor();
    await codes.addSingle('weights', '1000');
    await toastWith(page, b.duplicate).waitFor();

    await codes.generate('sizes', '100', '300');
    await eventually(() => codes.values('sizes'), ['100 mm', '200 mm', '300 mm']);

    const weights = await codes.download('weights');
    expect(weights.suggestedFilename()).toBe('weights.pdf');
    expect(await pdfHead(await savedFile(weights))).toBe('%PDF-');
    const other = await codes.download('other-codes');
    expect(other.suggestedFilename()).toBe('other_codes.pdf');
    expect(await pdfHead(await savedFile(other))).toBe('%PDF-');
  });
});
