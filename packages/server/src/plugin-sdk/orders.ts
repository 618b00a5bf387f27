/**
 * The orders face of the plugin SDK (docs/plugins.md, Orders for importers; docs/decisions.md,
 * "Integrations: outside calls, connection state, imported orders"): what a marketplace or shop
 * plugin needs to bring outside orders in exactly once, move their status, and know what it may
 * offer for sale. Every write goes through the core's order services (validation, the stock
 * ledger, roll-ups, events); each function takes a scope `{ tdb, deps }` (a route's `ctx` or a
 * plugin job's context) and joins the caller's transaction when `scope.tdb` is in one.
 */
import {
  orderInputSchema,
  orderToUpdate,
  orderUpdateSchema,
  splitOptionList,
  type CarriersAnswer,
  type Order,
  type OrderInput,
} from '@zaplecze/contract';
import type { TenantDb } from '../db/tenant';
import { consoleLog, type AppDeps, type AuthContext } from '../platform/context';
import { badRequest } from '../platform/errors';
import { listCarriers } from '../modules/carriers';
import { readOptions } from '../modules/options';
import { getOrder, insertOrder, patchOrder, updateOrder, type OrderPatch } from '../modules/orders';
import { recordPluginCall } from '../platform/outside/calls';

export interface OrderScope {
  tdb: TenantDb;
  deps: AppDeps;
}

/**
 * The context the core's order services get for a plugin's write: the organisation of `tdb`, the
 * plugin as the user who changed the order (lastModDate's modifiedByUser), no request.
 */
function pluginContext(scope: OrderScope, pluginId: string): AuthContext {
  const orgId = scope.tdb.orgId;
  return {
    deps: scope.deps,
    db: scope.deps.db,
    ip: '127.0.0.1',
    locale: 'pl',
    log: consoleLog,
    orgId,
    tdb: scope.tdb,
    user: {
      id: 0,
      orgId,
      login: `plugin:${pluginId}`,
      permissions: '',
      tokenId: 0,
      longSession: false,
      tokenValidTo: new Date(8.64e15),
      via: 'session',
      apiTokenId: null,
    },
  };
}

/** The first problem of an order input as the core's Polish 400 (with the field's path). */
function parseOrderInput(input: OrderInput) {
  const parsed = orderInputSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw badRequest(issue.message, issue.path.join('.'));
}

/**
 * Creates the order of outside order `externalId` unless the organisation has it already: through
 * `POST /orders`' service (the contract's order input: lines' stock through the ledger, roll-ups,
 * `orders.saved`), recording `(pluginId, externalId) -> order` in `plugin_order_refs` in the same
 * transaction (the caller's when `scope.tdb` is in one: save the import's cursor there too, so the
 * orders and the cursor commit together). An outside order seen before creates nothing, also when
 * the seller has since deleted its order; two importers racing for one outside order create it once
 * (the ref's primary key; the loser's transaction is refused and it finds the winner's order when
 * it runs again). Refusals are the core's Polish AppErrors (400 naming the field).
 */
export async function importOrder(
  scope: OrderScope,
  pluginId: string,
  externalId: string,
  input: OrderInput,
): Promise<{ orderId: number; created: boolean }> {
  const parsed = parseOrderInput(input);
  return scope.tdb.transaction(async (tdb) => {
    const known = await findImportedOrders(tdb, pluginId, [externalId]);
    const existing = known.get(externalId);
    if (existing !== undefined) return { orderId: existing, created: false };
    const orderId = await insertOrder(pluginContext({ tdb, deps: scope.deps }, pluginId), parsed);
    await tdb
      .insertInto('plugin_order_refs', {
        plugin_id: pluginId,
        external_id: externalId,
        order_id: orderId,
        created_at: scope.deps.now().toISOString(),
      })
      .execute();
    return { orderId, created: true };
  });
}

/** The plugin's refs whose `column` is one of `values`, 500 values a statement. */
async function refsWhere<V extends string | number>(
  tdb: TenantDb,
  pluginId: string,
  column: 'external_id' | 'order_id',
  values: readonly V[],
): Promise<{ external_id: string; order_id: number }[]> {
  const out: { external_id: string; order_id: number }[] = [];
  for (let i = 0; i < values.length; i += 500) {
    const rows = await tdb
      .selectFrom('plugin_order_refs')
      .select(['external_id', 'order_id'])
      .where('plugin_id', '=', pluginId)
      .where(column, 'in', values.slice(i, i + 500) as never)
      .execute();
    out.push(...rows.map((r) => ({ external_id: r.external_id, order_id: Number(r.order_id) })));
  }
  return out;
}

/** The organisation's orders imported from these outside orders: external id -> order id. */
export async function findImportedOrders(
  tdb: TenantDb,
  pluginId: string,
  externalIds: readonly string[],
): Promise<Map<string, number>> {
  const rows = await refsWhere(tdb, pluginId, 'external_id', externalIds);
  return new Map(rows.map((r) => [r.external_id, r.order_id]));
}

/** The outside orders these orders were imported from by the plugin: order id -> external id. */
export async function externalRefsOfOrders(
  tdb: TenantDb,
  pluginId: string,
  orderIds: readonly number[],
): Promise<Map<number, string>> {
  const rows = await refsWhere(tdb, pluginId, 'order_id', orderIds);
  return new Map(rows.map((r) => [r.order_id, r.external_id]));
}

/** An order as `GET /orders/{id}` answers it (404 'Nie znaleziono zamówienia' when missing). */
export async function readOrder(tdb: TenantDb, orderId: number): Promise<Order> {
  return getOrder(tdb, orderId);
}

/** The fields `patchImportedOrder` may change. */
export type ImportedOrderPatch = Pick<OrderPatch, 'orderStatusId' | 'incomeSourceId' | 'problem'>;

/**
 * Changes an order's status, income source or problem flag as the plugin (the core's order patch:
 * roll-ups, `orders.saved` and `order.status_changed`), in the caller's transaction or its own.
 */
export async function patchImportedOrder(
  scope: OrderScope,
  pluginId: string,
  orderId: number,
  patch: ImportedOrderPatch,
): Promise<void> {
  await scope.tdb.transaction((tdb) => patchOrder(scope.deps, tdb, orderId, patch, `plugin:${pluginId}`));
}

/** What `updateImportedOrderDelivery` may change: the delivery, the buyer's data and message. */
export type ImportedDeliveryPatch = Partial<
  Pick<OrderInput, 'clientData' | 'shippingMethod' | 'carrierMethodId' | 'messageToSeller' | 'invoice'>
> & {
  /** The problem flag's text (null: none); absent: as it is. */
  problem?: string | null;
};

/**
 * Saves an outside order's changed delivery (a buyer's change of address, pickup point, phone or
 * invoice data) through `PUT /orders`' service: the order as it is with these fields replaced,
 * lines and stock untouched, modified by `plugin:<id>`. Its own transaction (not the caller's).
 * The invoice data are left alone once the invoice has a number. Refusals are the core's Polish 400s.
 */
export async function updateImportedOrderDelivery(
  scope: OrderScope,
  pluginId: string,
  orderId: number,
  patch: ImportedDeliveryPatch,
): Promise<void> {
  const order = await getOrder(scope.tdb, orderId);
  const { problem, invoice, ...fields } = patch;
  const input = { ...orderToUpdate(order), ...fields };
  if (invoice !== undefined && !order.invoice?.invoiceNumber) input.invoice = invoice;
  if (problem !== undefined) Object.assign(input, { hasProblem: problem !== null, problem });
  const parsed = orderUpdateSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(issue.message, issue.path.join('.'));
  }
  await updateOrder(pluginContext(scope, pluginId), parsed.data);
}

/**
 * Writes a line to the plugin's log ('Dziennik') that is not a call: something the plugin did or
 * found (an order cancelled or changed by the buyer), with its order or item. Kept like the calls.
 */
export async function logPluginEvent(
  scope: OrderScope,
  pluginId: string,
  e: { what: string; message: string; ok?: boolean; orderId?: number; itemId?: number; jobId?: number },
): Promise<void> {
  await recordPluginCall(scope.deps.db, {
    orgId: scope.tdb.orgId,
    pluginId,
    at: scope.deps.now(),
    method: 'EVENT',
    path: '',
    status: 0,
    ms: 0,
    ok: e.ok ?? true,
    what: e.what,
    message: e.message,
    orderId: e.orderId,
    itemId: e.itemId,
    jobId: e.jobId,
  });
}

/**
 * What may be offered for sale per item: its stock less what open orders have claimed and the
 * warehouse has not yet taken (the uncommitted changes of order lines, net, when they take stock
 * away), never below zero. An item that is not the organisation's is left out. A channel's safety
 * buffer is the plugin's to subtract.
 */
export async function sellableStock(tdb: TenantDb, itemIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < itemIds.length; i += 500) {
    const part = itemIds.slice(i, i + 500);
    const [items, claims] = await Promise.all([
      tdb.selectFrom('items').select(['id', 'count_ware']).where('id', 'in', part).execute(),
      tdb
        .selectFrom('warehouse_changes')
        .select((eb) => ['item_id', eb.fn.sum<number>('quantity').as('net')])
        .where('item_id', 'in', part)
        .where('committed', '=', 0)
        .where('deleted_at', 'is', null)
        .where('order_id', 'is not', null)
        .groupBy('item_id')
        .execute(),
    ]);
    const claimed = new Map(claims.map((c) => [Number(c.item_id), Number(c.net)]));
    for (const it of items) {
      const net = claimed.get(Number(it.id)) ?? 0;
      out.set(Number(it.id), Math.max(0, Number(it.count_ware) + Math.min(0, net)));
    }
  }
  return out;
}

/** The organisation's lists a mapping screen offers (order statuses, income sources, carriers, VAT). */
export interface OrderReferences {
  orderStatuses: { id: number; name: string }[];
  incomeSources: { id: number; name: string }[];
  carriers: CarriersAnswer['carriers'];
  vatRates: string[];
  defaultOrderStatusId: number | null;
  defaultIncomeSourceId: number | null;
}

export async function orderReferences(scope: OrderScope, pluginId: string): Promise<OrderReferences> {
  const tdb = scope.tdb;
  const [statuses, sources, carriers, options] = await Promise.all([
    tdb.selectFrom('order_statuses').select(['id', 'name']).orderBy('id').execute(),
    tdb.selectFrom('income_sources').select(['id', 'name']).orderBy('id').execute(),
    listCarriers(pluginContext(scope, pluginId)),
    readOptions(tdb, ['VAT_VALUES', 'DEFAULT_ORDER_STATUS_ID', 'DEFAULT_INCOME_SOURCE_ID']),
  ]);
  const opt = new Map(options.map((o) => [o.key, o.value]));
  const num = (v: string | undefined) => (v && Number(v) > 0 ? Number(v) : null);
  return {
    orderStatuses: statuses.map((s) => ({ id: Number(s.id), name: s.name })),
    incomeSources: sources.map((s) => ({ id: Number(s.id), name: s.name })),
    carriers: carriers.carriers,
    vatRates: splitOptionList(opt.get('VAT_VALUES')),
    defaultOrderStatusId: num(opt.get('DEFAULT_ORDER_STATUS_ID')),
    defaultIncomeSourceId: num(opt.get('DEFAULT_INCOME_SOURCE_ID')),
  };
}
