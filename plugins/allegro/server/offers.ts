import { OutsideMalformedError, sellableStock, type TenantDb } from '@zaplecze/plugin-sdk';
import { allegroApi, readSettings, type AllegroApi, type Scope } from './api';
import { amountOf, grosze, offersAnswer, uuidFrom } from './forms';
import { allegroDb, COMMANDS, OFFERS } from './tables';

const OFFERS_PAGE = 1000;
/** Offers per command (Allegro's offerCriteria takes up to 1000). */
export const COMMAND_BATCH = 1000;

/** Test seam (API tests only): runs after a command was sent and before its result is committed. */
export const offerHooks: { afterSend?: () => void } = {};

/**
 * Reads the seller's offers (`GET /sale/offers`, paged) into the offers table: name, external id,
 * state, stock and price as Allegro has them. An offer not linked by hand links itself to the item
 * whose code equals its external id (upper-cased, as item codes are), else whose GTIN does, or to none.
 */
export async function refreshOffers(s: Scope, api: AllegroApi): Promise<number> {
  const seen: {
    id: string;
    name: string;
    ext: string | null;
    status: string;
    stock: number | null;
    price: number | null;
  }[] = [];
  for (let offset = 0; offset < 1_000_000; offset += OFFERS_PAGE) {
    const res = await api.request({
      method: 'GET',
      path: '/sale/offers',
      query: { offset, limit: OFFERS_PAGE },
      what: 'Pobranie listy ofert',
    });
    const parsed = offersAnswer.safeParse(res.data);
    if (!parsed.success) throw new OutsideMalformedError('lista ofert');
    for (const o of parsed.data.offers)
      seen.push({
        id: o.id,
        name: o.name.slice(0, 200),
        ext: o.external?.id ? o.external.id.trim().slice(0, 200) : null,
        status: o.publication?.status ?? 'ACTIVE',
        stock: o.stock?.available ?? null,
        price: o.sellingMode?.price ? grosze(o.sellingMode.price.amount) : null,
      });
    if (parsed.data.offers.length < OFFERS_PAGE || offset + OFFERS_PAGE >= parsed.data.totalCount) break;
  }
  const now = s.deps.now().toISOString();
  await s.tdb.transaction(async (tdb) => {
    const db = allegroDb(tdb);
    for (let i = 0; i < seen.length; i += 500) {
      const part = seen.slice(i, i + 500);
      const codes = [...new Set(part.map((o) => o.ext?.toUpperCase()).filter((x): x is string => !!x))];
      // The external id as the item's code, else as its GTIN (as order lines link).
      const items = new Map<string, number>();
      if (codes.length > 0) {
        for (const r of await tdb.selectFrom('items').select(['id', 'gtin']).where('gtin', 'in', codes).execute())
          if (r.gtin) items.set(r.gtin.toUpperCase(), Number(r.id));
        for (const r of await tdb.selectFrom('items').select(['id', 'code']).where('code', 'in', codes).execute())
          items.set(r.code.toUpperCase(), Number(r.id));
      }
      const existing = new Map(
        (
          await db
            .selectFrom(OFFERS)
            .select(['offer_id', 'item_id', 'link'])
            .where(
              'offer_id',
              'in',
              part.map((o) => o.id),
            )
            .execute()
        ).map((r) => [r.offer_id, r]),
      );
      for (const o of part) {
        const ex = existing.get(o.id);
        const manual = ex?.link === 'manual';
        const autoItem = o.ext ? (items.get(o.ext.toUpperCase()) ?? null) : null;
        const itemId = manual ? (ex!.item_id === null ? null : Number(ex!.item_id)) : autoItem;
        const link = manual ? 'manual' : autoItem !== null ? 'auto' : null;
        const values = {
          name: o.name,
          external_id: o.ext,
          status: o.status,
          stock: o.stock,
          price: o.price,
          item_id: itemId,
          link,
          updated_at: now,
        };
        if (!ex) await db.insertInto(OFFERS, { offer_id: o.id, ...values, dirty: 1 }).execute();
        else
          await db
            .updateTable(OFFERS)
            .set({ ...values, ...(Number(ex.item_id ?? 0) !== Number(itemId ?? 0) ? { dirty: 1 } : {}) })
            .where('offer_id', '=', o.id)
            .execute();
      }
    }
  });
  return seen.length;
}

/** Marks the offers of these items to be sent again (a subscription's job; no outside call). */
export async function markDirty(tdb: TenantDb, itemIds: number[]): Promise<void> {
  for (let i = 0; i < itemIds.length; i += 500)
    await allegroDb(tdb)
      .updateTable(OFFERS)
      .set({ dirty: 1 })
      .where('item_id', 'in', itemIds.slice(i, i + 500))
      .execute();
}

export interface PushReport {
  commands: number;
  offers: number;
}

/**
 * Sends the stock (what may be sold less the safety buffer, never below zero) and, when the seller
 * wants it, the price of linked offers whose values differ from what Allegro has (or that are
 * marked changed), as quantity and price change commands of up to 1000 offers each with one value.
 * The commands are planned once per job and stored before anything is sent; their ids derive from
 * the organisation, the job and the batch, so a retried job (also one killed after Allegro took a
 * command and before we recorded it) sends the same ids and Allegro applies none of them twice.
 */
export async function pushOffers(s: Scope, jobId: number, api?: AllegroApi, all = false): Promise<PushReport> {
  const db = allegroDb(s.tdb);
  const settings = await readSettings(s);
  let planned = await db.selectFrom(COMMANDS).selectAll().where('job_id', '=', jobId).orderBy('id').execute();
  if (planned.length === 0) {
    let query = db
      .selectFrom(OFFERS)
      .select(['offer_id', 'item_id', 'stock', 'price', 'sent_qty', 'sent_price', 'dirty', 'status'])
      .where('item_id', 'is not', null);
    if (!all) query = query.where('dirty', '=', 1);
    const links = await query.execute();
    if (links.length === 0) return { commands: 0, offers: 0 };
    const itemIds = [...new Set(links.map((l) => Number(l.item_id)))];
    const sellable = await sellableStock(s.tdb, itemIds);
    const prices = new Map<number, number>();
    for (let i = 0; i < itemIds.length; i += 500)
      for (const r of await s.tdb
        .selectFrom('items')
        .select(['id', 'price'])
        .where('id', 'in', itemIds.slice(i, i + 500))
        .execute())
        prices.set(Number(r.id), Number(r.price));
    const qtyGroups = new Map<number, string[]>();
    const priceGroups = new Map<number, string[]>();
    for (const l of links) {
      const item = Number(l.item_id);
      if (settings.pushStock) {
        const qty = Math.max(0, (sellable.get(item) ?? 0) - settings.safetyBuffer);
        if (Number(l.dirty) === 1 || l.stock === null || Number(l.stock) !== qty)
          qtyGroups.set(qty, [...(qtyGroups.get(qty) ?? []), l.offer_id]);
      }
      const price = prices.get(item);
      if (settings.pushPrices && price !== undefined && price > 0)
        if (Number(l.dirty) === 1 || l.price === null || Number(l.price) !== price)
          priceGroups.set(price, [...(priceGroups.get(price) ?? []), l.offer_id]);
    }
    const now = s.deps.now().toISOString();
    const rows: {
      command_id: string;
      job_id: number;
      kind: string;
      value: number;
      offers: string;
      sent: number;
      created_at: string;
    }[] = [];
    for (const [kind, groups] of [
      ['quantity', qtyGroups],
      ['price', priceGroups],
    ] as const)
      for (const [value, offers] of [...groups].sort((a, b) => a[0] - b[0]))
        for (let i = 0; i < offers.length; i += COMMAND_BATCH)
          rows.push({
            command_id: uuidFrom(`${s.tdb.orgId}:${jobId}:${kind}:${value}:${i / COMMAND_BATCH}`),
            job_id: jobId,
            kind,
            value,
            offers: JSON.stringify(offers.slice(i, i + COMMAND_BATCH)),
            sent: 0,
            created_at: now,
          });
    await s.tdb.transaction(async (tdb) => {
      const t = allegroDb(tdb);
      for (const r of rows) await t.insertInto(COMMANDS, r).execute();
      // What was marked is now planned: later changes mark the offers again.
      await t.updateTable(OFFERS).set({ dirty: 0 }).where('dirty', '=', 1).where('item_id', 'is not', null).execute();
    });
    planned = await db.selectFrom(COMMANDS).selectAll().where('job_id', '=', jobId).orderBy('id').execute();
  }
  const client = api ?? (await allegroApi(s, jobId));
  let offersSent = 0;
  for (const c of planned) {
    if (Number(c.sent) === 1) continue;
    const offers = JSON.parse(c.offers) as string[];
    const value = Number(c.value);
    const body =
      c.kind === 'quantity'
        ? {
            modification: { changeType: 'FIXED', value },
            offerCriteria: [{ type: 'CONTAINS_OFFERS', offers: offers.map((id) => ({ id })) }],
          }
        : {
            modification: { type: 'FIXED_PRICE', price: { amount: amountOf(value), currency: 'PLN' } },
            offerCriteria: [{ type: 'CONTAINS_OFFERS', offers: offers.map((id) => ({ id })) }],
          };
    await client.request({
      method: 'PUT',
      path: `/sale/offer-${c.kind}-change-commands/${c.command_id}`,
      json: body,
      what:
        c.kind === 'quantity'
          ? `Zmiana stanu ${offers.length} ${offers.length === 1 ? 'oferty' : 'ofert'} na ${value}`
          : `Zmiana ceny ${offers.length} ${offers.length === 1 ? 'oferty' : 'ofert'} na ${amountOf(value)} zł`,
      expect: [200, 201],
    });
    offerHooks.afterSend?.();
    await s.tdb.transaction(async (tdb) => {
      const t = allegroDb(tdb);
      await t.updateTable(COMMANDS).set({ sent: 1 }).where('id', '=', c.id).execute();
      for (let i = 0; i < offers.length; i += 500)
        await t
          .updateTable(OFFERS)
          .set(
            c.kind === 'quantity'
              ? { sent_qty: value, stock: value, last_error: null }
              : { sent_price: value, price: value, last_error: null },
          )
          .where('offer_id', 'in', offers.slice(i, i + 500))
          .execute();
    });
    offersSent += offers.length;
  }
  return { commands: planned.length, offers: offersSent };
}
