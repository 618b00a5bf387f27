/**
 * Order import (docs/plugins.md, "Plugin: woocommerce", Orders in): orders modified since the
 * cursor, page by page, each imported or updated in a transaction of its own together with the
 * cursor, deduplicated by what was last seen of each shop order.
 */
import { isValidNip, vatFromStored, type OrderInput, type VatValue } from '@zaplecze/contract';
import {
  AppError,
  findCatalogItems,
  importOrder,
  OutsideMalformedError,
  patchImportedOrder,
  readOrder,
  type OutsideClient,
  type PluginJobContext,
  type TenantDb,
} from '@zaplecze/plugin-sdk';
import { z } from 'zod';
import { WOO_STATUS_NAMES, type WooSettings, type WooStatus } from '../schemas';
import {
  ID,
  isConfigured,
  loadSettings,
  parseAnswer,
  wooClient,
  wooOrderKeySchema,
  wooOrderSchema,
  wooProductSchema,
  type WooOrder,
} from './client';
import { LINKS, logLine, ORDERS, STATE, wooDb } from './tables';

type Deps = PluginJobContext['deps'];
interface Scope {
  tdb: TenantDb;
  deps: Deps;
}
export const syncPayload = z.object({
  orderId: z.number().int().positive().optional(),
  scheduled: z.boolean().optional(),
});

/** A shop order's place in the sequence: (modification time GMT, id). */
type Key = [string, number];
const cmp = (a: Key, b: Key) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]);
/** The first import reaches this far back. */
const FIRST_DAYS = 30;
const PER_PAGE = 100;

function minusSecond(at: string): string {
  return new Date(Date.parse(`${at}Z`) - 1000).toISOString().slice(0, 19);
}

export async function runSync(ctx: PluginJobContext): Promise<void> {
  const { job, tdb, deps, signal } = ctx;
  const payload = syncPayload.parse(job.payload ?? {});
  const settings = await loadSettings(tdb, deps);
  const db = wooDb(tdb);
  const state = await db.selectFrom(STATE).selectAll().executeTakeFirst();
  if (payload.scheduled && state?.last_sync_at) {
    const due = new Date(state.last_sync_at).getTime() + settings.syncMinutes * 60_000 - 30_000;
    if (deps.now().getTime() < due) return;
  }
  // Not set up yet: nothing to ask (and no 'Połącz ponownie' for keys never given).
  if (!(await isConfigured(tdb, deps, settings))) return;
  const client = await wooClient(tdb, deps, settings, job.id);
  const scope = { tdb, deps };

  if (payload.orderId !== undefined) {
    // One order (a webhook): fetched afresh, the cursor stays where it is.
    const res = await client.request({
      method: 'GET',
      path: `/orders/${payload.orderId}`,
      what: 'Pobranie zamówienia',
      expect: [200, 404],
    });
    if (res.status === 404) return;
    const order = wooOrderSchema.safeParse(res.data);
    if (!order.success) {
      await logLine(
        tdb,
        `Zamówienie WooCommerce ${payload.orderId}: nieprawidłowe dane w odpowiedzi sklepu, pominięte.`,
      );
      return;
    }
    const lines = await resolveLines(scope, client, [order.data]);
    await processOrder(scope, settings, order.data, lines, null, signal);
    return;
  }

  const after = state?.cursor_at
    ? minusSecond(state.cursor_at)
    : new Date(deps.now().getTime() - FIRST_DAYS * 86_400_000).toISOString().slice(0, 19);
  const good: WooOrder[] = [];
  const bad: Key[] = [];
  for (let page = 1; ; page++) {
    let res;
    try {
      res = await client.request({
        method: 'GET',
        path: '/orders',
        query: {
          status: 'any',
          modified_after: after,
          dates_are_gmt: 'true',
          orderby: 'date',
          order: 'asc',
          per_page: PER_PAGE,
          page,
        },
        what: `Pobranie zmienionych zamówień (strona ${page})`,
      });
    } catch (err) {
      // A page that is not JSON: logged by the client; this run ends, the cursor stays.
      if (err instanceof OutsideMalformedError) return;
      throw err;
    }
    if (!Array.isArray(res.data)) {
      await logLine(
        tdb,
        `Odpowiedź sklepu na listę zamówień ma nieoczekiwany format (strona ${page}); import przerwany, kursor bez zmian.`,
      );
      return;
    }
    for (const raw of res.data) {
      const o = wooOrderSchema.safeParse(raw);
      if (o.success) good.push(o.data);
      else {
        const k = wooOrderKeySchema.safeParse(raw);
        if (!k.success) {
          await logLine(
            tdb,
            `Zamówienie bez identyfikatora lub daty zmiany w odpowiedzi sklepu (strona ${page}); import przerwany, kursor bez zmian.`,
          );
          return;
        }
        bad.push([k.data.date_modified_gmt, k.data.id]);
      }
    }
    const pages = Number(res.headers['x-wp-totalpages'] ?? '1');
    if (res.data.length < PER_PAGE || page >= pages) break;
  }

  good.sort((a, b) => cmp([a.date_modified_gmt, a.id], [b.date_modified_gmt, b.id]));
  bad.sort(cmp);
  for (const k of bad) {
    const known = await db.selectFrom(ORDERS).select('failed').where('woo_id', '=', k[1]).executeTakeFirst();
    const reason = 'nieprawidłowe dane zamówienia w odpowiedzi sklepu';
    if (known?.failed !== reason) {
      await logLine(tdb, `Zamówienie WooCommerce ${k[1]}: ${reason}; pominięte, kursor czeka na nie.`);
      await db
        .insertInto(ORDERS, { woo_id: k[1], order_id: null, status: '', modified: '', failed: reason })
        .onConflict((oc) => oc.columns(['org_id', 'woo_id']).doUpdateSet({ failed: reason }))
        .execute();
    }
  }
  const firstBad = bad[0];
  for (let i = 0; i < good.length; i += 50) {
    const chunk = good.slice(i, i + 50);
    const lines = await resolveLines(scope, client, chunk);
    for (const order of chunk) {
      const key: Key = [order.date_modified_gmt, order.id];
      // The cursor never passes a malformed order: it is fetched again next time.
      const cursor = firstBad && cmp(key, firstBad) > 0 ? null : key;
      await processOrder(scope, settings, order, lines, cursor, signal);
    }
  }
  await db
    .insertInto(STATE, { cursor_at: null, cursor_id: null, last_sync_at: deps.now().toISOString() })
    .onConflict((oc) => oc.column('org_id').doUpdateSet({ last_sync_at: deps.now().toISOString() }))
    .execute();
}

/** Line -> item: a link by hand or earlier, then the SKU = item code, then the shop product's GTIN. */
type LineItems = Map<string, { id: number; code: string; vat: number }>;
const lineKey = (productId: number, variationId: number) => `${productId}:${variationId}`;

async function resolveLines(scope: Scope, client: OutsideClient, orders: WooOrder[]): Promise<LineItems> {
  const out: LineItems = new Map();
  const lines = orders.flatMap((o) => o.line_items);
  if (lines.length === 0) return out;
  const db = wooDb(scope.tdb);
  const productIds = [...new Set(lines.map((l) => l.product_id).filter((x) => x > 0))];
  const links = productIds.length
    ? await db
        .selectFrom(LINKS)
        .select(['item_id', 'product_id', 'variation_id'])
        .where('product_id', 'in', productIds)
        .execute()
    : [];
  const linked = links.length
    ? await scope.tdb
        .selectFrom('items')
        .select(['id', 'code', 'vat'])
        .where(
          'id',
          'in',
          links.map((l) => l.item_id),
        )
        .execute()
    : [];
  const byId = new Map(linked.map((i) => [Number(i.id), { id: Number(i.id), code: i.code, vat: i.vat }]));
  for (const l of links) {
    const it = byId.get(Number(l.item_id));
    if (it) out.set(lineKey(l.product_id, l.variation_id), it);
  }
  const open = () => lines.filter((l) => !out.has(lineKey(l.product_id, l.variation_id)));
  const skus = open()
    .map((l) => (l.sku ?? '').trim().toUpperCase())
    .filter((s) => s !== '');
  const bySku = new Map((await findCatalogItems(scope.tdb, 'code', skus)).map((i) => [i.code, i]));
  for (const l of open()) {
    const it = bySku.get((l.sku ?? '').trim().toUpperCase());
    if (it) out.set(lineKey(l.product_id, l.variation_id), { id: it.id, code: it.code, vat: it.vat });
  }
  // GTIN: the shop product's global_unique_id (WooCommerce 9.2+), read only for lines still open.
  const rest = open().filter((l) => l.product_id > 0);
  if (rest.length === 0) return out;
  const gtins = new Map<string, string>();
  const simple = [...new Set(rest.filter((l) => !l.variation_id).map((l) => l.product_id))];
  for (let i = 0; i < simple.length; i += 100) {
    const res = await client.request({
      method: 'GET',
      path: '/products',
      query: { include: simple.slice(i, i + 100).join(','), per_page: 100 },
      what: 'Pobranie produktów (GTIN)',
    });
    for (const p of parseAnswer(z.array(wooProductSchema), res.data, 'lista produktów'))
      if (p.global_unique_id) gtins.set(lineKey(p.id, 0), p.global_unique_id);
  }
  const parents = new Map<number, number[]>();
  for (const l of rest.filter((x) => x.variation_id))
    parents.set(l.product_id, [...(parents.get(l.product_id) ?? []), l.variation_id]);
  for (const [parent, vids] of parents) {
    const res = await client.request({
      method: 'GET',
      path: `/products/${parent}/variations`,
      query: { include: [...new Set(vids)].join(','), per_page: 100 },
      what: 'Pobranie wariantów produktu (GTIN)',
    });
    for (const v of parseAnswer(z.array(wooProductSchema), res.data, 'lista wariantów'))
      if (v.global_unique_id) gtins.set(lineKey(parent, v.id), v.global_unique_id);
  }
  const items = await findCatalogItems(scope.tdb, 'gtin', [...gtins.values()]);
  for (const [k, gtin] of gtins) {
    const matching = items.filter((i) => i.gtin === gtin);
    if (matching.length === 1) out.set(k, { id: matching[0]!.id, code: matching[0]!.code, vat: matching[0]!.vat });
  }
  return out;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The shop order as the core's order input (docs/plugins.md, "Plugin: woocommerce", Orders in). */
export function orderInput(settings: WooSettings, o: WooOrder, items: LineItems): OrderInput {
  const ship = o.shipping.address_1 ? o.shipping : o.billing;
  const name = `${ship.first_name ?? ''} ${ship.last_name ?? ''}`.trim();
  const comment = [`WooCommerce #${o.number}`, o.payment_method_title ? `płatność: ${o.payment_method_title}` : ''];
  const nipMeta = settings.nipMetaKey ? o.meta_data.find((m) => m.key === settings.nipMetaKey)?.value : undefined;
  const nip = typeof nipMeta === 'string' ? nipMeta.replace(/[\s-]/g, '').replace(/^PL/i, '') : '';
  const country = (o.billing.country ?? '').toUpperCase();
  let invoice: OrderInput['invoice'] = null;
  if (nip !== '') {
    if ((country === '' || country === 'PL') && !isValidNip(nip))
      comment.push(`NIP z zamówienia (błędna suma kontrolna): ${nip}`);
    else
      invoice = {
        isCompany: true,
        companyName: (o.billing.company || `${o.billing.first_name ?? ''} ${o.billing.last_name ?? ''}`)
          .trim()
          .slice(0, 200),
        companyTaxId: nip,
        address: `${o.billing.address_1 ?? ''} ${o.billing.address_2 ?? ''}`.trim().slice(0, 200),
        postCode: o.billing.postcode ?? '',
        city: o.billing.city ?? '',
        countryCode: /^[A-Z]{2}$/.test(country) ? country : '',
      };
  }
  const method = o.shipping_lines[0]?.method_id;
  const carrier = method ? settings.shippingMethods.find((m) => m.wooMethodId === method) : undefined;
  const email = (o.billing.email ?? '').trim();
  const countryCode = (ship.country ?? '').toUpperCase();
  const mappedStatus = settings.statusIn[o.status as WooStatus];
  return {
    externalId: o.number.slice(0, 200),
    orderDate: `${o.date_created_gmt.slice(0, 19)}Z`,
    currency: o.currency,
    messageToSeller: o.customer_note.slice(0, 10_000),
    comment: comment.filter(Boolean).join(', '),
    deliveryCost: round2(o.shipping_total + o.shipping_tax),
    deliveryVat: settings.defaultVat,
    cashOnDelivery: o.payment_method === 'cod',
    shippingMethod: 'ADDRESS',
    carrierMethodId: carrier?.carrierMethodId ?? null,
    invoice,
    clientData: {
      nameSurname: name.slice(0, 200),
      companyName: (ship.company ?? '').slice(0, 200),
      street: (ship.address_1 ?? '').slice(0, 200),
      buildNr: (ship.address_2 ?? '').slice(0, 200),
      postCode: ship.postcode ?? '',
      city: ship.city ?? '',
      countryCode: /^[A-Z]{2}$/.test(countryCode) ? countryCode : '',
      email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : '',
      tel: (o.shipping.phone || o.billing.phone || '').slice(0, 200),
    },
    ...(mappedStatus ? { orderStatusId: mappedStatus } : {}),
    ...(settings.incomeSourceId ? { incomeSourceId: settings.incomeSourceId } : {}),
    items: o.line_items.map((l) => {
      const it = items.get(lineKey(l.product_id, l.variation_id));
      const quantity = Math.max(1, l.quantity);
      return {
        code: it ? it.code : (l.sku ?? '').slice(0, 200),
        name: l.name.slice(0, 1000),
        quantity,
        price: round2((l.total + l.total_tax) / quantity),
        vat: taxClassVat(settings, l.tax_class) ?? (it ? vatFromStored(it.vat) : settings.defaultVat),
        itemId: it ? it.id : null,
      };
    }),
  } as OrderInput;
}

/** The VAT rate the seller mapped to a line's tax class ('' is WooCommerce's 'standard'). */
function taxClassVat(settings: WooSettings, taxClass: string | null): VatValue | undefined {
  const name = taxClass === null || taxClass === '' ? 'standard' : taxClass;
  return settings.taxClassVat.find((m) => m.taxClass === name)?.vat;
}

/**
 * One shop order in a transaction of its own with the cursor (when it may move): a new one is
 * imported (once: the SDK's importOrder and plugin_order_refs), a known one whose status changed
 * moves our order's status by the mapping and says so in the log; the same state seen again changes
 * nothing. An order the core refuses is recorded with the reason (the cursor passes it; a later
 * change in the shop brings it again).
 */
async function processOrder(
  scope: Scope,
  settings: WooSettings,
  o: WooOrder,
  lines: LineItems,
  cursor: Key | null,
  signal: AbortSignal | undefined,
): Promise<void> {
  try {
    await scope.tdb.transaction(async (tdb) => {
      const db = wooDb(tdb);
      const seen = await db.selectFrom(ORDERS).selectAll().where('woo_id', '=', o.id).executeTakeFirst();
      let orderId = seen?.order_id ?? null;
      if (seen && seen.modified === o.date_modified_gmt && seen.status === o.status && !seen.failed) {
        // Seen exactly so before (the overlap of the window): nothing to do.
      } else if (orderId === null) {
        if (settings.importStatuses.includes(o.status as WooStatus)) {
          const r = await importOrder({ tdb, deps: scope.deps }, ID, String(o.id), orderInput(settings, o, lines));
          orderId = r.orderId;
          if (r.created)
            await logLine(tdb, `Zaimportowano zamówienie WooCommerce #${o.number}.`, orderId, scope.deps.now());
        }
      } else if (seen && seen.status !== o.status) {
        const to = settings.statusIn[o.status as WooStatus];
        const name = WOO_STATUS_NAMES[o.status as WooStatus] ?? o.status;
        let message = `Zamówienie WooCommerce #${o.number}: status w sklepie zmienił się na „${name}”`;
        if (to) {
          let current: number | null = null;
          try {
            current = (await readOrder(tdb, orderId)).orderStatus.id;
          } catch {
            current = null; // deleted here by the seller
          }
          if (current !== null && current !== to) {
            await patchImportedOrder({ tdb, deps: scope.deps }, ID, orderId, { orderStatusId: to });
            message += '; zmieniono status zamówienia według mapowania.';
          } else message += '.';
        } else message += ' (bez mapowania: status zamówienia bez zmian).';
        await logLine(tdb, message, orderId, scope.deps.now());
      }
      await db
        .insertInto(ORDERS, {
          woo_id: o.id,
          order_id: orderId,
          status: o.status,
          modified: o.date_modified_gmt,
          failed: null,
        })
        .onConflict((oc) =>
          oc
            .columns(['org_id', 'woo_id'])
            .doUpdateSet({ order_id: orderId, status: o.status, modified: o.date_modified_gmt, failed: null }),
        )
        .execute();
      if (cursor) await saveCursor(tdb, cursor);
      // A job stopped (killed, timed out) before the commit leaves nothing of this order.
      if (signal?.aborted) throw new Error('woocommerce sync aborted');
    });
  } catch (err) {
    if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
    const reason = `zamówienie odrzucone: ${err.message}`.slice(0, 500);
    await scope.tdb.transaction(async (tdb) => {
      await wooDb(tdb)
        .insertInto(ORDERS, {
          woo_id: o.id,
          order_id: null,
          status: o.status,
          modified: o.date_modified_gmt,
          failed: reason,
        })
        .onConflict((oc) =>
          oc
            .columns(['org_id', 'woo_id'])
            .doUpdateSet({ status: o.status, modified: o.date_modified_gmt, failed: reason }),
        )
        .execute();
      await logLine(tdb, `Zamówienie WooCommerce #${o.number}: ${reason}`, null, scope.deps.now());
      if (cursor) await saveCursor(tdb, cursor);
    });
  }
}

/** Moves the cursor forward only (a later run never takes it back). */
async function saveCursor(tdb: TenantDb, key: Key): Promise<void> {
  const db = wooDb(tdb);
  const row = await db.selectFrom(STATE).select(['cursor_at', 'cursor_id']).executeTakeFirst();
  if (row?.cursor_at && cmp([row.cursor_at, row.cursor_id ?? 0], key) >= 0) return;
  await db
    .insertInto(STATE, { cursor_at: key[0], cursor_id: key[1], last_sync_at: null })
    .onConflict((oc) => oc.column('org_id').doUpdateSet({ cursor_at: key[0], cursor_id: key[1] }))
    .execute();
}
