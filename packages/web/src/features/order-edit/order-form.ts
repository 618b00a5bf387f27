import {
  formatHundredths,
  toHundredths,
  vatToStored,
  type Order,
  type OrderInput,
  type OrderUpdate,
  type ShippingMethod,
  type VatValue,
} from '@zaplecze/contract';
import { amountHundredths, dotDecimal } from '@web/features/item-edit/margin';
import { numberForApi, readNumber } from '@web/ui/number-text';

/**
 * The order edit form (docs/rules/catalogue-and-orders-rules.md §2.14, §4 Order edit, §5 Order edit): every input as
 * text, references as the select's value ('' = none), and the conversions between the form and
 * the POST/PUT body of contract orders.ts.
 */

export interface OrderLineValues {
  code: string;
  name: string;
  quantity: string;
  price: string;
  vat: string;
  /** The linked catalogue item; a changed code clears it (§2.14). */
  itemId: number | null;
}

export interface ClientValues {
  nameSurname: string;
  companyName: string;
  street: string;
  buildNr: string;
  postCode: string;
  city: string;
  countryCode: string;
  pickupPoint: string;
  email: string;
  tel: string;
}

export interface InvoiceValues {
  kind: 'private' | 'company';
  invoiceNumber: string;
  nameSurname: string;
  companyName: string;
  companyTaxId: string;
  address: string;
  postCode: string;
  city: string;
  countryCode: string;
}

export interface OrderFormValues {
  /** YYYY-MM-DD and HH:MM:SS in the browser's time zone. */
  date: string;
  time: string;
  externalId: string;
  orderStatusId: string;
  incomeSourceId: string;
  currency: string;
  messageToSeller: string;
  comment: string;
  invoiceAnnotations: string;
  hasProblem: boolean;
  problem: string;
  deliveryCost: string;
  deliveryVat: string;
  cashOnDelivery: boolean;
  shippingMethod: ShippingMethod;
  carrierId: string;
  carrierMethodId: string;
  billOfLading: string;
  sizeA: string;
  sizeB: string;
  sizeC: string;
  weight: string;
  client: ClientValues;
  hasInvoice: boolean;
  invoice: InvoiceValues;
  items: OrderLineValues[];
}

/** What a new order starts with (options of the organisation; '' when unset). */
export interface OrderDefaults {
  stationary: boolean;
  orderStatusId: string;
  incomeSourceId: string;
  currency: string;
  deliveryVat: string;
  /** The VAT of a line added by hand (VAT_DEFAULT_ORDER_ITEM). */
  lineVat: string;
}

/** The option keys a new order's defaults come from (normal, stationary). */
export const ORDER_DEFAULT_KEYS = {
  status: ['DEFAULT_ORDER_STATUS_ID', 'DEFAULT_ORDER_STATUS_ID_STATIONARY'],
  incomeSource: ['DEFAULT_INCOME_SOURCE_ID', 'DEFAULT_INCOME_SOURCE_ID_STATIONARY'],
  deliveryVat: ['VAT_DEFAULT_ORDER_DELIVERY', 'VAT_DEFAULT_STATIONARY_DELIVERY'],
} as const;

const two = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as the date and time fields show it (local time, seconds kept). */
export function splitDateTime(iso: string): { date: string; time: string } {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return { date: '', time: '' };
  return {
    date: `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`,
    time: `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`,
  };
}

/** The date and time fields combined (§4) into an ISO instant; undefined when either is not valid. */
export function combineDateTime(date: string, time: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}(:\d{2})?$/.test(time)) return undefined;
  const d = new Date(`${date}T${time.length === 5 ? `${time}:00` : time}`);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

const money = (n: number) => formatHundredths(Math.round(n * 100));
const ref = (id: number | null | undefined) => (id ? String(id) : '');

const EMPTY_CLIENT: ClientValues = {
  nameSurname: '',
  companyName: '',
  street: '',
  buildNr: '',
  postCode: '',
  city: '',
  countryCode: 'PL',
  pickupPoint: '',
  email: '',
  tel: '',
};

/** An empty line added by hand: quantity 1 (§9) and the default line VAT. */
export function newLine(vat: string): OrderLineValues {
  return { code: '', name: '', quantity: '1', price: '', vat, itemId: null };
}

/** The form's values of a stored order, or of a new one from the defaults (`now` fills the date). */
export function orderFormDefaults(order: Order | undefined, d: OrderDefaults, now = new Date()): OrderFormValues {
  const when = splitDateTime(order?.orderDate ?? now.toISOString());
  const inv = order?.invoice ?? null;
  return {
    ...when,
    externalId: order?.externalId ?? '',
    orderStatusId: order ? String(order.orderStatus.id) : d.orderStatusId,
    incomeSourceId: order ? String(order.incomeSource.id) : d.incomeSourceId,
    currency: order?.currency ?? d.currency,
    messageToSeller: order?.messageToSeller ?? '',
    comment: order?.comment ?? '',
    invoiceAnnotations: order?.invoiceAnnotations ?? '',
    hasProblem: order ? order.problem !== null : false,
    problem: order?.problem ?? '',
    deliveryCost: order ? money(order.deliveryCost) : '0.00',
    deliveryVat: order ? String(order.deliveryVat) : d.deliveryVat,
    cashOnDelivery: order?.cashOnDelivery ?? false,
    shippingMethod: order?.shippingMethod ?? (d.stationary ? 'PERSONAL_PICKUP' : 'ADDRESS'),
    carrierId: order?.carrierMethod?.carrier.id ?? '',
    carrierMethodId: ref(order?.carrierMethod?.id),
    billOfLading: order?.billOfLading ?? '',
    sizeA: String(order?.sizeA ?? 0),
    sizeB: String(order?.sizeB ?? 0),
    sizeC: String(order?.sizeC ?? 0),
    weight: String(order?.weight ?? 0),
    client: order ? { ...order.clientData } : { ...EMPTY_CLIENT },
    hasInvoice: inv !== null,
    invoice: {
      kind: inv?.isCompany ? 'company' : 'private',
      invoiceNumber: inv?.invoiceNumber ?? '',
      nameSurname: inv?.nameSurname ?? '',
      companyName: inv?.companyName ?? '',
      companyTaxId: inv?.companyTaxId ?? '',
      address: inv?.address ?? '',
      postCode: inv?.postCode ?? '',
      city: inv?.city ?? '',
      countryCode: inv?.countryCode || (order?.clientData.countryCode ?? 'PL'),
    },
    items: (order?.items ?? []).map((l) => ({
      code: l.code,
      name: l.name,
      quantity: String(l.quantity),
      price: money(l.price),
      vat: String(l.vat),
      itemId: l.itemId,
    })),
  };
}

/** §4: lines with neither code nor name are dropped. */
export const isBlankLine = (l: OrderLineValues) => l.code.trim() === '' && l.name.trim() === '';

/** The lines as sent, and for each the index of its form row (to show a server's issue at its row). */
export function keptLines(lines: readonly OrderLineValues[]): { line: OrderLineValues; row: number }[] {
  return lines.flatMap((line, row) => (isBlankLine(line) ? [] : [{ line, row }]));
}

const lineBody = (l: OrderLineValues) => ({
  code: l.code.trim(),
  name: l.name.trim(),
  quantity: readNumber(l.quantity) ?? 0,
  price: dotDecimal(l.price),
  vat: dotDecimal(l.vat),
  itemId: l.itemId,
});

/** The comparable shape of a line: exact hundredths, trimmed text. */
function lineKey(l: { code: string; name: string; quantity: number; price: string | number; vat: string | VatValue }) {
  return [
    l.code.trim(),
    l.name.trim(),
    l.quantity,
    toHundredths(typeof l.price === 'number' ? l.price : dotDecimal(l.price)),
    vatToStored(l.vat),
  ].join('\u0001');
}

/**
 * Whether the lines differ from the stored ones (PUT `itemsChanged`): only then the server
 * replaces them and moves stock. Edited and changed back again counts as unchanged.
 */
export function linesChanged(order: Order, lines: readonly OrderLineValues[]): boolean {
  const now = keptLines(lines).map(({ line }) => ({ ...lineBody(line), itemId: line.itemId }));
  if (now.length !== order.items.length) return true;
  return now.some((l, i) => {
    const o = order.items[i];
    return !o || o.itemId !== l.itemId || lineKey(o) !== lineKey(l);
  });
}

export interface BodyContext {
  /** The stored order (PUT) or undefined (POST). */
  order: Order | undefined;
  stationary: boolean;
  /** 'Włącz edycję' was pressed: the read-only fields, the date among them, are taken as typed. */
  unlocked: boolean;
}

/** The body of POST /orders (no stored order) or PUT /orders (§4 Order edit: the save rules). */
export function orderBody(v: OrderFormValues, ctx: BodyContext): OrderInput | OrderUpdate {
  const personal = v.shippingMethod === 'PERSONAL_PICKUP';
  // Locked, a stored order keeps its exact instant (the fields show no fractions of a second).
  const orderDate = ctx.unlocked ? combineDateTime(v.date, v.time) : ctx.order?.orderDate;
  const inv = v.invoice;
  const company = inv.kind === 'company';
  const base = {
    ...(orderDate ? { orderDate } : {}),
    externalId: v.externalId,
    currency: v.currency,
    messageToSeller: v.messageToSeller,
    comment: v.comment,
    invoiceAnnotations: v.invoiceAnnotations,
    hasProblem: v.hasProblem,
    problem: v.hasProblem ? v.problem : null,
    deliveryCost: dotDecimal(v.deliveryCost),
    deliveryVat: dotDecimal(v.deliveryVat),
    cashOnDelivery: v.cashOnDelivery,
    shippingMethod: v.shippingMethod,
    billOfLading: v.billOfLading,
    carrierMethodId: personal || v.carrierMethodId === '' ? null : Number(v.carrierMethodId),
    sizeA: numberForApi(v.sizeA),
    sizeB: numberForApi(v.sizeB),
    sizeC: numberForApi(v.sizeC),
    weight: dotDecimal(v.weight),
    invoice: v.hasInvoice
      ? {
          isCompany: company,
          invoiceNumber: inv.invoiceNumber.trim() === '' ? null : inv.invoiceNumber,
          nameSurname: company ? '' : inv.nameSurname,
          companyName: company ? inv.companyName : '',
          companyTaxId: company ? inv.companyTaxId : '',
          address: inv.address,
          postCode: inv.postCode,
          city: inv.city,
          countryCode: inv.countryCode,
        }
      : null,
    // A pickup point belongs only to a delivery to a pickup point (docs/decisions.md, Order edit).
    clientData: { ...v.client, pickupPoint: v.shippingMethod === 'PICKUP_POINT' ? v.client.pickupPoint : '' },
    items: keptLines(v.items).map(({ line }) => lineBody(line)),
  };
  if (!ctx.order) {
    return {
      ...base,
      stationary: ctx.stationary,
      orderStatusId: v.orderStatusId === '' ? null : Number(v.orderStatusId),
      incomeSourceId: v.incomeSourceId === '' ? null : Number(v.incomeSourceId),
    } satisfies OrderInput;
  }
  return {
    ...base,
    id: ctx.order.id,
    orderStatusId: v.orderStatusId,
    incomeSourceId: v.incomeSourceId,
    itemsChanged: linesChanged(ctx.order, v.items),
  } satisfies OrderUpdate;
}

/** A scanned or picked catalogue item, as the line needs it. */
export interface CatalogItem {
  id: number;
  code: string;
  name: string;
  price: number;
  vat: VatValue;
}

const sameCode = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * A scan (§2.14): a line with the item's code gets one more; otherwise a new linked line with the
 * item's code, name, price and VAT. Answers the new lines and the row that changed.
 */
export function addScanned(
  lines: readonly OrderLineValues[],
  item: CatalogItem,
): { lines: OrderLineValues[]; row: number; added: boolean } {
  const row = lines.findIndex((l) => l.code.trim() !== '' && sameCode(l.code, item.code));
  if (row >= 0) {
    const l = lines[row] as OrderLineValues;
    const q = readNumber(l.quantity) ?? 0;
    const next = { ...l, quantity: String(Number.isInteger(q) && q >= 0 ? q + 1 : 1) };
    return { lines: lines.map((x, i) => (i === row ? next : x)), row, added: false };
  }
  return { lines: [...lines, linkedLine(newLine(''), item)], row: lines.length, added: true };
}

/**
 * Links a line to a catalogue item (the item search dialog): code and link from the item; name,
 * price and VAT from the item only where the line has none yet.
 */
export function linkedLine(line: OrderLineValues, item: CatalogItem): OrderLineValues {
  return {
    ...line,
    code: item.code,
    name: line.name.trim() === '' ? item.name : line.name,
    price: line.price.trim() === '' ? money(item.price) : line.price,
    vat: line.vat.trim() === '' ? String(item.vat) : line.vat,
    itemId: item.id,
  };
}

/**
 * A code typed into a line and left (or ended with Enter) found this item (§2.14, looked up as a
 * scan is): the line is linked, its name taken when empty, and price and VAT taken from the item
 * while the line has no price yet (a price typed by hand stays).
 */
export function typedCodeLine(line: OrderLineValues, item: CatalogItem): OrderLineValues {
  const fresh = line.price.trim() === '';
  return {
    ...line,
    code: item.code,
    name: line.name.trim() === '' ? item.name : line.name,
    price: fresh ? money(item.price) : line.price,
    vat: fresh ? String(item.vat) : line.vat,
    itemId: item.id,
  };
}

/**
 * Stock notes of the lines (docs/decisions.md, Forms): the items whose stock (never below 0) is
 * smaller than what the lines ask for beyond the stored order's own pieces, with that stock. A
 * note only: saving is not blocked.
 */
export function lineStockNotes(
  lines: readonly OrderLineValues[],
  stock: ReadonlyMap<number, number>,
  stored: readonly { itemId: number | null; quantity: number }[],
): Map<number, number> {
  const wanted = new Map<number, number>();
  for (const { line } of keptLines(lines)) {
    if (line.itemId === null) continue;
    wanted.set(line.itemId, (wanted.get(line.itemId) ?? 0) + (readNumber(line.quantity) ?? 0));
  }
  const notes = new Map<number, number>();
  for (const [itemId, qty] of wanted) {
    const count = stock.get(itemId);
    if (count === undefined) continue;
    // What the stored order already has is its own (its stock moved, or waits as a change): only
    // the pieces added now need stock.
    const taken = stored.reduce((s, l) => s + (l.itemId === itemId ? l.quantity : 0), 0);
    const available = Math.max(count, 0);
    if (qty - taken > available) notes.set(itemId, available);
  }
  return notes;
}

/** Line sum = price × quantity (exact hundredths); undefined while either is not valid. */
export function lineSum(l: Pick<OrderLineValues, 'price' | 'quantity'>): number | undefined {
  const p = amountHundredths(l.price);
  const q = readNumber(l.quantity);
  return p === undefined || q === undefined || !Number.isInteger(q) || q < 0 ? undefined : p * q;
}

/** Goods and the order total in hundredths (invalid lines count as 0, a blank cost as 0). */
export function orderTotals(lines: readonly OrderLineValues[], deliveryCost: string): { goods: number; all: number } {
  const goods = keptLines(lines).reduce((s, { line }) => s + (lineSum(line) ?? 0), 0);
  return { goods, all: goods + (amountHundredths(deliveryCost) ?? 0) };
}
