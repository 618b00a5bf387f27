import {
  PICKUP_POINT_STATUSES,
  type CarrierSendType,
  type CarriersAnswer,
  type CheckPickupPointAnswer,
} from '@zaplecze/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AuthContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import type { CarrierMethodDef, CarrierProvider, PickupPointStatus } from './carrier-provider';
import { carrierRegistry } from './carriers.registry';
import { carriersRepository as repo } from './carriers.repository';
import { CARRIERS_MSG } from './messages.pl';

const keyOf = (carrierId: string, methodKey: string) => `${carrierId}\u0000${methodKey}`;

/** Method ids already known, per database handle (a process has one; tests have one per server). */
const idCache = new WeakMap<Kysely<DB>, Map<string, number>>();

/**
 * The numeric id of every method of these carriers. A method this database has not seen yet gets
 * its row (and so its id) now; the rows of its carrier get the provider's current names.
 */
async function methodIds(db: Kysely<DB>, providers: readonly CarrierProvider[]): Promise<Map<string, number>> {
  let known = idCache.get(db);
  if (!known) idCache.set(db, (known = new Map()));
  const unseen = providers.filter((p) => p.methods.some((m) => !known.has(keyOf(p.id, m.key))));
  if (unseen.length > 0) {
    await repo.upsert(
      db,
      unseen.flatMap((p) =>
        p.methods.map((m) => ({
          carrier_id: p.id,
          method_key: m.key,
          carrier_name: p.name,
          name: m.name,
          sub_name: m.subName,
          send_type: m.sendType,
        })),
      ),
    );
    const rows = await repo.ofCarriers(
      db,
      unseen.map((p) => p.id),
    );
    for (const r of rows) known.set(keyOf(r.carrier_id, r.method_key), r.id);
  }
  return known;
}

/** GET /carriers: the carriers the organisation may use, with their methods and send types. */
export async function listCarriers(ctx: AuthContext): Promise<CarriersAnswer> {
  const providers = await carrierRegistry.availableTo(ctx.tdb);
  const ids = await methodIds(ctx.db, providers);
  return {
    carriers: providers.map((p) => ({
      id: p.id,
      name: p.name,
      methods: p.methods.map((m) => ({
        id: ids.get(keyOf(p.id, m.key))!,
        name: m.name,
        subName: m.subName,
        sendType: m.sendType,
      })),
    })),
  };
}

/** The method with this id among the carriers the organisation may use. */
async function availableMethod(
  ctx: AuthContext,
  id: number,
): Promise<{ provider: CarrierProvider; method: CarrierMethodDef } | undefined> {
  const providers = await carrierRegistry.availableTo(ctx.tdb);
  const ids = await methodIds(ctx.db, providers);
  for (const provider of providers) {
    const method = provider.methods.find((m) => ids.get(keyOf(provider.id, m.key)) === id);
    if (method) return { provider, method };
  }
  return undefined;
}

/**
 * GET /check_pickup_point: the carrier's answer for the point. A method the organisation cannot use
 * is not found (404), like a missing one. A carrier that fails, or gives no answer within the
 * registry's `checkTimeoutMs`, cannot tell: 'unknown' (the failure goes to `onProviderError`, for
 * the log).
 */
export async function checkPickupPoint(
  ctx: AuthContext,
  query: { pickupPoint: string; methodId: number },
  onProviderError: (err: unknown, carrierId: string) => void,
): Promise<CheckPickupPointAnswer> {
  const found = await availableMethod(ctx, query.methodId);
  if (!found) throw notFound(CARRIERS_MSG.methodNotFound);
  let status: PickupPointStatus = 'unknown';
  let timer: NodeJS.Timeout | undefined;
  try {
    const check = found.provider.checkPickupPoint({
      tdb: ctx.tdb,
      deps: ctx.deps,
      methodKey: found.method.key,
      pickupPoint: query.pickupPoint,
    });
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('no answer in time')), carrierRegistry.checkTimeoutMs);
    });
    status = await Promise.race([check, timeout]);
  } catch (err) {
    onProviderError(err, found.provider.id);
  } finally {
    clearTimeout(timer);
  }
  return { status: PICKUP_POINT_STATUSES.includes(status) ? status : 'unknown' };
}

/** A carrier method as an order sees it: its send type, and whether the organisation may choose it now. */
export interface OrderCarrierMethod {
  id: number;
  sendType: CarrierSendType;
  /** False for a method whose carrier is gone or not available to the organisation any more. */
  available: boolean;
}

/**
 * The method with this id for an order save; undefined when no such method was ever registered.
 * Call it before the order's transaction (it may write carrier_methods through the raw handle).
 */
export async function orderCarrierMethod(ctx: AuthContext, id: number): Promise<OrderCarrierMethod | undefined> {
  const found = await availableMethod(ctx, id);
  if (found) return { id, sendType: found.method.sendType, available: true };
  const row = await repo.byId(ctx.db, id);
  return row && { id, sendType: row.send_type as CarrierSendType, available: false };
}

/**
 * The carrier and method key of a method id, among the carriers the organisation may use now;
 * undefined for an unknown method or one whose carrier is not available. Call it before any
 * transaction (it may write carrier_methods through the raw handle).
 */
export async function carrierOfMethod(
  ctx: AuthContext,
  id: number,
): Promise<{ provider: CarrierProvider; method: CarrierMethodDef } | undefined> {
  return availableMethod(ctx, id);
}
