import type { CarrierSendType } from '@zaplecze/contract';
import type { TenantDb } from '../../db/tenant';

/** A pickup point check's answer: valid, invalid, or not checkable (goods-and-orders.md §4). */
export type PickupPointStatus = 'true' | 'false' | 'unknown';

/** One way a carrier delivers (goods-and-orders.md §3 Carrier: method). */
export interface CarrierMethodDef {
  /**
   * Stable key of the method within its carrier, never reused for another method. The API's
   * numeric method id is given to (carrier id, key) once per database (table carrier_methods), so
   * it stays the same across restarts and releases.
   */
  key: string;
  /** Polish name, e.g. 'Kurier'. */
  name: string;
  /** Polish second line, e.g. 'Dostawa na adres' ('' for none). */
  subName: string;
  sendType: CarrierSendType;
}

/** What a pickup point check gets: the caller's organisation and the method asked about. */
export interface PickupPointQuery {
  tdb: TenantDb;
  methodKey: string;
  /** Trimmed, never empty. */
  pickupPoint: string;
}

/**
 * A carrier as the server knows it: the built-in own carrier, and every carrier plugin, which
 * registers one through `carrierRegistry.register` (modules/carriers/index.ts). The documents issue
 * adds dispatch (waybill number), waybill and label PDFs here; they are not part of it yet.
 */
export interface CarrierProvider {
  /** Stable id, e.g. 'own' or the plugin's id; answered as the carrier's id. */
  id: string;
  /** Polish name shown to staff and buyers. */
  name: string;
  methods: readonly CarrierMethodDef[];
  /**
   * Whether the organisation may use this carrier (a carrier plugin installed there). Absent:
   * every organisation may. A carrier that is not available is absent from GET /carriers and its
   * methods are unknown to that organisation.
   */
  isAvailable?(tdb: TenantDb): Promise<boolean>;
  /** Whether `pickupPoint` exists for the method; 'unknown' when the carrier cannot tell. */
  checkPickupPoint(query: PickupPointQuery): Promise<PickupPointStatus>;
}
