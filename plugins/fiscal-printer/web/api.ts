import { api, useQuery } from '@zaplecze/plugin-sdk-web';
import type { FiscalSettings } from '../schemas';

/** The fiscal-printer plugin's calls (docs/plugins.md, "Plugin: fiscal-printer"). */
export const BASE = '/plugins/fiscal-printer';

export const fiscalKeys = {
  settings: ['plugin', 'fiscal-printer', 'settings'] as const,
  receipts: (state: string) => ['plugin', 'fiscal-printer', 'receipts', state] as const,
  status: ['plugin', 'fiscal-printer', 'status'] as const,
};

export interface SettingsAnswer {
  values: FiscalSettings;
  secrets: Record<string, never>;
}

export const useFiscalSettings = () =>
  useQuery({
    queryKey: fiscalKeys.settings,
    queryFn: async () => (await api.get(`${BASE}/settings`)) as SettingsAnswer,
  });
