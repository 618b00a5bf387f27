import type { CarrierProvider } from './carrier-provider';

/**
 * The built-in "own carrier" (server-rules.md in docs/decisions.md, Orders: Carriers): the seller's
 * own deliveries, needing no outside service, so it cannot check pickup points.
 */
export const ownCarrier: CarrierProvider = {
  id: 'own',
  name: 'Przewoźnik własny',
  methods: [
    { key: 'address', name: 'Kurier', subName: 'Dostawa na adres', sendType: 'ONLY_ADDRESS' },
    { key: 'pickup-point', name: 'Punkt odbioru', subName: 'Dostawa do punktu odbioru', sendType: 'ONLY_PICKUP_POINT' },
  ],
  checkPickupPoint: async () => 'unknown',
};
