import countries from 'i18n-iso-countries';
import pl from 'i18n-iso-countries/langs/pl.json' with { type: 'json' };
import type { Country } from '@zaplecze/contract';

countries.registerLocale(pl);

let cache: Country[] | undefined;

/** ISO 3166-1 alpha-2 codes with Polish names, Poland first, then alphabetically in Polish. */
export function countryList(): Country[] {
  if (cache) return cache;
  const names = countries.getNames('pl', { select: 'official' });
  const collator = new Intl.Collator('pl');
  const list = Object.entries(names)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => collator.compare(a.name, b.name));
  const poland = list.find((c) => c.code === 'PL');
  cache = poland ? [poland, ...list.filter((c) => c.code !== 'PL')] : list;
  return cache;
}

export function isCountryCode(code: string): boolean {
  return countryList().some((c) => c.code === code);
}
