import type { OrderShipment, OrderShipmentAnswer, ShipmentStateValue } from '@zaplecze/contract';
import { sql, type Kysely } from 'kysely';
import { toIso } from '../../db/database';
import { OPEN_STATES_SQL } from '../../db/migrations/0033_shipment_tracking';
import type { DB } from '../../db/schema';
import type { TenantDb } from '../../db/tenant';
import type { AppDeps, AuthContext } from '../../platform/context';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import type { JobKind, JobSchedule } from '../../platform/jobs';
import { markPluginReconnect, OutsideAuthError, OutsideRefusedError, pluginConnection } from '../../platform/outside';
import { carrierRegistry, SHIPMENT_STATES, type CarrierProvider, type ShipmentState } from '../carriers';
import { lockOrders, patchOrder } from '../orders';
import { DOCUMENTS_MSG } from './messages.pl';
import {
  confirmPending,
  findShipment,
  SHIPMENT_CONFIRM_BACKOFF,
  SHIPMENT_CONFIRM_JOB,
  shipmentReference,
  withTimeout,
  type ShipmentRow,
} from './waybills';
import { WAYBILLS_MSG } from './waybills.messages.pl';

/**
 * A shipment after its dispatch (docs/decisions.md, Documents: "A waybill number that comes later",
 * "Shipment states", "Cancelling a shipment"): the job that gets a pending shipment's number, the
 * schedule that asks the carriers where the parcels are, the order's shipment as the order screen
 * shows it, and its cancellation.
 */

/** The states in which staff may still cancel (the parcel is not with the carrier yet). */
const CANCELLABLE: ReadonlySet<string> = new Set(['PENDING', 'CREATED', 'UNKNOWN']);
const cancellableIn = (p: CarrierProvider): ReadonlySet<string> =>
  p.cancellableStates ? new Set(p.cancellableStates) : CANCELLABLE;
/** How often the carriers are asked where the open parcels are. */
export const SHIPMENT_STATES_EVERY_MINUTES = 20;
export const SHIPMENT_STATES_JOB = 'core.shipment-states';
/** Parcels asked about in one run per organisation (the least recently asked first). */
export const SHIPMENT_STATES_BATCH = 300;
/** A parcel still on its way this long after its dispatch is not asked about any more (UNKNOWN). */
const TRACK_DAYS = 30;
/** One state question's time limit. */
const STATE_CALL_MS = 20_000;

/** The carriers that can tell where a parcel is. */
function trackingCarriers(): CarrierProvider[] {
  return carrierRegistry.all().filter((p) => p.shipmentState !== undefined);
}

const asState = (s: string): ShipmentStateValue =>
  (SHIPMENT_STATES as readonly string[]).includes(s) ? (s as ShipmentStateValue) : 'UNKNOWN';

async function orderExists(tdb: TenantDb, orderId: number): Promise<boolean> {
  return (await tdb.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst()) !== undefined;
}

/** GET /orders/shipment: the order's shipment with its carrier's and method's names. */
export async function orderShipment(ctx: AuthContext, orderId: number): Promise<OrderShipmentAnswer> {
  if (!(await orderExists(ctx.tdb, orderId))) throw notFound(DOCUMENTS_MSG.orderNotFound);
  const row = await ctx.tdb
    .selectFrom('shipments')
    .select([
      'carrier_id',
      'method_key',
      'waybill_number',
      'state',
      'state_at',
      'checked_at',
      'created_at',
      'created_by',
    ])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!row) return { shipment: null };
  const provider = carrierRegistry.get(row.carrier_id);
  const shipment: OrderShipment = {
    carrierId: row.carrier_id,
    carrierName: provider?.name ?? row.carrier_id,
    methodName: provider?.methods.find((m) => m.key === row.method_key)?.name ?? row.method_key,
    waybillNumber: row.waybill_number,
    state: asState(row.state),
    stateAt: row.state_at === null ? null : toIso(row.state_at),
    checkedAt: row.checked_at === null ? null : toIso(row.checked_at),
    createdAt: toIso(row.created_at),
    createdBy: row.created_by,
    cancellable: provider?.cancelShipment !== undefined && cancellableIn(provider).has(row.state),
  };
  return { shipment };
}

/**
 * POST /orders/cancel_shipment: the carrier cancels the parcel (outside any transaction; its own
 * refusal is answered), then one transaction forgets the shipment and its reservation and clears
 * the order's waybill number, so the order can be dispatched again (a new shipment reference).
 */
export async function cancelOrderShipment(ctx: AuthContext, orderId: number): Promise<OrderShipmentAnswer> {
  if (!(await orderExists(ctx.tdb, orderId))) throw notFound(DOCUMENTS_MSG.orderNotFound);
  const shipment = await findShipment(ctx.tdb, orderId);
  if (!shipment) throw badRequest(WAYBILLS_MSG.notDispatched);
  const provider = carrierRegistry.get(shipment.carrier_id);
  if (!provider?.cancelShipment) throw badRequest(WAYBILLS_MSG.cannotCancel);
  if (!cancellableIn(provider).has(shipment.state)) throw badRequest(WAYBILLS_MSG.alreadyOnItsWay);
  const reference = await shipmentReference(ctx.tdb, orderId);
  try {
    await provider.cancelShipment({
      tdb: ctx.tdb,
      deps: ctx.deps,
      methodKey: shipment.method_key,
      orderId,
      reference,
      waybillNumber: shipment.waybill_number,
      data: JSON.parse(shipment.data) as unknown,
      createdAt: new Date(toIso(shipment.created_at)),
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(502, WAYBILLS_MSG.carrierFailed);
  }
  await ctx.tdb.transaction(async (tdb) => {
    if ((await lockOrders(tdb, [orderId])).size === 0) throw notFound(DOCUMENTS_MSG.orderNotFound);
    const now = await findShipment(tdb, orderId);
    if (!now || now.waybill_number !== shipment.waybill_number) throw conflict(WAYBILLS_MSG.orderChanged);
    await tdb.deleteFrom('shipments').where('order_id', '=', orderId).execute();
    await tdb.deleteFrom('dispatch_reservations').where('order_id', '=', orderId).execute();
    const order = await tdb.selectFrom('orders').select('bill_of_lading').where('id', '=', orderId).executeTakeFirst();
    if ((order?.bill_of_lading ?? '') === shipment.waybill_number && shipment.waybill_number !== '')
      await patchOrder(ctx.deps, tdb, orderId, { billOfLading: '' }, ctx.user.login);
  });
  return { shipment: null };
}

/**
 * The job that asks for a pending shipment's number: the number recorded (as a dispatch), still
 * pending (a failure: retried with backoff), or the shipment given up by the carrier (forgotten;
 * the job ends).
 */
export function shipmentConfirmJob(deps: AppDeps): JobKind {
  return {
    kind: SHIPMENT_CONFIRM_JOB,
    backoff: SHIPMENT_CONFIRM_BACKOFF,
    timeoutSeconds: 120,
    handler: async (ctx) => {
      const { orderId } = ctx.job.payload as { orderId: number };
      const shipment = await findShipment(ctx.tdb, orderId);
      if (shipment?.state !== 'PENDING') return;
      const reference = await shipmentReference(ctx.tdb, orderId);
      try {
        await confirmPending(deps, ctx.tdb, orderId, shipment, reference, null);
      } catch (err) {
        if (err instanceof OutsideRefusedError) return;
        throw err;
      }
    },
  };
}

/** The schedule that asks the carriers where the parcels are, for every organisation with one on its way. */
export function shipmentStatesSchedule(): JobSchedule {
  return {
    key: SHIPMENT_STATES_JOB,
    everyMinutes: SHIPMENT_STATES_EVERY_MINUTES,
    job: { kind: SHIPMENT_STATES_JOB, dedupeKey: 'states' },
    organisations: async (db: Kysely<DB>) => {
      const carriers = trackingCarriers().map((p) => p.id);
      if (carriers.length === 0) return [];
      const rows = await db
        .selectFrom('organizations as o')
        .select('o.id')
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('shipments as s')
              .select(sql`1`.as('one'))
              .whereRef('s.org_id', '=', 'o.id')
              .where('s.carrier_id', 'in', carriers)
              .where(OPEN_STATES_SQL),
          ),
        )
        .execute();
      return rows.map((r) => r.id);
    },
  };
}

/**
 * One organisation's run: its least recently asked parcels on their way (not PENDING: the confirm
 * job has those), each asked outside any transaction; a changed state is written with the time it
 * changed and announced as `shipment.state_changed` (a plugin may move the order's status on it);
 * a carrier that fails leaves the parcel for the next run. Parcels older than TRACK_DAYS stop being
 * asked (UNKNOWN).
 */
export function shipmentStatesJob(deps: AppDeps): JobKind {
  return {
    kind: SHIPMENT_STATES_JOB,
    timeoutSeconds: 15 * 60,
    handler: async (ctx) => void (await refreshShipmentStates(deps, ctx.tdb, ctx)),
  };
}

/**
 * The organisation's run of the state schedule, also what a carrier plugin's 'sync now' runs
 * (plugin SDK). `carrierId`: only that carrier's parcels. Answers how many parcels were asked.
 */
export async function refreshShipmentStates(
  deps: AppDeps,
  tdb: TenantDb,
  opts: { carrierId?: string; signal?: AbortSignal; progress?: (done: number, total: number) => Promise<void> } = {},
): Promise<number> {
  const carriers = new Map(
    trackingCarriers()
      .filter((p) => opts.carrierId === undefined || p.id === opts.carrierId)
      .map((p) => [p.id, p]),
  );
  if (carriers.size === 0) return 0;
  const now = deps.now();
  const tooOld = new Date(now.getTime() - TRACK_DAYS * 86_400_000).toISOString();
  await tdb
    .updateTable('shipments')
    .set({ state: 'UNKNOWN', state_at: now.toISOString() })
    .where('carrier_id', 'in', [...carriers.keys()])
    .where(OPEN_STATES_SQL)
    .where('state', '<>', 'PENDING')
    .where('created_at', '<', tooOld)
    .execute();
  const rows = await tdb
    .selectFrom('shipments')
    .select(['order_id', 'carrier_id', 'method_key', 'waybill_number', 'state', 'data', 'created_at'])
    .where('carrier_id', 'in', [...carriers.keys()])
    .where(OPEN_STATES_SQL)
    .where('state', '<>', 'PENDING')
    .orderBy('checked_at')
    .limit(SHIPMENT_STATES_BATCH)
    .execute();
  // A carrier whose credentials were refused is not asked until the seller fixes them.
  const refused = new Set<string>();
  for (const id of carriers.keys())
    if ((await pluginConnection(tdb, pluginOfCarrier(id))).state === 'reconnect') refused.add(id);
  let done = 0;
  for (const row of rows) {
    if (opts.signal?.aborted) break;
    if (!refused.has(row.carrier_id) && (await askState(deps, tdb, carriers.get(row.carrier_id)!, row)) === 'auth')
      refused.add(row.carrier_id);
    await opts.progress?.(++done, rows.length);
  }
  return rows.length;
}

/** A carrier plugin's id: its carrier's id, or what comes before its first '.'. */
const pluginOfCarrier = (carrierId: string) => carrierId.split('.')[0]!;

/**
 * Asks one parcel's state and writes it. A refusal of the credentials ('auth') puts the carrier's
 * plugin into 'Połącz ponownie' (its parcels are not asked until the seller fixes it); any other
 * failure is in the plugin's call log and the parcel is asked again at the next run.
 */
async function askState(
  deps: AppDeps,
  tdb: TenantDb,
  provider: CarrierProvider,
  row: ShipmentRow & { order_id: number },
): Promise<'ok' | 'auth' | 'failed'> {
  const now = deps.now();
  let state: ShipmentState;
  try {
    state = await withTimeout(
      provider.shipmentState!({
        tdb,
        deps,
        methodKey: row.method_key,
        orderId: row.order_id,
        waybillNumber: row.waybill_number,
        data: JSON.parse(row.data) as unknown,
        createdAt: new Date(toIso(row.created_at)),
      }),
      STATE_CALL_MS,
    );
  } catch (err) {
    if (err instanceof OutsideAuthError) {
      await markPluginReconnect(tdb, pluginOfCarrier(provider.id), err.userMessage, now);
      return 'auth';
    }
    await tdb
      .updateTable('shipments')
      .set({ checked_at: now.toISOString() })
      .where('order_id', '=', row.order_id)
      .execute();
    return 'failed';
  }
  if (!(SHIPMENT_STATES as readonly string[]).includes(state) || state === 'PENDING') state = 'UNKNOWN';
  // UNKNOWN from the carrier says nothing new: the parcel is asked again at the next run.
  if (state === row.state || state === 'UNKNOWN') {
    await tdb
      .updateTable('shipments')
      .set({ checked_at: now.toISOString() })
      .where('order_id', '=', row.order_id)
      .execute();
    return 'ok';
  }
  await tdb.transaction(async (trx) => {
    const changed = await trx
      .updateTable('shipments')
      .set({ state, state_at: now.toISOString(), checked_at: now.toISOString() })
      .where('order_id', '=', row.order_id)
      .where('waybill_number', '=', row.waybill_number)
      .where('state', '=', row.state)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return;
    deps.events.emit(trx, 'shipment.state_changed', {
      shipments: [{ orderId: row.order_id, carrier: row.carrier_id, waybill: row.waybill_number, state }],
    });
  });
  return 'ok';
}
