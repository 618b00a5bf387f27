import { COLOR_BRIGHTNESS_THRESHOLD } from './constants';

/** The login a user signs in with: `{prefix}_{user}` (docs/rules/server-side-rules.md), lower-cased. */
export function buildLogin(prefix: string, user: string): string {
  return `${prefix}_${user}`.toLowerCase();
}

/** Text colour for a badge on the given background (hex without #): black above brightness 186. */
export function textColorFor(hex: string): '000000' | 'ffffff' {
  const clean = hex.replace(/^#/, '');
  const full = clean.length === 3 ? [...clean].map((c) => c + c).join('') : clean.padEnd(6, '0');
  const r = parseInt(full.slice(0, 2), 16) || 0;
  const g = parseInt(full.slice(2, 4), 16) || 0;
  const b = parseInt(full.slice(4, 6), 16) || 0;
  const brightness = 0.299 * r + 0.587 * g + 0.114 * b;
  return brightness > COLOR_BRIGHTNESS_THRESHOLD ? '000000' : 'ffffff';
}

/** Whether a token should be renewed now (docs/rules/platform-rules.md §4: under 3 h short, under 5 days long). */
export function shouldRenewToken(
  validTo: Date,
  now: Date,
  longSession: boolean,
  shortBelowMs: number,
  longBelowMs: number,
): boolean {
  const left = validTo.getTime() - now.getTime();
  return left < (longSession ? longBelowMs : shortBelowMs);
}
