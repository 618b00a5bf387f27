import {
  DEFAULT_PER_PAGE,
  ITEM_SORTS,
  itemSearchSchema,
  LIST_STORAGE_KEYS,
  moneySchema,
  PER_PAGE_OPTIONS,
  perPageSchema,
  type CountType,
  type ItemSort,
  type PerPage,
} from '@zaplecze/contract';
import { z } from 'zod';
import {
  readListDefaults as readDefaults,
  saveListDefaults as saveDefaults,
  type ListDefaults as SharedListDefaults,
} from '@web/ui/paged-list/list-defaults';
import { NUMBER_RULES, numberProblem, type NumberRule } from '@web/ui/number-text';

/**
 * The item search (docs/rules/catalogue-and-orders-rules.md §2.1, §2.2): the criteria in the URL (the contract's
 * itemSearchSchema, with sort and page size defaulting to the ones remembered in local storage),
 * the slide-out form's text values, and the rules between them. Pure, so it is unit-tested.
 */

export type ItemCriteria = z.output<ReturnType<typeof itemUrlSchema>>;

/** Remembered sort and page size (local storage), used as the defaults of a new search. */
export type ListDefaults = SharedListDefaults<ItemSort>;

export const BUILT_IN_DEFAULTS: ListDefaults = { sort: 'CODE', perPage: DEFAULT_PER_PAGE };

/** The sort and page size remembered in local storage; anything unknown falls back to the built-in ones. */
export function readListDefaults(storage: Storage | undefined): ListDefaults {
  return readDefaults(storage, LIST_STORAGE_KEYS.items, ITEM_SORTS, BUILT_IN_DEFAULTS);
}

export function saveListDefaults(storage: Storage | undefined, d: Partial<ListDefaults>): void {
  saveDefaults(storage, LIST_STORAGE_KEYS.items, d);
}

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * A price filter as the decimal the user typed (1.5), checked by the contract's money rule. The
 * contract's own field turns it into hundredths (150), which is what the server works with, but
 * the URL and the request must carry the decimal, or a reload would read 150 as 150.00.
 */
const priceFilter = z.preprocess(
  blank,
  z.coerce
    .number()
    .refine((n) => moneySchema.safeParse(n).success)
    .optional(),
);

/**
 * The URL schema of the list: the contract's search with decimal price filters and the remembered
 * sort and page size as defaults.
 */
export function itemUrlSchema(d: ListDefaults) {
  return itemSearchSchema.extend({
    priceFrom: priceFilter,
    priceTo: priceFilter,
    sort: z.preprocess(blank, z.enum(ITEM_SORTS).default(d.sort)),
    perPage: perPageSchema.default(d.perPage),
  });
}
export type ItemUrlSchema = ReturnType<typeof itemUrlSchema>;

/**
 * The URL schema with the query parameters of the plugins' search filters (slot
 * items.search.filters): optional text each, carried in the URL and sent to GET /items as typed.
 */
export function withPluginParams(schema: ItemUrlSchema, params: readonly string[]): ItemUrlSchema {
  if (params.length === 0) return schema;
  const own = new Set(Object.keys(schema.shape));
  const extra = Object.fromEntries(
    params.filter((p) => !own.has(p)).map((p) => [p, z.string().trim().max(200).optional()]),
  );
  // The extended schema reads every core field as before; the plugin fields ride along.
  return schema.extend(extra) as unknown as ItemUrlSchema;
}

/**
 * Whether a query string names a parameter the schema does not know: a plugin filter's whose
 * plugin has not loaded yet (or of a plugin no longer installed).
 */
export function namesOtherParams(query: string, schema: ItemUrlSchema): boolean {
  for (const name of new URLSearchParams(query).keys()) if (!(name in schema.shape)) return true;
  return false;
}

/** The plugin filters' values of the criteria (their parameters only, as text). */
export function pluginFilterValues(c: ItemCriteria, params: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const all = c as Record<string, unknown>;
  for (const p of params) {
    const v = all[p];
    if (typeof v === 'string' || typeof v === 'number') out[p] = String(v);
  }
  return out;
}

/** GET /items query of the criteria: absent filters are left out. */
export function itemsQuery(c: ItemCriteria): Record<string, string | number> {
  const q: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(c)) {
    if (v === undefined || v === null || v === '') continue;
    if (typeof v === 'string' || typeof v === 'number') q[k] = v;
  }
  return q;
}

// ---- the search form ---------------------------------------------------------------------------

/** What the form's inputs hold: text, as typed. Selects hold '' for "any". */
export interface ItemSearchForm {
  code: string;
  name: string;
  gtin: string;
  extCode: string;
  priceFrom: string;
  priceTo: string;
  countFrom: string;
  countTo: string;
  countType: CountType;
  countPhotosFrom: string;
  countPhotosTo: string;
  statusId: string;
  groupId: string;
  catId: string;
  placeId: string;
  sort: ItemSort;
  perPage: string;
}

const str = (v: string | number | undefined) => (v === undefined ? '' : String(v));

/** The form opened with the criteria of the URL. */
export function criteriaToForm(c: ItemCriteria): ItemSearchForm {
  return {
    code: str(c.code),
    name: str(c.name),
    gtin: str(c.gtin),
    extCode: str(c.extCode),
    // Prices shown with the Polish decimal comma (the URL keeps the dot).
    priceFrom: str(c.priceFrom).replace('.', ','),
    priceTo: str(c.priceTo).replace('.', ','),
    countFrom: str(c.countFrom),
    countTo: str(c.countTo),
    countType: c.countType,
    countPhotosFrom: str(c.countPhotosFrom),
    countPhotosTo: str(c.countPhotosTo),
    statusId: str(c.statusId),
    groupId: str(c.groupId),
    catId: str(c.catId),
    placeId: str(c.placeId),
    sort: c.sort,
    perPage: String(c.perPage),
  };
}

/** 'Wyczyść': every filter empty; the sort and page size stay as chosen. */
export function clearedForm(current: ItemSearchForm): ItemSearchForm {
  return {
    ...criteriaToForm(itemSearchSchema.parse({})),
    sort: current.sort,
    perPage: current.perPage,
  };
}

export type RangeKey = 'priceFrom' | 'priceTo' | 'countFrom' | 'countTo' | 'countPhotosFrom' | 'countPhotosTo';

/** The number rule of each range of the form: prices take a decimal comma, counts are whole. */
const RANGE_RULES: Record<RangeKey, NumberRule> = {
  priceFrom: { ...NUMBER_RULES.money, optional: true },
  priceTo: { ...NUMBER_RULES.money, optional: true },
  countFrom: { ...NUMBER_RULES.count, optional: true },
  countTo: { ...NUMBER_RULES.count, optional: true },
  countPhotosFrom: { ...NUMBER_RULES.count, optional: true },
  countPhotosTo: { ...NUMBER_RULES.count, optional: true },
};

/**
 * What the form refuses before searching, as Polish messages by field (ui/number-text.ts): a
 * price that is no amount ('12,5' is one), a quantity or photo count that is not a whole number
 * from 0 ('2,5' is refused, not silently left out of the search).
 */
export function searchFormErrors(f: ItemSearchForm): Partial<Record<RangeKey, string>> {
  const e: Partial<Record<RangeKey, string>> = {};
  for (const key of Object.keys(RANGE_RULES) as RangeKey[]) {
    const problem = numberProblem(f[key], RANGE_RULES[key]);
    if (problem !== undefined) e[key] = problem;
  }
  return e;
}

/** A price as typed: commas become dots, surrounding spaces go. */
export function normalizePrice(text: string): string {
  return text.trim().replace(/,/g, '.');
}

/**
 * The criteria of a submitted form: empty text filters dropped, the code upper-cased, prices with
 * dots, page back to 1. Values the contract refuses (a negative price, a fractional quantity) are
 * dropped rather than sent; the form's inputs already limit them.
 */
export function formToCriteria(f: ItemSearchForm, schema: ItemUrlSchema): ItemCriteria {
  const raw: Record<string, string | number> = {
    code: f.code.trim().toUpperCase(),
    name: f.name.trim(),
    gtin: f.gtin.trim(),
    extCode: f.extCode.trim(),
    priceFrom: normalizePrice(f.priceFrom),
    priceTo: normalizePrice(f.priceTo),
    countFrom: f.countFrom.trim(),
    countTo: f.countTo.trim(),
    countType: f.countType,
    countPhotosFrom: f.countPhotosFrom.trim(),
    countPhotosTo: f.countPhotosTo.trim(),
    statusId: f.statusId,
    groupId: f.groupId,
    catId: f.catId,
    placeId: f.placeId,
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
  return schema.parse(input);
}

/** How many filters (not sort, page or page size) the criteria hold: shown beside 'Wyszukaj'. */
export function activeFilterCount(c: ItemCriteria): number {
  const skip = new Set(['page', 'perPage', 'sort', 'countType']);
  return Object.entries(c).filter(([k, v]) => !skip.has(k) && v !== undefined && v !== '').length;
}

export const perPageOptions: readonly PerPage[] = PER_PAGE_OPTIONS;
