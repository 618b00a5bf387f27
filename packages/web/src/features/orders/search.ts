import {
  DEFAULT_PER_PAGE,
  INVOICE_TYPES,
  LIST_STORAGE_KEYS,
  ORDER_SORTS,
  orderSearchSchema,
  perPageSchema,
  type InvoiceType,
  type OrderSort,
  type ProblemFilter,
} from '@zaplecze/contract';
import { z } from 'zod';
import { isIsoDay } from '@web/ui/date-text';
import {
  readListDefaults as readDefaults,
  saveListDefaults as saveDefaults,
  type ListDefaults as SharedListDefaults,
} from '@web/ui/paged-list/list-defaults';

/**
 * The order search (docs/rules/catalogue-and-orders-rules.md §2.13, §3 Order search, §5 Order search): the criteria
 * in the URL (the contract's orderSearchSchema, with sort and page size defaulting to the ones
 * remembered in local storage), the search form's text values and the rules between them. Pure,
 * so it is unit-tested.
 */

export type ListDefaults = SharedListDefaults<OrderSort>;
export const BUILT_IN_DEFAULTS: ListDefaults = { sort: 'NUMBER', perPage: DEFAULT_PER_PAGE };

/** orders.sort and orders.perpage of local storage; anything unknown falls back to the built-in ones. */
export function readListDefaults(storage: Storage | undefined): ListDefaults {
  return readDefaults(storage, LIST_STORAGE_KEYS.orders, ORDER_SORTS, BUILT_IN_DEFAULTS);
}

export function saveListDefaults(storage: Storage | undefined, d: Partial<ListDefaults>): void {
  saveDefaults(storage, LIST_STORAGE_KEYS.orders, d);
}

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The URL schema of the list: the contract's search (its date-range rule kept) with the remembered sort and page size as defaults. */
export function orderUrlSchema(d: ListDefaults) {
  return orderSearchSchema.safeExtend({
    sort: z.preprocess(blank, z.enum(ORDER_SORTS).default(d.sort)),
    perPage: perPageSchema.default(d.perPage),
  });
}
export type OrderUrlSchema = ReturnType<typeof orderUrlSchema>;
export type OrderCriteria = z.output<OrderUrlSchema>;

/** GET /orders query of the criteria: absent filters are left out. */
export function ordersQuery(c: OrderCriteria): Record<string, string | number> {
  const q: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(c)) {
    if (v === undefined || v === null || v === '') continue;
    if (typeof v === 'string' || typeof v === 'number') q[k] = v;
  }
  return q;
}

// ---- the search form ---------------------------------------------------------------------------

/** What the form's inputs hold: text, as typed. Selects hold '' for "any". */
export interface OrderSearchForm {
  number: string;
  city: string;
  postCode: string;
  pickupPoint: string;
  dateFrom: string;
  dateTo: string;
  statusId: string;
  incomeSrcId: string;
  invoiceType: '' | InvoiceType;
  tel: string;
  email: string;
  bol: string;
  buyer: string;
  nip: string;
  itemCode: string;
  hasProblem: '' | ProblemFilter;
  sort: OrderSort;
  perPage: string;
}

const str = (v: string | number | undefined) => (v === undefined ? '' : String(v));

/** The form opened with the criteria of the URL. */
export function criteriaToForm(c: OrderCriteria): OrderSearchForm {
  return {
    number: str(c.number),
    city: str(c.city),
    postCode: str(c.postCode),
    pickupPoint: str(c.pickupPoint),
    dateFrom: str(c.dateFrom),
    dateTo: str(c.dateTo),
    statusId: str(c.statusId),
    incomeSrcId: str(c.incomeSrcId),
    invoiceType: c.invoiceType ?? '',
    tel: str(c.tel),
    email: str(c.email),
    bol: str(c.bol),
    buyer: str(c.buyer),
    nip: str(c.nip),
    itemCode: str(c.itemCode),
    hasProblem: c.hasProblem ?? '',
    sort: c.sort,
    perPage: String(c.perPage),
  };
}

/** 'Wyczyść': every filter empty; the sort and page size stay as chosen. */
export function clearedForm(current: OrderSearchForm): OrderSearchForm {
  return {
    ...criteriaToForm(orderSearchSchema.parse({})),
    sort: current.sort,
    perPage: current.perPage,
  };
}

export type SearchFormError = 'numberInvalid' | 'dateRange' | 'dateInvalid';

/**
 * What the form refuses before searching: a number that is not a whole number from 1 ('12,5'
 * included), a date that is not a day (the fields hand the ISO day of a DD.MM.RRRR text, or the
 * text itself: ui/DateInput.tsx), dates in the wrong order.
 */
export function searchFormErrors(
  f: OrderSearchForm,
): Partial<Record<'number' | 'dateFrom' | 'dateTo', SearchFormError>> {
  const e: Partial<Record<'number' | 'dateFrom' | 'dateTo', SearchFormError>> = {};
  const number = f.number.trim();
  if (number !== '' && !orderSearchSchema.shape.number.safeParse(number).success) e.number = 'numberInvalid';
  if (f.dateFrom !== '' && !isIsoDay(f.dateFrom)) e.dateFrom = 'dateInvalid';
  if (f.dateTo !== '' && !isIsoDay(f.dateTo)) e.dateTo = 'dateInvalid';
  else if (f.dateFrom !== '' && f.dateTo !== '' && !e.dateFrom && f.dateTo < f.dateFrom) e.dateTo = 'dateRange';
  return e;
}

/**
 * The criteria of a submitted form: empty text filters dropped, texts trimmed, page back to 1
 * (docs/rules/catalogue-and-orders-rules.md §4: running a search resets the page). Values the contract refuses are
 * dropped rather than sent; the form refuses them first (searchFormErrors).
 */
export function formToCriteria(f: OrderSearchForm, schema: OrderUrlSchema): OrderCriteria {
  const raw: Record<string, string | number> = {
    number: f.number.trim(),
    city: f.city.trim(),
    postCode: f.postCode.trim(),
    pickupPoint: f.pickupPoint.trim(),
    dateFrom: f.dateFrom,
    dateTo: f.dateTo,
    statusId: f.statusId,
    incomeSrcId: f.incomeSrcId,
    invoiceType: f.invoiceType,
    tel: f.tel.trim(),
    email: f.email.trim(),
    bol: f.bol.trim(),
    buyer: f.buyer.trim(),
    nip: f.nip.trim(),
    itemCode: f.itemCode.trim(),
    hasProblem: f.hasProblem,
    sort: f.sort,
    perPage: f.perPage,
    page: 1,
  };
  const input: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === '') continue;
    const field = schema.shape[key as keyof typeof schema.shape] as z.ZodType | undefined;
    if (field?.safeParse(value).success) input[key] = value;
  }
  const parsed = schema.safeParse(input);
  return parsed.success ? parsed.data : schema.parse({ ...input, dateTo: undefined });
}

/** How many filters (not sort, page or page size) the criteria hold: shown beside 'Wyszukaj'. */
export function activeFilterCount(c: OrderCriteria): number {
  const skip = new Set(['page', 'perPage', 'sort']);
  return Object.entries(c).filter(([k, v]) => !skip.has(k) && v !== undefined && v !== '').length;
}

export const invoiceTypes: readonly InvoiceType[] = INVOICE_TYPES;
