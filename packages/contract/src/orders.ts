import { z } from 'zod';
import { strictNumber } from './numbers';
import { currencySchema } from './items';
import { VALIDATION as V } from './messages';
import { isValidNip } from './nip';
import { fromHundredths, moneySchema } from './money';
import { vatSchema, vatValueSchema } from './vat';
import { pagedAnswerSchema } from './paging';
import { EMAIL_MAX, idSchema, isEmailAddress } from './schemas';

/**
 * Orders (docs/rules/catalogue-and-orders-rules.md §3 Order, Client data, Invoice, Order item; §4 Order edit; rules in
 * docs/decisions.md, Orders). Money and VAT travel as decimal numbers and are exact hundredths
 * inside (money.ts): the order total is sum(quantity × price) + deliveryCost in grosze.
 */

// ---- limits ------------------------------------------------------------------------------------

export const ORDER_TEXT_MAX = 10_000;
export const ORDER_SHORT_MAX = 200;
export const ORDER_LINE_CODE_MAX = 200;
export const ORDER_LINE_NAME_MAX = 1000;
export const ORDER_LINES_MAX = 1000;
export const ORDER_QUANTITY_MAX = 1_000_000;
/** Parcel sides in millimetres (the user-size limit). */
export const ORDER_SIZE_MAX = 100_000;
/** Weight: kilograms with at most three decimals (whole grams), up to 1000 kg. */
export const ORDER_WEIGHT_MAX_GRAMS = 1_000_000;
/** docs/rules/catalogue-and-orders-rules.md §9: default order currency PLN, default line quantity 1. */
export const ORDER_DEFAULT_CURRENCY = 'PLN';

export const SHIPPING_METHODS = ['PERSONAL_PICKUP', 'ADDRESS', 'PICKUP_POINT'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];
export const CARRIER_SEND_TYPES = ['ONLY_ADDRESS', 'ONLY_PICKUP_POINT', 'ADDRESS_AND_PICKUP_POINT'] as const;

export const ORDER_MSG = {
  quantityInvalid: `Ilość musi być liczbą całkowitą od 1 do ${ORDER_QUANTITY_MAX}.`,
  weightInvalid: 'Waga musi być liczbą kilogramów od 0 do 1000 z najwyżej trzema miejscami po przecinku.',
  dateInvalid: 'Data zamówienia musi być datą i godziną w formacie ISO 8601.',
  shippingInvalid: 'Nieznany sposób dostawy.',
  countryInvalid: 'Kod kraju musi mieć 2 litery.',
  linesTooMany: `Zamówienie może mieć najwyżej ${ORDER_LINES_MAX} pozycji.`,
  statusRequired: 'Wybierz status zamówienia.',
  incomeSourceRequired: 'Wybierz źródło przychodu.',
} as const;

// ---- fields ------------------------------------------------------------------------------------

const text = (max: number) => z.string().trim().max(max, { error: V.tooLong }).default('');
/** '' and absent become null (docs/rules/catalogue-and-orders-rules.md §4: an empty external id becomes null). */
const textOrNull = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: V.tooLong })
    .nullable()
    .optional()
    .transform((s) => (s === undefined || s === null || s === '' ? null : s));

const countryCode = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .refine((s) => s === '' || /^[A-Z]{2}$/.test(s), { error: ORDER_MSG.countryInvalid })
  .default('');

export const orderQuantitySchema = strictNumber(
  z
    .number({ error: ORDER_MSG.quantityInvalid })
    .int({ error: ORDER_MSG.quantityInvalid })
    .min(1, { error: ORDER_MSG.quantityInvalid })
    .max(ORDER_QUANTITY_MAX, { error: ORDER_MSG.quantityInvalid }),
);

export const parcelSizeSchema = strictNumber(
  z
    .number({ error: V.sizeInvalid })
    .int({ error: V.sizeInvalid })
    .min(0, { error: V.sizeInvalid })
    .max(ORDER_SIZE_MAX, { error: V.sizeInvalid }),
);

/** Kilograms ('1,5', 1.25, 0.001) to whole grams. */
export const weightSchema = z
  .union([z.number(), z.string()], { error: ORDER_MSG.weightInvalid })
  .transform((v, ctx) => {
    const s = (typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v.trim()).replace(',', '.');
    const m = /^(\d{1,4})(?:\.(\d{1,3}))?$/.exec(s);
    const grams = m ? Number(m[1]) * 1000 + Number((m[2] ?? '').padEnd(3, '0')) : NaN;
    if (!(grams >= 0 && grams <= ORDER_WEIGHT_MAX_GRAMS)) {
      ctx.addIssue({ code: 'custom', message: ORDER_MSG.weightInvalid });
      return z.NEVER;
    }
    return grams;
  });

/** §3 Client data: delivery address and contact. */
export const clientDataInputSchema = z.object({
  nameSurname: text(ORDER_SHORT_MAX),
  companyName: text(ORDER_SHORT_MAX),
  street: text(ORDER_SHORT_MAX),
  buildNr: text(ORDER_SHORT_MAX),
  postCode: text(ORDER_SHORT_MAX),
  city: text(ORDER_SHORT_MAX),
  countryCode,
  pickupPoint: text(ORDER_SHORT_MAX),
  email: text(EMAIL_MAX).refine((e) => e === '' || isEmailAddress(e), { error: V.emailInvalid }),
  tel: text(ORDER_SHORT_MAX),
});
export type ClientDataInput = z.input<typeof clientDataInputSchema>;

/**
 * §3 Invoice. `isCompany` decides which fields stay (§4: for a private person the company fields
 * are cleared, for a company the name is cleared). `invoiceNumber` is accepted for the form's
 * sake but ignored: the server issues numbers (POST /orders/print_invoice, documents.ts).
 */
export const invoiceInputSchema = z
  .object({
    isCompany: z.boolean().default(false),
    invoiceNumber: textOrNull(100),
    nameSurname: text(ORDER_SHORT_MAX),
    companyName: text(ORDER_SHORT_MAX),
    companyTaxId: text(50),
    address: text(ORDER_SHORT_MAX),
    postCode: text(ORDER_SHORT_MAX),
    city: text(ORDER_SHORT_MAX),
    countryCode,
  })
  .transform((i) => (i.isCompany ? { ...i, nameSurname: '' } : { ...i, companyName: '', companyTaxId: '' }))
  // A company on a Polish address (or none given) has a NIP with a check digit (docs/decisions.md,
  // "NIP check digit"); a foreign buyer's tax number is taken as typed.
  .refine(
    (i) => i.companyTaxId === '' || (i.countryCode !== '' && i.countryCode !== 'PL') || isValidNip(i.companyTaxId),
    { error: V.nipInvalid, path: ['companyTaxId'] },
  );
export type InvoiceInput = z.input<typeof invoiceInputSchema>;

/** §3 Order item: a line, linked to a catalogue item or not. */
export const orderLineInputSchema = z.object({
  code: text(ORDER_LINE_CODE_MAX),
  name: text(ORDER_LINE_NAME_MAX),
  quantity: orderQuantitySchema.default(1),
  price: moneySchema,
  vat: vatSchema,
  itemId: idSchema.nullable().default(null),
});
export type OrderLineInput = z.input<typeof orderLineInputSchema>;
export type OrderLineParsed = z.output<typeof orderLineInputSchema>;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
/** §4: lines with neither code nor name are dropped before anything else is checked. */
const orderLinesSchema = z.preprocess(
  (v) =>
    Array.isArray(v)
      ? v.filter((l: unknown) => {
          const line = (l ?? {}) as { code?: unknown; name?: unknown };
          return typeof l !== 'object' || l === null || !(blank(line.code) && blank(line.name));
        })
      : v,
  z.array(orderLineInputSchema).max(ORDER_LINES_MAX, { error: ORDER_MSG.linesTooMany }),
);

const orderFields = {
  /** ISO 8601 date and time; absent: now for a new order, unchanged for an edit. */
  orderDate: z.iso.datetime({ offset: true, error: ORDER_MSG.dateInvalid }).optional(),
  externalId: textOrNull(ORDER_SHORT_MAX),
  currency: currencySchema.default(ORDER_DEFAULT_CURRENCY),
  messageToSeller: text(ORDER_TEXT_MAX),
  comment: text(ORDER_TEXT_MAX),
  invoiceAnnotations: text(ORDER_TEXT_MAX),
  /** The problem checkbox (§4): without it the problem text is not kept (null). */
  hasProblem: z.boolean().default(false),
  problem: z.string().trim().max(ORDER_TEXT_MAX, { error: V.tooLong }).nullable().default(null),
  deliveryCost: moneySchema,
  deliveryVat: vatSchema,
  cashOnDelivery: z.boolean().default(false),
  /** Absent: ADDRESS for a new order (PERSONAL_PICKUP when stationary), unchanged for an edit. */
  shippingMethod: z.enum(SHIPPING_METHODS, { error: ORDER_MSG.shippingInvalid }).optional(),
  billOfLading: textOrNull(ORDER_SHORT_MAX),
  /** A method of GET /carriers; null without a carrier (always null for personal pickup). */
  carrierMethodId: idSchema.nullable().default(null),
  sizeA: parcelSizeSchema.default(0),
  sizeB: parcelSizeSchema.default(0),
  sizeC: parcelSizeSchema.default(0),
  weight: weightSchema.default(0),
  /** Absent or null: no invoice (§4: no invoice is saved when the invoice box is unchecked). */
  invoice: invoiceInputSchema.nullable().default(null),
  clientData: clientDataInputSchema.default(clientDataInputSchema.parse({})),
  items: orderLinesSchema.default([]),
};

const requiredRef = (message: string) =>
  strictNumber(
    z
      .number({ error: message })
      .int({ error: message })
      .positive({ error: message })
      .max(2_147_483_647, { error: message }),
  );

const withProblemRule = <T extends { hasProblem: boolean; problem: string | null }>(o: T) => ({
  ...o,
  problem: o.hasProblem ? (o.problem ?? '') : null,
});

/**
 * POST /orders. Status and income source may be left out: the defaults of the options apply
 * (the `_STATIONARY` ones when `stationary` is true). uuid, addDate and lastModDate are never
 * taken from the client (unknown keys are dropped).
 */
export const orderInputSchema = z
  .object({
    ...orderFields,
    /** A stationary (in-shop) order: /orders/-1 of the screens. */
    stationary: z.boolean().default(false),
    orderStatusId: idSchema.nullable().optional(),
    incomeSourceId: idSchema.nullable().optional(),
  })
  .transform(withProblemRule);
export type OrderInput = z.input<typeof orderInputSchema>;
export type OrderInputParsed = z.output<typeof orderInputSchema>;

/** PUT /orders: the whole order; its lines are replaced only when `itemsChanged` is true. */
export const orderUpdateSchema = z
  .object({
    ...orderFields,
    id: idSchema,
    orderStatusId: requiredRef(ORDER_MSG.statusRequired),
    incomeSourceId: requiredRef(ORDER_MSG.incomeSourceRequired),
    itemsChanged: z.boolean().default(false),
  })
  .transform(withProblemRule);
export type OrderUpdate = z.input<typeof orderUpdateSchema>;
export type OrderUpdateParsed = z.output<typeof orderUpdateSchema>;

export const orderCopySchema = z.object({ id: idSchema });

// ---- answers -----------------------------------------------------------------------------------

export const orderLineSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  quantity: z.number(),
  price: z.number(),
  vat: vatValueSchema,
  itemId: z.number().nullable(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const clientDataSchema = z.object({
  nameSurname: z.string(),
  companyName: z.string(),
  street: z.string(),
  buildNr: z.string(),
  postCode: z.string(),
  city: z.string(),
  countryCode: z.string(),
  pickupPoint: z.string(),
  email: z.string(),
  tel: z.string(),
});

export const invoiceSchema = z.object({
  isCompany: z.boolean(),
  invoiceNumber: z.string().nullable(),
  nameSurname: z.string(),
  companyName: z.string(),
  companyTaxId: z.string(),
  address: z.string(),
  postCode: z.string(),
  city: z.string(),
  countryCode: z.string(),
  invoiceMailSent: z.boolean(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** The order's carrier method as GET /carriers lists it (carriers.ts). */
export const carrierMethodSchema = z.object({
  id: z.number(),
  name: z.string(),
  subName: z.string(),
  sendType: z.enum(CARRIER_SEND_TYPES),
  carrier: z.object({ id: z.string(), name: z.string() }),
});

export const orderSummarySchema = z.object({
  sumGross: z.number(),
  itemsCodes: z.array(z.object({ code: z.string(), quantity: z.number() })),
});

export const orderSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  addDate: z.string(),
  lastModDate: z.string(),
  orderDate: z.string(),
  modifiedByUser: z.string().nullable(),
  externalId: z.string().nullable(),
  stationary: z.boolean(),
  orderStatus: z.object({ id: z.number(), name: z.string(), color: z.string() }),
  incomeSource: z.object({ id: z.number(), name: z.string() }),
  currency: z.string(),
  messageToSeller: z.string(),
  comment: z.string(),
  invoiceAnnotations: z.string(),
  problem: z.string().nullable(),
  deliveryCost: z.number(),
  deliveryVat: vatValueSchema,
  cashOnDelivery: z.boolean(),
  shippingMethod: z.enum(SHIPPING_METHODS),
  carrierMethod: carrierMethodSchema.nullable(),
  billOfLading: z.string().nullable(),
  sizeA: z.number(),
  sizeB: z.number(),
  sizeC: z.number(),
  /** Kilograms. */
  weight: z.number(),
  invoice: invoiceSchema.nullable(),
  items: z.array(orderLineSchema),
  clientData: clientDataSchema,
  orderSummary: orderSummarySchema,
});
export type Order = z.infer<typeof orderSchema>;

/** GET /orders?id= answers the paged shape with one order (as GET /items?id= does). */
export const orderLookupAnswerSchema = pagedAnswerSchema('orders', orderSchema);
export type OrderLookupAnswer = z.infer<typeof orderLookupAnswerSchema>;

// ---- rules -------------------------------------------------------------------------------------

/**
 * The order summary (§3): sumGross = Σ quantity × price + deliveryCost, exact in grosze;
 * itemsCodes = quantities per line code in the order of first appearance (lines without a code
 * are left out).
 */
export function orderSummary(
  lines: readonly { code: string; quantity: number; priceHundredths: number }[],
  deliveryCostHundredths: number,
): z.infer<typeof orderSummarySchema> {
  let sum = deliveryCostHundredths;
  const codes = new Map<string, number>();
  for (const l of lines) {
    sum += l.quantity * l.priceHundredths;
    if (l.code !== '') codes.set(l.code, (codes.get(l.code) ?? 0) + l.quantity);
  }
  return { sumGross: fromHundredths(sum), itemsCodes: [...codes].map(([code, quantity]) => ({ code, quantity })) };
}

/**
 * The PUT body that saves an order as it was answered (docs/rules/catalogue-and-orders-rules.md §4: status, sizes and
 * note changes read the whole order, change fields and save it): references by id, the problem
 * flag from the problem text, lines unchanged unless the caller says otherwise.
 */
export function orderToUpdate(order: Order, itemsChanged = false): OrderUpdate {
  return {
    id: order.id,
    orderDate: order.orderDate,
    externalId: order.externalId,
    currency: order.currency,
    messageToSeller: order.messageToSeller,
    comment: order.comment,
    invoiceAnnotations: order.invoiceAnnotations,
    hasProblem: order.problem !== null,
    problem: order.problem,
    deliveryCost: order.deliveryCost,
    deliveryVat: order.deliveryVat,
    cashOnDelivery: order.cashOnDelivery,
    shippingMethod: order.shippingMethod,
    billOfLading: order.billOfLading,
    carrierMethodId: order.carrierMethod?.id ?? null,
    sizeA: order.sizeA,
    sizeB: order.sizeB,
    sizeC: order.sizeC,
    weight: order.weight,
    invoice: order.invoice && {
      isCompany: order.invoice.isCompany,
      invoiceNumber: order.invoice.invoiceNumber,
      nameSurname: order.invoice.nameSurname,
      companyName: order.invoice.companyName,
      companyTaxId: order.invoice.companyTaxId,
      address: order.invoice.address,
      postCode: order.invoice.postCode,
      city: order.invoice.city,
      countryCode: order.invoice.countryCode,
    },
    clientData: order.clientData,
    orderStatusId: order.orderStatus.id,
    incomeSourceId: order.incomeSource.id,
    itemsChanged,
    items: order.items.map((l) => ({
      code: l.code,
      name: l.name,
      quantity: l.quantity,
      price: l.price,
      vat: l.vat,
      itemId: l.itemId,
    })),
  };
}
