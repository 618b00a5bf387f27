import { pluginConnectionTestAnswerSchema } from '@zaplecze/contract';
import { z } from 'zod';
import {
  AppError,
  clearPluginReconnect,
  definePlugin,
  enqueuePluginJob,
  OutsideError,
  OutsideRefusedError,
  orderReferences,
  patchImportedOrder,
  refreshShipmentStates,
  route,
  utcDay,
  type PluginEventJob,
  type PluginJobContext,
  type TenantDb,
} from '@zaplecze/plugin-sdk';
import { manifest } from '../manifest';
import {
  dayQuerySchema,
  dispatchOrderAnswerSchema,
  dispatchOrderBodySchema,
  INPOST_MSG,
  parcelsAnswerSchema,
  referencesAnswerSchema,
} from '../schemas';
import { carrier } from './carrier';
import { ID, loadSettings, Shipx } from './shipx';
import { inpostDb, migrations, SHIPMENTS, TABLES } from './tables';

const MANAGE = 'main.plugins.manage';

async function parcelsOfDay(tdb: TenantDb, date: string | undefined, now: Date) {
  const { d, from, to } = utcDay(date, now);
  const rows = await inpostDb(tdb)
    .selectFrom(SHIPMENTS)
    .selectAll()
    .where('started_at', '>=', from)
    .where('started_at', '<', to)
    .orderBy('id')
    .limit(2000)
    .execute();
  return {
    date: d,
    parcels: rows.map((r) => ({
      orderId: r.order_id,
      method: r.method_key,
      service: r.service,
      shipmentId: r.shipment_id,
      trackingNumber: r.tracking_number,
      status: r.status,
      sendingMethod: r.sending_method,
      createdAt: r.started_at,
      dispatchOrder: r.dispatch_order,
    })),
  };
}

/** 'Sync now': the organisation's InPost parcels asked where they are (the core's state run). */
async function sync(ctx: PluginJobContext): Promise<void> {
  await refreshShipmentStates(ctx.deps, ctx.tdb, {
    carrierId: ID,
    signal: ctx.signal,
    progress: (done, total) => ctx.progress(done, total),
  });
}

/** A parcel delivered: the order gets the seller's 'delivered' status, when one is set. */
async function delivered(ctx: PluginJobContext): Promise<void> {
  const { payload } = ctx.job.payload as PluginEventJob<'shipment.state_changed'>;
  const mine = payload.shipments.filter((s) => s.carrier === ID && s.state === 'DELIVERED');
  if (mine.length === 0) return;
  const settings = await loadSettings(ctx.tdb, ctx.deps);
  if (settings.deliveredStatusId === null) return;
  for (const s of mine) {
    try {
      await patchImportedOrder({ tdb: ctx.tdb, deps: ctx.deps }, ID, s.orderId, {
        orderStatusId: settings.deliveredStatusId,
      });
    } catch (err) {
      // The order or the status is gone since: nothing to change; anything else is retried.
      if (err instanceof AppError && err.statusCode >= 400 && err.statusCode < 500) continue;
      throw err;
    }
  }
}

/**
 * InPost (docs/plugins.md, "Plugin: inpost"): parcel lockers and courier through ShipX, with the
 * day's parcels, their states, cancel and the courier pickup (dispatch order).
 */
export default definePlugin({
  manifest,
  server: () => ({
    migrations,
    tables: TABLES,
    carriers: [carrier],
    jobs: [
      { name: 'sync', handler: sync, timeoutSeconds: 900 },
      { name: 'delivered', handler: delivered },
    ],
    subscriptions: { 'shipment.state_changed': 'delivered' },
    routes: [
      route({
        method: 'POST',
        url: '/test_connection',
        access: MANAGE,
        summary: 'Sprawdzenie połączenia z ShipX (dane organizacji)',
        response: pluginConnectionTestAnswerSchema,
        handler: async (ctx) => {
          try {
            const x = await Shipx.of(ctx.tdb, ctx.deps);
            await x.requireCredentials(ctx.tdb, ctx.deps);
            const res = await x.client.request<{ id?: number; name?: string }>({
              method: 'GET',
              path: x.orgPath,
              what: 'Sprawdzenie połączenia',
            });
            await clearPluginReconnect(ctx.tdb, ID, ctx.deps.now());
            const name = typeof res.data?.name === 'string' ? ` „${res.data.name}”` : '';
            return {
              ok: true,
              message: `Połączono z InPost: organizacja${name} (nr ${x.settings.organizationId}).`,
            };
          } catch (err) {
            if (err instanceof OutsideError) return { ok: false, message: err.userMessage };
            throw err;
          }
        },
      }),
      route({
        method: 'POST',
        url: '/sync',
        access: MANAGE,
        summary: 'Odświeżenie stanów przesyłek InPost teraz',
        response: z.object({ jobId: z.number().nullable() }),
        handler: async (ctx) => ({
          jobId: await ctx.tdb.transaction((tdb) => enqueuePluginJob(tdb, ID, 'sync', { dedupeKey: 'sync' })),
        }),
      }),
      route({
        method: 'GET',
        url: '/references',
        access: MANAGE,
        summary: 'Statusy zamówień do ustawień wtyczki',
        response: referencesAnswerSchema,
        handler: async (ctx) => {
          const refs = await orderReferences({ tdb: ctx.tdb, deps: ctx.deps }, ID);
          return { orderStatuses: refs.orderStatuses };
        },
      }),
      route({
        method: 'GET',
        url: '/parcels',
        access: MANAGE,
        summary: 'Przesyłki InPost nadane danego dnia (domyślnie dziś)',
        query: dayQuerySchema,
        response: parcelsAnswerSchema,
        handler: (ctx, { query }) => parcelsOfDay(ctx.tdb, query.date, ctx.deps.now()),
      }),
      route({
        method: 'POST',
        url: '/dispatch_order',
        access: MANAGE,
        summary: 'Zamówienie kuriera InPost po paczki danego dnia (dispatch order)',
        body: dispatchOrderBodySchema,
        response: dispatchOrderAnswerSchema,
        handler: async (ctx, { body }) => {
          const { from, to } = utcDay(body.date, ctx.deps.now());
          const rows = await inpostDb(ctx.tdb)
            .selectFrom(SHIPMENTS)
            .select(['shipment_id'])
            .where('started_at', '>=', from)
            .where('started_at', '<', to)
            .where('sending_method', '=', 'dispatch_order')
            .where('status', '=', 'confirmed')
            .where('dispatch_order', 'is', null)
            .limit(1000)
            .execute();
          const ids = rows.map((r) => r.shipment_id).filter((id): id is string => id !== null);
          if (ids.length === 0) throw new OutsideRefusedError(0, INPOST_MSG.noParcels);
          const x = await Shipx.of(ctx.tdb, ctx.deps);
          await x.requireCredentials(ctx.tdb, ctx.deps);
          const res = await x.client.request<{ id?: number | string }>({
            method: 'POST',
            path: `${x.orgPath}/dispatch_orders`,
            json: {
              shipments: ids.map(Number),
              address: {
                street: body.street,
                building_number: body.buildingNumber,
                city: body.city,
                post_code: body.postCode,
                country_code: 'PL',
              },
              ...(body.comment ? { comment: body.comment } : {}),
            },
            what: `Zamówienie kuriera (${ids.length} paczek)`,
            expect: [200, 201],
          });
          const id = res.data?.id;
          if (id === undefined) throw new OutsideRefusedError(200, 'InPost nie podał numeru zlecenia odbioru.');
          await inpostDb(ctx.tdb)
            .updateTable(SHIPMENTS)
            .set({ dispatch_order: String(id), updated_at: ctx.deps.now().toISOString() })
            .where('shipment_id', 'in', ids)
            .execute();
          return { dispatchOrderId: String(id), parcels: ids.length };
        },
      }),
    ],
  }),
});
