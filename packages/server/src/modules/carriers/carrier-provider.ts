import { SHIPMENT_STATE_VALUES, type CarrierSendType, type ShipmentStateValue } from '@zaplecze/contract';
import type { TenantDb } from '../../db/tenant';
import type { AppDeps } from '../../platform/context';

/**
 * The server's services every carrier call gets besides the organisation's handle: what a carrier
 * of a plugin needs to call its service (the SDK's OutsideClient logs to `db`) and read its secrets
 * (`config`).
 */
export type CarrierDeps = Pick<AppDeps, 'db' | 'config' | 'now'>;

/** A pickup point check's answer: valid, invalid, or not checkable (docs/rules/catalogue-and-orders-rules.md §4). */
export type PickupPointStatus = 'true' | 'false' | 'unknown';

/** One way a carrier delivers (docs/rules/catalogue-and-orders-rules.md §3 Carrier: method). */
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
  deps: CarrierDeps;
  methodKey: string;
  /** Trimmed, never empty. */
  pickupPoint: string;
}

/** The sender on a waybill: the organisation's registration data. */
export interface ShipmentSender {
  name: string;
  taxId: string;
  /** Street and number, as registered. */
  address: string;
  postCodeCity: string;
  countryCode: string;
}

/** The receiver: the order's client data (for PICKUP_POINT the point and the client's contact). */
export interface ShipmentReceiver {
  nameSurname: string;
  companyName: string;
  street: string;
  buildNr: string;
  postCode: string;
  city: string;
  countryCode: string;
  /** The pickup point's id; '' for delivery to the address. */
  pickupPoint: string;
  tel: string;
  email: string;
}

/** The parcel as the order describes it. */
export interface ShipmentParcel {
  /** Sides in millimetres (0 = not given). */
  sizeA: number;
  sizeB: number;
  sizeC: number;
  weightGrams: number;
  /** Cash on delivery: the order's total in grosze and its currency; null without it. */
  cashOnDelivery: { amount: number; currency: string } | null;
  /** What the parcel is worth: the order's gross total in grosze and its currency (for insurance). */
  declaredValue: { amount: number; currency: string };
}

/** What `createShipment` gets: everything the carrier needs to send the order's parcel. */
export interface ShipmentRequest {
  /** The caller's organisation (not a transaction: the carrier is called outside any). */
  tdb: TenantDb;
  deps: CarrierDeps;
  methodKey: string;
  /**
   * The order's shipment reference (at most 64 characters), the same on every attempt to dispatch
   * the order: a carrier whose service keeps references must look for a shipment it already made
   * with it and answer that one instead of creating a second (an earlier attempt may have died
   * after the carrier's answer and before the core recorded it).
   */
  reference: string;
  /** The carrier's name and the method's, as registered. */
  carrierName: string;
  methodName: string;
  orderId: number;
  shippingMethod: 'ADDRESS' | 'PICKUP_POINT';
  sender: ShipmentSender;
  receiver: ShipmentReceiver;
  parcel: ShipmentParcel;
  now: Date;
}

/** A shipment the carrier created. */
export interface CreatedShipment {
  /**
   * The waybill number (1-100 characters); the order's billOfLading. null: the carrier took the
   * shipment but gives its number later (docs/decisions.md, Documents: "A waybill number that comes
   * later"): the core keeps it PENDING and asks `confirmShipment` until the number comes.
   */
  waybillNumber: string | null;
  /** JSON-serialisable data stored with the shipment and given back to `label` and `shipmentState`. */
  data: unknown;
}

/** A shipment the core could not record after its carrier created it, as `cancelShipment` gets it. */
export interface ShipmentToCancel extends Omit<ShipmentRef, 'createdAt'> {
  reference: string;
  createdAt: Date;
}

/** A stored shipment, as `label` and `shipmentState` get it. */
export interface ShipmentRef {
  /** The caller's organisation (not a transaction). */
  tdb: TenantDb;
  deps: CarrierDeps;
  methodKey: string;
  orderId: number;
  waybillNumber: string;
  data: unknown;
  createdAt: Date;
}

/**
 * A waybill label the core draws (vector A6: Code 128 of the number, sender, receiver, parcel).
 * Every text is ready to print.
 */
export interface WaybillLabel {
  carrierName: string;
  methodName: string;
  waybillNumber: string;
  /** ISO date of the dispatch. */
  date: string;
  orderId: number;
  /** Name first, then the address lines. */
  sender: string[];
  receiver: string[];
  /** The receiver's phone and e-mail line ('' for none). */
  receiverContact: string;
  /** The pickup point's id, '' for delivery to the address. */
  pickupPoint: string;
  /** e.g. '300 × 200 × 150 mm', '' when not given. */
  sizes: string;
  /** e.g. '2,5 kg', '' when not given. */
  weight: string;
  /** e.g. '123,45 PLN', '' without cash on delivery. */
  cashOnDelivery: string;
}

/**
 * A label document: one the core draws (`waybill`, always A6), or the carrier's own PDF (`pdf`, of
 * any page size: a page larger than A6 is shrunk to A6 or put on its own A4 page, as the print's
 * `oversize` asks).
 */
export type CarrierLabel = { kind: 'waybill'; label: WaybillLabel } | { kind: 'pdf'; pdf: Uint8Array };

/** Where a parcel is, as far as the carrier knows (the contract's; PENDING: its number has not come yet). */
export const SHIPMENT_STATES = SHIPMENT_STATE_VALUES;
export type ShipmentState = ShipmentStateValue;

/**
 * A carrier as the server knows it: the built-in own carrier, and every carrier plugin, which
 * registers one through `carrierRegistry.register` (modules/carriers/index.ts). Dispatch, the
 * label and the shipment's state are optional: a carrier without `createShipment` only offers
 * methods (and maybe a pickup point check), and its orders cannot be dispatched.
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
  /**
   * Sends the order's parcel and answers its waybill number. Called outside any transaction while
   * the order's dispatch is reserved, so only one call for an order runs at a time; it may be
   * called again for the same order after a failure, with the same `reference` (docs/decisions.md,
   * Documents: "Dispatch outside the order's lock"). Throwing records nothing. Given up after 30 s.
   */
  createShipment?(request: ShipmentRequest): Promise<CreatedShipment>;
  /**
   * Asks again for the number of a shipment created without one (`waybillNumber` null): answers
   * the number, or null while it is still pending (with the data to keep, which may have changed).
   * Throwing OutsideRefusedError means the carrier gave the shipment up: the core forgets it and
   * the order can be dispatched again. Required of a carrier that answers null numbers.
   */
  confirmShipment?(shipment: ShipmentToCancel): Promise<CreatedShipment>;
  /**
   * Cancels a shipment: the compensation of a dispatch the core could not record, and the staff's
   * 'Anuluj przesyłkę' of a parcel not yet handed over (throwing OutsideRefusedError with the
   * carrier's reason when it can no longer be cancelled). Absent: neither; after a failed dispatch
   * the next attempt gives the same reference and relies on the carrier finding it.
   */
  cancelShipment?(shipment: ShipmentToCancel): Promise<void>;
  /**
   * The states in which staff may cancel (offered as 'Anuluj przesyłkę'). Absent: PENDING, CREATED
   * and UNKNOWN (not yet with the carrier, as far as the core knows).
   */
  cancellableStates?: readonly ShipmentState[];
  /** The shipment's label (called outside any transaction, on every print). */
  label?(shipment: ShipmentRef): Promise<CarrierLabel>;
  /**
   * Where the parcel is now (CREATED, IN_TRANSIT, DELIVERED, RETURNED, CANCELLED or UNKNOWN),
   * asked on the core's schedule until a final state (docs/decisions.md, Documents: "Shipment
   * states"). Absent: the carrier cannot tell; its shipments are UNKNOWN and never asked.
   */
  shipmentState?(shipment: ShipmentRef): Promise<ShipmentState>;
}
