import { api, useQuery } from '@zaplecze/plugin-sdk-web';
import { referencesAnswerSchema, type InpostSettings } from '../schemas';

/** The inpost plugin's calls (docs/plugins.md, "Plugin: inpost"). */
export const BASE = '/plugins/inpost';

export const inpostKeys = {
  settings: ['plugin', 'inpost', 'settings'] as const,
  references: ['plugin', 'inpost', 'references'] as const,
  parcels: (date: string) => ['plugin', 'inpost', 'parcels', date] as const,
};

export interface SettingsAnswer {
  values: InpostSettings;
  secrets: Record<'token', 'set' | 'unset' | 'unreadable'>;
}

export const useInpostSettings = () =>
  useQuery({
    queryKey: inpostKeys.settings,
    queryFn: async () => (await api.get(`${BASE}/settings`)) as SettingsAnswer,
  });

export const useReferences = () =>
  useQuery({
    queryKey: inpostKeys.references,
    queryFn: ({ signal }) => api.get(`${BASE}/references`, { schema: referencesAnswerSchema, signal }),
  });
