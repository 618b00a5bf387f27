import {
  OutsideError,
  OutsideRefusedError,
  type CarrierProvider,
  type CreatedShipment,
  type ShipmentRef,
  type ShipmentRequest,
  type ShipmentState,
  type ShipmentToCancel,
} from '@zaplecze/plugin-sdk';
import { INPOST_MSG, type InpostSettings } from '../schemas';
import { ID, parse, Shipx, shipmentListSchema, shipmentSchema, type ShipxShipment } from './shipx';
import { inpostDb, SHIPMENTS } from './tables';

/**
 * InPost as a carrier (docs/plugins.md, "Plugin: inpost"; docs/decisions.md, "Plugin: inpost"):
 * shipments in ShipX's simplified mode, their number once ShipX has confirmed them (asynchronous:
 * the core keeps a shipment PENDING until then), labels, states, cancel, and the points API.
 */

/** The statuses before ShipX's confirmation: no number, no label yet. */
const BEFORE_CONFIRMATION = new Set(['new', 'created', 'offers_prepared', 'offer_selected']);
/** The statuses in which ShipX gave the shipment up (no number will come). */
const GIVEN_UP = new Set(['cancelled', 'canceled', 'offer_rejected', 'rejected']);
/** How long a dispatch waits for ShipX's confirmation before answering 'being prepared'. */
export const CONFIRM_WAIT_MS = 2_500;
const CONFIRM_STEP_MS = 500;

/** Where a parcel is, from ShipX's status name (the transit ones are many: all are IN_TRANSIT). */
export function stateOf(status: string): ShipmentState {
  if (BEFORE_CONFIRMATION.has(status)) return 'PENDING';
  if (GIVEN_UP.has(status)) return 'CANCELLED';
  if (status === 'confirmed') return 'CREATED';
  if (status === 'delivered') return 'DELIVERED';
  if (status === 'returned_to_sender') return 'RETURNED';
  return 'IN_TRANSIT';
}

/** ShipX's phone: nine digits (a leading +48 or 48 dropped). */
export function phoneOf(tel: string): string {
  const digits = tel.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('48') ? digits.slice(2) : digits;
}

/** The locker size for the order's sides (mm), or the seller's default when they are not given. */
export function templateOf(r: ShipmentRequest, s: InpostSettings): 'small' | 'medium' | 'large' {
  const sides = [r.parcel.sizeA, r.parcel.sizeB, r.parcel.sizeC].sort((a, b) => b - a);
  if (sides.some((x) => x <= 0)) return s.lockerTemplate;
  const [l, w, h] = sides as [number, number, number];
  if (l > 640 || w > 380 || h > 410)
    throw new OutsideRefusedError(0, 'Paczka nie mieści się w paczkomacie: największy gabaryt C to 41 × 38 × 64 cm.');
  return h <= 80 ? 'small' : h <= 190 ? 'medium' : 'large';
}

const pln = (grosze: number) => Math.round(grosze) / 100;

/** The simplified-mode create body for the order (docs/plugins.md, "Plugin: inpost": fields). */
export function createBody(r: ShipmentRequest, s: InpostSettings): Record<string, unknown> {
  const locker = r.methodKey === 'locker';
  const [first, ...rest] = r.receiver.nameSurname.trim().split(/\s+/);
  const receiver: Record<string, unknown> = {
    first_name: first ?? '',
    last_name: rest.join(' '),
    ...(r.receiver.companyName.trim() ? { company_name: r.receiver.companyName.trim() } : {}),
    email: r.receiver.email.trim(),
    phone: phoneOf(r.receiver.tel),
  };
  if (!locker)
    receiver.address = {
      street: r.receiver.street.trim(),
      building_number: r.receiver.buildNr.trim(),
      city: r.receiver.city.trim(),
      post_code: r.receiver.postCode.trim(),
      country_code: r.receiver.countryCode || 'PL',
    };
  const cod = r.parcel.cashOnDelivery;
  const value = Math.max(r.parcel.declaredValue.amount, cod?.amount ?? 0);
  const weightKg = r.parcel.weightGrams > 0 ? r.parcel.weightGrams / 1000 : s.defaultWeightKg;
  const parcel = locker
    ? { template: templateOf(r, s) }
    : {
        ...(r.parcel.sizeA > 0 && r.parcel.sizeB > 0 && r.parcel.sizeC > 0
          ? { dimensions: { length: r.parcel.sizeA, width: r.parcel.sizeB, height: r.parcel.sizeC, unit: 'mm' } }
          : { dimensions: { length: 300, width: 200, height: 100, unit: 'mm' } }),
        weight: { amount: Math.round(weightKg * 100) / 100, unit: 'kg' },
      };
  return {
    receiver,
    parcels: [parcel],
    service: locker ? s.lockerService : s.courierService,
    custom_attributes: {
      sending_method: s.sendingMethod,
      ...(locker ? { target_point: r.receiver.pickupPoint.trim().toUpperCase() } : {}),
    },
    ...(cod ? { cod: { amount: pln(cod.amount), currency: cod.currency } } : {}),
    // Courier services need insurance; a parcel with cash on delivery is insured for at least its amount.
    ...(!locker || cod
      ? { insurance: { amount: pln(Math.max(value, 100)), currency: r.parcel.declaredValue.currency } }
      : {}),
    reference: r.reference,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the core gets for a ShipX shipment: its number once confirmed, null before. */
function created(s: ShipxShipment, service: string): CreatedShipment {
  if (GIVEN_UP.has(s.status))
    throw new OutsideRefusedError(200, `InPost nie przyjął przesyłki (stan: ${s.status}). Nadaj paczkę ponownie.`);
  const number = s.status === 'confirmed' || !BEFORE_CONFIRMATION.has(s.status) ? (s.tracking_number ?? '') : '';
  return { waybillNumber: number === '' ? null : number, data: { shipmentId: s.id, service } };
}

async function remember(r: { tdb: ShipmentRequest['tdb'] }, reference: string, s: ShipxShipment, now: Date) {
  await inpostDb(r.tdb)
    .updateTable(SHIPMENTS)
    .set({
      shipment_id: s.id,
      status: s.status,
      tracking_number: s.tracking_number ?? null,
      updated_at: now.toISOString(),
    })
    .where('reference', '=', reference)
    .execute();
}

/**
 * The shipment an earlier attempt may have made before its answer was lost: ShipX's list has no
 * reference filter, so the shipments created since that attempt started (a minute earlier, for
 * clocks) are read, at most 5 pages of 100, and matched by reference.
 */
async function findByReference(x: Shipx, reference: string, since: string, orderId: number) {
  const from = new Date(Date.parse(since) - 60_000).toISOString();
  for (let page = 1; page <= 5; page++) {
    const res = await x.client.request({
      method: 'GET',
      path: `${x.orgPath}/shipments`,
      query: { created_at_gteq: from, per_page: 100, page },
      what: 'Szukanie przesyłki z przerwanego nadania',
      orderId,
    });
    const list = parse(shipmentListSchema, res.data, 'lista przesyłek ShipX');
    const found = list.items.find((s) => s.reference === reference);
    if (found) return found;
    if (list.items.length < 100) return undefined;
  }
  return undefined;
}

/** Reads the shipment until ShipX confirms it, for at most CONFIRM_WAIT_MS. */
async function awaitConfirmation(x: Shipx, s: ShipxShipment, orderId: number): Promise<ShipxShipment> {
  const until = Date.now() + CONFIRM_WAIT_MS;
  let current = s;
  for (let first = true; BEFORE_CONFIRMATION.has(current.status) && Date.now() < until; first = false) {
    if (!first) await sleep(CONFIRM_STEP_MS);
    current = await x.shipment(current.id, 'Sprawdzenie potwierdzenia przesyłki', orderId);
  }
  return current;
}

/** Creates the order's shipment once per reference (docs/decisions.md, "Plugin: inpost"). */
async function createShipment(r: ShipmentRequest): Promise<CreatedShipment> {
  const db = inpostDb(r.tdb);
  const x = await Shipx.of(r.tdb, r.deps);
  await x.requireCredentials(r.tdb, r.deps);
  const locker = r.methodKey === 'locker';
  if (locker && r.receiver.pickupPoint.trim() === '') throw new OutsideRefusedError(0, INPOST_MSG.noPoint);
  if (locker && (phoneOf(r.receiver.tel).length !== 9 || r.receiver.email.trim() === ''))
    throw new OutsideRefusedError(0, INPOST_MSG.noContact);
  const body = createBody(r, x.settings);
  const service = String(body.service);

  const known = await db.selectFrom(SHIPMENTS).selectAll().where('reference', '=', r.reference).executeTakeFirst();
  let shipment: ShipxShipment | undefined;
  if (known?.shipment_id)
    shipment = await x.shipment(known.shipment_id, 'Przesyłka z wcześniejszego nadania', r.orderId);
  else if (known) shipment = await findByReference(x, r.reference, known.started_at, r.orderId);
  if (shipment && GIVEN_UP.has(shipment.status)) shipment = undefined;
  if (!known) {
    const now = r.now.toISOString();
    await db
      .insertInto(SHIPMENTS, {
        reference: r.reference,
        order_id: r.orderId,
        method_key: r.methodKey,
        service,
        sending_method: x.settings.sendingMethod,
        shipment_id: null,
        tracking_number: null,
        status: 'new',
        started_at: now,
        updated_at: now,
        dispatch_order: null,
      })
      .execute();
  } else if (!shipment) {
    await db
      .updateTable(SHIPMENTS)
      .set({ started_at: r.now.toISOString(), shipment_id: null, service })
      .where('reference', '=', r.reference)
      .execute();
  }
  if (!shipment) {
    const res = await x.client.request({
      method: 'POST',
      path: `${x.orgPath}/shipments`,
      json: body,
      what: `Nadanie przesyłki InPost (${r.methodName})`,
      orderId: r.orderId,
      expect: [200, 201],
    });
    shipment = parse(shipmentSchema, res.data, 'odpowiedź na utworzenie przesyłki');
  }
  await remember(r, r.reference, shipment, r.now);
  const confirmed = await awaitConfirmation(x, shipment, r.orderId);
  if (confirmed !== shipment) await remember(r, r.reference, confirmed, new Date());
  return created(confirmed, service);
}

const shipmentIdOf = (data: unknown): string => {
  const id = (data as { shipmentId?: unknown } | null)?.shipmentId;
  if (typeof id !== 'string' && typeof id !== 'number')
    throw new OutsideRefusedError(0, 'Brak numeru przesyłki ShipX.');
  return String(id);
};

async function confirmShipment(s: ShipmentToCancel): Promise<CreatedShipment> {
  const x = await Shipx.of(s.tdb, s.deps);
  const shipment = await x.shipment(shipmentIdOf(s.data), 'Sprawdzenie potwierdzenia przesyłki', s.orderId);
  await remember(s, s.reference, shipment, s.deps.now());
  const service = (s.data as { service?: string } | null)?.service ?? shipment.service ?? '';
  return created(shipment, service);
}

async function cancelShipment(s: ShipmentToCancel): Promise<void> {
  const x = await Shipx.of(s.tdb, s.deps);
  const id = shipmentIdOf(s.data);
  await x.client.request({
    method: 'DELETE',
    path: `/v1/shipments/${encodeURIComponent(id)}`,
    what: 'Anulowanie przesyłki',
    orderId: s.orderId,
    expect: [200, 204],
  });
  await inpostDb(s.tdb)
    .updateTable(SHIPMENTS)
    .set({ status: 'cancelled', updated_at: s.deps.now().toISOString() })
    .where('shipment_id', '=', id)
    .execute();
}

async function label(s: ShipmentRef) {
  const x = await Shipx.of(s.tdb, s.deps);
  const res = await x.client.request<Buffer>({
    method: 'GET',
    path: `/v1/shipments/${encodeURIComponent(shipmentIdOf(s.data))}/label`,
    query: { format: 'Pdf', type: x.settings.labelType },
    what: 'Etykieta InPost',
    orderId: s.orderId,
    responseType: 'buffer',
  });
  const pdf = new Uint8Array(res.data);
  if (Buffer.from(pdf.subarray(0, 5)).toString('latin1') !== '%PDF-')
    throw new OutsideRefusedError(200, 'InPost nie przysłał etykiety PDF.');
  return { kind: 'pdf' as const, pdf };
}

async function shipmentState(s: ShipmentRef): Promise<ShipmentState> {
  const x = await Shipx.of(s.tdb, s.deps);
  const shipment = await x.shipment(shipmentIdOf(s.data), 'Stan przesyłki', s.orderId);
  await inpostDb(s.tdb)
    .updateTable(SHIPMENTS)
    .set({ status: shipment.status, updated_at: s.deps.now().toISOString() })
    .where('shipment_id', '=', shipment.id)
    .execute();
  const state = stateOf(shipment.status);
  return state === 'PENDING' ? 'CREATED' : state;
}

export const carrier: CarrierProvider = {
  id: ID,
  name: 'InPost',
  methods: [
    { key: 'locker', name: 'InPost Paczkomat®', subName: 'Odbiór w paczkomacie', sendType: 'ONLY_PICKUP_POINT' },
    { key: 'courier', name: 'Kurier InPost', subName: 'Dostawa na adres', sendType: 'ONLY_ADDRESS' },
  ],
  // The points API: an Operating point is true, a missing or closed one false; no answer: unknown.
  checkPickupPoint: async ({ tdb, deps, methodKey, pickupPoint }) => {
    if (methodKey !== 'locker') return 'unknown';
    if (!/^[A-Za-z0-9-]{3,32}$/.test(pickupPoint)) return 'false';
    try {
      const x = await Shipx.of(tdb, deps);
      const res = await x.client.request<{ status?: string }>({
        method: 'GET',
        path: `/v1/points/${encodeURIComponent(pickupPoint.toUpperCase())}`,
        what: `Sprawdzenie paczkomatu ${pickupPoint.toUpperCase()}`,
        expect: [200, 404],
        timeoutMs: 5_000,
      });
      if (res.status === 404) return 'false';
      return res.data?.status === undefined || res.data.status === 'Operating' ? 'true' : 'false';
    } catch (err) {
      if (err instanceof OutsideError) return 'unknown';
      throw err;
    }
  },
  createShipment,
  confirmShipment,
  cancelShipment,
  // ShipX cancels only before its confirmation (docs/plugins.md, "Plugin: inpost").
  cancellableStates: ['PENDING'],
  label,
  shipmentState,
};
