import { optionsResponseSchema, VALIDATION } from '@zaplecze/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually, setupE2e } from './support/e2e';
import { newOrg, type TestOrg } from './support/org';
import { toastWith } from './support/pages/settings-pages';
import { signedIn, waitForPath } from './support/session';
import { t } from './support/texts';
import { keepScreenshot } from './support/screens';

/**
 * A new organisation's forms with and without their required lists, and the seller's data in the
 * invoice settings (docs/decisions.md, Starter data of a new organisation; Seller's data on invoices).
 */
describe('starter lists and the seller data on invoices', () => {
  const e2e = setupE2e();
  let org: TestOrg;

  const options = async (...keys: string[]): Promise<Record<string, string>> => {
    const res = await org.admin.get(`/api/options?keys=${keys.join(',')}`);
    return Object.fromEntries(optionsResponseSchema.parse(res.body).options.map((o) => [o.key, o.value]));
  };

  /** Deletes every row of a simple list (a deleted default option is cleared with it). */
  const emptyList = async (path: string, key: string) => {
    const res = await org.admin.get<Record<string, { id: number }[]>>(`/api${path}`);
    for (const row of res.body[key] ?? [])
      expect((await org.admin.delete(`/api${path}?id=${row.id}`)).status).toBe(204);
  };

  beforeAll(async () => {
    org = await newOrg(e2e.server);
  });

  it("a new organisation's order form has its defaults and no hint; without the lists it says where to add them", async () => {
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.goto(e2e.url('/orders/0'));
    await page.getByTestId('order-heading').waitFor();
    await page.getByRole('button', { name: t.orderEdit.save }).first().waitFor();
    expect(await page.getByTestId('order-missing-lists').count()).toBe(0);

    await emptyList('/order_statuses', 'orderStatuses');
    await emptyList('/income_sources', 'incomeSources');
    await page.reload();
    const hint = page.getByTestId('order-missing-lists');
    await hint.waitFor();
    const statuses = page.getByTestId('order-missing-lists-order-statuses');
    expect(await statuses.innerText()).toBe(
      `${t.orderEdit.missing.orderStatuses}: ${t.ui.missingLists.addIn} Ustawienia → Słowniki → Statusy zamówień.`,
    );
    expect(await page.getByTestId('order-missing-lists-income-sources').innerText()).toContain(
      'Ustawienia → Słowniki → Źródła przychodu',
    );
    expect(await page.getByTestId('order-missing-lists-settings-vat').count()).toBe(0);
    await keepScreenshot(page, '/tmp/starter-order-missing-lists.png', { fullPage: true });

    await statuses.getByRole('link').click();
    await waitForPath(page, '/order-statuses');
  });

  it('the item form says where to add item statuses, VAT rates and currencies', async () => {
    await emptyList('/item_statuses', 'itemStatuses');
    expect(
      (
        await org.admin.put('/api/options', {
          options: [
            { key: 'VAT_VALUES', value: '' },
            { key: 'CURRENCY_VALUES', value: '' },
          ],
        })
      ).status,
    ).toBe(204);
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.goto(e2e.url('/items/0'));
    const hint = page.getByTestId('item-missing-lists');
    await hint.waitFor();
    expect(await page.getByTestId('item-missing-lists-item-statuses').innerText()).toContain(
      `${t.itemEdit.missing.itemStatuses}: ${t.ui.missingLists.addIn} Ustawienia → Słowniki → Statusy towarów.`,
    );
    expect(await page.getByTestId('item-missing-lists-settings-vat').innerText()).toContain('Ustawienia → VAT.');
    expect(await page.getByTestId('item-missing-lists-settings-currencies').innerText()).toContain(
      'Ustawienia → Waluty.',
    );
    await keepScreenshot(page, '/tmp/starter-item-missing-lists.png', { fullPage: true });
    await page.getByTestId('item-missing-lists-settings-vat').getByRole('link').click();
    await waitForPath(page, '/settings/vat');
  });

  it('the invoice settings take the place of issue, the bank and a checked bank account', async () => {
    const s = t.settings.invoice;
    const { page } = await signedIn(e2e, org.adminLogin, org.adminPass);
    await page.goto(e2e.url('/settings/invoice'));
    const account = page.getByLabel(s.bankAccount);
    await account.waitFor();
    await page.getByLabel(s.placeOfIssue).fill('Piaseczno');
    await page.getByLabel(s.bankName).fill('Bank Przykładowy S.A.');
    await account.fill('62 1090 1014 0000 0712 1981 2874');
    await page.getByRole('button', { name: s.save }).click();
    await page.getByText(VALIDATION.bankAccountInvalid).waitFor();
    await keepScreenshot(page, '/tmp/starter-invoice-settings-invalid.png', { fullPage: true });
    expect((await options('INVOICE_PLACE_OF_ISSUE')).INVOICE_PLACE_OF_ISSUE).toBe('');

    await account.fill('61 1090 1014 0000 0712 1981 2874');
    await page.getByRole('button', { name: s.save }).click();
    await toastWith(page, t.toasts.saved).first().waitFor();
    await eventually(() => options('INVOICE_PLACE_OF_ISSUE', 'INVOICE_BANK_NAME', 'INVOICE_BANK_ACCOUNT'), {
      INVOICE_PLACE_OF_ISSUE: 'Piaseczno',
      INVOICE_BANK_NAME: 'Bank Przykładowy S.A.',
      INVOICE_BANK_ACCOUNT: '61109010140000071219812874',
    });
    // Shown grouped when the screen opens again.
    await page.reload();
    await eventually(() => page.getByLabel(s.bankAccount).inputValue(), '61 1090 1014 0000 0712 1981 2874');
    await keepScreenshot(page, '/tmp/starter-invoice-settings.png', { fullPage: true });
  });
});
