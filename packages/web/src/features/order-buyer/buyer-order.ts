import { formatMoneyPl, toHundredths, type BuyerOrder } from '@zaplecze/contract';

/**
 * The buyer page's figures (docs/rules/platform-rules.md §2 Buyer order page), exact in hundredths,
 * in THE money format with the order's currency: '1 234,50 zł'.
 */

const h = (n: number) => toHundredths(n) ?? Math.round(n * 100);

/** An amount in hundredths with its currency, the one money format: '1 234,50 zł', '12,00 EUR'. */
export function money(hundredths: number, currency: string): string {
  return formatMoneyPl(hundredths, currency);
}

/** Gross line total = unit price × quantity. */
export function lineTotal(l: { price: number; quantity: number }, currency: string): string {
  return money(h(l.price) * l.quantity, currency);
}

/** A unit price. */
export function unitPrice(price: number, currency: string): string {
  return money(h(price), currency);
}

/** Sum gross of the goods, and of the whole order with the shipping. */
export function buyerSums(o: Pick<BuyerOrder, 'items' | 'deliveryCost' | 'currency'>): { goods: string; all: string } {
  const goods = o.items.reduce((s, l) => s + h(l.price) * l.quantity, 0);
  return { goods: money(goods, o.currency), all: money(goods + h(o.deliveryCost), o.currency) };
}

/** 'ODBIÓR OSOBISTY' for personal pickup, otherwise 'carrier name - method name' (or none). */
export function carrierText(o: Pick<BuyerOrder, 'shippingMethod' | 'carrierMethod'>, personal: string): string | null {
  if (o.shippingMethod === 'PERSONAL_PICKUP') return personal;
  return o.carrierMethod ? `${o.carrierMethod.carrierName} - ${o.carrierMethod.name}` : null;
}

/** The query of the page: both p and uuid present, or undefined ('Błędne dane zamówienia!'). */
export function buyerQuery(search: URLSearchParams): { p: string; uuid: string } | undefined {
  const p = search.get('p')?.trim() ?? '';
  const uuid = search.get('uuid')?.trim() ?? '';
  return p !== '' && uuid !== '' ? { p, uuid } : undefined;
}

/** Lines of an address, empty parts left out ('Długa 1', '00-001 Warszawa', 'PL'). */
export function addressLines(a: {
  street?: string;
  buildNr?: string;
  address?: string;
  postCode: string;
  city: string;
  countryCode: string;
}): string[] {
  const first = a.address ?? [a.street ?? '', a.buildNr ?? ''].filter((s) => s.trim() !== '').join(' ');
  return [first, [a.postCode, a.city].filter((s) => s.trim() !== '').join(' '), a.countryCode].filter(
    (s) => s.trim() !== '',
  );
}
