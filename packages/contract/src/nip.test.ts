import { describe, expect, it } from 'vitest';
import { isValidNip, nipDigits } from './nip';

describe('NIP', () => {
  it('accepts ten digits with a correct check digit, with dashes, spaces or a PL prefix', () => {
    for (const nip of [
      '5260250995',
      '526-025-09-95',
      '526 025 09 95',
      'PL5260250995',
      'pl 526-025-09-95',
      '1234563218',
    ])
      expect(isValidNip(nip), nip).toBe(true);
    expect(nipDigits('PL 526-025-09-95')).toBe('5260250995');
  });

  it('refuses a wrong check digit, a sum that leaves 10, and anything not ten digits', () => {
    for (const nip of ['5250001009', '1234567890', '6762460000', '526025099', '52602509951', 'ABCDEFGHIJ', ''])
      expect(isValidNip(nip), nip).toBe(false);
  });
});
