import type { InvoiceSnapshot } from '@zaplecze/contract';
import { rateKey, rateText, VAT_LETTERS, type LetterRate, type VatLetters } from '../schemas';
import type { Receipt } from './posnet';

/**
 * A receipt's snapshot as the printer's transaction (docs/plugins.md, "Plugin: fiscal-printer"):
 * each line with the letter (slot) its rate has in the settings, the buyer's NIP, the payment.
 * Answers a Polish reason instead when the printer could not take it.
 */

/** The most lines a POSNET receipt may have. */
export const MAX_LINES = 500;

/** A snapshot rate (2300, 'zw', ...) as a letter rate's key (schemas.ts rateKey). */
function snapshotRateKey(vat: number | string): string | null {
  if (typeof vat === 'number') return String(vat);
  return vat === 'zw' ? 'zw' : null;
}

const snapshotRateText = (vat: number | string) =>
  typeof vat === 'number' ? rateText(vat / 100) : vat === 'zw' ? 'zw' : vat;

/** The slot (0-6 = A-G) of a rate, or -1 when no letter has it. */
export function slotOf(vat: number | string, letters: VatLetters): number {
  const key = snapshotRateKey(vat);
  if (key === null) return -1;
  return VAT_LETTERS.findIndex((l) => letters[l] !== null && rateKey(letters[l] as number | 'zw') === key);
}

/**
 * POSNET's payment type of the order's payment text (the invoice settings' payment of a stationary
 * order, 'Gotówka' by default): cash, card, transfer, cheque, voucher, credit; anything else is
 * 'other' with the text as its name.
 */
export function paymentOf(text: string): { type: number; name?: string } {
  const t = text.trim().toLowerCase();
  if (t === '' || /got[oó]w/.test(t)) return { type: 0 };
  if (/kart|card/.test(t)) return { type: 2 };
  if (/przelew|transfer/.test(t)) return { type: 8 };
  if (/czek/.test(t)) return { type: 3 };
  if (/voucher/.test(t)) return { type: 7 };
  if (/\bbon/.test(t)) return { type: 4 };
  if (/kredyt|rat[ayi]/.test(t)) return { type: 5 };
  return { type: 6, name: text.trim().slice(0, 25) };
}

/** The receipt's transaction, or why it cannot be printed (Polish). */
export function buildReceipt(s: InvoiceSnapshot, letters: VatLetters): Receipt | { error: string } {
  if (s.currency !== 'PLN')
    return { error: `Paragon ${s.number} jest w walucie ${s.currency}: drukarka fiskalna drukuje tylko w złotych.` };
  if (s.lines.length === 0) return { error: `Paragon ${s.number} nie ma pozycji.` };
  if (s.lines.length > MAX_LINES)
    return { error: `Paragon ${s.number} ma ${s.lines.length} pozycji: drukarka przyjmie najwyżej ${MAX_LINES}.` };
  const lines = [];
  for (const l of s.lines) {
    if (l.vat === 'np' || l.vat === 'oo')
      return {
        error: `Pozycja „${l.name}” ma stawkę ${l.vat}: paragon fiskalny jej nie zna. Wystaw do tego zamówienia fakturę.`,
      };
    const slot = slotOf(l.vat, letters);
    if (slot < 0)
      return {
        error: `Stawka ${snapshotRateText(l.vat)} pozycji „${l.name}” nie ma litery w ustawieniach drukarki (zakładka „Stawki VAT”).`,
      };
    if (l.quantity <= 0 || l.unitGross <= 0)
      return {
        error: `Pozycja „${l.name}” ma ilość albo cenę równą zero lub ujemną: drukarka fiskalna jej nie przyjmie (rabat wpisz w cenę).`,
      };
    lines.push({ name: l.name, quantity: l.quantity, unitGross: l.unitGross, gross: l.gross, vatSlot: slot });
  }
  const nip = /^\d{10}$/.test(s.buyer.taxId) ? s.buyer.taxId : '';
  const payment = paymentOf(s.paymentMethod);
  return { lines, nip, paymentType: payment.type, ...(payment.name ? { paymentName: payment.name } : {}) };
}

/**
 * The letters the receipt uses whose rate on the printer (`vatget`) is not the settings' one:
 * Polish, one sentence each; empty when they agree.
 */
export function letterMismatches(
  r: Receipt,
  letters: VatLetters,
  printer: readonly (number | 'zw' | null)[],
): string[] {
  const out: string[] = [];
  for (const slot of [...new Set(r.lines.map((l) => l.vatSlot))].sort()) {
    const letter = VAT_LETTERS[slot]!;
    const mine = letters[letter];
    const theirs = printer[slot] ?? null;
    if (mine === null) continue;
    if (theirs === null) out.push(`litera ${letter} jest na drukarce nieaktywna (w ustawieniach ${rateText(mine)})`);
    else if (rateKey(theirs) !== rateKey(mine))
      out.push(`litera ${letter} to na drukarce ${rateText(theirs)}, a w ustawieniach ${rateText(mine)}`);
  }
  return out;
}

/** The printer's letters as text: 'A 23%, B 8%, C 5%, D 0%, E zw' (inactive ones left out). */
export function printerRatesText(printer: readonly LetterRate[]): string {
  const active = VAT_LETTERS.map((l, i) => [l, printer[i] ?? null] as const).filter(([, r]) => r !== null);
  return active.length === 0 ? 'brak aktywnych stawek' : active.map(([l, r]) => `${l} ${rateText(r)}`).join(', ');
}
