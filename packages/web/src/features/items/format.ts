import {
  DEFAULT_STATUS_COLOR,
  formatVat,
  textColorFor,
  type ItemRow,
  type MassResult,
  type Photo,
} from '@zaplecze/contract';
import { format, formatFixed, formatMoney, pluralPl } from '@web/i18n';
import { batches, mergeMassResults } from '@web/ui/batches';
import type { ReportSection } from '@web/ui/report';
import type { Widen } from '@web/i18n';
import type { itemsMessages } from './messages.pl';

/** Row formatting of the item list (docs/rules/catalogue-and-orders-rules.md §2.1). Pure, so it is unit-tested. */

type ListTexts = Widen<(typeof itemsMessages)['list']>;

export function priceCell(row: Pick<ItemRow, 'price' | 'vat' | 'currency'>, t: Pick<ListTexts, 'price'>): string {
  return format(t.price, { price: formatMoney(row.price, row.currency), vat: formatVat(row.vat) });
}

/** The stock, and the offer quantity in parentheses when the item has one: '10 (5)'. */
export function countCell(
  row: Pick<ItemRow, 'countWare' | 'countOffer'>,
  t: Pick<ListTexts, 'countWithOffer'>,
): string {
  return row.countOffer === null
    ? String(row.countWare)
    : format(t.countWithOffer, { count: row.countWare, offer: row.countOffer });
}

/** The delivery price list (or '---') with the delivery time when set. */
export function deliveryCell(
  row: Pick<ItemRow, 'deliveryPriceList' | 'deliveryTime'>,
  t: Pick<ListTexts, 'noDelivery' | 'deliveryWithTime'>,
): string {
  const list = row.deliveryPriceList?.name ?? t.noDelivery;
  return row.deliveryTime ? format(t.deliveryWithTime, { list, time: row.deliveryTime.name }) : list;
}

/** A status badge's colours: background as stored, text black or white by brightness (docs/rules/platform-rules.md §3). */
export function statusColors(color: string | undefined): { background: string; text: string } {
  const bg = (color || DEFAULT_STATUS_COLOR).replace(/^#/, '').toLowerCase();
  return { background: `#${bg}`, text: `#${textColorFor(bg)}` };
}

/**
 * The thumbnail (or display size) of a photo: stored files through GET /image of the caller's
 * organisation (the `<img>` authenticates with the token cookie); URL photos as they are.
 */
export function photoUrl(photo: Photo, orgPrefix: string, size: 'thumb' | 'display'): string {
  if (photo.type === 'url') return photo.name;
  const q = new URLSearchParams({ p: orgPrefix, name: photo.name, size });
  return `/api/image?${q.toString()}`;
}

/** Bytes as megabytes with two decimals in the interface language's style (1 MB = 1024 x 1024 bytes). */
export function megabytes(bytes: number): string {
  return formatFixed(bytes / (1024 * 1024), 2);
}

/** The storage quota in whole megabytes when it is whole ('500'), else with two decimals. */
export function quotaMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return formatFixed(mb, Number.isInteger(mb) ? 0 : 2);
}

/** The share of the quota used, 0-100 (a full or overfull organisation is 100). */
export function quotaPercent(used: number, quota: number): number {
  return quota <= 0 ? 100 : Math.min(100, Math.round((used / quota) * 100));
}

// ---- mass delete report ------------------------------------------------------------------------

/** Results of several batches as one. */
export function mergeResults(results: readonly MassResult[]): MassResult {
  return mergeMassResults(results);
}

export interface ReportTexts {
  reportErrors: string;
  reportNotFound: string;
  reportOk: string;
  reportError: string;
}

/** Sections of the mass delete report (docs/rules/catalogue-and-orders-rules.md §8): errors, not found ids, deleted codes. */
export function massDeleteReport(r: MassResult, t: ReportTexts): ReportSection[] {
  return [
    { title: t.reportErrors, lines: r.err.map((e) => format(t.reportError, { code: e.code, reason: e.reason })) },
    { title: t.reportNotFound, lines: r.notFound.map(String) },
    { title: t.reportOk, lines: [...r.ok] },
  ];
}

export { batches };

export function pluralText(n: number, forms: { one: string; few: string; many: string }): string {
  return format(pluralPl(n, forms), { n });
}
