import { z } from 'zod';
import {
  badRequest,
  clearPluginReconnect,
  definePlugin,
  domainEventSchemas,
  enqueuePluginJob,
  markPluginReconnect,
  notFound,
  NO_CONTENT,
  orderReferences,
  OutsideAuthError,
  OutsideError,
  pluginConnection,
  readPluginSecret,
  route,
  writePluginSecret,
  type PluginEventJob,
  type PluginJobContext,
  type TenantDb,
} from '@zaplecze/plugin-sdk';
import { manifest } from '../manifest';
import {
  connectStartedSchema,
  connectStateSchema,
  itemQuerySchema,
  linkInputSchema,
  mappingInputSchema,
  mappingSchema,
  offersAnswerSchema,
  syncStartedSchema,
  testConnectionSchema,
  widgetSchema,
  type ConnectState,
} from '../schemas';
import {
  allegroApi,
  clientCredentials,
  ID,
  oauthCall,
  readSettings,
  readState,
  readTokenAnswer,
  recordError,
  storeTokens,
  type Deps,
  type Scope,
} from './api';
import { meAnswer } from './forms';
import { importOrders, readMapping } from './import';
import { markDirty, pushOffers, refreshOffers } from './offers';
import { pushStatuses, pushWaybills } from './status';
import { allegroDb, DELIVERY, FORMS, migrations, OFFERS, STATE, TABLES } from './tables';

const MANAGE = 'main.plugins.manage';

async function isConnected(s: Scope): Promise<boolean> {
  return (await readPluginSecret(s.tdb, s.deps.config, ID, 'refreshToken')) !== null;
}

async function connectState(s: Scope): Promise<ConnectState> {
  const st = await readState(s.tdb);
  const conn = await pluginConnection(s.tdb, ID);
  const connected = await isConnected(s);
  const pending =
    st.device_state === 'pending' && st.device_expires_at !== null && st.device_expires_at > s.deps.now().toISOString();
  const base = {
    userCode: pending ? st.user_code : null,
    verificationUriComplete: pending ? st.verification_uri : null,
    expiresAt: pending ? st.device_expires_at : null,
    lastSyncAt: st.last_sync_at,
    lastError: st.last_error,
  };
  if (pending) return { state: 'pending', message: 'Wpisz kod na stronie Allegro, aby połączyć konto.', ...base };
  if (conn.state === 'reconnect') return { state: 'reconnect', message: conn.message, ...base };
  if (connected) return { state: 'connected', message: 'Konto Allegro jest połączone.', ...base };
  const why =
    st.device_state === 'denied'
      ? 'Połączenie zostało odrzucone na stronie Allegro.'
      : st.device_state === 'expired' || st.device_state === 'pending'
        ? 'Kod połączenia wygasł: zacznij od nowa.'
        : 'Konto Allegro nie jest połączone.';
  return { state: 'disconnected', message: why, ...base };
}

/** The device flow's poll (docs/plugins.md, "Plugin: allegro"): one token call, then again after the interval. */
async function pollToken({ job, tdb, deps }: PluginJobContext): Promise<void> {
  const s = { tdb, deps };
  const st = await readState(tdb);
  if (st.device_state !== 'pending') return;
  const now = deps.now();
  if (!st.device_expires_at || st.device_expires_at <= now.toISOString()) {
    await allegroDb(tdb).updateTable(STATE).set({ device_state: 'expired', user_code: null }).execute();
    await writePluginSecret(tdb, deps.config, ID, 'deviceCode', null);
    return;
  }
  const creds = await clientCredentials(s);
  const deviceCode = await readPluginSecret(tdb, deps.config, ID, 'deviceCode');
  if (typeof creds === 'string' || !deviceCode) {
    await allegroDb(tdb).updateTable(STATE).set({ device_state: 'none', user_code: null }).execute();
    return;
  }
  const res = await oauthCall(
    s,
    creds.settings,
    creds.secret,
    '/auth/oauth/token',
    { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: deviceCode },
    'Sprawdzenie, czy sprzedawca zatwierdził połączenie',
    job.id,
  );
  const t = readTokenAnswer(res);
  if (t && !('error' in t)) {
    await storeTokens(s, t);
    await tdb.transaction(async (trx) => {
      await allegroDb(trx)
        .updateTable(STATE)
        .set({ device_state: 'connected', user_code: null, verification_uri: null })
        .execute();
      await writePluginSecret(trx, deps.config, ID, 'deviceCode', null);
      await clearPluginReconnect(trx, ID, deps.now());
    });
    return;
  }
  const error = t && 'error' in t ? t.error : 'malformed';
  if (error === 'authorization_pending' || error === 'slow_down' || error === 'malformed') {
    const interval = st.device_interval + (error === 'slow_down' ? 5 : 0);
    await tdb.transaction(async (trx) => {
      if (interval !== st.device_interval)
        await allegroDb(trx).updateTable(STATE).set({ device_interval: interval }).execute();
      await enqueuePluginJob(trx, ID, 'poll-token', { runAt: new Date(now.getTime() + interval * 1000) });
    });
    return;
  }
  await allegroDb(tdb)
    .updateTable(STATE)
    .set({ device_state: error === 'access_denied' ? 'denied' : 'expired', user_code: null })
    .execute();
  await writePluginSecret(tdb, deps.config, ID, 'deviceCode', null);
}

const syncPayload = z.object({ scheduled: z.boolean().optional() }).nullish();

/** The sync: orders from the journal, then the offers list and what changed of stock and price. */
async function sync({ job, tdb, deps }: PluginJobContext): Promise<void> {
  const s = { tdb, deps };
  const p = syncPayload.parse(job.payload);
  if (!(await isConnected(s))) return;
  const st = await readState(tdb);
  const now = deps.now();
  if (p?.scheduled) {
    const settings = await readSettings(s);
    if (st.last_sync_at && Date.parse(st.last_sync_at) + settings.scheduleMinutes * 60_000 - 30_000 > now.getTime())
      return;
  }
  const api = await allegroApi(s, job.id);
  try {
    await importOrders(s, job.id, api);
    await refreshOffers(s, api);
    await pushOffers(s, job.id, api, true);
  } catch (err) {
    if (err instanceof OutsideError && !(err instanceof OutsideAuthError))
      await recordError(tdb, err.userMessage, deps.now());
    throw err;
  }
  await allegroDb(tdb).updateTable(STATE).set({ last_sync_at: now.toISOString(), last_error: null }).execute();
}

async function changed({ job, tdb, deps }: PluginJobContext): Promise<void> {
  const { event, payload } = job.payload as PluginEventJob;
  const ids =
    event === 'stock.changed'
      ? domainEventSchemas['stock.changed'].parse(payload).items.map((i) => i.itemId)
      : event === 'items.saved'
        ? domainEventSchemas['items.saved'].parse(payload).itemIds
        : [];
  if (ids.length === 0) return;
  await markDirty(tdb, ids);
  const s = { tdb, deps };
  if (!(await isConnected(s)) || (await pluginConnection(tdb, ID)).state === 'reconnect') return;
  await pushOffers(s, job.id);
}

async function statusChanged({ job, tdb, deps }: PluginJobContext): Promise<void> {
  const { payload } = job.payload as PluginEventJob<'order.status_changed'>;
  const orders = domainEventSchemas['order.status_changed'].parse(payload).orders;
  const s = { tdb, deps };
  if (!(await isConnected(s))) return;
  await pushStatuses(
    s,
    job.id,
    orders.map((o) => ({ orderId: o.orderId, to: o.to })),
  );
}

async function dispatched({ job, tdb, deps }: PluginJobContext): Promise<void> {
  const { payload } = job.payload as PluginEventJob<'order.dispatched'>;
  const s = { tdb, deps };
  if (!(await isConnected(s))) return;
  await pushWaybills(s, job.id, domainEventSchemas['order.dispatched'].parse(payload).dispatches);
}

async function mappingAnswer(s: Scope) {
  const st = await readState(s.tdb);
  const m = readMapping(st.mapping);
  const refs = await orderReferences(s, ID);
  const methods = await allegroDb(s.tdb).selectFrom(DELIVERY).selectAll().orderBy('name').execute();
  return {
    statusFromAllegro: m.statusFromAllegro as Record<string, number | null>,
    statusToAllegro: m.statusToAllegro as Record<string, string | null>,
    incomeSourceId: m.incomeSourceId,
    deliveryMethods: methods.map((d) => ({
      methodId: d.method_id,
      name: d.name,
      carrierMethodId: d.carrier_method_id === null ? null : Number(d.carrier_method_id),
    })),
    orderStatuses: refs.orderStatuses,
    incomeSources: refs.incomeSources,
    carrierMethods: refs.carriers.flatMap((c) => c.methods.map((m2) => ({ id: m2.id, name: `${c.name}: ${m2.name}` }))),
  };
}

async function offersOf(tdb: TenantDb, itemId: number) {
  const rows = await allegroDb(tdb)
    .selectFrom(OFFERS)
    .selectAll()
    .where('item_id', '=', itemId)
    .orderBy('offer_id')
    .execute();
  return rows.map((r) => ({
    offerId: r.offer_id,
    name: r.name,
    externalId: r.external_id,
    itemId: r.item_id === null ? null : Number(r.item_id),
    link: (r.link === 'manual' || r.link === 'auto' ? r.link : null) as 'manual' | 'auto' | null,
    status: r.status,
    stock: r.stock === null ? null : Number(r.stock),
    price: r.price === null ? null : Number(r.price) / 100,
    sentQuantity: r.sent_qty === null ? null : Number(r.sent_qty),
    sentPrice: r.sent_price === null ? null : Number(r.sent_price) / 100,
    lastError: r.last_error,
    updatedAt: r.updated_at,
  }));
}

function startOfToday(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
}

/**
 * Allegro (docs/plugins.md, "Plugin: allegro"): the OAuth device flow, order import from the event
 * journal, fulfilment status both ways, waybills after dispatch, and stock and prices of linked
 * offers as batched change commands.
 */
export default definePlugin({
  manifest,
  server: () => ({
    migrations,
    tables: TABLES,
    jobs: [
      { name: 'poll-token', handler: pollToken },
      { name: 'sync', handler: sync, timeoutSeconds: 1800 },
      { name: 'changed', handler: changed },
      { name: 'push-status', handler: statusChanged },
      { name: 'push-waybill', handler: dispatched },
    ],
    schedules: [
      { name: 'sync', everyMinutes: 1, job: { name: 'sync', payload: { scheduled: true }, dedupeKey: 'sync' } },
    ],
    subscriptions: {
      'stock.changed': 'changed',
      'items.saved': 'changed',
      'order.status_changed': 'push-status',
      'order.dispatched': 'push-waybill',
    },
    routes: [
      route({
        method: 'GET',
        url: '/connect',
        access: MANAGE,
        summary: 'Stan połączenia z kontem Allegro',
        response: connectStateSchema,
        handler: (ctx) => connectState(ctx),
      }),
      route({
        method: 'POST',
        url: '/connect',
        access: MANAGE,
        summary: 'Połączenie konta Allegro (kod urządzenia)',
        response: connectStartedSchema,
        handler: async (ctx) => {
          const creds = await clientCredentials(ctx);
          if (typeof creds === 'string') throw badRequest(creds);
          const res = await oauthCall(
            ctx,
            creds.settings,
            creds.secret,
            '/auth/oauth/device',
            { client_id: creds.settings.clientId },
            'Rozpoczęcie łączenia konta',
          );
          const d = z
            .object({
              device_code: z.string().min(1),
              user_code: z.string().min(1),
              verification_uri_complete: z.string().min(1),
              expires_in: z.number().positive(),
              interval: z.number().positive().optional(),
            })
            .safeParse(res.data);
          if (res.status !== 200 || !d.success)
            throw badRequest(
              'Allegro odmówiło rozpoczęcia łączenia: sprawdź Client ID i Client Secret w ustawieniach.',
            );
          const now = ctx.deps.now();
          const expiresAt = new Date(now.getTime() + d.data.expires_in * 1000).toISOString();
          const interval = Math.min(60, Math.max(1, Math.round(d.data.interval ?? 5)));
          await readState(ctx.tdb);
          await ctx.tdb.transaction(async (tdb) => {
            await writePluginSecret(tdb, ctx.deps.config, ID, 'deviceCode', d.data.device_code);
            await allegroDb(tdb)
              .updateTable(STATE)
              .set({
                device_state: 'pending',
                user_code: d.data.user_code.slice(0, 64),
                verification_uri: d.data.verification_uri_complete.slice(0, 500),
                device_expires_at: expiresAt,
                device_interval: interval,
              })
              .execute();
            await enqueuePluginJob(tdb, ID, 'poll-token', { runAt: new Date(now.getTime() + interval * 1000) });
          });
          return {
            state: 'pending' as const,
            userCode: d.data.user_code,
            verificationUriComplete: d.data.verification_uri_complete,
            expiresAt,
          };
        },
      }),
      route({
        method: 'DELETE',
        url: '/connect',
        access: MANAGE,
        summary: 'Odłączenie konta Allegro (usuwa tokeny)',
        response: NO_CONTENT,
        handler: async (ctx) => {
          await readState(ctx.tdb);
          await ctx.tdb.transaction(async (tdb) => {
            for (const name of ['accessToken', 'refreshToken', 'deviceCode'])
              await writePluginSecret(tdb, ctx.deps.config, ID, name, null);
            await allegroDb(tdb)
              .updateTable(STATE)
              .set({ device_state: 'none', user_code: null, access_expires_at: null })
              .execute();
          });
        },
      }),
      route({
        method: 'POST',
        url: '/test_connection',
        access: MANAGE,
        summary: 'Sprawdzenie połączenia z Allegro',
        response: testConnectionSchema,
        handler: async (ctx) => {
          const creds = await clientCredentials(ctx);
          if (typeof creds === 'string') return { ok: false, message: creds };
          if (!(await isConnected(ctx)))
            return { ok: false, message: 'Konto Allegro nie jest połączone: połącz je na ekranie „Połączenie”.' };
          try {
            const api = await allegroApi(ctx);
            const me = meAnswer.safeParse(
              (await api.request({ method: 'GET', path: '/me', what: 'Sprawdzenie połączenia' })).data,
            );
            await clearPluginReconnect(ctx.tdb, ID, ctx.deps.now());
            return {
              ok: true,
              message: me.success ? `Połączono z Allegro jako ${me.data.login}.` : 'Połączono z Allegro.',
            };
          } catch (err) {
            if (err instanceof OutsideAuthError) {
              await markPluginReconnect(ctx.tdb, ID, err.userMessage, ctx.deps.now());
              return { ok: false, message: err.userMessage };
            }
            if (err instanceof OutsideError) return { ok: false, message: err.userMessage };
            if (err instanceof Error && 'seconds' in err)
              return { ok: false, message: 'Allegro ogranicza liczbę zapytań: spróbuj za chwilę.' };
            throw err;
          }
        },
      }),
      route({
        method: 'POST',
        url: '/sync',
        access: MANAGE,
        summary: 'Synchronizacja z Allegro teraz (zamówienia, oferty)',
        response: syncStartedSchema,
        handler: async (ctx) => {
          const id = await enqueuePluginJob(ctx.tdb, ID, 'sync', { payload: {}, dedupeKey: 'sync' });
          if (id !== null) return { jobId: id };
          const running = await ctx.tdb
            .selectFrom('jobs')
            .select('id')
            .where('kind', '=', `${ID}.sync`)
            .where('state', 'in', ['pending', 'running'])
            .orderBy('id', 'desc')
            .executeTakeFirstOrThrow();
          return { jobId: Number(running.id) };
        },
      }),
      route({
        method: 'GET',
        url: '/mapping',
        access: MANAGE,
        summary: 'Mapowanie statusów, źródła i metod dostawy',
        response: mappingSchema,
        handler: (ctx) => mappingAnswer(ctx),
      }),
      route({
        method: 'PUT',
        url: '/mapping',
        access: MANAGE,
        summary: 'Zapis mapowania statusów, źródła i metod dostawy',
        response: mappingSchema,
        body: mappingInputSchema,
        handler: async (ctx, { body }) => {
          const refs = await orderReferences(ctx, ID);
          const statuses = new Set(refs.orderStatuses.map((x) => x.id));
          for (const [k, v] of Object.entries(body.statusFromAllegro))
            if (v !== null && v !== undefined && !statuses.has(v))
              throw badRequest('Nie ma takiego statusu zamówienia.', `statusFromAllegro.${k}`);
          for (const k of Object.keys(body.statusToAllegro))
            if (!statuses.has(Number(k)))
              throw badRequest('Nie ma takiego statusu zamówienia.', `statusToAllegro.${k}`);
          if (body.incomeSourceId !== null && !refs.incomeSources.some((x) => x.id === body.incomeSourceId))
            throw badRequest('Nie ma takiego źródła zamówień.', 'incomeSourceId');
          const methods = new Set(refs.carriers.flatMap((c) => c.methods.map((m) => m.id)));
          for (const d of body.deliveryMethods)
            if (d.carrierMethodId !== null && !methods.has(d.carrierMethodId))
              throw badRequest('Nie ma takiej metody przewoźnika.', 'deliveryMethods');
          await readState(ctx.tdb);
          await ctx.tdb.transaction(async (tdb) => {
            const db = allegroDb(tdb);
            const { deliveryMethods, ...rest } = body;
            await db
              .updateTable(STATE)
              .set({ mapping: JSON.stringify(rest) })
              .execute();
            for (const d of deliveryMethods)
              await db
                .updateTable(DELIVERY)
                .set({ carrier_method_id: d.carrierMethodId })
                .where('method_id', '=', d.methodId)
                .execute();
          });
          return mappingAnswer(ctx);
        },
      }),
      route({
        method: 'GET',
        url: '/offers',
        access: 'main.items.show',
        summary: 'Oferty Allegro powiązane z towarem',
        response: offersAnswerSchema,
        query: itemQuerySchema,
        handler: async (ctx, { query }) => ({ offers: await offersOf(ctx.tdb, query.itemId) }),
      }),
      route({
        method: 'PUT',
        url: '/offer_link',
        access: 'main.items.edit',
        summary: 'Ręczne powiązanie oferty Allegro z towarem',
        response: offersAnswerSchema,
        body: linkInputSchema,
        handler: async (ctx, { body }) => {
          const db = allegroDb(ctx.tdb);
          const offer = await db
            .selectFrom(OFFERS)
            .select(['id', 'item_id'])
            .where('offer_id', '=', body.offerId)
            .executeTakeFirst();
          if (!offer) throw notFound('Nie ma takiej oferty Allegro (synchronizuj listę ofert).');
          if (body.itemId !== null) {
            const item = await ctx.tdb
              .selectFrom('items')
              .select('id')
              .where('id', '=', body.itemId)
              .executeTakeFirst();
            if (!item) throw notFound('Nie znaleziono towaru.');
          }
          await db
            .updateTable(OFFERS)
            .set({ item_id: body.itemId, link: body.itemId === null ? null : 'manual', dirty: 1 })
            .where('id', '=', offer.id)
            .execute();
          return { offers: body.itemId !== null ? await offersOf(ctx.tdb, body.itemId) : [] };
        },
      }),
      route({
        method: 'GET',
        url: '/widget',
        access: 'main.order.show',
        summary: 'Zamówienia z Allegro zaimportowane dziś i błędy',
        response: widgetSchema,
        handler: async (ctx) => {
          const since = startOfToday(ctx.deps.now());
          const imported = await allegroDb(ctx.tdb)
            .selectFrom(FORMS)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('imported_at', '>=', since)
            .executeTakeFirstOrThrow();
          const errors = await ctx.tdb
            .selectFrom('plugin_calls')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('plugin_id', '=', ID)
            .where('ok', '=', 0)
            .where('at', '>=', since)
            .executeTakeFirstOrThrow();
          const st = await connectState(ctx);
          return {
            importedToday: Number(imported.n),
            errorsToday: Number(errors.n),
            lastError: st.lastError,
            state: st.state,
          };
        },
      }),
    ],
  }),
});

export type { Deps };
