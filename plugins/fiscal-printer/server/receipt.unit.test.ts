/**
 * A receipt's snapshot as the printer's transaction (plugins/fiscal-printer/server/receipt.ts): the
 * letters of the settings (the default A 23, B 8, C 5, D 0, E zw and a changed mapping), the rates
 * a receipt cannot carry, the NIP, the payment types, and the settings' validation in Polish.
 */
import type { InvoiceSnapshot } from '@zaplecze/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VAT_LETTERS, fiscalSettingsSchema, vatLettersSchema } from '../schemas';
import { buildReceipt, letterMismatches, paymentOf, printerRatesText, slotOf } from './receipt';

const line = (name: string, quantity: number, unitGross: number, vat: number | 'zw' | 'np' | 'oo') => ({
  no: 1,
  name,
  code: '',
  unit: 'szt.',
  quantity,
  unitGross,
  vat,
  vatCode: null,
  gross: quantity * unitGross,
  net: 0,
  vatAmount: 0,
});

function snapshot(lines: ReturnType<typeof line>[], extra: Partial<InvoiceSnapshot> = {}): InvoiceSnapshot {
  return {
    version: 1,
    number: 'PAR 1/11/2026',
    n: 1,
    month: 11,
    year: 2026,
    issueDate: '2026-11-28',
    issuedAt: '2026-11-28T10:00:00.000Z',
    saleDate: '2026-11-28',
    placeOfIssue: 'Łódź',
    bankAccount: '',
    bankName: '',
    currency: 'PLN',
    seller: {
      name: 'Sklep',
      taxId: '5260250274',
      address: 'Długa 1',
      postCode: '00-001',
      city: 'Łódź',
      countryCode: 'PL',
    },
    buyer: {
      isCompany: false,
      name: '',
      taxId: '',
      address: '',
      postCode: '',
      city: '',
      countryCode: '',
      email: '',
      tel: '',
    },
    lines,
    rates: [],
    totals: { net: 0, vatAmount: 0, gross: lines.reduce((s, l) => s + l.gross, 0) },
    amountInWords: '',
    paymentMethod: 'Gotówka',
    cashOnDelivery: false,
    shippingName: '',
    issuer: 'jan',
    unit: 'szt.',
    annotations: '',
    vatNotes: [],
    order: { id: 1, externalId: null, orderDate: '2026-11-28' },
    ...extra,
  } as InvoiceSnapshot;
}

describe('a receipt for the printer', () => {
  it('gives each line the letter of its rate (default A 23, B 8, C 5, D 0, E zw) and the buyer NIP', () => {
    const r = buildReceipt(
      snapshot(
        [
          line('Kawa', 2, 5999, 2300),
          line('Chleb', 1, 550, 500),
          line('Książka', 1, 3500, 500),
          line('Bułka', 3, 120, 800),
          line('Eksport', 1, 1000, 0),
          line('Usługa', 1, 5000, 'zw'),
        ],
        { buyer: { ...snapshot([]).buyer, isCompany: true, taxId: '5260250274' } },
      ),
      DEFAULT_VAT_LETTERS,
    );
    expect('error' in r).toBe(false);
    if ('error' in r) return;
    expect(r.lines.map((l) => [l.name, l.vatSlot, l.gross])).toEqual([
      ['Kawa', 0, 11998],
      ['Chleb', 2, 550],
      ['Książka', 2, 3500],
      ['Bułka', 1, 360],
      ['Eksport', 3, 1000],
      ['Usługa', 4, 5000],
    ]);
    expect(r.nip).toBe('5260250274');
    expect(r.paymentType).toBe(0);
  });

  it('follows a changed mapping, and says which rate has no letter', () => {
    const letters = { ...DEFAULT_VAT_LETTERS, A: 8, B: 23, F: 5.5 };
    expect(slotOf(2300, letters)).toBe(1);
    expect(slotOf(550, letters)).toBe(5);
    const r = buildReceipt(snapshot([line('Kubek', 1, 100, 700)]), letters);
    expect(r).toEqual({
      error: 'Stawka 7% pozycji „Kubek” nie ma litery w ustawieniach drukarki (zakładka „Stawki VAT”).',
    });
  });

  it('refuses what a fiscal receipt cannot carry: np / oo, another currency, a line of zero', () => {
    expect(buildReceipt(snapshot([line('Usługa', 1, 100, 'np')]), DEFAULT_VAT_LETTERS)).toEqual({
      error: 'Pozycja „Usługa” ma stawkę np: paragon fiskalny jej nie zna. Wystaw do tego zamówienia fakturę.',
    });
    expect(
      buildReceipt(snapshot([line('Kawa', 1, 100, 2300)], { currency: 'EUR' }), DEFAULT_VAT_LETTERS),
    ).toMatchObject({ error: expect.stringContaining('tylko w złotych') });
    expect(buildReceipt(snapshot([line('Gratis', 1, 0, 2300)]), DEFAULT_VAT_LETTERS)).toMatchObject({
      error: expect.stringContaining('równą zero lub ujemną'),
    });
  });

  it("reads the payment's type from the order's payment text", () => {
    expect(paymentOf('Gotówka')).toEqual({ type: 0 });
    expect(paymentOf('')).toEqual({ type: 0 });
    expect(paymentOf('Karta płatnicza')).toEqual({ type: 2 });
    expect(paymentOf('Przelew bankowy')).toEqual({ type: 8 });
    expect(paymentOf('Bon podarunkowy')).toEqual({ type: 4 });
    expect(paymentOf('BLIK')).toEqual({ type: 6, name: 'BLIK' });
  });

  it("compares the receipt's letters with the printer's (vatget)", () => {
    const r = buildReceipt(snapshot([line('Kawa', 1, 100, 2300), line('Chleb', 1, 100, 500)]), DEFAULT_VAT_LETTERS);
    if ('error' in r) throw new Error(r.error);
    expect(letterMismatches(r, DEFAULT_VAT_LETTERS, [23, 8, 5, 0, 'zw', null, null])).toEqual([]);
    expect(letterMismatches(r, DEFAULT_VAT_LETTERS, [22, 8, null, 0, 'zw', null, null])).toEqual([
      'litera A to na drukarce 22%, a w ustawieniach 23%',
      'litera C jest na drukarce nieaktywna (w ustawieniach 5%)',
    ]);
    expect(printerRatesText([23, 8, 5, 0, 'zw', null, null])).toBe('A 23%, B 8%, C 5%, D 0%, E zw');
  });
});

describe('the settings', () => {
  it('defaults to POSNET port 6666 and the usual letters; validates in Polish', () => {
    expect(fiscalSettingsSchema.parse({})).toEqual({
      host: '',
      port: 6666,
      vatLetters: { A: 23, B: 8, C: 5, D: 0, E: 'zw', F: null, G: null },
      timeoutSeconds: 10,
    });
    const bad = (v: unknown) => fiscalSettingsSchema.safeParse(v).error?.issues[0]?.message;
    expect(bad({ host: 'http://drukarka' })).toContain('Adres drukarki');
    expect(bad({ port: 70000 })).toContain('Port drukarki');
    expect(bad({ vatLetters: { A: 23, B: 23 } })).toBe(
      'Stawka 23% jest przypisana do kilku liter (A, B): zostaw ją przy jednej.',
    );
    expect(bad({ vatLetters: { H: 23 } })).toBe('Litery stawek drukarki to A–G.');
    expect(bad({ vatLetters: { A: 'np' } })).toContain('Stawka litery');
    expect(bad({ vatLetters: { A: 5.555 } })).toContain('Stawka litery');
    expect(vatLettersSchema.parse({ A: 23, E: 'zw' })).toEqual({
      A: 23,
      B: null,
      C: null,
      D: null,
      E: 'zw',
      F: null,
      G: null,
    });
    expect(fiscalSettingsSchema.parse({ host: ' 192.168.1.50 ' }).host).toBe('192.168.1.50');
  });
});
