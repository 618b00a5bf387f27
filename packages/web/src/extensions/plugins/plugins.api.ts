import {
  jobsAnswerSchema,
  pluginCallsAnswerSchema,
  pluginConnectionAnswerSchema,
  pluginConnectionTestAnswerSchema,
  pluginInfoResponseSchema,
  pluginMenuResponseSchema,
  pluginSettingsResponseSchema,
  type JobState,
  type PluginSettingsPut,
} from '@zaplecze/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/platform/api';

/** Query keys of the plugin platform; `all` is what an install or uninstall makes stale. */
export const pluginKeys = {
  all: ['plugins'] as const,
  list: () => [...pluginKeys.all, 'list'] as const,
  menu: () => [...pluginKeys.all, 'menu'] as const,
  settings: (id: string) => [...pluginKeys.all, 'settings', id] as const,
  jobs: (id: string) => [...pluginKeys.all, 'jobs', id] as const,
  calls: (id: string) => [...pluginKeys.all, 'calls', id] as const,
  connection: (id: string) => [...pluginKeys.all, 'connection', id] as const,
};

/** GET /plugin_info: every plugin of the build with this organisation's installed flag. */
export function usePluginList() {
  return useQuery({
    queryKey: pluginKeys.list(),
    queryFn: async ({ signal }) =>
      (await api.get('/plugin_info', { schema: pluginInfoResponseSchema, signal })).plugins,
  });
}

/** GET /plugin_menu: the installed plugins' menu groups the user may see. */
export function usePluginMenu() {
  return useQuery({
    queryKey: pluginKeys.menu(),
    queryFn: async ({ signal }) =>
      (await api.get('/plugin_menu', { schema: pluginMenuResponseSchema, signal })).plugins,
    staleTime: Infinity,
  });
}

/** POST /plugin_install (form pluginId). */
export async function installPlugin(pluginId: string): Promise<void> {
  await api.post('/plugin_install', { form: { pluginId } });
}

/** DELETE /plugin_install: keeps the plugin's data unless `deleteData`. */
export async function uninstallPlugin(pluginId: string, deleteData: boolean): Promise<void> {
  await api.delete('/plugin_install', { query: { pluginId, deleteData } });
}

export const settingsPath = (pluginId: string) => `/plugins/${encodeURIComponent(pluginId)}/settings`;

export function usePluginSettings(pluginId: string) {
  return useQuery({
    queryKey: pluginKeys.settings(pluginId),
    queryFn: ({ signal }) => api.get(settingsPath(pluginId), { schema: pluginSettingsResponseSchema, signal }),
  });
}

export async function savePluginSettings(pluginId: string, body: PluginSettingsPut): Promise<void> {
  await api.put(settingsPath(pluginId), { json: body });
}

export interface JobsCriteria {
  pluginId: string;
  state?: JobState;
  page: number;
  perPage: number;
}

/** GET /jobs: one plugin's jobs, newest first. */
export function fetchJobs(c: JobsCriteria, signal?: AbortSignal) {
  return api.get('/jobs', { query: { ...c }, schema: jobsAnswerSchema, signal });
}

/** POST /jobs/retry: runs a dead job again. */
export async function retryJob(id: number): Promise<void> {
  await api.post('/jobs/retry', { json: { id } });
}

export interface CallsCriteria {
  pluginId: string;
  outcome?: 'ok' | 'error';
  page: number;
  perPage: number;
}

/** GET /plugin_calls: one plugin's calls to its outside service, newest first. */
export function fetchCalls(c: CallsCriteria, signal?: AbortSignal) {
  return api.get('/plugin_calls', { query: { ...c }, schema: pluginCallsAnswerSchema, signal });
}

/**
 * GET /plugin_connection: whether the plugin's connection waits for the seller ('Połącz ponownie').
 * Refreshed every 30 s while a plugin screen shows it.
 */
export function useConnectionState(pluginId: string) {
  return useQuery({
    queryKey: pluginKeys.connection(pluginId),
    queryFn: ({ signal }) =>
      api.get('/plugin_connection', { query: { pluginId }, schema: pluginConnectionAnswerSchema, signal }),
    refetchInterval: 30_000,
  });
}

/** POST /plugins/<id>/test_connection: the stored settings tried against the service. */
export function testPluginConnection(pluginId: string) {
  return api.post(`/plugins/${encodeURIComponent(pluginId)}/test_connection`, {
    json: {},
    schema: pluginConnectionTestAnswerSchema,
  });
}
