import { api, useQuery } from '@zaplecze/plugin-sdk-web';
import type { z } from 'zod';
import type { logAnswerSchema, statusAnswerSchema, webhookAnswerSchema, WooLink, WooSettings } from '../schemas';

/** The woocommerce plugin's calls (docs/plugins.md, "Plugin: woocommerce"). */
export const BASE = '/plugins/woocommerce';

export interface SettingsAnswer {
  values: WooSettings;
  secrets: Record<'consumerKey' | 'consumerSecret' | 'webhookSecret', 'set' | 'unset' | 'unreadable'>;
}
export interface References {
  orderStatuses: { id: number; name: string }[];
  incomeSources: { id: number; name: string }[];
  carriers: { id: string; name: string; methods: { id: number; name: string; subName: string }[] }[];
  /** The organisation's VAT rates (the VAT_VALUES option: '23', '8', 'zw'...). */
  vatRates: string[];
}

export const wooKeys = {
  settings: ['plugin', 'woocommerce', 'settings'] as const,
  references: ['plugin', 'woocommerce', 'references'] as const,
  webhook: ['plugin', 'woocommerce', 'webhook'] as const,
  status: ['plugin', 'woocommerce', 'status'] as const,
  log: ['plugin', 'woocommerce', 'log'] as const,
  link: (itemId: number) => ['plugin', 'woocommerce', 'link', itemId] as const,
};

export const useWooSettings = () =>
  useQuery({ queryKey: wooKeys.settings, queryFn: async () => (await api.get(`${BASE}/settings`)) as SettingsAnswer });
export const useReferences = () =>
  useQuery({ queryKey: wooKeys.references, queryFn: async () => (await api.get(`${BASE}/references`)) as References });
export const useWebhook = () =>
  useQuery({
    queryKey: wooKeys.webhook,
    queryFn: async () => (await api.get(`${BASE}/webhook`)) as z.infer<typeof webhookAnswerSchema>,
  });
export const useSyncStatus = () =>
  useQuery({
    queryKey: wooKeys.status,
    queryFn: async () => (await api.get(`${BASE}/status`)) as z.infer<typeof statusAnswerSchema>,
    refetchInterval: 5000,
  });
export const useLog = () =>
  useQuery({
    queryKey: wooKeys.log,
    queryFn: async () => ((await api.get(`${BASE}/log`)) as z.infer<typeof logAnswerSchema>).entries,
    refetchInterval: 5000,
  });
export const useLink = (itemId: number | undefined) =>
  useQuery({
    queryKey: wooKeys.link(itemId ?? 0),
    queryFn: async () => ((await api.get(`${BASE}/link`, { query: { itemId } })) as { link: WooLink | null }).link,
    enabled: itemId !== undefined,
  });
