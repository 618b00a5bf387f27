import { pluginConnectionTestAnswerSchema } from '@zaplecze/contract';
import { z } from 'zod';
import {
  clearPluginReconnect,
  definePlugin,
  OutsideClient,
  OutsideError,
  readPluginSecret,
  readPluginSettings,
  route,
  type CarrierProvider,
  type PluginJobContext,
  type TenantDb,
} from '@zaplecze/plugin-sdk';
import { manifest } from '../manifest';

const ID = 'fixture-outside';
const callPayload = z.object({ path: z.string(), orderId: z.number().optional() });

/** The client of the organisation's service: base address from the settings, the token as a bearer. */
async function client(tdb: TenantDb, deps: PluginJobContext['deps'], jobId?: number): Promise<OutsideClient> {
  const settings = await readPluginSettings(tdb, deps.config, ID, manifest.settings!);
  return new OutsideClient({
    pluginId: ID,
    tdb,
    deps,
    baseUrl: String(settings.values.apiUrl),
    timeoutMs: 1000,
    ...(jobId !== undefined ? { jobId } : {}),
    headers: async () => ({ authorization: `Bearer ${(await readPluginSecret(tdb, deps.config, ID, 'token')) ?? ''}` }),
    userMessage: (_status, body) =>
      (body as { errors?: { userMessage?: string }[] } | undefined)?.errors?.[0]?.userMessage,
  });
}

/** A carrier that offers one method and cannot check points (the host registers it per install). */
const carrier: CarrierProvider = {
  id: ID,
  name: 'Przewoźnik testowy',
  methods: [{ key: 'parcel', name: 'Paczka testowa', subName: 'Dostawa na adres', sendType: 'ONLY_ADDRESS' }],
  checkPickupPoint: async () => 'unknown',
};

/**
 * The integration fixture (platform/outside/outside.api.test.ts): a carrier that joins GET /carriers
 * only where installed, a job and a route that call the organisation's service through the SDK's
 * OutsideClient (the call log, 401 -> 'Połącz ponownie', 429, 5xx), and a schedule the connection
 * state stops.
 */
export default definePlugin({
  manifest,
  server: () => ({
    carriers: [carrier],
    jobs: [
      {
        name: 'call',
        handler: async ({ job, tdb, deps }) => {
          const p = callPayload.parse(job.payload);
          await (
            await client(tdb, deps, job.id)
          ).request({
            method: 'GET',
            path: p.path,
            what: 'Wywołanie testowe',
            ...(p.orderId ? { orderId: p.orderId } : {}),
          });
        },
      },
    ],
    schedules: [{ name: 'every-5', everyMinutes: 5, job: { name: 'call', payload: { path: '/scheduled' } } }],
    routes: [
      route({
        method: 'POST',
        url: '/test_connection',
        access: 'main.plugins.manage',
        summary: 'Sprawdzenie połączenia z usługą testową',
        response: pluginConnectionTestAnswerSchema,
        handler: async (ctx) => {
          try {
            const res = await (
              await client(ctx.tdb, ctx.deps)
            ).request({ method: 'GET', path: '/me', what: 'Sprawdzenie połączenia' });
            await clearPluginReconnect(ctx.tdb, ID, ctx.deps.now());
            return { ok: true, message: `Połączono (HTTP ${res.status}).` };
          } catch (err) {
            if (err instanceof OutsideError) return { ok: false, message: err.userMessage };
            throw err;
          }
        },
      }),
    ],
  }),
});
