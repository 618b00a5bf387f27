import { z } from 'zod';
import {
  badRequest,
  clearPluginReconnect,
  definePlugin,
  enqueuePluginJob,
  hmacSignatureMatches,
  NO_CONTENT,
  notFound,
  OutsideError,
  orderReferences,
  pluginHookKey,
  readPluginSecret,
  RetryAfterError,
  route,
  type PluginJobContext,
  type PluginWebhookInput,
} from '@zaplecze/plugin-sdk';
import { manifest } from '../manifest';
import {
  itemLinkAnswerSchema,
  itemQuerySchema,
  jobStartedSchema,
  linkPutSchema,
  logAnswerSchema,
  statusAnswerSchema,
  testConnectionAnswerSchema,
  webhookAnswerSchema,
  WOO_MSG,
} from '../schemas';
import { ID, loadSettings, parseAnswer, wooClient, wooProductSchema } from './client';
import { productRef, pushPayload, runNote, runPush, runStatusOut } from './push';
import { runSync } from './sync';
import { LINKS, LOG, logLine, migrations, ORDERS, STATE, wooDb } from './tables';

const ACCESS = 'main.plugins.manage';
const HOOK = 'orders';
const hookPath = (key: string) => `/api/hooks/${ID}/${HOOK}/${key}`;

const orderReferencesSchema = z.object({
  orderStatuses: z.array(z.object({ id: z.number(), name: z.string() })),
  incomeSources: z.array(z.object({ id: z.number(), name: z.string() })),
  carriers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      methods: z.array(z.object({ id: z.number(), name: z.string(), subName: z.string(), sendType: z.string() })),
    }),
  ),
  vatRates: z.array(z.string()),
  defaultOrderStatusId: z.number().nullable(),
  defaultIncomeSourceId: z.number().nullable(),
});

/** `X-WC-Webhook-Signature` = base64(HMAC-SHA256(raw body, webhookSecret)), compared in constant time. */
async function verifyWebhook({ tdb, deps, headers, body }: PluginWebhookInput): Promise<boolean> {
  const signature = headers['x-wc-webhook-signature'];
  if (!signature) return false;
  const secret = await readPluginSecret(tdb, deps.config, ID, 'webhookSecret');
  if (!secret) return false;
  return hmacSignatureMatches({ secret, body, signature, algorithm: 'sha256', encoding: 'base64' });
}

const webhookBody = z.object({ id: z.number().int().positive() });

/** A verified order webhook: the import of that order is enqueued (fetched afresh by the job). */
async function handleWebhook({ tdb, headers, body }: PluginWebhookInput): Promise<void> {
  const topic = headers['x-wc-webhook-topic'] ?? '';
  if (!/^order\.(created|updated|restored)$/.test(topic))
    throw badRequest('Powiadomienie nie dotyczy zamówienia (oczekiwano order.created lub order.updated).');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw badRequest('Treść powiadomienia nie jest poprawnym JSON.');
  }
  const order = webhookBody.safeParse(parsed);
  if (!order.success) throw badRequest('Powiadomienie nie zawiera identyfikatora zamówienia.');
  await tdb.transaction((t) =>
    enqueuePluginJob(t, ID, 'sync', { payload: { orderId: order.data.id }, dedupeKey: `order:${order.data.id}` }),
  );
}

/** The test connection: one small read of orders; a success ends 'Połącz ponownie'. */
async function testConnection(ctx: { tdb: PluginJobContext['tdb']; deps: PluginJobContext['deps'] }) {
  const settings = await loadSettings(ctx.tdb, ctx.deps);
  if (settings.url === '') return { ok: false, message: WOO_MSG.noUrl };
  const key = await readPluginSecret(ctx.tdb, ctx.deps.config, ID, 'consumerKey');
  const secret = await readPluginSecret(ctx.tdb, ctx.deps.config, ID, 'consumerSecret');
  if (!key || !secret) return { ok: false, message: WOO_MSG.noKeys };
  try {
    const client = await wooClient(ctx.tdb, ctx.deps, settings);
    const res = await client.request({
      method: 'GET',
      path: '/orders',
      query: { per_page: 1 },
      what: 'Sprawdzenie połączenia',
    });
    if (!Array.isArray(res.data))
      return { ok: false, message: 'Sklep odpowiedział, ale nie jak WooCommerce REST API v3. Sprawdź adres sklepu.' };
    await clearPluginReconnect(ctx.tdb, ID);
    const total = res.headers['x-wp-total'];
    return { ok: true, message: `Połączono ze sklepem WooCommerce${total ? ` (zamówień w sklepie: ${total})` : ''}.` };
  } catch (err) {
    if (err instanceof RetryAfterError)
      return { ok: false, message: `Sklep ogranicza liczbę zapytań: spróbuj ponownie za ${err.seconds} s.` };
    if (err instanceof OutsideError) return { ok: false, message: err.userMessage };
    throw err;
  }
}

export default definePlugin({
  manifest,
  server: () => ({
    migrations,
    tables: [LOG, LINKS, ORDERS, STATE],
    jobs: [
      { name: 'sync', handler: runSync, timeoutSeconds: 1800 },
      { name: 'push', handler: runPush, timeoutSeconds: 1800 },
      { name: 'status-out', handler: runStatusOut },
      { name: 'note', handler: runNote },
    ],
    schedules: [
      { name: 'sync', everyMinutes: 5, job: { name: 'sync', payload: { scheduled: true }, dedupeKey: 'sync' } },
    ],
    subscriptions: {
      'stock.changed': 'push',
      'items.saved': 'push',
      'order.status_changed': 'status-out',
      'order.dispatched': 'note',
    },
    webhooks: [
      {
        name: HOOK,
        summary: 'WooCommerce: powiadomienie o zamówieniu (webhook z podpisem)',
        // WooCommerce's test call when a webhook is saved: unsigned, form-encoded `webhook_id=<n>`.
        isPing: ({ headers, body }) =>
          !headers['x-wc-webhook-signature'] && /^webhook_id=\d{1,20}$/.test(body.toString('utf8')),
        verify: verifyWebhook,
        handle: handleWebhook,
      },
    ],
    routes: [
      route({
        method: 'POST',
        url: '/test_connection',
        access: ACCESS,
        summary: 'Sprawdzenie połączenia ze sklepem WooCommerce',
        response: testConnectionAnswerSchema,
        handler: (ctx) => testConnection(ctx),
      }),
      route({
        method: 'POST',
        url: '/sync',
        access: ACCESS,
        summary: 'Import zamówień ze sklepu teraz',
        response: jobStartedSchema,
        handler: async (ctx) => {
          const jobId = await ctx.tdb.transaction((t) => enqueuePluginJob(t, ID, 'sync', { payload: {} }));
          return { jobId: jobId! };
        },
      }),
      route({
        method: 'POST',
        url: '/push',
        access: ACCESS,
        summary: 'Połączenie towarów z produktami po SKU i wysłanie stanów oraz cen',
        response: jobStartedSchema,
        body: pushPayload,
        handler: async (ctx, { body }) => {
          const jobId = await ctx.tdb.transaction((t) =>
            enqueuePluginJob(t, ID, 'push', { payload: { all: true, force: body.force ?? false } }),
          );
          return { jobId: jobId! };
        },
      }),
      route({
        method: 'GET',
        url: '/references',
        access: ACCESS,
        summary: 'Statusy, źródła przychodu i metody przewoźników do mapowania',
        response: orderReferencesSchema,
        handler: (ctx) => orderReferences(ctx, ID),
      }),
      route({
        method: 'GET',
        url: '/webhook',
        access: ACCESS,
        summary: 'Adres powiadomień (webhook) organizacji',
        response: webhookAnswerSchema,
        handler: async (ctx) => ({
          path: hookPath(await pluginHookKey(ctx.tdb, ID)),
          secretSet: (await readPluginSecret(ctx.tdb, ctx.deps.config, ID, 'webhookSecret')) !== null,
        }),
      }),
      route({
        method: 'POST',
        url: '/webhook/renew',
        access: ACCESS,
        summary: 'Nowy adres powiadomień (stary przestaje działać)',
        response: webhookAnswerSchema,
        handler: async (ctx) => ({
          path: hookPath(await pluginHookKey(ctx.tdb, ID, { renew: true })),
          secretSet: (await readPluginSecret(ctx.tdb, ctx.deps.config, ID, 'webhookSecret')) !== null,
        }),
      }),
      route({
        method: 'GET',
        url: '/status',
        access: ACCESS,
        summary: 'Stan importu: kursor, ostatnia synchronizacja, liczby',
        response: statusAnswerSchema,
        handler: async (ctx) => {
          const db = wooDb(ctx.tdb);
          const state = await db.selectFrom(STATE).selectAll().executeTakeFirst();
          const imported = await db
            .selectFrom(ORDERS)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('order_id', 'is not', null)
            .executeTakeFirst();
          const links = await db
            .selectFrom(LINKS)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst();
          return {
            cursor: state?.cursor_at ? `${state.cursor_at}Z #${state.cursor_id}` : null,
            lastSyncAt: state?.last_sync_at ? new Date(state.last_sync_at).toISOString() : null,
            imported: Number(imported?.n ?? 0),
            links: Number(links?.n ?? 0),
          };
        },
      }),
      route({
        method: 'GET',
        url: '/log',
        access: ACCESS,
        summary: 'Zdarzenia importu (ostatnie 200)',
        response: logAnswerSchema,
        handler: async (ctx) => {
          const rows = await wooDb(ctx.tdb).selectFrom(LOG).selectAll().orderBy('id', 'desc').limit(200).execute();
          return {
            entries: rows.map((r) => ({
              id: Number(r.id),
              at: new Date(r.at).toISOString(),
              orderId: r.order_id === null ? null : Number(r.order_id),
              message: r.message,
            })),
          };
        },
      }),
      route({
        method: 'GET',
        url: '/link',
        access: 'main.items.show',
        summary: 'Produkt sklepu połączony z towarem',
        response: itemLinkAnswerSchema,
        query: itemQuerySchema,
        handler: async (ctx, { query }) => {
          const item = await ctx.tdb.selectFrom('items').select('id').where('id', '=', query.itemId).executeTakeFirst();
          if (!item) throw notFound(WOO_MSG.itemMissing);
          const l = await wooDb(ctx.tdb)
            .selectFrom(LINKS)
            .selectAll()
            .where('item_id', '=', query.itemId)
            .executeTakeFirst();
          return {
            link: l
              ? {
                  itemId: Number(l.item_id),
                  productId: Number(l.product_id),
                  variationId: Number(l.variation_id),
                  sku: l.sku,
                  auto: l.auto === 1,
                  lastStock: l.last_stock,
                  lastPrice: l.last_price,
                  pushedAt: l.pushed_at ? new Date(l.pushed_at).toISOString() : null,
                }
              : null,
          };
        },
      }),
      route({
        method: 'PUT',
        url: '/link',
        access: 'main.items.edit',
        summary: 'Połączenie towaru z produktem sklepu po SKU (puste: rozłączenie)',
        response: NO_CONTENT,
        body: linkPutSchema,
        handler: async (ctx, { body }) => {
          const item = await ctx.tdb.selectFrom('items').select('id').where('id', '=', body.itemId).executeTakeFirst();
          if (!item) throw notFound(WOO_MSG.itemMissing);
          if (body.sku === '') {
            await wooDb(ctx.tdb).deleteFrom(LINKS).where('item_id', '=', body.itemId).execute();
            return;
          }
          const settings = await loadSettings(ctx.tdb, ctx.deps);
          const client = await wooClient(ctx.tdb, ctx.deps, settings);
          const res = await client.request({
            method: 'GET',
            path: '/products',
            query: { sku: body.sku },
            what: 'Wyszukanie produktu po SKU',
            itemId: body.itemId,
          });
          const found = parseAnswer(z.array(wooProductSchema), res.data, 'lista produktów').find(
            (p) => p.sku === body.sku,
          );
          if (!found) throw badRequest(WOO_MSG.productMissing, 'sku');
          const ref = productRef(found);
          await ctx.tdb.transaction(async (t) => {
            const db = wooDb(t);
            const other = await db
              .selectFrom(LINKS)
              .select('item_id')
              .where('product_id', '=', ref.productId)
              .where('variation_id', '=', ref.variationId)
              .where('item_id', '!=', body.itemId)
              .executeTakeFirst();
            if (other) throw badRequest(WOO_MSG.linkTaken, 'sku');
            await db.deleteFrom(LINKS).where('item_id', '=', body.itemId).execute();
            await db
              .insertInto(LINKS, {
                item_id: body.itemId,
                product_id: ref.productId,
                variation_id: ref.variationId,
                sku: body.sku,
                auto: 0,
                last_stock: null,
                last_price: null,
                pushed_at: null,
              })
              .execute();
            await logLine(
              t,
              `Towar ${body.itemId} połączono ręcznie z produktem SKU ${body.sku}.`,
              null,
              ctx.deps.now(),
            );
          });
        },
      }),
    ],
  }),
});
