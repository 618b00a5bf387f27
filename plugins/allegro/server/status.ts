import { OutsideMalformedError, OutsideRefusedError } from '@zaplecze/plugin-sdk';
import { allegroApi, readState, recordError, type AllegroApi, type Scope } from './api';
import { carriersAnswer, checkoutForm, shipmentsAnswer } from './forms';
import { readMapping } from './import';
import { allegroDb, FORMS } from './tables';

/**
 * Our order status -> Allegro's fulfilment status by the seller's mapping, with the checkout form's
 * revision as the lock: a 409 (the form changed meanwhile) reads the form again and retries, at
 * most three times; a form the buyer cancelled meanwhile is left alone.
 */
export async function pushStatuses(
  s: Scope,
  jobId: number,
  changes: { orderId: number; to: number }[],
  api?: AllegroApi,
): Promise<number> {
  const db = allegroDb(s.tdb);
  const mapping = readMapping((await readState(s.tdb)).mapping);
  let sent = 0;
  let client = api;
  for (const ch of changes) {
    const target = mapping.statusToAllegro[String(ch.to)];
    if (!target) continue;
    let row = await db.selectFrom(FORMS).selectAll().where('order_id', '=', ch.orderId).executeTakeFirst();
    if (!row || row.fulfillment === target || row.status === 'CANCELLED') continue;
    client ??= await allegroApi(s, jobId);
    for (let attempt = 0; ; attempt++) {
      try {
        await client.request({
          method: 'PUT',
          path: `/order/checkout-forms/${encodeURIComponent(row.form_id)}/fulfillment`,
          query: { 'checkoutForm.revision': row.revision },
          json: { status: target },
          what: `Zmiana statusu realizacji na ${target}`,
          orderId: ch.orderId,
        });
        await db.updateTable(FORMS).set({ fulfillment: target }).where('id', '=', row.id).execute();
        sent++;
        break;
      } catch (err) {
        // Allegro refused this change (e.g. a status it does not allow from the form's): the call log
        // and the last error say why; retrying would not change its answer.
        if (err instanceof OutsideRefusedError && err.status !== 409) {
          await recordError(s.tdb, `Zamówienie ${ch.orderId}: ${err.userMessage}`, s.deps.now());
          break;
        }
        if (!(err instanceof OutsideRefusedError) || attempt >= 2) throw err;
        const res = await client.request({
          method: 'GET',
          path: `/order/checkout-forms/${encodeURIComponent(row.form_id)}`,
          what: 'Ponowne pobranie zamówienia po konflikcie wersji',
          orderId: ch.orderId,
        });
        const form = checkoutForm.safeParse(res.data);
        if (!form.success) throw new OutsideMalformedError(`zamówienie ${row.form_id}`);
        await db
          .updateTable(FORMS)
          .set({
            revision: form.data.revision,
            status: form.data.status,
            fulfillment: form.data.fulfillment?.status ?? row.fulfillment,
          })
          .where('id', '=', row.id)
          .execute();
        row = await db.selectFrom(FORMS).selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
        if (row.status === 'CANCELLED' || row.fulfillment === target) break;
      }
    }
  }
  return sent;
}

/** Our carrier ids -> Allegro's carrier ids for tracking numbers (else OTHER with the carrier's name). */
const CARRIER_IDS: Record<string, string> = {
  inpost: 'INPOST',
  dpd: 'DPD',
  'poczta-polska': 'POCZTA_POLSKA',
  pocztex: 'POCZTA_POLSKA',
  dhl: 'DHL',
  gls: 'GLS',
  ups: 'UPS',
  fedex: 'FEDEX',
  'orlen-paczka': 'ORLEN_PACZKA',
  orlen: 'ORLEN_PACZKA',
};

/**
 * After dispatch: the waybill goes to the checkout form's shipments with Allegro's carrier id and
 * every line of the form. Before adding it the form's shipments are read, so a waybill Allegro
 * already has (a retried job) is not added twice.
 */
export async function pushWaybills(
  s: Scope,
  jobId: number,
  dispatches: { orderId: number; carrier: string; waybill: string }[],
): Promise<number> {
  const db = allegroDb(s.tdb);
  let client: AllegroApi | undefined;
  let known: Set<string> | undefined;
  let added = 0;
  for (const d of dispatches) {
    const row = await db.selectFrom(FORMS).selectAll().where('order_id', '=', d.orderId).executeTakeFirst();
    if (!row || !d.waybill) continue;
    const waybills = JSON.parse(row.waybills) as string[];
    if (waybills.includes(d.waybill)) continue;
    client ??= await allegroApi(s, jobId);
    const path = `/order/checkout-forms/${encodeURIComponent(row.form_id)}/shipments`;
    const existing = shipmentsAnswer.safeParse(
      (await client.request({ method: 'GET', path, what: 'Pobranie przesyłek zamówienia', orderId: d.orderId })).data,
    );
    if (!existing.success) throw new OutsideMalformedError('przesyłki zamówienia');
    if (!existing.data.shipments.some((x) => x.waybill === d.waybill)) {
      if (!known) {
        const c = carriersAnswer.safeParse(
          (await client.request({ method: 'GET', path: '/order/carriers', what: 'Pobranie listy przewoźników' })).data,
        );
        known = new Set(c.success ? c.data.carriers.map((x) => x.id) : []);
      }
      const key = d.carrier.toLowerCase().split('.')[0] ?? '';
      let carrierId = CARRIER_IDS[key] ?? d.carrier.toUpperCase();
      if (!known.has(carrierId)) carrierId = 'OTHER';
      try {
        await client.request({
          method: 'POST',
          path,
          json: {
            carrierId,
            waybill: d.waybill.slice(0, 64),
            carrierName: carrierId === 'OTHER' ? d.carrier.slice(0, 30) : null,
            lineItems: (JSON.parse(row.line_ids) as string[]).map((id) => ({ id })),
          },
          what: `Dodanie numeru przesyłki ${d.waybill}`,
          orderId: d.orderId,
          expect: [200, 201],
        });
      } catch (err) {
        // Refused (an unknown waybill format, a form Allegro closed): logged, not retried for ever.
        if (!(err instanceof OutsideRefusedError)) throw err;
        await recordError(s.tdb, `Zamówienie ${d.orderId}: ${err.userMessage}`, s.deps.now());
        continue;
      }
      added++;
    }
    await db
      .updateTable(FORMS)
      .set({ waybills: JSON.stringify([...waybills, d.waybill]) })
      .where('id', '=', row.id)
      .execute();
  }
  return added;
}
