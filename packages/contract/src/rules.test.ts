import { describe, expect, it } from 'vitest';
import { TOKEN_LONG_MS, TOKEN_RENEW_LONG_BELOW_MS, TOKEN_RENEW_SHORT_BELOW_MS, TOKEN_SHORT_MS } from './constants';
import { buildLogin, shouldRenewToken, textColorFor } from './rules';

describe('buildLogin', () => {
  it('is {prefix}_{user}, lower-case', () => {
    expect(buildLogin('acme', 'admin')).toBe('acme_admin');
    expect(buildLogin('ACME', 'Jan.Kowalski')).toBe('acme_jan.kowalski');
  });
});

describe('textColorFor (brightness 0.299R + 0.587G + 0.114B, black above 186)', () => {
  it('gives black on light and white on dark backgrounds', () => {
    expect(textColorFor('ffffff')).toBe('000000');
    expect(textColorFor('000000')).toBe('ffffff');
    expect(textColorFor('ffff00')).toBe('000000'); // 225.9
    expect(textColorFor('0000ff')).toBe('ffffff'); // 29.1
    expect(textColorFor('ff0000')).toBe('ffffff'); // 76.2
  });

  it('keeps white at exactly 186 and turns black just above', () => {
    expect(textColorFor('bababa')).toBe('ffffff'); // 186
    expect(textColorFor('bbbbbb')).toBe('000000'); // 187
  });

  it('accepts a leading # and the short form', () => {
    expect(textColorFor('#ffffff')).toBe('000000');
    expect(textColorFor('fff')).toBe('000000');
    expect(textColorFor('#000')).toBe('ffffff');
  });
});

describe('shouldRenewToken (docs/rules/platform-rules.md §4)', () => {
  const now = new Date('2025-06-01T12:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms);
  const HOUR = 3_600_000;
  const renew = (left: number, long: boolean) =>
    shouldRenewToken(at(left), now, long, TOKEN_RENEW_SHORT_BELOW_MS, TOKEN_RENEW_LONG_BELOW_MS);

  it('renews a short session under 3 hours left', () => {
    expect(TOKEN_RENEW_SHORT_BELOW_MS).toBe(3 * HOUR);
    expect(renew(TOKEN_SHORT_MS, false)).toBe(false);
    expect(renew(3 * HOUR + 1, false)).toBe(false);
    expect(renew(3 * HOUR - 1, false)).toBe(true);
    expect(renew(-1, false)).toBe(true);
  });

  it('renews a long session under 5 days left', () => {
    expect(TOKEN_RENEW_LONG_BELOW_MS).toBe(5 * 24 * HOUR);
    expect(renew(TOKEN_LONG_MS, true)).toBe(false);
    expect(renew(5 * 24 * HOUR + 1, true)).toBe(false);
    expect(renew(5 * 24 * HOUR - 1, true)).toBe(true);
    expect(renew(4 * HOUR, true)).toBe(true);
  });
});
