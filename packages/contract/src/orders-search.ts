import { z } from 'zod';
import { pagedAnswerSchema, pagingSchema } from './paging';
import { clientDataSchema, orderSummarySchema, SHIPPING_METHODS } from './orders';
import { idSchema } from './schemas';
import { vatValueSchema } from './vat';

/**
 * GET /orders search (docs/rules/catalogue-and-orders-rules.md §2.13, §3 Order search, §5 Order search) and the rows of
 * the order list. Text filters are matched as docs/decisions.md (Orders, search) records; dates are
 * calendar days in the organisation's time zone (Europe/Warsaw), both ends included.
 */

export const INVOICE_TYPES = ['WITHOUT_INVOICE', 'WITH_INVOICE', 'INV_WITH_NUM', 'INV_WITHOUT_NUM'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
/**
 * NUMBER: newest number first; DATE: newest order date first (ties by number). The `_A` sorts are
 * the same ascending (oldest first), named as the item sorts' directions are (PRICE_A / PRICE_D).
 */
export const ORDER_SORTS = ['NUMBER', 'DATE', 'NUMBER_A', 'DATE_A'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
/** The problem flag filter: orders with a problem marked, or without one (absent: any). */
export const PROBLEM_FILTERS = ['YES', 'NO'] as const;
export type ProblemFilter = (typeof PROBLEM_FILTERS)[number];

export const ORDER_SEARCH_MSG = {
  numberInvalid: 'Numer zamówienia musi być liczbą całkowitą nie mniejszą niż 1.',
  dateInvalid: 'Data musi mieć format RRRR-MM-DD.',
  dateRange: 'Data „do” nie może być wcześniejsza niż data „od”.',
} as const;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const text = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
const day = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: ORDER_SEARCH_MSG.dateInvalid })
    .refine(
      (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      {
        error: ORDER_SEARCH_MSG.dateInvalid,
      },
    )
    .optional(),
);

export const orderSearchSchema = pagingSchema
  .extend({
    /** §5: digits only, min 1. */
    number: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^\d{1,10}$/, { error: ORDER_SEARCH_MSG.numberInvalid })
        .transform(Number)
        .refine((n) => n >= 1 && n <= 2_147_483_647, { error: ORDER_SEARCH_MSG.numberInvalid })
        .optional(),
    ),
    dateFrom: day,
    dateTo: day,
    tel: text(200),
    email: text(200),
    city: text(200),
    postCode: text(200),
    pickupPoint: text(200),
    /** Waybill (bill of lading) number. */
    bol: text(200),
    statusId: z.preprocess(blankToUndefined, idSchema.optional()),
    incomeSrcId: z.preprocess(blankToUndefined, idSchema.optional()),
    invoiceType: z.preprocess(blankToUndefined, z.enum(INVOICE_TYPES).optional()),
    /**
     * The client's name and surname or company name: either starts with it (docs/decisions.md,
     * Order search: buyer, NIP, item code, problem, accents).
     */
    buyer: text(200),
    /** The invoice buyer's NIP, digits only compared. */
    nip: text(200),
    /** The code of one of the order's lines (exact, as typed or upper-cased). */
    itemCode: text(200),
    hasProblem: z.preprocess(blankToUndefined, z.enum(PROBLEM_FILTERS).optional()),
    sort: z.preprocess(blankToUndefined, z.enum(ORDER_SORTS).default('NUMBER')),
  })
  .superRefine((s, ctx) => {
    if (s.dateFrom && s.dateTo && s.dateTo < s.dateFrom)
      ctx.addIssue({ code: 'custom', message: ORDER_SEARCH_MSG.dateRange, path: ['dateTo'] });
  });
export type OrderSearch = z.output<typeof orderSearchSchema>;
export type OrderSearchInput = z.input<typeof orderSearchSchema>;

/**
 * A row of the order list: everything the list, its icons and its quick actions show, without the
 * lines (the preview dialog and the edit page read the whole order by id).
 */
export const orderRowSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  orderDate: z.string(),
  lastModDate: z.string(),
  stationary: z.boolean(),
  externalId: z.string().nullable(),
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
  /** "Carrier name - method name", null without a carrier method. */
  carrierMethodName: z.string().nullable(),
  billOfLading: z.string().nullable(),
  /** Invoice state: none, present without a number (not issued), issued; and whether it was e-mailed. */
  hasInvoice: z.boolean(),
  invoiceNumber: z.string().nullable(),
  invoiceMailSent: z.boolean(),
  clientData: clientDataSchema,
  orderSummary: orderSummarySchema.extend({ itemsCount: z.number() }),
});
export type OrderRow = z.infer<typeof orderRowSchema>;

export const ordersAnswerSchema = pagedAnswerSchema('orders', orderRowSchema);
export type OrdersAnswer = z.infer<typeof ordersAnswerSchema>;

// ---- search keys -----------------------------------------------------------------------------------

/** Letters whose accent is no combining mark (NFD leaves them whole): their plain letter. */
const UNMARKED: Record<string, string> = { ł: 'l', Ł: 'l', đ: 'd', Đ: 'd', ø: 'o', Ø: 'o', ß: 'ss' };

/**
 * The normalised form in which an order's searchable texts are stored (written on every save) and
 * in which a search term is compared with them: the same function on both sides, so '+48 600-100-200'
 * finds '600100200', 'ŁÓDŹ' finds 'Łódź' and 'krakow' finds 'Kraków' (docs/decisions.md, Order
 * search). A term is matched as a prefix of the stored key; a term whose key is empty finds nothing.
 */
export const orderSearchKey = {
  /** Digits only, the last 9 (a Polish number without its +48 / 0048 prefix). */
  tel: (s: string): string => s.replace(/\D/g, '').slice(-9),
  /** Lower case (Polish letters too), trimmed, inner white space as one space: e-mail, city, pickup point. */
  text: (s: string): string => s.trim().replace(/\s+/g, ' ').toLocaleLowerCase('pl'),
  /** Letters and digits only, lower case: post codes with or without the dash, waybills with or without spaces. */
  compact: (s: string): string => s.toLocaleLowerCase('pl').replace(/[^\p{L}\p{N}]/gu, ''),
  /**
   * As `text`, and without diacritics (ł → l too): city, buyer name and company, so a term typed
   * without Polish letters finds them ('krakow', 'KRAKÓW' and 'Kraków' are one key, 'Łódź' is 'lodz').
   */
  plain: (s: string): string =>
    s
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[łŁđĐøØß]/g, (c) => UNMARKED[c] ?? c)
      .trim()
      .replace(/\s+/g, ' ')
      .toLocaleLowerCase('pl'),
  /** Digits only: a NIP with or without dashes, spaces or the PL prefix. */
  digits: (s: string): string => s.replace(/\D/g, ''),
} as const;

/** Invoice state as stored (orders.invoice_state): none, present without a number, issued. */
export const INVOICE_STATE = { none: 0, notIssued: 1, issued: 2 } as const;
