import { describe, expect, it } from 'vitest';
import { formatBankAccount, parseBankAccount } from './bank-account';

describe('bank account (NRB / IBAN)', () => {
  it('accepts an NRB and a Polish IBAN with a correct checksum, spaces and dashes allowed', () => {
    expect(parseBankAccount('61 1090 1014 0000 0712 1981 2874')).toBe('61109010140000071219812874');
    expect(parseBankAccount('pl61-1090-1014-0000-0712-1981-2874')).toBe('PL61109010140000071219812874');
    expect(parseBankAccount('DE89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
  });

  it('refuses a wrong check digit, a wrong length and other characters', () => {
    expect(parseBankAccount('62 1090 1014 0000 0712 1981 2874')).toBeUndefined();
    expect(parseBankAccount('61 1090 1014 0000 0712 1981 287')).toBeUndefined();
    expect(parseBankAccount('PL61 1090 1014 0000 0712 1981 28741')).toBeUndefined();
    expect(parseBankAccount('DE88 3704 0044 0532 0130 00')).toBeUndefined();
    expect(parseBankAccount('konto 61109010140000071219812874')).toBeUndefined();
    expect(parseBankAccount('')).toBeUndefined();
  });

  it('groups an NRB as 2 + 6 × 4 digits and an IBAN by four', () => {
    expect(formatBankAccount('61109010140000071219812874')).toBe('61 1090 1014 0000 0712 1981 2874');
    expect(formatBankAccount('PL61109010140000071219812874')).toBe('PL61 1090 1014 0000 0712 1981 2874');
    expect(formatBankAccount('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });
});
