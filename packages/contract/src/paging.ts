import { z } from 'zod';
import { parseDecimalText, strictNumber } from './numbers';

/**
 * Paged lists of big tables (items, orders, warehouse changes): one request shape, one answer
 * shape, one page-count rule (docs/rules/catalogue-and-orders-rules.md §9).
 */

/** Rows per page offered by the item and order lists (docs/rules/catalogue-and-orders-rules.md §9). */
export const PER_PAGE_OPTIONS = [25, 50, 100, 250, 500, 1000, 2500, 5000, 10000] as const;
export type PerPage = (typeof PER_PAGE_OPTIONS)[number];
export const DEFAULT_PER_PAGE: PerPage = 100;

/** Number of pages = ceil(count / perPage); an empty list still has one page to show. */
export function pageCount(count: number, perPage: number): number {
  return Math.max(1, Math.ceil(count / perPage));
}

/**
 * The largest page number: the offset of its first row, (page - 1) * perPage, stays below 2^31 for
 * every page size, so neither engine sees an offset it cannot take (docs/decisions.md, Bad input).
 */
export const PAGE_MAX = Math.floor(2_147_483_647 / Math.max(...PER_PAGE_OPTIONS));
export const PAGING_MSG = {
  pageTooBig: `Numer strony może wynosić najwyżej ${PAGE_MAX}.`,
  perPageInvalid: `Liczba wierszy na stronie musi być jedną z: ${PER_PAGE_OPTIONS.join(', ')}`,
} as const;

/**
 * `page` below 1 becomes 1 (docs/rules/catalogue-and-orders-rules.md §5) and junk falls back to the first page, but a
 * number above PAGE_MAX is refused (400), not clamped: such a link is a mistake, not a wish.
 */
export const pageSchema = z.preprocess(
  (v) => {
    // Digits too many for parseDecimalText are still a (far too big) page, not junk.
    const n = typeof v === 'string' ? (parseDecimalText(v) ?? (/^\s*\+?\d+\s*$/.test(v) ? Infinity : NaN)) : v;
    if (n === Infinity) return n;
    return typeof n === 'number' && Number.isFinite(n) ? Math.max(1, Math.trunc(n)) : 1;
  },
  z.number({ error: PAGING_MSG.pageTooBig }).int().min(1).max(PAGE_MAX, { error: PAGING_MSG.pageTooBig }),
);

/** One of PER_PAGE_OPTIONS; anything else is refused with the field named. */
export const perPageSchema = strictNumber(
  z
    .number({ error: PAGING_MSG.perPageInvalid })
    .refine((n): n is PerPage => (PER_PAGE_OPTIONS as readonly number[]).includes(n), {
      message: PAGING_MSG.perPageInvalid,
    }),
).describe(`Wierszy na stronie: ${PER_PAGE_OPTIONS.join(', ')}.`);

/** The paging part of every big-list search. */
export const pagingSchema = z.object({
  page: pageSchema.default(1),
  perPage: perPageSchema.default(DEFAULT_PER_PAGE),
});
export type Paging = z.infer<typeof pagingSchema>;

/**
 * The answer of a paged list: the rows under the list's own key (`items`, `orders`...), the exact
 * number of rows matching the search, and the page size the server used.
 */
export function pagedAnswerSchema<K extends string, R extends z.ZodType>(key: K, row: R) {
  return z.object({ [key]: z.array(row), count: z.number().int().min(0), perPage: z.number().int().min(1) } as {
    [P in K]: z.ZodArray<R>;
  } & { count: z.ZodNumber; perPage: z.ZodNumber });
}

/** Offset of a page's first row. */
export function pageOffset(p: Paging): number {
  return (p.page - 1) * p.perPage;
}

/**
 * Browser storage keys of the big lists (docs/rules/catalogue-and-orders-rules.md §9): sort and page size in local
 * storage, the last search of the tab in session storage.
 */
export const LIST_STORAGE_KEYS = {
  items: { sort: 'items.sort', perPage: 'items.perpage', lastSearch: 'items.last.searchdata' },
  orders: { sort: 'orders.sort', perPage: 'orders.perpage', lastSearch: 'orders.last.searchdata' },
} as const;
export type ListStorageKeys = (typeof LIST_STORAGE_KEYS)[keyof typeof LIST_STORAGE_KEYS];
