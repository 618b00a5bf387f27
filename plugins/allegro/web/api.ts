import { api, useQuery } from '@zaplecze/plugin-sdk-web';
import {
  connectStateSchema,
  mappingSchema,
  offersAnswerSchema,
  widgetSchema,
  type ConnectState,
  type Mapping,
  type OfferLink,
  type Widget,
} from '../schemas';

/** Allegro's API calls and queries (docs/plugins.md, "Plugin: allegro"). */
export const BASE = '/plugins/allegro';
export type { ConnectState, Mapping, OfferLink, Widget };

export const allegroKeys = {
  connect: ['plugin', 'allegro', 'connect'] as const,
  mapping: ['plugin', 'allegro', 'mapping'] as const,
  offers: (itemId: number) => ['plugin', 'allegro', 'offers', itemId] as const,
  widget: ['plugin', 'allegro', 'widget'] as const,
};

export function useConnect() {
  return useQuery({
    queryKey: allegroKeys.connect,
    queryFn: ({ signal }) => api.get(`${BASE}/connect`, { schema: connectStateSchema, signal }),
    // While the seller approves on allegro.pl the state changes by itself.
    refetchInterval: (q) => (q.state.data?.state === 'pending' ? 2000 : false),
  });
}

export function useMapping() {
  return useQuery({
    queryKey: allegroKeys.mapping,
    queryFn: ({ signal }) => api.get(`${BASE}/mapping`, { schema: mappingSchema, signal }),
  });
}

export function useOffers(itemId: number | undefined) {
  return useQuery({
    queryKey: allegroKeys.offers(itemId ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get(`${BASE}/offers`, { query: { itemId }, schema: offersAnswerSchema, signal })).offers,
    enabled: itemId !== undefined,
  });
}

export function useWidget() {
  return useQuery({
    queryKey: allegroKeys.widget,
    queryFn: ({ signal }) => api.get(`${BASE}/widget`, { schema: widgetSchema, signal }),
    refetchInterval: 60_000,
  });
}
