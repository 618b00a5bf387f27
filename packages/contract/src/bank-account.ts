/**
 * The seller's bank account printed on invoices (docs/decisions.md, Seller's data on invoices):
 * a Polish account number (NRB: 26 digits, the first two the IBAN check digits) or an IBAN with its
 * country prefix. Typed with spaces or dashes; checked by the IBAN checksum (ISO 13616, mod 97).
 */

/** The account without separators, upper case ('PL61 1090 ...' -> 'PL611090...'). */
function compact(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

/** ISO 13616: the country and check digits moved to the end, letters as 10-35, the whole mod 97 = 1. */
function ibanChecksumOk(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const v = ch >= 'A' && ch <= 'Z' ? ch.charCodeAt(0) - 55 : Number(ch);
    rest = (rest * (v > 9 ? 100 : 10) + v) % 97;
  }
  return rest === 1;
}

/**
 * The account as stored: 26 digits (NRB) or an IBAN (country letters, check digits, up to 30
 * letters and digits; a Polish one has 26 digits after 'PL'), without separators; undefined when
 * the shape or the checksum is wrong.
 */
export function parseBankAccount(raw: string): string | undefined {
  const s = compact(raw);
  if (/^\d{26}$/.test(s)) return ibanChecksumOk(`PL${s}`) ? s : undefined;
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(s)) return undefined;
  if (s.startsWith('PL') && !/^PL\d{26}$/.test(s)) return undefined;
  return ibanChecksumOk(s) ? s : undefined;
}

/**
 * An account grouped for reading: an NRB as '61 1090 1014 0000 0712 1981 2874', an IBAN in
 * groups of four ('PL61 1090 1014 0000 0712 1981 2874'). Anything else is answered as it is.
 */
export function formatBankAccount(account: string): string {
  const s = compact(account);
  if (/^\d{26}$/.test(s)) return `${s.slice(0, 2)} ${s.slice(2).replace(/(.{4})(?=.)/g, '$1 ')}`;
  if (/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(s)) return s.replace(/(.{4})(?=.)/g, '$1 ');
  return account.trim();
}
