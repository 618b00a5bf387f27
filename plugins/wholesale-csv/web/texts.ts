import type { Delimiter, DelimiterChoice, Encoding, EncodingChoice } from '../schemas';

/** The API of the plugin, relative to /api. */
export const BASE = '/plugins/wholesale-csv';

export const ENCODING_LABELS: Record<EncodingChoice, string> = {
  auto: 'Automatycznie',
  'utf-8': 'UTF-8',
  'windows-1250': 'Windows-1250',
  'iso-8859-2': 'ISO-8859-2',
};
export const DELIMITER_LABELS: Record<DelimiterChoice, string> = {
  auto: 'Automatycznie',
  semicolon: 'Średnik ( ; )',
  comma: 'Przecinek ( , )',
  tab: 'Tabulator',
};
export const encodingLabel = (e: Encoding) => ENCODING_LABELS[e];
export const delimiterLabel = (d: Delimiter) => DELIMITER_LABELS[d];

export const FIELD_LABELS = {
  code: 'Kod towaru',
  gtin: 'GTIN',
  name: 'Nazwa',
  extCode: 'Kod zewnętrzny',
  extUrl: 'Adres zewnętrzny (URL)',
  extPrice: 'Cena zewnętrzna (zakupu)',
  stock: 'Stan',
  vat: 'VAT',
} as const;

export const MATCH_LABELS = { code: 'Kod towaru', gtin: 'GTIN', extCode: 'Kod zewnętrzny' } as const;
