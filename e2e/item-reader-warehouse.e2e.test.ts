import fs from 'node:fs';
import path from 'node:path';
import {
  barcodePdfSchema,
  warehouseChangesAnswerSchema,
  warehouseCsvFileName,
  type WarehouseChange,
} from '@zaplecze/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeCode128 } from '../packages/server/test/pdf-tools';
import { eventually, setupE2e } from './support/e2e';
import { createUser, newOrg, type TestOrg } from './support/org';
import { ItemReaderPage } from './support/pages/item-reader-page';
import { WarehouseChangesPage } from './support/pages/warehouse-changes-page';
import { toastWith } from './support/pages/settings-pages';
import { RESULTS_DIR } from './support/paths';
import { signedIn } from './support/session';
import { pageTitle, t } from './support/texts';
import { keepScreenshot } from './support/screens';
import { savedFile } from './support/downloads';

const SCREENS = path.join(RESULTS_DIR, 'e2e', 'screens');

describe('item reader session and the warehouse changes it leaves', () => {
  const e2e = setupE2e();
  let org: TestOrg;
  const w = t.warehouseChanges;

  beforeAll(async () => {
    org = await newOrg(e2e.server);
    fs.mkdirSync(SCREENS, { recursive: true });
  });

  const setAutoCommit = async (on: boolean) => {
    const res = await org.admin.put('/api/options', { key: 'WAREHOUSE_AUTO_COMMIT', value: String(on) });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
  };

  const changes = async (): Promise<WarehouseChange[]> => {
    const now = new Date();
    const res = await org.admin.get(`/api/warehouse_changes?year=${now.getFullYear()}&month=${now.getMonth() + 1}`);
    return warehouseChangesAnswerSchema.parse(res.body).warehouseChanges;
  };

  it('scans an item and printed stock codes, then commits, deletes, bulk-commits and exports the changes', async () => {
    // A stock sheet as the barcode-prints screen prints it, read back as a scanner would.
    const sheet = await org.admin.post('/api/print/barcode/item_add_sub', { numbers: [5, -3, 10] });
    expect(sheet.status).toBe(200);
    const codes = await decodeCode128(Buffer.from(barcodePdfSchema.parse(sheet.body).pdf, 'base64'));
    expect([...codes].sort()).toEqual(['QTY+10', 'QTY+5', 'QTY-3']);

    const status = await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny', color: '00ff00' });
    const item = await org.admin.post<{ id: number; code: string }>('/api/items', {
      code: 'KUBEK-E2E',
      name: 'Kubek emaliowany',
      price: 25,
      vat: 23,
      currency: 'PLN',
      countWare: 2,
      itemStatusId: status.body.id,
    });
    expect(item.status, JSON.stringify(item.body)).toBe(200);
    await setAutoCommit(true);

    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const reader = await new ItemReaderPage(page, (p) => e2e.url(p)).goto();
    await eventually(() => page.title(), pageTitle(t.itemReader.title));

    // Lower case from the scanner: the screen sends it upper-cased.
    await reader.scan('kubek-e2e');
    await eventually(() => reader.itemField('code').textContent(), 'KUBEK-E2E');
    await eventually(() => reader.itemField('stock').textContent(), '2');
    await reader.scan('QTY+5');
    await eventually(() => reader.itemField('stock').textContent(), '7');
    await reader.scan('NIEZNANY?KOD');
    await eventually(async () => (await reader.log()).length, 3);
    const log = await reader.log();
    expect(log[0]).toMatchObject({ code: 'NIEZNANY?KOD', error: true });
    expect(log[1]).toMatchObject({ code: 'QTY+5', error: false });
    expect(log[1]?.action).toContain('2 → 7');
    expect(log[2]).toEqual({ code: 'KUBEK-E2E', action: 'Wybrano towar KUBEK-E2E (Kubek emaliowany).', error: false });
    // The red row forgot the item; a manual entry selects it again.
    await reader.manual('KUBEK-E2E');
    await eventually(async () => (await reader.log()).length, 4);

    // Without auto-commit the scans only add pending changes.
    await setAutoCommit(false);
    for (const code of ['QTY-3', 'QTY+10', 'QTY+5']) await reader.scan(code);
    await eventually(async () => (await reader.log()).length, 7);
    expect((await reader.log())[0]?.action).toContain('niezatwierdzona');
    await eventually(() => reader.itemField('stock').textContent(), '7');
    await keepScreenshot(page, path.join(SCREENS, 'item-reader.png'), { fullPage: true });

    const all = await changes();
    const reads = all.filter((c) => c.type === 'READER');
    expect(reads.map((c) => [c.quantity, c.commited])).toEqual([
      [5, true],
      [-3, false],
      [10, false],
      [5, false],
    ]);
    const [, minus3, plus10, plus5] = reads as [WarehouseChange, WarehouseChange, WarehouseChange, WarehouseChange];

    const wh = await new WarehouseChangesPage(page, (p) => e2e.url(p)).goto();
    await eventually(() => page.title(), pageTitle(w.title));
    await eventually(
      () => wh.ids(),
      all.map((c) => c.id),
    );
    expect(await wh.quantity(minus3.id).textContent()).toBe('-3');
    expect(await wh.quantity(plus10.id).textContent()).toBe('+10');
    expect(await wh.stockChange(reads[0]!.id).textContent()).toBe('2 → 7');
    expect(await wh.commitDate(minus3.id).textContent()).toBe(w.list.notCommitted);
    await keepScreenshot(page, path.join(SCREENS, 'warehouse-changes.png'), { fullPage: true });

    // Commit one.
    await wh.commitButton(minus3.id).click();
    await toastWith(page, w.actions.committed).waitFor();
    await eventually(() => wh.stockChange(minus3.id).textContent(), '7 → 4');
    expect(await wh.commitButton(minus3.id).count()).toBe(0);

    // Delete one: the hint says the stock stays.
    await wh.deleteButton(plus5.id).hover();
    await page.getByRole('tooltip').filter({ hasText: w.actions.deleteHint }).waitFor();
    await wh.deleteButton(plus5.id).click();
    await wh.confirmYes.click();
    await toastWith(page, w.actions.deleted).waitFor();
    await wh.row(plus5.id).waitFor({ state: 'detached' });

    // Bulk commit: nothing selected warns; then the selected ones in id order, a committed one refused.
    await wh.bulkCommit.click();
    await toastWith(page, w.bulk.nothing).waitFor();
    await wh.select(plus10.id);
    await wh.select(minus3.id);
    await wh.bulkCommit.click();
    await toastWith(page, `ID ${minus3.id}:`).waitFor();
    await eventually(() => wh.stockChange(plus10.id).textContent(), '4 → 14');
    await eventually(() => page.getByTestId('warehouse-selected').textContent(), w.bulk.selected.replace('{n}', '0'));
    await keepScreenshot(page, path.join(SCREENS, 'warehouse-changes-after.png'), { fullPage: true });

    const stock = await org.admin.get<{ items: { countWare: number }[] }>('/api/items?fullcode=KUBEK-E2E');
    expect(stock.body.items[0]?.countWare).toBe(14);

    // The month's CSV.
    const now = new Date();
    const csv = await wh.exportCsv();
    expect(csv.suggestedFilename()).toBe(warehouseCsvFileName({ year: now.getFullYear(), month: now.getMonth() + 1 }));
    const text = fs.readFileSync(await savedFile(csv), 'utf8').replace(/^\uFEFF/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'ID;Data zmiany;Data zatwierdzenia;Kod towaru;Nazwa towaru;Typ;Ilość;Stan przed;Stan po;Zatwierdzona;Zamówienie',
    );
    expect(lines).toHaveLength(1 + all.length - 1);
    expect(lines.some((l) => l.startsWith(`${plus5.id};`))).toBe(false);
    const row10 = lines.find((l) => l.startsWith(`${plus10.id};`))?.split(';');
    expect(row10?.slice(3)).toEqual(['KUBEK-E2E', 'Kubek emaliowany', 'Czytnik', '10', '4', '14', 'Tak', '']);
  });

  it('without main.warehouse.edit the changes are shown but offer no commit, delete or bulk commit', async () => {
    const ids = (await changes()).map((c) => c.id);
    expect(ids.length).toBeGreaterThan(0);
    const viewer = await createUser(e2e.server, org, { login: 'podglad', permissions: 'main.items.show' });
    const { page } = await signedIn(e2e, viewer.login, viewer.pass);
    const wh = await new WarehouseChangesPage(page, (p) => e2e.url(p)).goto();
    await wh.row(ids[0]!).waitFor();
    for (const id of ids) {
      expect(await wh.commitButton(id).count()).toBe(0);
      expect(await wh.deleteButton(id).count()).toBe(0);
    }
    expect(await wh.bulkCommit.count()).toBe(0);
    // The CSV export only reads: it stays.
    expect((await wh.exportCsv()).suggestedFilename()).toMatch(/^warehouse_changes__\d{1,2}_\d{4}\.csv$/);
    await keepScreenshot(page, path.join(SCREENS, 'warehouse-changes-read-only.png'), { fullPage: true });
  });

  it('another month shows the empty state', async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    const wh = await new WarehouseChangesPage(page, (p) => e2e.url(p)).goto();
    await wh.show(1, 2001);
    await page.getByText(w.list.empty).waitFor();
    expect(new URL(page.url()).search).toBe('?year=2001&month=1');
  });
});
