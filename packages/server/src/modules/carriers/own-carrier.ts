import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenant';
import type { CarrierProvider, WaybillLabel } from './carrier-provider';
import { waybillLabelOf } from './waybill-label';

/** The own carrier's waybill numbers: `ZP` and ten digits of the organisation's counter. */
export const OWN_WAYBILL_PREFIX = 'ZP';

/**
 * The organisation's next own waybill number: one upsert that both engines run atomically, so two
 * dispatches never get the same number. Dispatch calls it outside a transaction, so a dispatch that
 * fails afterwards leaves a gap (docs/decisions.md, Documents: "Dispatch outside the order's lock").
 */
export async function nextOwnWaybillNumber(tdb: TenantDb): Promise<string> {
  const row = await tdb
    .insertInto('waybill_counters', { last_value: 1 })
    .onConflict((oc) => oc.column('org_id').doUpdateSet({ last_value: sql`waybill_counters.last_value + 1` }))
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return `${OWN_WAYBILL_PREFIX}${String(row.last_value).padStart(10, '0')}`;
}

/**
 * The built-in "own carrier" (docs/rules/server-side-rules.md; docs/decisions.md, Orders: Carriers): the seller's
 * own deliveries, needing no outside service, so it cannot check pickup points. Dispatch takes
 * the next own waybill number and keeps the label's data (sender, receiver, parcel) as it was at
 * dispatch, so every reprint is the same A6 label.
 */
export const ownCarrier: CarrierProvider = {
  id: 'own',
  name: 'Przewoźnik własny',
  methods: [
    { key: 'address', name: 'Kurier', subName: 'Dostawa na adres', sendType: 'ONLY_ADDRESS' },
    { key: 'pickup-point', name: 'Punkt odbioru', subName: 'Dostawa do punktu odbioru', sendType: 'ONLY_PICKUP_POINT' },
  ],
  checkPickupPoint: async () => 'unknown',
  async createShipment(request) {
    const waybillNumber = await nextOwnWaybillNumber(request.tdb);
    return { waybillNumber, data: waybillLabelOf(request, waybillNumber) };
  },
  label: async (shipment) => ({ kind: 'waybill', label: shipment.data as WaybillLabel }),
};
