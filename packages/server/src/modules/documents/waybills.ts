import {
  toHundredths,
  type DispatchState,
  type Order,
  type OrderPrintResult,
  type PrintBolAnswer,
  type printBolManySchema,
  type printBolSchema,
} from '@zaplecze/contract';
import type { z } from 'zod';
import { toIso } from '../../db/database';
import type { TenantDb } from '../../db/tenant';
import type { AuthContext } from '../../platform/context';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import {
  carrierOfMethod,
  carrierRegistry,
  waybillLabelOf,
  type CarrierLabel,
  type CarrierProvider,
  type ShipmentRequest,
  type ShipmentSender,
} from '../carriers';
import { readOptions } from '../options';
import { getOrder, patchOrder } from '../orders';
import { organizationsRepository } from '../organizations';
import { DOCUMENT_MSG } from '@zaplecze/contract';
import { renderLabels, type LabelCell } from './label-pdf';
import { DOCUMENTS_MSG } from './messages.pl';
import { recordOrderPrints } from './print-log';
import { WAYBILLS_MSG, LABEL_TEXT } from './waybills.messages.pl';

/** The outcome of one order's dispatch. */
export interface Dispatched {
  orderId: number;
  waybillNumber: string;
  sent: DispatchState;
  additionalInfo: string;
  /** How to print its label. */
  label: LabelSource;
}

/** Where a dispatched order's label comes from. */
type LabelSource =
  | { kind: 'shipment'; carrierId: string; methodKey: string; data: unknown; createdAt: Date }
  /** A waybill number typed by hand: the core's label with that number and the order's data now. */
  | { kind: 'typed'; request: Omit<ShipmentRequest, 'tdb' | 'methodKey'> };

/** The organisation's registration data: the sender of every waybill. */
async function senderOf(ctx: AuthContext): Promise<ShipmentSender> {
  const org = await organizationsRepository.findById(ctx.db, ctx.orgId);
  return {
    name: org?.name ?? '',
    taxId: org?.tax_id ?? '',
    address: org?.address ?? '',
    postCodeCity: org?.post_code_city ?? '',
    countryCode: org?.country_code ?? '',
  };
}

/** What a carrier gets about the order (receiver and parcel), from the order as answered. */
function requestOf(
  order: Order,
  sender: ShipmentSender,
  names: { carrierName: string; methodName: string },
  now: Date,
): Omit<ShipmentRequest, 'tdb' | 'methodKey'> {
  const c = order.clientData;
  return {
    ...names,
    orderId: order.id,
    shippingMethod: order.shippingMethod === 'PICKUP_POINT' ? 'PICKUP_POINT' : 'ADDRESS',
    sender,
    receiver: {
      nameSurname: c.nameSurname,
      companyName: c.companyName,
      street: c.street,
      buildNr: c.buildNr,
      postCode: c.postCode,
      city: c.city,
      countryCode: c.countryCode,
      pickupPoint: order.shippingMethod === 'PICKUP_POINT' ? c.pickupPoint : '',
      tel: c.tel,
      email: c.email,
    },
    parcel: {
      sizeA: order.sizeA,
      sizeB: order.sizeB,
      sizeC: order.sizeC,
      weightGrams: Math.round(order.weight * 1000),
      cashOnDelivery: order.cashOnDelivery
        ? { amount: toHundredths(order.orderSummary.sumGross) ?? 0, currency: order.currency }
        : null,
    },
    now,
  };
}

/** The order row, locked until the transaction ends (PostgreSQL FOR UPDATE; SQLite writers queue). */
async function lockOrder(tdb: TenantDb, id: number) {
  const q = tdb
    .selectFrom('orders')
    .select(['id', 'bill_of_lading', 'shipping_method', 'carrier_method_id', 'order_status_id'])
    .where('id', '=', id);
  return (tdb.isPostgres ? q.forUpdate() : q).executeTakeFirst();
}

/**
 * Dispatches one order, once (docs/decisions.md, Documents: Waybills and labels). In one
 * transaction: lock the order, then look for its shipment (found: EARLIER); a waybill typed by
 * hand also counts as sent earlier; otherwise the carrier creates the shipment, it is stored, the
 * order gets the waybill number and the "status after parcel sent" option, and DISPATCH is logged.
 */
export async function dispatchOrder(ctx: AuthContext, orderId: number, sender: ShipmentSender): Promise<Dispatched> {
  const before = await ctx.tdb
    .selectFrom('orders')
    .select(['id', 'carrier_method_id'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!before) throw notFound(DOCUMENTS_MSG.orderNotFound);
  // The carrier registry's method ids are global rows read through the raw handle: before the
  // transaction (on SQLite the raw handle would wait for the connection the transaction holds).
  const carrier = before.carrier_method_id === null ? undefined : await carrierOfMethod(ctx, before.carrier_method_id);
  const now = ctx.deps.now();
  const login = ctx.user.login;

  return ctx.tdb.transaction(async (tdb): Promise<Dispatched> => {
    const row = await lockOrder(tdb, orderId);
    if (!row) throw notFound(DOCUMENTS_MSG.orderNotFound);
    const shipment = await tdb
      .selectFrom('shipments')
      .select(['carrier_id', 'method_key', 'waybill_number', 'data', 'created_at'])
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    if (shipment)
      return {
        orderId,
        waybillNumber: shipment.waybill_number,
        sent: 'EARLIER',
        additionalInfo: WAYBILLS_MSG.sentEarlier(shipment.waybill_number),
        label: {
          kind: 'shipment',
          carrierId: shipment.carrier_id,
          methodKey: shipment.method_key,
          data: JSON.parse(shipment.data) as unknown,
          createdAt: new Date(toIso(shipment.created_at)),
        },
      };
    const typed = row.bill_of_lading?.trim() ?? '';
    if (typed !== '') {
      const order = await getOrder(tdb, orderId);
      const names = {
        carrierName: order.carrierMethod?.carrier.name ?? '',
        methodName: order.carrierMethod?.name ?? '',
      };
      return {
        orderId,
        waybillNumber: typed,
        sent: 'EARLIER',
        additionalInfo: WAYBILLS_MSG.typedByHand(typed),
        label: { kind: 'typed', request: requestOf(order, sender, names, now) },
      };
    }
    if (row.shipping_method === 'PERSONAL_PICKUP' || row.carrier_method_id === null)
      throw badRequest(DOCUMENT_MSG.noCarrier);
    if (row.carrier_method_id !== before.carrier_method_id) throw conflict(WAYBILLS_MSG.orderChanged);
    if (!carrier) throw badRequest(WAYBILLS_MSG.carrierUnavailable);
    const { provider, method } = carrier;
    if (!provider.createShipment) throw badRequest(WAYBILLS_MSG.carrierCannotDispatch);

    const order = await getOrder(tdb, orderId);
    const request: ShipmentRequest = {
      tdb,
      methodKey: method.key,
      ...requestOf(order, sender, { carrierName: provider.name, methodName: method.name }, now),
    };
    const created = await callCarrier(() => provider.createShipment!(request), WAYBILLS_MSG.carrierFailed);
    const waybillNumber = typeof created.waybillNumber === 'string' ? created.waybillNumber.trim() : '';
    if (waybillNumber === '' || waybillNumber.length > 100) throw new AppError(502, WAYBILLS_MSG.carrierFailed);
    const data = JSON.stringify(created.data ?? null);
    await tdb
      .insertInto('shipments', {
        order_id: orderId,
        carrier_id: provider.id,
        method_key: method.key,
        waybill_number: waybillNumber,
        state: 'CREATED',
        data,
        created_at: now.toISOString(),
        created_by: login,
      })
      .execute();
    const [after] = await readOptions(tdb, ['ORDER_STATUS_AFTER_SEND']);
    const statusId = Number(after?.value ?? '');
    const statusExists =
      Number.isInteger(statusId) &&
      statusId > 0 &&
      statusId !== row.order_status_id &&
      (await tdb.selectFrom('order_statuses').select('id').where('id', '=', statusId).executeTakeFirst()) !== undefined;
    await patchOrder(
      ctx.deps,
      tdb,
      orderId,
      { billOfLading: waybillNumber, ...(statusExists ? { orderStatusId: statusId } : {}) },
      login,
    );
    await recordOrderPrints(tdb, [{ orderId, user: login, kind: 'DISPATCH', detail: waybillNumber }], now);
    return {
      orderId,
      waybillNumber,
      sent: 'NEW',
      additionalInfo: '',
      label: { kind: 'shipment', carrierId: provider.id, methodKey: method.key, data: created.data, createdAt: now },
    };
  });
}

/** Runs a carrier's call; anything but a Polish AppError becomes 502 with `message`. */
async function callCarrier<T>(fn: () => Promise<T>, message: string): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(502, message);
  }
}

/** The label of a dispatched order: the carrier's, or the core's for a number typed by hand. */
async function labelOf(ctx: AuthContext, d: Dispatched): Promise<LabelCell> {
  if (d.label.kind === 'typed') return { kind: 'waybill', label: waybillLabelOf(d.label.request, d.waybillNumber) };
  const source = d.label;
  const provider: CarrierProvider | undefined = carrierRegistry.get(source.carrierId);
  if (!provider?.label) throw badRequest(WAYBILLS_MSG.carrierUnavailable);
  const label: CarrierLabel = await callCarrier(
    () =>
      provider.label!({
        tdb: ctx.tdb,
        methodKey: source.methodKey,
        orderId: d.orderId,
        waybillNumber: d.waybillNumber,
        data: source.data,
        createdAt: source.createdAt,
      }),
    WAYBILLS_MSG.labelFailed,
  );
  if (label.kind === 'pdf') return { kind: 'pdf', pdf: label.pdf };
  return { kind: 'waybill', label: label.label };
}

type BolSettings = Pick<z.output<typeof printBolSchema>, 'noPrint' | 'format' | 'oversize'>;

/** Renders the labels and logs them as BOL prints (only once the PDF exists). */
async function printLabels(
  ctx: AuthContext,
  cells: { orderId: number; cell: LabelCell }[],
  settings: BolSettings,
): Promise<string> {
  let pdf: Buffer;
  try {
    pdf = await renderLabels(
      LABEL_TEXT.bolTitle,
      cells.map((c) => c.cell),
      settings.format,
      settings.oversize,
    );
  } catch (err) {
    // A carrier's PDF pdf-lib cannot read is the carrier's fault, not the server's.
    if (cells.some((c) => c.cell.kind === 'pdf')) throw new AppError(502, WAYBILLS_MSG.badLabelPdf);
    throw err;
  }
  const now = ctx.deps.now();
  await ctx.tdb.transaction((tdb) =>
    recordOrderPrints(
      tdb,
      cells.map((c) => ({ orderId: c.orderId, user: ctx.user.login, kind: 'BOL', format: settings.format })),
      now,
    ),
  );
  return pdf.toString('base64');
}

/** POST /orders/print_bol: dispatch (once) and the waybill label. */
export async function printBol(ctx: AuthContext, body: z.output<typeof printBolSchema>): Promise<PrintBolAnswer> {
  const d = await dispatchOrder(ctx, body.orderId, await senderOf(ctx));
  const answer = { billOfLading: d.waybillNumber, sent: d.sent, additionalInfo: d.additionalInfo };
  if (body.noPrint) return { pdf: null, ...answer };
  const cell = await labelOf(ctx, d);
  return { pdf: await printLabels(ctx, [{ orderId: d.orderId, cell }], body), ...answer };
}

/** The Polish reason of a failed order in a mass result; anything else is a server error. */
export function reasonOf(err: unknown): string {
  if (err instanceof AppError && err.statusCode !== 404) return err.message;
  throw err;
}

/**
 * POST /orders/print_bol_many: each order dispatched in its own transaction (one failing order
 * goes to err with its reason, the others are still sent), then one PDF of the ok orders' labels
 * in the order asked. Missing ids and other organisations' are notFound.
 */
export async function printBolMany(
  ctx: AuthContext,
  body: z.output<typeof printBolManySchema>,
): Promise<OrderPrintResult> {
  const sender = await senderOf(ctx);
  const result: OrderPrintResult = { pdf: null, ok: [], err: [], notFound: [] };
  const cells: { orderId: number; cell: LabelCell }[] = [];
  for (const id of new Set(body.ids)) {
    try {
      const d = await dispatchOrder(ctx, id, sender);
      if (!body.noPrint) cells.push({ orderId: id, cell: await labelOf(ctx, d) });
      result.ok.push(id);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404) result.notFound.push(id);
      else result.err.push({ id, reason: reasonOf(err) });
    }
  }
  if (cells.length > 0) result.pdf = await printLabels(ctx, cells, body);
  return result;
}
