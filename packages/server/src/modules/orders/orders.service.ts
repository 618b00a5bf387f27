import { randomUUID } from 'node:crypto';
import {
  idQuerySchema,
  orderSearchSchema,
  type Order,
  type OrderInputParsed,
  type OrderLineParsed,
  type OrderLookupAnswer,
  type OrdersAnswer,
  type OrderUpdateParsed,
  type ShippingMethod,
} from '@zaplecze/contract';
import type { TenantDb } from '../../db/tenant';
import type { AuthContext } from '../../platform/context';
import { badRequest, notFound } from '../../platform/errors';
import { optionsRepository } from '../options';
import { assertCarrierMethod, lookupCarrierMethod } from './orders.carrier';
import { toOrder, toOrderRow } from './orders.mapper';
import { linesSummary } from '../../db/order-keys';
import { type LineColumns, type OrderChanges, ordersRepository as repo } from './orders.repository';
import { rollupsBefore } from './orders.rollups';
import { searchOrders, sortRows } from './orders.search';
import { recordOrderStock } from './orders.stock';
import { ORDERS_MSG } from './messages.pl';

/** GET /orders?id=: the paged shape with the one order, 404 for a missing one (as items do). */
export async function lookupOrder(ctx: AuthContext, id: number): Promise<OrderLookupAnswer> {
  return { orders: [await getOrder(ctx.tdb, id)], count: 1, perPage: 1 };
}

/**
 * GET /orders: with `id` the whole order (lookupOrder), otherwise the search of §3 (every field
 * validated by the contract's orderSearchSchema, 400 in Polish) answering a page of list rows.
 */
export async function getOrders(
  ctx: AuthContext,
  query: Record<string, unknown>,
): Promise<OrderLookupAnswer | OrdersAnswer> {
  if (query.id !== undefined) return lookupOrder(ctx, idQuerySchema.parse(query).id);
  const search = orderSearchSchema.parse(query);
  const { rows, count } = await searchOrders(ctx.tdb, search);
  return { orders: sortRows(rows.map(toOrderRow), search), count, perPage: search.perPage };
}

export async function getOrder(tdb: TenantDb, id: number): Promise<Order> {
  const row = await repo.rowById(tdb, id);
  if (!row) throw notFound(ORDERS_MSG.notFound);
  return toOrder(row, await repo.lines(tdb, id));
}

/** Status and income source must be rows of the caller's organisation (400 naming the field). */
async function checkRefs(tdb: TenantDb, statusId: number, sourceId: number): Promise<void> {
  const seen = batchMemo(tdb)?.refs;
  if (!seen?.has(`s${statusId}`)) {
    if (!(await repo.exists(tdb, 'order_statuses', statusId)))
      throw badRequest(ORDERS_MSG.statusNotFound, 'orderStatusId');
    seen?.add(`s${statusId}`);
  }
  if (!seen?.has(`i${sourceId}`)) {
    if (!(await repo.exists(tdb, 'income_sources', sourceId)))
      throw badRequest(ORDERS_MSG.incomeSourceNotFound, 'incomeSourceId');
    seen?.add(`i${sourceId}`);
  }
}

/**
 * What the orders of one transaction share (an importer's batch through plugin-sdk/orders.ts):
 * the default options read once and the status and income-source rows already checked, so each
 * further order of the batch saves those statements. Null outside a transaction TenantDb began.
 */
const BATCH_MEMO = {};
function batchMemo(tdb: TenantDb): { options: Map<string, Map<string, string>>; refs: Set<string> } | null {
  return tdb.transactionShared(BATCH_MEMO, () => ({ options: new Map(), refs: new Set<string>() }));
}

/**
 * Lines to store: a linked item must be the organisation's (400 naming the line's field); its group
 * is copied onto the line for the summaries by group.
 */
async function lineColumns(tdb: TenantDb, lines: readonly OrderLineParsed[]): Promise<LineColumns[]> {
  const ids = [...new Set(lines.flatMap((l) => (l.itemId === null ? [] : [l.itemId])))];
  const groups = await repo.itemGroups(tdb, ids);
  return lines.map((l, i) => {
    if (l.itemId !== null && !groups.has(l.itemId))
      throw badRequest(ORDERS_MSG.itemNotFound(l.itemId), `items.${i}.itemId`);
    return {
      item_id: l.itemId,
      code: l.code,
      name: l.name,
      quantity: l.quantity,
      price: l.price,
      vat: l.vat,
      item_group_id: l.itemId === null ? null : (groups.get(l.itemId) ?? null),
    };
  });
}

/** The order's own columns from a parsed body, common to new orders and edits. */
function columnsOf(input: OrderInputParsed | OrderUpdateParsed, statusId: number, sourceId: number) {
  const inv = input.invoice;
  const c = input.clientData;
  return {
    external_id: input.externalId,
    order_status_id: statusId,
    income_source_id: sourceId,
    currency: input.currency,
    message_to_seller: input.messageToSeller,
    comment: input.comment,
    invoice_annotations: input.invoiceAnnotations,
    problem: input.problem,
    delivery_cost: input.deliveryCost,
    delivery_vat: input.deliveryVat,
    cash_on_delivery: input.cashOnDelivery ? 1 : 0,
    bill_of_lading: input.billOfLading,
    carrier_method_id: input.carrierMethodId,
    size_a: input.sizeA,
    size_b: input.sizeB,
    size_c: input.sizeC,
    weight_g: input.weight,
    client_name_surname: c.nameSurname,
    client_company_name: c.companyName,
    client_street: c.street,
    client_build_nr: c.buildNr,
    client_post_code: c.postCode,
    client_city: c.city,
    client_country_code: c.countryCode,
    client_pickup_point: c.pickupPoint,
    client_email: c.email,
    client_tel: c.tel,
    has_invoice: inv ? 1 : 0,
    invoice_is_company: inv?.isCompany ? 1 : 0,
    invoice_name_surname: inv?.nameSurname ?? '',
    invoice_company_name: inv?.companyName ?? '',
    invoice_company_tax_id: inv?.companyTaxId ?? '',
    invoice_address: inv?.address ?? '',
    invoice_post_code: inv?.postCode ?? '',
    invoice_city: inv?.city ?? '',
    invoice_country_code: inv?.countryCode ?? '',
  } satisfies OrderChanges;
}

/** A new order's status and income source: the given ones, else the (stationary) defaults. */
async function withDefaults(tdb: TenantDb, input: OrderInputParsed): Promise<[number, number]> {
  const [statusKey, sourceKey] = input.stationary
    ? (['DEFAULT_ORDER_STATUS_ID_STATIONARY', 'DEFAULT_INCOME_SOURCE_ID_STATIONARY'] as const)
    : (['DEFAULT_ORDER_STATUS_ID', 'DEFAULT_INCOME_SOURCE_ID'] as const);
  const memo = batchMemo(tdb);
  let stored = memo?.options.get(statusKey);
  if (!stored) {
    stored = await optionsRepository.read(tdb, [statusKey, sourceKey]);
    memo?.options.set(statusKey, stored);
  }
  const statusId = input.orderStatusId ?? (Number(stored.get(statusKey) ?? '') || undefined);
  const sourceId = input.incomeSourceId ?? (Number(stored.get(sourceKey) ?? '') || undefined);
  if (statusId === undefined) throw badRequest(ORDERS_MSG.statusRequired, 'orderStatusId');
  if (sourceId === undefined) throw badRequest(ORDERS_MSG.incomeSourceRequired, 'incomeSourceId');
  return [statusId, sourceId];
}

/** POST /orders: the order, its lines and their stock changes in one transaction. */
export async function createOrder(ctx: AuthContext, input: OrderInputParsed): Promise<Order> {
  return getOrder(ctx.tdb, await insertOrder(ctx, input));
}

/**
 * The write of `createOrder` without reading the order back: answers its id. In the caller's
 * transaction when `ctx.tdb` is in one (an importer's batch: plugin-sdk/orders.ts).
 */
export async function insertOrder(ctx: AuthContext, input: OrderInputParsed): Promise<number> {
  const now = ctx.deps.now().toISOString();
  const shippingMethod = input.shippingMethod ?? (input.stationary ? 'PERSONAL_PICKUP' : 'ADDRESS');
  assertCarrierMethod(await lookupCarrierMethod(ctx, input.carrierMethodId), shippingMethod, null);
  return ctx.tdb.transaction(async (tdb) => {
    const [statusId, sourceId] = await withDefaults(tdb, input);
    await checkRefs(tdb, statusId, sourceId);
    const lines = await lineColumns(tdb, input.items);
    const orderId = await repo.insert(tdb, {
      ...columnsOf(input, statusId, sourceId),
      uuid: randomUUID(),
      add_date: now,
      last_mod_date: now,
      modified_by: ctx.user.login,
      order_date: input.orderDate ? new Date(input.orderDate).toISOString() : now,
      stationary: input.stationary ? 1 : 0,
      shipping_method: shippingMethod,
      // The number is issued by the invoices module only (print_invoice); a client's is ignored.
      invoice_number: null,
      invoice_mail_sent: 0,
      ...linesSummary(lines),
    });
    // Stock first: the ledger locks the items (FOR UPDATE) before the lines' foreign keys take
    // their weaker locks, so concurrent orders of one item queue instead of deadlocking.
    await recordOrderStock(ctx.deps, tdb, orderId, [], lines);
    await repo.insertLines(tdb, orderId, lines);
    await (await rollupsBefore(tdb, [])).after([orderId]);
    ctx.deps.events.emit(tdb, 'orders.saved', { orderIds: [orderId], createdIds: [orderId] });
    return orderId;
  });
}

/**
 * PUT /orders: every field of the order; the lines (and with them the stock) only when
 * `itemsChanged` is set. Sets lastModDate and modifiedByUser.
 */
export async function updateOrder(ctx: AuthContext, input: OrderUpdateParsed): Promise<Order> {
  const now = ctx.deps.now().toISOString();
  const carrierMethod = await lookupCarrierMethod(ctx, input.carrierMethodId);
  await ctx.tdb.transaction(async (tdb) => {
    const current = await repo.rawById(tdb, input.id, true);
    if (!current) throw notFound(ORDERS_MSG.notFound);
    await checkRefs(tdb, input.orderStatusId, input.incomeSourceId);
    const shippingMethod = input.shippingMethod ?? (current.shipping_method as ShippingMethod);
    assertCarrierMethod(carrierMethod, shippingMethod, current.carrier_method_id);
    const rollups = await rollupsBefore(tdb, [input.id]);
    if (input.itemsChanged) {
      const lines = await lineColumns(tdb, input.items);
      const before = await repo.lines(tdb, input.id);
      await recordOrderStock(ctx.deps, tdb, input.id, before, lines);
      await repo.replaceLines(tdb, input.id, lines);
    }
    await repo.update(tdb, input.id, {
      ...columnsOf(input, input.orderStatusId, input.incomeSourceId),
      last_mod_date: now,
      modified_by: ctx.user.login,
      ...(input.orderDate ? { order_date: new Date(input.orderDate).toISOString() } : {}),
      ...(input.shippingMethod ? { shipping_method: input.shippingMethod } : {}),
      // The invoice number (issued by print_invoice) and whether the invoice went out by e-mail are
      // the server's to know, not the form's: a client's number is ignored.
      invoice_number: current.invoice_number,
      invoice_mail_sent: input.invoice ? current.invoice_mail_sent : 0,
    });
    await rollups.after([input.id]);
    const events = ctx.deps.events;
    events.emit(tdb, 'orders.saved', { orderIds: [input.id], createdIds: [] });
    const status = { orderId: input.id, from: current.order_status_id, to: input.orderStatusId };
    events.emit(tdb, 'order.status_changed', { orders: [status] });
  });
  return getOrder(ctx.tdb, input.id);
}

/** DELETE /orders?id=: linked lines give their stock back, then the order and its lines go. */
export async function deleteOrder(ctx: AuthContext, id: number): Promise<void> {
  await ctx.tdb.transaction(async (tdb) => {
    if (!(await repo.rawById(tdb, id, true))) throw notFound(ORDERS_MSG.notFound);
    const rollups = await rollupsBefore(tdb, [id]);
    await recordOrderStock(ctx.deps, tdb, id, await repo.lines(tdb, id), []);
    await repo.remove(tdb, id);
    await rollups.after([id]);
    ctx.deps.events.emit(tdb, 'orders.deleted', { orderIds: [id] });
  });
}

/**
 * POST /orders/copy: a new order with the same data and lines, a new uuid, today's dates, no
 * waybill, no invoice number (the invoice data stay, not issued, not mailed). Its lines take stock
 * like a new order's; their groups are the items' groups now.
 */
export async function copyOrder(ctx: AuthContext, id: number): Promise<Order> {
  const now = ctx.deps.now().toISOString();
  const newId = await ctx.tdb.transaction(async (tdb) => {
    const src = await repo.rawById(tdb, id);
    if (!src) throw notFound(ORDERS_MSG.notFound);
    const sourceLines = await repo.lines(tdb, id);
    // The copy's search keys and invoice state are made from its columns (repository insert), its
    // line summary by replaceLines.
    const {
      id: _id,
      org_id: _org,
      invoice_state: _state,
      lines_sum: _sum,
      lines_count: _count,
      lines_codes: _codes,
      ...columns
    } = src;
    const copyId = await repo.insert(tdb, {
      ...columns,
      uuid: randomUUID(),
      add_date: now,
      last_mod_date: now,
      order_date: now,
      modified_by: ctx.user.login,
      bill_of_lading: null,
      invoice_number: null,
      invoice_mail_sent: 0,
    });
    const groups = await repo.itemGroups(
      tdb,
      sourceLines.flatMap((l) => (l.item_id === null ? [] : [l.item_id])),
    );
    const lines: LineColumns[] = sourceLines.map(({ id: _lineId, ...l }) => ({
      ...l,
      item_group_id: l.item_id === null ? null : (groups.get(l.item_id) ?? null),
    }));
    await recordOrderStock(ctx.deps, tdb, copyId, [], lines);
    await repo.replaceLines(tdb, copyId, lines);
    await (await rollupsBefore(tdb, [])).after([copyId]);
    ctx.deps.events.emit(tdb, 'orders.saved', { orderIds: [copyId], createdIds: [copyId] });
    return copyId;
  });
  return getOrder(ctx.tdb, newId);
}
