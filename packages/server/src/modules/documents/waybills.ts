import {
  toHundredths,
  type DispatchState,
  type Order,
  type OrderPrintResult,
  type PrintBolAnswer,
  type printBolManySchema,
  type printBolSchema,
} from '@zaplecze/contract';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { toIso } from '../../db/database';
import type { TenantDb } from '../../db/tenant';
import type { AppDeps, AuthContext } from '../../platform/context';
import { enqueueJob } from '../../platform/jobs';
import { OutsideRefusedError } from '../../platform/outside';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import {
  carrierOfMethod,
  carrierRegistry,
  waybillLabelOf,
  type CarrierLabel,
  type CarrierProvider,
  type CreatedShipment,
  type ShipmentRequest,
  type ShipmentSender,
} from '../carriers';
import { getOrder, lockOrders, patchOrder, statusAfter } from '../orders';
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
  | { kind: 'typed'; request: Omit<ShipmentRequest, 'tdb' | 'deps' | 'methodKey' | 'reference'> };

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
): Omit<ShipmentRequest, 'tdb' | 'deps' | 'methodKey' | 'reference'> {
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
      declaredValue: { amount: toHundredths(order.orderSummary.sumGross) ?? 0, currency: order.currency },
    },
    now,
  };
}

/** The order row, locked until the transaction ends (orders' lockOrders). */
async function lockOrder(tdb: TenantDb, id: number) {
  if ((await lockOrders(tdb, [id])).size === 0) return undefined;
  return tdb
    .selectFrom('orders')
    .select(['id', 'bill_of_lading', 'shipping_method', 'carrier_method_id', 'order_status_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** How long one carrier call may take before the dispatch gives up on it (502, retried later). */
export const CARRIER_CALL_TIMEOUT_MS = 30_000;
/** How long an attempt holds the order's dispatch: its carrier call and the recording after it. */
const DISPATCH_LEASE_MS = CARRIER_CALL_TIMEOUT_MS + 15_000;
/** A parallel dispatch of the same order looks again this often while the first one runs. */
const WAIT_STEP_MS = 40;

/** The order's stored shipment as a dispatch that happened earlier. */
function earlier(orderId: number, shipment: ShipmentRow): Dispatched {
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
}

export type ShipmentRow = {
  carrier_id: string;
  method_key: string;
  waybill_number: string;
  state: string;
  data: string;
  created_at: string | Date;
};

/** The order's shipment reference (its dispatch reservation's), '' when it has none. */
export async function shipmentReference(tdb: TenantDb, orderId: number): Promise<string> {
  const held = await tdb
    .selectFrom('dispatch_reservations')
    .select('reference')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return held?.reference ?? '';
}

export function findShipment(tdb: TenantDb, orderId: number): Promise<ShipmentRow | undefined> {
  return tdb
    .selectFrom('shipments')
    .select(['carrier_id', 'method_key', 'waybill_number', 'state', 'data', 'created_at'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

/** What the reserving transaction decided. */
type Reservation =
  | { kind: 'done'; dispatched: Dispatched }
  /** Another attempt holds the order's dispatch right now. */
  | { kind: 'busy' }
  /** The carrier took the shipment and its number has not come yet. */
  | { kind: 'pending'; shipment: ShipmentRow; reference: string }
  | { kind: 'reserved'; holder: string; request: Omit<ShipmentRequest, 'tdb' | 'deps'> };

/**
 * The first, short transaction of a dispatch: lock the order, answer an earlier dispatch (a stored
 * shipment, or a waybill typed by hand), check that the order can be sent, and take the order's
 * dispatch reservation (a new one, or one whose lease ran out, keeping its shipment reference).
 */
async function reserveDispatch(
  ctx: AuthContext,
  orderId: number,
  sender: ShipmentSender,
  methodBefore: number | null,
  carrier: Awaited<ReturnType<typeof carrierOfMethod>>,
): Promise<Reservation> {
  const now = ctx.deps.now();
  return ctx.tdb.transaction(async (tdb): Promise<Reservation> => {
    const row = await lockOrder(tdb, orderId);
    if (!row) throw notFound(DOCUMENTS_MSG.orderNotFound);
    const shipment = await findShipment(tdb, orderId);
    if (shipment?.state === 'PENDING')
      return { kind: 'pending', shipment, reference: await shipmentReference(tdb, orderId) };
    if (shipment) return { kind: 'done', dispatched: earlier(orderId, shipment) };
    const typed = row.bill_of_lading?.trim() ?? '';
    if (typed !== '') {
      const order = await getOrder(tdb, orderId);
      const names = {
        carrierName: order.carrierMethod?.carrier.name ?? '',
        methodName: order.carrierMethod?.name ?? '',
      };
      return {
        kind: 'done',
        dispatched: {
          orderId,
          waybillNumber: typed,
          sent: 'EARLIER',
          additionalInfo: WAYBILLS_MSG.typedByHand(typed),
          label: { kind: 'typed', request: requestOf(order, sender, names, now) },
        },
      };
    }
    if (row.shipping_method === 'PERSONAL_PICKUP' || row.carrier_method_id === null)
      throw badRequest(DOCUMENT_MSG.noCarrier);
    if (row.carrier_method_id !== methodBefore) throw conflict(WAYBILLS_MSG.orderChanged);
    if (!carrier) throw badRequest(WAYBILLS_MSG.carrierUnavailable);
    const { provider, method } = carrier;
    if (!provider.createShipment) throw badRequest(WAYBILLS_MSG.carrierCannotDispatch);

    // Leases are wall-clock time (not ctx.deps.now(), which tests may fix): they order attempts.
    const held = await tdb
      .selectFrom('dispatch_reservations')
      .select(['reference', 'lease_until', 'attempts'])
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    if (held && Date.parse(toIso(held.lease_until)) > Date.now()) return { kind: 'busy' };
    const holder = randomBytes(12).toString('hex');
    const leaseUntil = new Date(Date.now() + DISPATCH_LEASE_MS).toISOString();
    let reference: string;
    if (held) {
      reference = held.reference;
      await tdb
        .updateTable('dispatch_reservations')
        .set({ holder, lease_until: leaseUntil, attempts: held.attempts + 1 })
        .where('order_id', '=', orderId)
        .execute();
    } else {
      reference = `ZAP-${orderId}-${randomBytes(6).toString('hex')}`;
      await tdb
        .insertInto('dispatch_reservations', {
          order_id: orderId,
          reference,
          holder,
          lease_until: leaseUntil,
          attempts: 1,
          created_at: now.toISOString(),
        })
        .execute();
    }

    const order = await getOrder(tdb, orderId);
    return {
      kind: 'reserved',
      holder,
      request: {
        methodKey: method.key,
        reference,
        ...requestOf(order, sender, { carrierName: provider.name, methodName: method.name }, now),
      },
    };
  });
}

/** Gives the reservation's lease up at once, so the next attempt need not wait for it to run out. */
async function releaseDispatch(ctx: AuthContext, orderId: number, holder: string): Promise<void> {
  try {
    await ctx.tdb
      .updateTable('dispatch_reservations')
      .set({ lease_until: new Date(0).toISOString() })
      .where('order_id', '=', orderId)
      .where('holder', '=', holder)
      .execute();
  } catch (err) {
    // The lease runs out by itself; the original failure is what the caller reports.
    ctx.log.warn({ err, orderId }, 'dispatch reservation not released');
  }
}

/**
 * Dispatches one order, once (docs/decisions.md, Documents: "Dispatch outside the order's lock").
 * 1. A short transaction locks the order, answers an earlier dispatch (`EARLIER`) or reserves the
 *    order's dispatch (a parallel attempt waits for the holder and then answers what it recorded).
 * 2. The carrier creates the shipment OUTSIDE any transaction, with the order's shipment
 *    reference (the same on every attempt, so a carrier that created it already finds it).
 * 3. A second transaction locks the order again and records the shipment, the waybill number, the
 *    status after sending and the DISPATCH log row, and ends the reservation. Should it fail, the
 *    carrier is asked to cancel the shipment (compensation) and the reservation is released.
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

  const giveUpAt = Date.now() + DISPATCH_LEASE_MS + 5_000;
  let reservation = await reserveDispatch(ctx, orderId, sender, before.carrier_method_id, carrier);
  while (reservation.kind === 'busy') {
    if (Date.now() > giveUpAt) throw conflict(WAYBILLS_MSG.dispatchInProgress);
    await sleep(WAIT_STEP_MS);
    reservation = await reserveDispatch(ctx, orderId, sender, before.carrier_method_id, carrier);
  }
  if (reservation.kind === 'done') return reservation.dispatched;
  if (reservation.kind === 'pending')
    return confirmPending(ctx.deps, ctx.tdb, orderId, reservation.shipment, reservation.reference, ctx.user.login);

  const { provider, method } = carrier!;
  const { holder, request } = reservation;
  let created: CreatedShipment;
  let waybillNumber: string | null;
  try {
    created = await callCarrier(
      () =>
        withTimeout(provider.createShipment!({ ...request, tdb: ctx.tdb, deps: ctx.deps }), CARRIER_CALL_TIMEOUT_MS),
      WAYBILLS_MSG.carrierFailed,
    );
    waybillNumber = typeof created.waybillNumber === 'string' ? created.waybillNumber.trim() : null;
    if (
      waybillNumber === '' ||
      (waybillNumber ?? '').length > 100 ||
      (waybillNumber === null && !provider.confirmShipment)
    )
      throw new AppError(502, WAYBILLS_MSG.carrierFailed);
  } catch (err) {
    await releaseDispatch(ctx, orderId, holder);
    throw err;
  }

  const now = ctx.deps.now();
  const login = ctx.user.login;
  let dispatched: Dispatched | null;
  try {
    dispatched = await ctx.tdb.transaction(async (tdb): Promise<Dispatched | null> => {
      const row = await lockOrder(tdb, orderId);
      if (!row) throw notFound(DOCUMENTS_MSG.orderNotFound);
      if (row.carrier_method_id !== before.carrier_method_id) throw conflict(WAYBILLS_MSG.orderChanged);
      const shipment = await findShipment(tdb, orderId);
      // Another attempt took the lease over (this one outlived it) and recorded first.
      if (shipment) {
        if (shipment.state !== 'PENDING' && shipment.waybill_number === waybillNumber)
          return earlier(orderId, shipment);
        throw conflict(WAYBILLS_MSG.orderChanged);
      }
      await tdb
        .insertInto('shipments', {
          order_id: orderId,
          carrier_id: provider.id,
          method_key: method.key,
          waybill_number: waybillNumber ?? '',
          state: waybillNumber === null ? 'PENDING' : provider.shipmentState ? 'CREATED' : 'UNKNOWN',
          data: JSON.stringify(created.data ?? null),
          created_at: now.toISOString(),
          created_by: login,
          state_at: null,
          checked_at: now.toISOString(),
        })
        .execute();
      if (waybillNumber === null) {
        // Kept with its reference (the carrier's key to the shipment); a job asks for the number.
        await tdb
          .updateTable('dispatch_reservations')
          .set({ lease_until: new Date(0).toISOString() })
          .where('order_id', '=', orderId)
          .execute();
        await enqueueShipmentConfirm(tdb, orderId, now);
        return null;
      }
      await completeDispatch(ctx.deps, tdb, { orderId, carrierId: provider.id, waybillNumber, login, now }, row);
      return {
        orderId,
        waybillNumber,
        sent: 'NEW',
        additionalInfo: '',
        label: { kind: 'shipment', carrierId: provider.id, methodKey: method.key, data: created.data, createdAt: now },
      };
    });
  } catch (err) {
    if (waybillNumber !== null)
      await cancelShipment(ctx, provider, { ...request, tdb: ctx.tdb, deps: ctx.deps }, waybillNumber, created.data);
    await releaseDispatch(ctx, orderId, holder);
    throw err;
  }
  if (dispatched === null) throw conflict(WAYBILLS_MSG.waybillPending(provider.name));
  return dispatched;
}

/** The job that asks the carrier for a pending shipment's number (documents/shipments.ts). */
export const SHIPMENT_CONFIRM_JOB = 'core.shipment-confirm';
/** First retry after 5-10 s, doubling to at most 10 min apart; about a day of attempts. */
export const SHIPMENT_CONFIRM_BACKOFF = { firstSeconds: 10, maxSeconds: 600 } as const;
const SHIPMENT_CONFIRM_ATTEMPTS = 150;

async function enqueueShipmentConfirm(tdb: TenantDb, orderId: number, now: Date): Promise<void> {
  await enqueueJob(tdb, {
    kind: SHIPMENT_CONFIRM_JOB,
    payload: { orderId },
    dedupeKey: `order:${orderId}`,
    runAt: new Date(now.getTime() + 5_000),
    maxAttempts: SHIPMENT_CONFIRM_ATTEMPTS,
  });
}

/**
 * What a recorded waybill number does to the order, in the transaction that records it (the order
 * locked): the reservation ends, the order gets the number and the status after sending, DISPATCH
 * is logged and `order.dispatched` emitted.
 */
async function completeDispatch(
  deps: AppDeps,
  tdb: TenantDb,
  d: { orderId: number; carrierId: string; waybillNumber: string; login: string | null; now: Date },
  row: { order_status_id: number | null },
): Promise<void> {
  const statusAfterSend = await statusAfter(tdb, 'ORDER_STATUS_AFTER_SEND', row.order_status_id);
  await tdb.deleteFrom('dispatch_reservations').where('order_id', '=', d.orderId).execute();
  await patchOrder(
    deps,
    tdb,
    d.orderId,
    { billOfLading: d.waybillNumber, ...(statusAfterSend ? { orderStatusId: statusAfterSend.id } : {}) },
    d.login,
  );
  await recordOrderPrints(
    tdb,
    [{ orderId: d.orderId, user: d.login, kind: 'DISPATCH', detail: d.waybillNumber }],
    d.now,
  );
  const dispatch = { orderId: d.orderId, carrier: d.carrierId, waybill: d.waybillNumber };
  deps.events.emit(tdb, 'order.dispatched', { dispatches: [dispatch] });
}

/**
 * Asks the carrier once more for a pending shipment's number (docs/decisions.md, Documents: "A
 * waybill number that comes later"), outside any transaction; the scan that asks and the job
 * (documents/shipments.ts) both come here. The number: recorded like a dispatch (NEW). Still
 * pending: 409 'being prepared'. The carrier gave the shipment up (OutsideRefusedError): the
 * shipment and its reservation are forgotten, so the order can be dispatched again, and its reason
 * answered.
 */
export async function confirmPending(
  deps: AppDeps,
  tdb: TenantDb,
  orderId: number,
  shipment: ShipmentRow,
  reference: string,
  login: string | null,
): Promise<Dispatched> {
  const provider = carrierRegistry.get(shipment.carrier_id);
  if (!provider?.confirmShipment) throw badRequest(WAYBILLS_MSG.carrierUnavailable);
  const data = JSON.parse(shipment.data) as unknown;
  const createdAt = new Date(toIso(shipment.created_at));
  let confirmed: CreatedShipment;
  try {
    confirmed = await callCarrier(
      () =>
        withTimeout(
          provider.confirmShipment!({
            tdb,
            deps,
            methodKey: shipment.method_key,
            orderId,
            reference,
            waybillNumber: '',
            data,
            createdAt,
          }),
          CARRIER_CALL_TIMEOUT_MS,
        ),
      WAYBILLS_MSG.carrierFailed,
    );
  } catch (err) {
    if (err instanceof OutsideRefusedError)
      await tdb.transaction(async (trx) => {
        if (!(await lockOrder(trx, orderId))) return;
        await trx.deleteFrom('shipments').where('order_id', '=', orderId).where('state', '=', 'PENDING').execute();
        await trx.deleteFrom('dispatch_reservations').where('order_id', '=', orderId).execute();
      });
    throw err;
  }
  const number = typeof confirmed.waybillNumber === 'string' ? confirmed.waybillNumber.trim() : '';
  if (number.length > 100) throw new AppError(502, WAYBILLS_MSG.carrierFailed);
  const now = deps.now();
  const newData = JSON.stringify(confirmed.data ?? null);
  const answer = await tdb.transaction(async (trx): Promise<Dispatched | null> => {
    const row = await lockOrder(trx, orderId);
    if (!row) throw notFound(DOCUMENTS_MSG.orderNotFound);
    const current = await findShipment(trx, orderId);
    if (!current) throw conflict(WAYBILLS_MSG.orderChanged);
    // Confirmed meanwhile by the job or another scan.
    if (current.state !== 'PENDING') return earlier(orderId, current);
    if (number === '') {
      if (newData !== current.data)
        await trx.updateTable('shipments').set({ data: newData }).where('order_id', '=', orderId).execute();
      return null;
    }
    await trx
      .updateTable('shipments')
      .set({
        waybill_number: number,
        state: provider.shipmentState ? 'CREATED' : 'UNKNOWN',
        data: newData,
        state_at: now.toISOString(),
      })
      .where('order_id', '=', orderId)
      .execute();
    await completeDispatch(deps, trx, { orderId, carrierId: provider.id, waybillNumber: number, login, now }, row);
    return {
      orderId,
      waybillNumber: number,
      sent: 'NEW',
      additionalInfo: '',
      label: {
        kind: 'shipment',
        carrierId: provider.id,
        methodKey: shipment.method_key,
        data: confirmed.data,
        createdAt,
      },
    };
  });
  if (answer === null) throw conflict(WAYBILLS_MSG.waybillPending(provider.name));
  return answer;
}

/**
 * The compensation of a shipment that could not be recorded: the carrier cancels it where it can.
 * A carrier without `cancelShipment`, or one that fails, leaves it to the next attempt, which gives
 * the carrier the same reference and so gets the same shipment back from a carrier that keeps it.
 */
async function cancelShipment(
  ctx: AuthContext,
  provider: CarrierProvider,
  request: ShipmentRequest,
  waybillNumber: string,
  data: unknown,
): Promise<void> {
  if (!provider.cancelShipment) return;
  try {
    await withTimeout(
      provider.cancelShipment({
        tdb: ctx.tdb,
        deps: ctx.deps,
        methodKey: request.methodKey,
        orderId: request.orderId,
        reference: request.reference,
        waybillNumber,
        data,
        createdAt: request.now,
      }),
      CARRIER_CALL_TIMEOUT_MS,
    );
  } catch (err) {
    ctx.log.warn(
      { err, orderId: request.orderId, carrier: provider.id },
      'shipment not cancelled after a failed dispatch',
    );
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The promise, or a rejection once `ms` have passed (the call itself is not stopped). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`carrier call timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
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
        deps: ctx.deps,
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

/** How many orders of a mass dispatch are sent at once (each waits mostly on its carrier). */
export const DISPATCH_CONCURRENCY = 8;

/**
 * POST /orders/print_bol_many: each order dispatched in its own transactions, a few at a time
 * (one failing order goes to err with its reason, the others are still sent), then one PDF of the
 * ok orders' labels in the order asked. Missing ids and other organisations' are notFound.
 */
export async function printBolMany(
  ctx: AuthContext,
  body: z.output<typeof printBolManySchema>,
): Promise<OrderPrintResult> {
  const sender = await senderOf(ctx);
  const ids = [...new Set(body.ids)];
  const outcomes: ({ ok: true; cell: LabelCell | null } | { ok: false; err: unknown })[] = new Array(ids.length);
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const i = next++;
      try {
        const d = await dispatchOrder(ctx, ids[i]!, sender);
        outcomes[i] = { ok: true, cell: body.noPrint ? null : await labelOf(ctx, d) };
      } catch (err) {
        outcomes[i] = { ok: false, err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(DISPATCH_CONCURRENCY, ids.length) }, worker));
  const result: OrderPrintResult = { pdf: null, ok: [], err: [], notFound: [] };
  const cells: { orderId: number; cell: LabelCell }[] = [];
  ids.forEach((id, i) => {
    const o = outcomes[i]!;
    if (o.ok) {
      result.ok.push(id);
      if (o.cell) cells.push({ orderId: id, cell: o.cell });
    } else if (o.err instanceof AppError && o.err.statusCode === 404) result.notFound.push(id);
    else result.err.push({ id, reason: reasonOf(o.err) });
  });
  if (cells.length > 0) result.pdf = await printLabels(ctx, cells, body);
  return result;
}
