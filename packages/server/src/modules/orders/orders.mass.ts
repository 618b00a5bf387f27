import { orderMassResultSchema, type orderMassEditDataSchema, type OrderMassResult } from '@zaplecze/contract';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { idempotent } from '../../platform/idempotency';
import { ordersBatchRepository as batch } from './orders.mass.repository';
import { type OrderChanges, ordersRepository as repo } from './orders.repository';
import { rollupsBefore } from './orders.rollups';
import { recordOrdersStock } from './orders.stock';
import { ORDERS_MSG } from './messages.pl';

/**
 * Order mass delete and mass edit (docs/rules/catalogue-and-orders-rules.md §2.16, §3 Mass results, §7.4): each call is
 * one transaction over at most 100 orders and answers ok (ids), err (id and reason) and notFound
 * (ids, also another organisation's). Neither call has a per-order refusal today, so err stays
 * empty; a broken payload refuses the whole call with 400 before anything is written.
 */

type MassEditParsed = z.output<typeof orderMassEditDataSchema>;

const unique = (ids: readonly number[]) => [...new Set(ids)];

/**
 * POST /orders/mass_delete: the orders go with their lines, and their linked lines give stock back
 * through one ledger call for the whole batch.
 */
export async function massDeleteOrders(ctx: AuthContext, ids: readonly number[]): Promise<OrderMassResult> {
  return ctx.tdb.transaction(async (tdb) => {
    const wanted = unique(ids);
    const found = await batch.lockExisting(tdb, wanted);
    const ok = wanted.filter((id) => found.has(id));
    const rollups = await rollupsBefore(tdb, ok);
    const lines = await batch.linesOf(tdb, ok);
    await recordOrdersStock(
      ctx.deps,
      tdb,
      ok.map((orderId) => ({ orderId, before: lines.get(orderId) ?? [], after: [] })),
    );
    await batch.removeMany(tdb, ok);
    await rollups.after(ok);
    ctx.deps.events.emit(tdb, 'orders.deleted', { orderIds: ok });
    return { ok, err: [], notFound: wanted.filter((id) => !found.has(id)) };
  });
}

/**
 * POST /orders/mass_edit: the ticked fields (delivery cost and VAT, status, income source) set on
 * every found order with one UPDATE, with lastModDate and modifiedByUser. A status or income
 * source that is not the organisation's refuses the call (400 naming the field). A retry with the
 * same idempotency key answers the first run's result.
 */
export async function massEditOrders(
  ctx: AuthContext,
  ids: readonly number[],
  data: MassEditParsed,
  idempotencyKey: string | undefined,
): Promise<OrderMassResult> {
  return idempotent(
    ctx,
    idempotencyKey,
    { ids, data },
    orderMassResultSchema,
    async (tdb) => {
      if (data.orderStatusId !== undefined && !(await repo.exists(tdb, 'order_statuses', data.orderStatusId)))
        throw badRequest(ORDERS_MSG.statusNotFound, 'data.orderStatusId');
      if (data.incomeSourceId !== undefined && !(await repo.exists(tdb, 'income_sources', data.incomeSourceId)))
        throw badRequest(ORDERS_MSG.incomeSourceNotFound, 'data.incomeSourceId');
      const wanted = unique(ids);
      const found = await batch.lockExisting(tdb, wanted);
      const ok = wanted.filter((id) => found.has(id));
      const rollups = await rollupsBefore(tdb, ok);
      const changes: OrderChanges = {
        ...(data.deliveryCost !== undefined ? { delivery_cost: data.deliveryCost } : {}),
        ...(data.deliveryVat !== undefined ? { delivery_vat: data.deliveryVat } : {}),
        ...(data.orderStatusId !== undefined ? { order_status_id: data.orderStatusId } : {}),
        ...(data.incomeSourceId !== undefined ? { income_source_id: data.incomeSourceId } : {}),
        last_mod_date: ctx.deps.now().toISOString(),
        modified_by: ctx.user.login,
      };
      const to = data.orderStatusId;
      const from = to === undefined ? undefined : await repo.statusesOf(tdb, ok);
      await batch.updateMany(tdb, ok, changes);
      await rollups.after(ok);
      ctx.deps.events.emit(tdb, 'orders.saved', { orderIds: ok, createdIds: [] });
      if (from && to !== undefined) {
        const orders = ok.map((orderId) => ({ orderId, from: from.get(orderId) ?? null, to }));
        ctx.deps.events.emit(tdb, 'order.status_changed', { orders });
      }
      return { ok, err: [], notFound: wanted.filter((id) => !found.has(id)) };
    },
    'orders:',
  );
}
