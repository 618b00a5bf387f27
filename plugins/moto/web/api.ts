import { api, useQuery } from '@zaplecze/plugin-sdk-web';

/** The moto plugin's API calls and queries (docs/plugins.md, "The moto plugin"). */

export const BASE = '/plugins/moto';

import type { Fitment, Make, Model } from '../schemas';

export type { Fitment, Make, Model };

export const motoKeys = {
  makes: ['plugin', 'moto', 'makes'] as const,
  models: ['plugin', 'moto', 'models'] as const,
  fitments: (itemId: number) => ['plugin', 'moto', 'fitments', itemId] as const,
};

export function useMakes() {
  return useQuery({
    queryKey: motoKeys.makes,
    queryFn: async () => ((await api.get(`${BASE}/makes`)) as { makes: Make[] }).makes,
    staleTime: 60_000,
  });
}

/** Every model of the organisation (a catalogue is hundreds of rows): selects filter it by make. */
export function useModels() {
  return useQuery({
    queryKey: motoKeys.models,
    queryFn: async () => ((await api.get(`${BASE}/models`)) as { models: Model[] }).models,
    staleTime: 60_000,
  });
}

export function useFitments(itemId: number | undefined) {
  return useQuery({
    queryKey: motoKeys.fitments(itemId ?? 0),
    queryFn: async () =>
      ((await api.get(`${BASE}/fitments`, { query: { itemId } })) as { fitments: Fitment[] }).fitments,
    enabled: itemId !== undefined,
    // Saved by the item edit's afterSave, outside any component: read afresh on every mount.
    gcTime: 0,
  });
}

/** The years a model is made in, as a fitment's default (to the current year while it is made). */
export function modelYears(m: Model): { yearFrom: number; yearTo: number } {
  return { yearFrom: m.yearFrom, yearTo: m.yearTo ?? new Date().getFullYear() };
}

export const yearsText = (from: number, to: number | null) => (to === null ? `od ${from}` : `${from}–${to}`);
