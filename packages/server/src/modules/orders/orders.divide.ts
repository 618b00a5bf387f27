import { randomUUID } from 'node:crypto';
import type { orderDivideSchema } from '@zaplecze/contract';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import { type BatchLine, ordersBatchRepository as batch } from './orders.mass.repository';
import { type LineColumns, ordersRepository as repo } from './orders.repository';
import { rollupsBefore } from './orders.rollups';
import { DIVIDE_MSG, ORDERS_MSG } from './messages.pl';

/**
 * The split (docs/rules/catalogue-and-orders-rules.md §2.15, §3 Split request, §5 Split; docs/rules/server-side-rules.md, Orders; rules
 * in docs/decisions.md, Orders, Split): the chosen quantities move into a new order with the new
 * delivery cost, the old order gets the old delivery cost, and quantities are conserved line by
 * line. Stock is unchanged overall and the split writes NO ledger rows: the moved goods stay taken
 * from stock, now by the new order (a pair of cancelling changes would not cancel under the
 * skip-zero options and would leave two pending rows without auto-commit).
 */

type DivideParsed = z.output<typeof orderDivideSchema>;

const lineColumns = ({ id: _id, ...l }: BatchLine, quantity: number): LineColumns => ({ ...l, quantity });

/**
 * Checks the moves against the order's lines: the quantity each line keeps and the one it gives.
 * An entry with `lineId` names that line; one with only `code` names every line of that code
 * and takes its count from them in line order, filling each before the next.
 */
function planMoves(lines: readonly BatchLine[], moves: DivideParsed['itemsToMove']) {
  const moved = new Map<number, number>();
  moves.forEach((m, i) => {
    if (m.lineId === undefined) {
      if (m.code === '') throw badRequest(DIVIDE_MSG.lineRequired, `itemsToMove.${i}.code`);
      const ofCode = lines.filter((l) => l.code === m.code);
      if (ofCode.length === 0) throw badRequest(DIVIDE_MSG.codeNotInOrder(m.code), `itemsToMove.${i}.code`);
      if (ofCode.some((l) => moved.has(l.id))) throw badRequest(DIVIDE_MSG.codeTwice(m.code), `itemsToMove.${i}.code`);
      const total = ofCode.reduce((sum, l) => sum + l.quantity, 0);
      if (m.count > total) throw badRequest(DIVIDE_MSG.codeCountTooBig(m.code, total), `itemsToMove.${i}.count`);
      let left = m.count;
      for (const l of ofCode) {
        const take = Math.min(left, l.quantity);
        moved.set(l.id, take);
        left -= take;
      }
      return;
    }
    const lineId = m.lineId;
    const line = lines.find((l) => l.id === lineId);
    if (!line) throw badRequest(DIVIDE_MSG.lineNotInOrder(lineId), `itemsToMove.${i}.lineId`);
    if (m.code !== '' && m.code !== line.code)
      throw badRequest(DIVIDE_MSG.lineCodeMismatch(lineId), `itemsToMove.${i}.code`);
    if (moved.has(lineId)) throw badRequest(DIVIDE_MSG.lineTwice(lineId), `itemsToMove.${i}.lineId`);
    if (m.count > line.quantity)
      throw badRequest(DIVIDE_MSG.countTooBig(lineId, line.quantity), `itemsToMove.${i}.count`);
    moved.set(lineId, m.count);
  });
  const kept: LineColumns[] = [];
  const given: LineColumns[] = [];
  for (const l of lines) {
    const count = moved.get(l.id) ?? 0;
    if (l.quantity - count > 0) kept.push(lineColumns(l, l.quantity - count));
    if (count > 0) given.push(lineColumns(l, count));
  }
  if (kept.length === 0) throw badRequest(DIVIDE_MSG.nothingLeft, 'itemsToMove');
  return { kept, given };
}

/**
 * POST /orders/divide: answers the new order's id. The new order is the same sale (same order
 * date, status, income source, client and invoice data, external id) with a new uuid, its own
 * parcel (no waybill, sizes and weight 0) and no invoice number; its lines keep their item link
 * (or deleted-item mark), price and the group they were saved with.
 */
export async function divideOrder(ctx: AuthContext, input: DivideParsed): Promise<{ id: number }> {
  const now = ctx.deps.now().toISOString();
  const id = await ctx.tdb.transaction(async (tdb) => {
    const src = await repo.rawById(tdb, input.orderId, true);
    if (!src) throw notFound(ORDERS_MSG.notFound);
    const lines = (await batch.linesOf(tdb, [input.orderId])).get(input.orderId) ?? [];
    const { kept, given } = planMoves(lines, input.itemsToMove);
    const rollups = await rollupsBefore(tdb, [input.orderId]);
    // Its search keys and invoice state are made from its columns (repository insert), its line
    // summary by replaceLines.
    const {
      id: _id,
      org_id: _org,
      invoice_state: _state,
      lines_sum: _sum,
      lines_count: _count,
      lines_codes: _codes,
      ...columns
    } = src;
    const newId = await repo.insert(tdb, {
      ...columns,
      uuid: randomUUID(),
      add_date: now,
      last_mod_date: now,
      modified_by: ctx.user.login,
      delivery_cost: input.newDeliveryCost,
      bill_of_lading: null,
      size_a: 0,
      size_b: 0,
      size_c: 0,
      weight_g: 0,
      invoice_number: null,
      invoice_mail_sent: 0,
    });
    await repo.replaceLines(tdb, input.orderId, kept);
    await repo.replaceLines(tdb, newId, given);
    await repo.update(tdb, input.orderId, {
      delivery_cost: input.oldDeliveryCost,
      last_mod_date: now,
      modified_by: ctx.user.login,
    });
    await rollups.after([input.orderId, newId]);
    ctx.deps.events.emit(tdb, 'orders.saved', { orderIds: [input.orderId, newId], createdIds: [newId] });
    return newId;
  });
  return { id };
}
