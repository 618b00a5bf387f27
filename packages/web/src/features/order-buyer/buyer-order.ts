import { formatAmountPl, toHundredths, type BuyerOrder } from '@zaplecze/contract';

/**
 * The buyer page's figures (docs/rules/platform-rules.md §2 Buyer order page), exact in hundredths,
 * in THE money format without a currency (the buyer view carries none): '1 234,50'.
 */

const h = (n: number) => toHundredths(n) ?? Math.round(n * 100);

/** Gross line total = unit price × quantity. */
export function lineTotal(l: { price: number; quantity: number }): string {
  return formatAmountPl(h(l.price) * l.quantity);
}

/** Sum gross of the goods, and of the whole order with the shipping. */
export function buyerSums(o: Pick<BuyerOrder, 'items' | 'deliveryCost'>): { goods: string; all: string } {
  const goods = o.items.reduce((s, l) => s + h(l.price) * l.quantity, 0);
  return { goods: formatAmountPl(goods), all: formatAmountPl(goods + h(o.deliveryCost)) };
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
