import {
  fromHundredths,
  hasPermissionExact,
  SUMMARY_PERIODS,
  type OrdersSummary,
  type OrdersSummaryQuery,
  type SummaryMain,
  type SummaryPeriod,
  type SummaryPeriodFigures,
} from '@zaplecze/contract';
import { addDays, dayText, localDay } from '../../db/local-day';
import type { TenantDb } from '../../db/tenant';
import type { AuthContext } from '../../platform/context';
import { forbidden } from '../../platform/errors';

/**
 * GET /orders_summary and GET /orders/summary_main (docs/rules/catalogue-and-orders-rules.md §2.18, §3 Summary, §7.4;
 * docs/rules/platform-rules.md §2 Home, §7), read from the daily roll-ups (orders.rollups.ts) and never from the
 * orders themselves, so a month of 100,000 orders is a few hundred roll-up rows. Days are the
 * organisation's (Europe/Warsaw); rules in docs/decisions.md, Orders, Summaries.
 */

const sumOf = (n: unknown) => Number(n ?? 0);
/** Averages carry four decimals (§9: averages 4 decimals). */
const avg = (total: number, count: number) => (count === 0 ? 0 : Math.round((total / count) * 10_000) / 10_000);

function monthDays(year: number, month: number): { first: number; last: number; length: number } {
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const first = year * 10_000 + month * 100 + 1;
  return { first, last: first + length - 1, length };
}

/**
 * The days of the month that count for the per-day averages: every day of a past month, the days
 * up to and including today in the current month, none in a future month.
 */
function elapsedDays(first: number, last: number, length: number, today: number): number {
  if (today > last) return length;
  if (today < first) return 0;
  return today - first + 1;
}

type Filters = Pick<OrdersSummaryQuery, 'incomeSourceId' | 'statuses'>;

/** Day rows of the organisation between two days, with the summary's filters. */
function dayRows(tdb: TenantDb, from: number, to: number, q?: Filters) {
  let query = tdb.selectFrom('order_rollup_days').where('day', '>=', from).where('day', '<=', to);
  if (q?.incomeSourceId !== undefined) query = query.where('income_source_id', '=', q.incomeSourceId);
  if (q && q.statuses.length > 0) query = query.where('order_status_id', 'in', q.statuses);
  return query;
}

/** Group rows likewise. */
function groupRows(tdb: TenantDb, from: number, to: number, q: Filters) {
  let query = tdb.selectFrom('order_rollup_groups').where('day', '>=', from).where('day', '<=', to);
  if (q.incomeSourceId !== undefined) query = query.where('income_source_id', '=', q.incomeSourceId);
  if (q.statuses.length > 0) query = query.where('order_status_id', 'in', q.statuses);
  return query;
}

export async function ordersSummary(ctx: AuthContext, q: OrdersSummaryQuery): Promise<OrdersSummary> {
  const tdb = ctx.tdb;
  const { first, last, length } = monthDays(q.year, q.month);
  const days = await dayRows(tdb, first, last, q)
    .select((eb) => [
      'day',
      'order_status_id',
      eb.fn.sum<number>('orders_count').as('orders'),
      eb.fn.sum<number>('items_count').as('pieces'),
      eb.fn.sum<number>('delivery').as('delivery'),
      eb.fn.sum<number>('goods').as('goods'),
    ])
    .groupBy(['day', 'order_status_id'])
    .execute();
  const groups = await groupRows(tdb, first, last, q)
    .select((eb) => [
      'group_key',
      eb.fn.sum<number>('orders_count').as('orders'),
      eb.fn.sum<number>('delivery').as('delivery'),
      eb.fn.sum<number>('goods').as('goods'),
    ])
    .groupBy('group_key')
    .execute();

  let orders = 0;
  let pieces = 0;
  let delivery = 0;
  let goods = 0;
  const byStatus = new Map<number, { orders: number; delivery: number; goods: number }>();
  const byDay = new Map<number, { orders: number; income: number }>();
  for (const r of days) {
    const [o, p, d, g] = [sumOf(r.orders), sumOf(r.pieces), sumOf(r.delivery), sumOf(r.goods)];
    orders += o;
    pieces += p;
    delivery += d;
    goods += g;
    const s = byStatus.get(r.order_status_id) ?? { orders: 0, delivery: 0, goods: 0 };
    byStatus.set(r.order_status_id, { orders: s.orders + o, delivery: s.delivery + d, goods: s.goods + g });
    const day = byDay.get(r.day) ?? { orders: 0, income: 0 };
    byDay.set(r.day, { orders: day.orders + o, income: day.income + d + g });
  }

  const statusIds = [...byStatus].filter(([, s]) => s.orders > 0).map(([id]) => id);
  const statuses =
    statusIds.length === 0
      ? []
      : await tdb
          .selectFrom('order_statuses')
          .select(['id', 'name', 'color'])
          .where('id', 'in', statusIds)
          .orderBy('name')
          .orderBy('id')
          .execute();

  const groupIds = groups.map((r) => r.group_key).filter((k) => k > 0);
  const groupNames = new Map(
    groupIds.length === 0
      ? []
      : (await tdb.selectFrom('item_groups').select(['id', 'name']).where('id', 'in', groupIds).execute()).map((g) => [
          g.id,
          g.name,
        ]),
  );
  const notConnected = groups.find((r) => r.group_key === -1);
  const named: OrdersSummary['incomeByItemGroup'] = [];
  let noGroup: { income: number; delivery: number } | undefined;
  for (const r of groups) {
    if (r.group_key === -1 || sumOf(r.orders) === 0) continue;
    const name = groupNames.get(r.group_key);
    if (name === undefined) {
      // Key 0, or a group that no longer exists: goods without a group.
      noGroup = {
        income: (noGroup?.income ?? 0) + sumOf(r.goods),
        delivery: (noGroup?.delivery ?? 0) + sumOf(r.delivery),
      };
      continue;
    }
    named.push({
      group: { id: r.group_key, name },
      income: fromHundredths(sumOf(r.goods)),
      incomeDelivery: fromHundredths(sumOf(r.delivery)),
    });
  }
  named.sort((a, b) => a.group!.name.localeCompare(b.group!.name, 'pl') || a.group!.id - b.group!.id);
  if (noGroup)
    named.push({
      group: null,
      income: fromHundredths(noGroup.income),
      incomeDelivery: fromHundredths(noGroup.delivery),
    });

  const elapsed = elapsedDays(first, last, length, localDay(ctx.deps.now()));
  return {
    fullIncome: {
      all: fromHundredths(goods + delivery),
      delivery: fromHundredths(delivery),
      items: fromHundredths(goods),
    },
    incomeNotConnectedItems: fromHundredths(sumOf(notConnected?.goods)),
    incomeNotConnectedItemsDelivery: fromHundredths(sumOf(notConnected?.delivery)),
    incomeByItemGroup: named,
    incomeByOrderStatuses: statuses.map((s) => {
      const f = byStatus.get(s.id)!;
      return {
        status: { id: s.id, name: s.name, color: s.color },
        income: fromHundredths(f.goods),
        incomeDelivery: fromHundredths(f.delivery),
      };
    }),
    statistics: {
      allOrdersCount: orders,
      allItemsCount: pieces,
      avgOrdersPerDay: avg(orders, elapsed),
      avgItemsPerDay: avg(pieces, elapsed),
      avgItemsPerOrder: avg(pieces, orders),
      avgIncomePerOrder: avg(fromHundredths(goods + delivery), orders),
      avgIncomeDeliveryPerOrder: avg(fromHundredths(delivery), orders),
      avgIncomeItemsPerOrder: avg(fromHundredths(goods), orders),
    },
    byDay: Array.from({ length }, (_, i) => {
      const d = byDay.get(first + i);
      return { day: dayText(first + i), ordersCount: d?.orders ?? 0, income: fromHundredths(d?.income ?? 0) };
    }),
  };
}

/** The six periods of the home widgets, from `today` (YYYYMMDD): first and last day, both included. */
export function summaryPeriods(today: number): Record<SummaryPeriod, [number, number]> {
  const year = Math.floor(today / 10_000);
  const month = Math.floor(today / 100) % 100;
  const current = monthDays(year, month);
  const previous = month === 1 ? monthDays(year - 1, 12) : monthDays(year, month - 1);
  return {
    today: [today, today],
    yesterday: [addDays(today, -1), addDays(today, -1)],
    before7d: [addDays(today, -6), today],
    before30d: [addDays(today, -29), today],
    currentMonth: [current.first, current.last],
    lastMonth: [previous.first, previous.last],
  };
}

/**
 * GET /orders/summary_main: one grouped read of at most two months of day rows. A user with
 * main.order.summary.show gets everything; with only main.order.show, the counts and no income
 * (null); with neither, 403 (docs/decisions.md, Summaries).
 */
export async function summaryMain(ctx: AuthContext): Promise<SummaryMain> {
  const seesIncome = hasPermissionExact(ctx.user.permissions, 'main.order.summary.show');
  if (!seesIncome && !hasPermissionExact(ctx.user.permissions, 'main.order.show')) throw forbidden();
  const periods = summaryPeriods(localDay(ctx.deps.now()));
  const from = Math.min(...Object.values(periods).map(([f]) => f));
  const to = Math.max(...Object.values(periods).map(([, t]) => t));
  const rows = await dayRows(ctx.tdb, from, to)
    .select((eb) => [
      'day',
      eb.fn.sum<number>('orders_count').as('orders'),
      eb.fn.sum<number>('items_count').as('pieces'),
      eb.fn.sum<number>('problem_count').as('problems'),
      eb.fn.sum<number>('unnumbered_count').as('unnumbered'),
      eb.fn.sum<number>('delivery').as('delivery'),
      eb.fn.sum<number>('goods').as('goods'),
    ])
    .groupBy('day')
    .execute();
  const figures = (f: number, t: number): SummaryPeriodFigures => {
    let [orders, pieces, problems, unnumbered, delivery, goods] = [0, 0, 0, 0, 0, 0];
    for (const r of rows) {
      if (r.day < f || r.day > t) continue;
      orders += sumOf(r.orders);
      pieces += sumOf(r.pieces);
      problems += sumOf(r.problems);
      unnumbered += sumOf(r.unnumbered);
      delivery += sumOf(r.delivery);
      goods += sumOf(r.goods);
    }
    return {
      from: dayText(f),
      to: dayText(t),
      ordersCount: orders,
      itemsCount: pieces,
      ordersWithProblem: problems,
      invoicesWithoutNumber: unnumbered,
      sumAll: seesIncome ? fromHundredths(goods + delivery) : null,
      sumDelivery: seesIncome ? fromHundredths(delivery) : null,
      sumItems: seesIncome ? fromHundredths(goods) : null,
    };
  };
  return Object.fromEntries(SUMMARY_PERIODS.map((p) => [p, figures(...periods[p])])) as SummaryMain;
}
