import { z } from 'zod';
import { strictNumber } from './numbers';
import { pagedAnswerSchema, pageSchema, perPageSchema, type PerPage } from './paging';
import { idSchema } from './schemas';

/**
 * Warehouse changes: the stock ledger as the API shows it (docs/rules/platform-rules.md §2 Warehouse changes;
 * docs/decisions.md, Stock ledger and warehouse changes).
 */

/** Where a change comes from (the Typ column of the screen and of the CSV export). */
export const WAREHOUSE_CHANGE_TYPES = [
  'INITIAL',
  'ITEM_EDIT',
  'GENERATE',
  'COPY',
  'MASS_EDIT',
  'READER',
  'ORDER',
  /** A file import of a plugin (wholesale-csv): the stock a supplier's file sets. */
  'IMPORT',
] as const;
export type WarehouseChangeType = (typeof WAREHOUSE_CHANGE_TYPES)[number];

/** The same Polish names on the screen and in the CSV export. */
export const WAREHOUSE_CHANGE_TYPE_NAMES: Record<WarehouseChangeType, string> = {
  INITIAL: 'Stan początkowy',
  ITEM_EDIT: 'Edycja towaru',
  GENERATE: 'Generowanie towarów',
  COPY: 'Kopia towaru',
  MASS_EDIT: 'Edycja masowa',
  READER: 'Czytnik',
  ORDER: 'Zamówienie',
  IMPORT: 'Import z pliku',
};

export const WAREHOUSE_YEAR_MIN = 2000;
export const WAREHOUSE_YEAR_MAX = 3000;
/**
 * Rows per page of the month list when the client names none: a month of a busy shop holds up to
 * 100,000 changes, so a page is a day or two of work and 100 pages a month (docs/decisions.md).
 */
export const WAREHOUSE_DEFAULT_PER_PAGE: PerPage = 1000;

export const WAREHOUSE_MSG = {
  yearInvalid: `Rok musi być liczbą całkowitą od ${WAREHOUSE_YEAR_MIN} do ${WAREHOUSE_YEAR_MAX}.`,
  monthInvalid: 'Miesiąc musi być liczbą całkowitą od 1 do 12.',
} as const;

/** Query-string numbers; a missing or empty value fails like a wrong one (one message per field). */
const yearSchema = strictNumber(
  z
    .number({ error: WAREHOUSE_MSG.yearInvalid })
    .int({ error: WAREHOUSE_MSG.yearInvalid })
    .min(WAREHOUSE_YEAR_MIN, { error: WAREHOUSE_MSG.yearInvalid })
    .max(WAREHOUSE_YEAR_MAX, { error: WAREHOUSE_MSG.yearInvalid }),
);
const monthSchema = strictNumber(
  z
    .number({ error: WAREHOUSE_MSG.monthInvalid })
    .int({ error: WAREHOUSE_MSG.monthInvalid })
    .min(1, { error: WAREHOUSE_MSG.monthInvalid })
    .max(12, { error: WAREHOUSE_MSG.monthInvalid }),
);

/** A calendar month in Europe/Warsaw time: the CSV export. */
export const warehouseMonthSchema = z.object({
  // '' would coerce to 0 and fail anyway; undefined would coerce to NaN and fail: both answer 400.
  year: yearSchema,
  month: monthSchema,
});
export type WarehouseMonth = z.output<typeof warehouseMonthSchema>;

/** GET /warehouse_changes with a month: one page of it, sorted by id. */
export const warehouseListQuerySchema = warehouseMonthSchema.extend({
  page: pageSchema.default(1),
  perPage: perPageSchema.default(WAREHOUSE_DEFAULT_PER_PAGE),
});
export type WarehouseListQuery = z.output<typeof warehouseListQuerySchema>;

/**
 * GET /warehouse_changes: one change by `id` (the month fields are then ignored), or a page of a
 * month. `id` decides the shape, so a bad month names its own field in the 400.
 */
export function parseWarehouseChangesQuery(query: Record<string, unknown>): { id: number } | WarehouseListQuery {
  const id = query.id;
  if (id !== undefined && !(typeof id === 'string' && id.trim() === '')) return z.object({ id: idSchema }).parse(query);
  return warehouseListQuerySchema.parse(query);
}

/** PUT /warehouse_changes: commits the change. */
export const warehouseCommitSchema = z.object({ id: idSchema });

/** One change (docs/rules/platform-rules.md §2 Warehouse change); `commited` keeps the spec's spelling. */
export const warehouseChangeSchema = z.object({
  id: z.number(),
  order: z.object({ id: z.number() }).nullable(),
  /** `id` is null once the item was deleted; code and name stay as they were at the change. */
  item: z.object({ id: z.number().nullable(), code: z.string(), name: z.string() }),
  type: z.enum(WAREHOUSE_CHANGE_TYPES),
  /** Signed pieces. */
  quantity: z.number(),
  /** Stock before and after the commit; null while the change is uncommitted. */
  qtyBefore: z.number().nullable(),
  qtyAfter: z.number().nullable(),
  changeDate: z.string(),
  commitDate: z.string().nullable(),
  commited: z.boolean(),
});
export type WarehouseChange = z.infer<typeof warehouseChangeSchema>;

/** Both forms of GET /warehouse_changes answer this; a lookup by id has one row. */
export const warehouseChangesAnswerSchema = pagedAnswerSchema('warehouseChanges', warehouseChangeSchema);
export type WarehouseChangesAnswer = z.infer<typeof warehouseChangesAnswerSchema>;

/** The download name of a month's CSV (month without a leading zero, as the spec writes it). */
export function warehouseCsvFileName(m: WarehouseMonth): string {
  return `warehouse_changes__${m.month}_${m.year}.csv`;
}
