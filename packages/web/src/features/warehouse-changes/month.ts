import {
  pageSchema,
  perPageSchema,
  WAREHOUSE_DEFAULT_PER_PAGE,
  WAREHOUSE_YEAR_MAX,
  WAREHOUSE_YEAR_MIN,
  warehouseMonthSchema,
} from '@zaplecze/contract';
import { z } from 'zod';
import { parseYearIn } from '@web/ui/month';

/** The month shown when the URL names none: the current one, in the browser's calendar. */
export function currentMonth(now: Date = new Date()): { year: number; month: number } {
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

/**
 * The screen's URL state: month and year (defaulting to today's, so a bare /warehouse-changes
 * shows the current month and writes nothing), page and page size.
 */
export const warehouseSearchSchema = z.object({
  year: warehouseMonthSchema.shape.year.default(() => currentMonth().year),
  month: warehouseMonthSchema.shape.month.default(() => currentMonth().month),
  page: pageSchema.default(1),
  perPage: perPageSchema.default(WAREHOUSE_DEFAULT_PER_PAGE),
});
export type WarehouseSearch = z.output<typeof warehouseSearchSchema>;

/** The year field's text as a year of the allowed range, or undefined (the field is then invalid). */
export function parseYear(text: string): number | undefined {
  return parseYearIn(text, WAREHOUSE_YEAR_MIN, WAREHOUSE_YEAR_MAX);
}

export { monthOptions } from '@web/ui/month';
