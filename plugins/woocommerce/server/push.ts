/**
 * What goes out to the shop (docs/plugins.md, "Plugin: woocommerce"): stock and prices of linked
 * products and variations through the batch endpoints (at most 100 objects a call), our order
 * statuses by the mapping, and waybill numbers as notes to the customer (checked first, so a retry
 * adds none twice).
 */
import {
  domainEventSchemas,
  externalRefsOfOrders,
  sellableStock,
  type OutsideClient,
  type PluginEventJob,
  type PluginJobContext,
  type TenantDb,
} from '@zaplecze/plugin-sdk';
import { z } from 'zod';
import type { WooSettings } from '../schemas';
import {
  isConfigured,
  loadSettings,
  parseAnswer,
  wooBatchAnswerSchema,
  wooClient,
  wooNoteSchema,
  wooProductSchema,
  type WooProduct,
} from './client';
import { LINKS, logLine, ORDERS, wooDb } from './tables';

const BATCH = 100;
const money = (grosze: number) => (grosze / 100).toFixed(2);

/** Items linked automatically: a shop product or variation whose SKU is the item's code. */
export async function autoLink(
  tdb: TenantDb,
  client: OutsideClient,
  itemIds: readonly number[] | 'all',
): Promise<number> {
  const db = wooDb(tdb);
  let q = tdb.selectFrom('items').select(['id', 'code']).where('code', '!=', '');
  if (itemIds !== 'all') {
    if (itemIds.length === 0) return 0;
    q = q.where('id', 'in', itemIds);
  }
  const items = await q.execute();
  const have = new Set((await db.selectFrom(LINKS).select('item_id').execute()).map((r) => Number(r.item_id)));
  const open = items.filter((i) => !have.has(Number(i.id)));
  let linked = 0;
  for (let i = 0; i < open.length; i += 50) {
    const part = open.slice(i, i + 50);
    const res = await client.request({
      method: 'GET',
      path: '/products',
      query: { sku: part.map((p) => p.code).join(','), per_page: 100 },
      what: 'Wyszukanie produktów po SKU',
    });
    const products = parseAnswer(z.array(wooProductSchema), res.data, 'lista produktów');
    const taken = new Set(
      (await db.selectFrom(LINKS).select(['product_id', 'variation_id']).execute()).map(
        (l) => `${l.product_id}:${l.variation_id}`,
      ),
    );
    for (const item of part) {
      const p = products.find((x) => (x.sku ?? '').toUpperCase() === item.code.toUpperCase());
      if (!p) continue;
      const ref = productRef(p);
      if (taken.has(`${ref.productId}:${ref.variationId}`)) continue;
      await db
        .insertInto(LINKS, {
          item_id: Number(item.id),
          product_id: ref.productId,
          variation_id: ref.variationId,
          sku: p.sku ?? '',
          auto: 1,
          last_stock: null,
          last_price: null,
          pushed_at: null,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      taken.add(`${ref.productId}:${ref.variationId}`);
      linked++;
    }
  }
  return linked;
}

/** A product or a variation as the link keeps it. */
export function productRef(p: WooProduct): { productId: number; variationId: number } {
  return p.type === 'variation' && p.parent_id
    ? { productId: p.parent_id, variationId: p.id }
    : { productId: p.id, variationId: 0 };
}

/**
 * Sends the linked items' stock (sellable less the buffer, never below 0) and, when set, price;
 * only what changed since it was last sent unless `force`. Per-product refusals go to the log.
 */
export async function pushItems(
  ctx: { tdb: TenantDb; deps: PluginJobContext['deps'] },
  client: OutsideClient,
  settings: WooSettings,
  itemIds: readonly number[] | 'all',
  force: boolean,
): Promise<{ sent: number; failed: number }> {
  const { tdb } = ctx;
  const db = wooDb(tdb);
  let q = db.selectFrom(LINKS).selectAll();
  if (itemIds !== 'all') {
    if (itemIds.length === 0) return { sent: 0, failed: 0 };
    q = q.where('item_id', 'in', itemIds);
  }
  const links = await q.execute();
  if (links.length === 0 || (!settings.pushStock && !settings.pushPrice)) return { sent: 0, failed: 0 };
  const ids = links.map((l) => Number(l.item_id));
  const stock = await sellableStock(tdb, ids);
  const prices = new Map<number, number>();
  for (let i = 0; i < ids.length; i += 500)
    for (const r of await tdb
      .selectFrom('items')
      .select(['id', 'price'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute())
      prices.set(Number(r.id), Number(r.price));
  type Out = { link: (typeof links)[number]; qty: number; price: string };
  const groups = new Map<number, Out[]>(); // 0: products; else the parent of variations
  for (const link of links) {
    const qty = Math.max(0, (stock.get(Number(link.item_id)) ?? 0) - settings.stockBuffer);
    const price = money(prices.get(Number(link.item_id)) ?? 0);
    const changed =
      force || (settings.pushStock && link.last_stock !== qty) || (settings.pushPrice && link.last_price !== price);
    if (!changed) continue;
    const g = link.variation_id ? link.product_id : 0;
    groups.set(g, [...(groups.get(g) ?? []), { link, qty, price }]);
  }
  let sent = 0;
  let failed = 0;
  for (const [parent, outs] of groups) {
    for (let i = 0; i < outs.length; i += BATCH) {
      const part = outs.slice(i, i + BATCH);
      const update = part.map((o) => ({
        id: o.link.variation_id || o.link.product_id,
        ...(settings.pushStock ? { manage_stock: true, stock_quantity: o.qty } : {}),
        ...(settings.pushPrice ? { regular_price: o.price } : {}),
      }));
      const res = await client.request({
        method: 'POST',
        path: parent ? `/products/${parent}/variations/batch` : '/products/batch',
        json: { update },
        what: parent ? `Stany i ceny wariantów (${part.length})` : `Stany i ceny produktów (${part.length})`,
        ...(part.length === 1 ? { itemId: Number(part[0]!.link.item_id) } : {}),
      });
      const answer = parseAnswer(wooBatchAnswerSchema, res.data, 'odpowiedź zbiorcza');
      const errors = new Map(answer.update.filter((u) => u.error).map((u) => [u.id, u.error!.message]));
      const now = ctx.deps.now().toISOString();
      await tdb.transaction(async (t) => {
        for (const o of part) {
          const wooId = o.link.variation_id || o.link.product_id;
          const err = errors.get(wooId);
          if (err) {
            failed++;
            await logLine(
              t,
              `Produkt SKU ${o.link.sku || wooId}: sklep odrzucił zmianę stanu lub ceny: ${err}`,
              null,
              ctx.deps.now(),
            );
            continue;
          }
          sent++;
          await wooDb(t)
            .updateTable(LINKS)
            .set({
              ...(settings.pushStock ? { last_stock: o.qty } : {}),
              ...(settings.pushPrice ? { last_price: o.price } : {}),
              pushed_at: now,
            })
            .where('item_id', '=', Number(o.link.item_id))
            .execute();
        }
      });
    }
  }
  return { sent, failed };
}

/** The item ids an event concerns (stock.changed, items.saved). */
function itemsOfEvent(payload: PluginEventJob): number[] {
  if (payload.event === 'stock.changed')
    return domainEventSchemas['stock.changed'].parse(payload.payload).items.map((i) => i.itemId);
  if (payload.event === 'items.saved') return domainEventSchemas['items.saved'].parse(payload.payload).itemIds;
  return [];
}

export const pushPayload = z.object({ all: z.boolean().optional(), force: z.boolean().optional() });

/** Job 'push': an event's items, or all (POST /push): auto-link by SKU, then send what changed. */
export async function runPush({ job, tdb, deps }: PluginJobContext): Promise<void> {
  const settings = await loadSettings(tdb, deps);
  if (!(await isConfigured(tdb, deps, settings))) return;
  const client = await wooClient(tdb, deps, settings, job.id);
  const p = job.payload as PluginEventJob | z.infer<typeof pushPayload>;
  if ('event' in p) {
    const ids = itemsOfEvent(p);
    if (p.event === 'items.saved') await autoLink(tdb, client, ids);
    await pushItems({ tdb, deps }, client, settings, ids, false);
    return;
  }
  const opts = pushPayload.parse(p ?? {});
  await autoLink(tdb, client, 'all');
  await pushItems({ tdb, deps }, client, settings, 'all', opts.force ?? false);
}

/** Job 'status-out' (order.status_changed): our status -> the shop's by the mapping. */
export async function runStatusOut({ job, tdb, deps }: PluginJobContext): Promise<void> {
  const { payload } = job.payload as PluginEventJob<'order.status_changed'>;
  const changes = domainEventSchemas['order.status_changed'].parse(payload).orders;
  const settings = await loadSettings(tdb, deps);
  if (settings.statusOut.length === 0 || !(await isConfigured(tdb, deps, settings))) return;
  const refs = await externalRefsOfOrders(
    tdb,
    'woocommerce',
    changes.map((c) => c.orderId),
  );
  if (refs.size === 0) return;
  const client = await wooClient(tdb, deps, settings, job.id);
  for (const c of changes) {
    const ext = refs.get(c.orderId);
    const to = settings.statusOut.find((m) => m.orderStatusId === c.to)?.wooStatus;
    if (!ext || !to) continue;
    const known = await wooDb(tdb)
      .selectFrom(ORDERS)
      .select('status')
      .where('woo_id', '=', Number(ext))
      .executeTakeFirst();
    if (known?.status === to) continue; // the shop has it already (or told us)
    const res = await client.request({
      method: 'PUT',
      path: `/orders/${ext}`,
      json: { status: to },
      what: `Zmiana statusu zamówienia w sklepie na ${to}`,
      orderId: c.orderId,
    });
    const modified = (res.data as { date_modified_gmt?: unknown } | undefined)?.date_modified_gmt;
    await wooDb(tdb)
      .updateTable(ORDERS)
      .set({ status: to, ...(typeof modified === 'string' ? { modified } : {}) })
      .where('woo_id', '=', Number(ext))
      .execute();
  }
}

/** Job 'note' (order.dispatched): the waybill number as a note to the customer, once. */
export async function runNote({ job, tdb, deps }: PluginJobContext): Promise<void> {
  const { payload } = job.payload as PluginEventJob<'order.dispatched'>;
  const dispatches = domainEventSchemas['order.dispatched'].parse(payload).dispatches;
  const refs = await externalRefsOfOrders(
    tdb,
    'woocommerce',
    dispatches.map((d) => d.orderId),
  );
  if (refs.size === 0) return;
  const settings = await loadSettings(tdb, deps);
  if (!(await isConfigured(tdb, deps, settings))) return;
  const client = await wooClient(tdb, deps, settings, job.id);
  for (const d of dispatches) {
    const ext = refs.get(d.orderId);
    if (!ext || !d.waybill) continue;
    const res = await client.request({
      method: 'GET',
      path: `/orders/${ext}/notes`,
      query: { type: 'customer' },
      what: 'Sprawdzenie notatek zamówienia',
      orderId: d.orderId,
    });
    const notes = parseAnswer(z.array(wooNoteSchema), res.data, 'notatki zamówienia');
    if (notes.some((n) => n.note.includes(d.waybill))) continue;
    await client.request({
      method: 'POST',
      path: `/orders/${ext}/notes`,
      json: { note: `Zamówienie zostało wysłane (${d.carrier}). Numer przesyłki: ${d.waybill}`, customer_note: true },
      what: 'Numer przesyłki dla klienta',
      orderId: d.orderId,
    });
  }
}
