import { z } from 'zod';
import { strictNumber } from './numbers';
import { idSchema } from './schemas';

/**
 * Order summaries (docs/rules/catalogue-and-orders-rules.md §2.18, §3 Summary, §5 Summary, §7.4; docs/rules/platform-rules.md §2 Home,
 * §7 /orders/summary_main). Money is decimal (two places) computed from exact grosze; days and
 * months are those of the organisation's time zone (Europe/Warsaw).
 */

export const SUMMARY_YEAR_MIN = 2000;
export const SUMMARY_YEAR_MAX = 3000;
export const SUMMARY_MSG = {
  yearInvalid: `Rok musi być liczbą całkowitą od ${SUMMARY_YEAR_MIN} do ${SUMMARY_YEAR_MAX}.`,
  monthInvalid: 'Miesiąc musi być liczbą całkowitą od 1 do 12.',
  statusesInvalid: 'Statusy muszą być listą identyfikatorów oddzielonych przecinkami.',
} as const;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** GET /orders_summary: year, month, income source (empty = all), statuses (comma list; empty = all). */
export const ordersSummaryQuerySchema = z.object({
  year: strictNumber(
    z
      .number({ error: SUMMARY_MSG.yearInvalid })
      .int({ error: SUMMARY_MSG.yearInvalid })
      .min(SUMMARY_YEAR_MIN, { error: SUMMARY_MSG.yearInvalid })
      .max(SUMMARY_YEAR_MAX, { error: SUMMARY_MSG.yearInvalid }),
  ),
  month: strictNumber(
    z
      .number({ error: SUMMARY_MSG.monthInvalid })
      .int({ error: SUMMARY_MSG.monthInvalid })
      .min(1, { error: SUMMARY_MSG.monthInvalid })
      .max(12, { error: SUMMARY_MSG.monthInvalid }),
  ),
  incomeSourceId: z.preprocess(blankToUndefined, idSchema.optional()),
  statuses: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string()
      .trim()
      .regex(/^(\d{1,10}(,\d{1,10})*)?$/, { error: SUMMARY_MSG.statusesInvalid })
      .transform((s) => (s === '' ? [] : [...new Set(s.split(',').map(Number))]))
      .refine((ids) => ids.length <= 1000 && ids.every((n) => n >= 1 && n <= 2_147_483_647), {
        error: SUMMARY_MSG.statusesInvalid,
      }),
  ),
});
export type OrdersSummaryQuery = z.output<typeof ordersSummaryQuerySchema>;

const incomeSchema = z.object({ income: z.number(), incomeDelivery: z.number() });

export const ordersSummarySchema = z.object({
  fullIncome: z.object({ all: z.number(), delivery: z.number(), items: z.number() }),
  /** Goods on lines not linked to a catalogue item, and the delivery of the orders they are on. */
  incomeNotConnectedItems: z.number(),
  incomeNotConnectedItemsDelivery: z.number(),
  /** group null = goods without a group. */
  incomeByItemGroup: z.array(incomeSchema.extend({ group: z.object({ id: z.number(), name: z.string() }).nullable() })),
  incomeByOrderStatuses: z.array(
    incomeSchema.extend({ status: z.object({ id: z.number(), name: z.string(), color: z.string() }) }),
  ),
  statistics: z.object({
    allOrdersCount: z.number(),
    allItemsCount: z.number(),
    avgOrdersPerDay: z.number(),
    avgItemsPerDay: z.number(),
    avgItemsPerOrder: z.number(),
    avgIncomePerOrder: z.number(),
    avgIncomeDeliveryPerOrder: z.number(),
    avgIncomeItemsPerOrder: z.number(),
  }),
  /** Every day of the month (for the chart): the day 'YYYY-MM-DD', orders and income that day. */
  byDay: z.array(z.object({ day: z.string(), ordersCount: z.number(), income: z.number() })),
});
export type OrdersSummary = z.infer<typeof ordersSummarySchema>;

export const SUMMARY_PERIODS = ['today', 'yesterday', 'before7d', 'before30d', 'currentMonth', 'lastMonth'] as const;
export type SummaryPeriod = (typeof SUMMARY_PERIODS)[number];

export const summaryPeriodSchema = z.object({
  /** First and last day of the period, 'YYYY-MM-DD' (Europe/Warsaw), both included. */
  from: z.string(),
  to: z.string(),
  ordersCount: z.number(),
  itemsCount: z.number(),
  ordersWithProblem: z.number(),
  invoicesWithoutNumber: z.number(),
  /**
   * Income: null for a user without main.order.summary.show, who sees only the order counts (the
   * order widget needs main.order.show, the income widget main.order.summary.show; docs/rules/platform-rules.md §6).
   */
  sumAll: z.number().nullable(),
  sumDelivery: z.number().nullable(),
  sumItems: z.number().nullable(),
});
export type SummaryPeriodFigures = z.infer<typeof summaryPeriodSchema>;

/** GET /orders/summary_main. */
export const summaryMainSchema = z.object(
  Object.fromEntries(SUMMARY_PERIODS.map((p) => [p, summaryPeriodSchema])) as Record<
    SummaryPeriod,
    typeof summaryPeriodSchema
  >,
);
export type SummaryMain = z.infer<typeof summaryMainSchema>;
