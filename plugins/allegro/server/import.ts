import {
  isEmailAddress,
  isValidNip,
  orderInputSchema,
  vatFromStored,
  type OrderInput,
  type VatValue,
} from '@zaplecze/contract';
import {
  findCatalogItems,
  importOrder,
  logPluginEvent,
  updateImportedOrderDelivery,
  OutsideError,
  OutsideMalformedError,
  OutsideRefusedError,
  orderReferences,
  patchImportedOrder,
  type Selectable,
  type TenantDb,
} from '@zaplecze/plugin-sdk';
import type { MappingInput } from '../schemas';
import { allegroApi, ID, readState, recordError, type AllegroApi, type Scope } from './api';
import { checkoutForm, eventsAnswer, type CheckoutForm, type JournalEvent } from './forms';
import { allegroDb, DELIVERY, FORMS, OFFERS, STATE, type AllegroTables } from './tables';

/** The journal's event types the import reads (docs/plugins.md, "Plugin: allegro"). */
export const EVENT_TYPES = [
  'READY_FOR_PROCESSING',
  'BUYER_CANCELLED',
  'AUTO_CANCELLED',
  'BUYER_MODIFIED',
  'FULFILLMENT_STATUS_CHANGED',
] as const;
export const PAGE = 1000;
const MAX_PAGES = 100;
/** Checkout forms read at once (each its own call). */
const FETCH_AT_ONCE = 4;

/** Test seam (API tests only): runs before each import page's commit, after the outside calls. */
export const importHooks: { beforeCommit?: () => void } = {};

export function readMapping(raw: string): Omit<MappingInput, 'deliveryMethods'> {
  const m = JSON.parse(raw || '{}') as Partial<MappingInput>;
  return {
    statusFromAllegro: m.statusFromAllegro ?? {},
    statusToAllegro: m.statusToAllegro ?? {},
    incomeSourceId: m.incomeSourceId ?? null,
  };
}

/** The income source 'Allegro' of the organisation, created when it has none by that name. */
async function allegroIncomeSource(tdb: TenantDb): Promise<number> {
  const found = await tdb.selectFrom('income_sources').select('id').where('name', '=', 'Allegro').executeTakeFirst();
  if (found) return Number(found.id);
  const row = await tdb.insertInto('income_sources', { name: 'Allegro' }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

const cut = (s: string | null | undefined, max = 200) => (s ?? '').trim().slice(0, max);
const WHAT: Record<string, string> = {
  READY_FOR_PROCESSING: 'Pobranie zamówienia opłaconego',
  BUYER_CANCELLED: 'Pobranie zamówienia anulowanego przez kupującego',
  AUTO_CANCELLED: 'Pobranie zamówienia anulowanego przez Allegro',
  BUYER_MODIFIED: 'Pobranie zamówienia zmienionego przez kupującego',
  FULFILLMENT_STATUS_CHANGED: 'Pobranie zamówienia po zmianie statusu realizacji',
};

interface RunRefs {
  mapping: ReturnType<typeof readMapping>;
  incomeSourceId: number | null;
  carrierMethods: Set<number>;
}

/** What one page of forms looks up once: linked items, delivery methods; and what it tells the log. */
interface PageLookups {
  /** Offer id -> item linked by hand. */
  manual: Map<string, { id: number; code: string; vat: number }>;
  /** External id (upper case) -> item by code, else by GTIN. */
  byKey: Map<string, { id: number; code: string; vat: number }>;
  /** Allegro delivery method id -> our carrier method (null: none). */
  delivery: Map<string, number | null>;
  /** What the page changed that the log ('Dziennik') tells, written once the page has committed. */
  notes: { what: string; message: string; orderId: number }[];
}

/**
 * What a page's forms need from our side, read with one query per kind for the whole page (not per
 * form): manual offer links, items by code and GTIN, and the delivery methods (new ones recorded).
 */
async function pageLookups(tdb: TenantDb, forms: CheckoutForm[]): Promise<PageLookups> {
  const db = allegroDb(tdb);
  const offerIds = [...new Set(forms.flatMap((f) => f.lineItems.map((l) => l.offer.id)))];
  const ext = [
    ...new Set(forms.flatMap((f) => f.lineItems.map((l) => cut(l.offer.external?.id).toUpperCase())).filter((x) => x)),
  ];
  const manualIds = new Map<string, number>();
  for (let i = 0; i < offerIds.length; i += 500)
    for (const r of await db
      .selectFrom(OFFERS)
      .select(['offer_id', 'item_id'])
      .where('offer_id', 'in', offerIds.slice(i, i + 500))
      .where('link', '=', 'manual')
      .where('item_id', 'is not', null)
      .execute())
      manualIds.set(r.offer_id, Number(r.item_id));
  const manualItems = new Map<number, { id: number; code: string; vat: number }>();
  const wanted = [...new Set(manualIds.values())];
  for (let i = 0; i < wanted.length; i += 500)
    for (const r of await tdb
      .selectFrom('items')
      .select(['id', 'code', 'vat'])
      .where('id', 'in', wanted.slice(i, i + 500))
      .execute())
      manualItems.set(Number(r.id), { id: Number(r.id), code: r.code, vat: Number(r.vat) });
  const manual = new Map<string, { id: number; code: string; vat: number }>();
  for (const [offer, item] of manualIds) {
    const it = manualItems.get(item);
    if (it) manual.set(offer, it);
  }
  const byKey = new Map<string, { id: number; code: string; vat: number }>();
  if (ext.length > 0) {
    for (const i of await findCatalogItems(tdb, 'gtin', ext)) byKey.set(i.gtin.toUpperCase(), i);
    for (const i of await findCatalogItems(tdb, 'code', ext)) byKey.set(i.code.toUpperCase(), i);
  }
  const methods = new Map<string, string>();
  for (const f of forms)
    if (f.delivery?.method?.id)
      methods.set(f.delivery.method.id.slice(0, 200), cut(f.delivery.method.name) || f.delivery.method.id);
  const delivery = new Map<string, number | null>();
  if (methods.size > 0) {
    const ids = [...methods.keys()];
    const rows = await db
      .selectFrom(DELIVERY)
      .select(['method_id', 'carrier_method_id'])
      .where('method_id', 'in', ids)
      .execute();
    for (const r of rows) delivery.set(r.method_id, r.carrier_method_id === null ? null : Number(r.carrier_method_id));
    for (const id of ids)
      if (!delivery.has(id)) {
        await db
          .insertInto(DELIVERY, { method_id: id, name: methods.get(id)!, carrier_method_id: null })
          .onConflict((oc) => oc.columns(['org_id', 'method_id']).doNothing())
          .execute();
        delivery.set(id, null);
      }
  }
  return { manual, byKey, delivery, notes: [] };
}

/**
 * The VAT of a line as the seller set it on Allegro (what the buyer was charged): an exemption is
 * 'zw', a rate its percentage; none (or one that is not a rate): undefined, and the linked item's
 * rate applies.
 */
function allegroVat(tax: CheckoutForm['lineItems'][number]['tax']): VatValue | undefined {
  if (!tax) return undefined;
  if (tax.exemption) return 'zw';
  const rate = Number(tax.rate);
  return tax.rate && Number.isFinite(rate) && rate >= 0 && rate <= 100 ? rate : undefined;
}

/** The order input of a checkout form: buyer, delivery, payment, invoice, lines linked to items. */
function orderInput(form: CheckoutForm, refs: RunRefs, look: PageLookups): OrderInput {
  const comments: string[] = [
    `Allegro: zamówienie ${form.id}${form.buyer.login ? `, kupujący ${form.buyer.login}` : ''}.`,
  ];
  // Lines: an offer linked by hand, then the offer's external id as the item's code, then as its GTIN.
  const items = form.lineItems.map((l) => {
    const key = cut(l.offer.external?.id).toUpperCase();
    const found = look.manual.get(l.offer.id) ?? (key ? look.byKey.get(key) : undefined);
    return {
      code: found ? found.code : key.slice(0, 200),
      name: cut(l.offer.name, 1000) || `Oferta ${l.offer.id}`,
      quantity: l.quantity,
      price: l.price.amount,
      vat: allegroVat(l.tax) ?? (found ? vatFromStored(found.vat) : 23),
      itemId: found ? found.id : null,
    };
  });

  const d = form.delivery;
  const a = d?.address;
  const email = cut(form.buyer.email);
  const methodId = d?.method?.id;
  let carrierMethodId: number | null = null;
  if (methodId) {
    const id = look.delivery.get(methodId.slice(0, 200)) ?? null;
    if (id !== null && refs.carrierMethods.has(id)) carrierMethodId = id;
  }
  if (d?.method?.name) comments.push(`Dostawa: ${cut(d.method.name)}.`);

  let invoice: OrderInput['invoice'] = null;
  const inv = form.invoice;
  if (inv?.required && inv.address) {
    const company = inv.address.company;
    const country = cut(inv.address.countryCode, 2).toUpperCase() || 'PL';
    const taxId = cut(company?.taxId)
      .replace(/^PL/i, '')
      .replace(/[^0-9A-Za-z]/g, '');
    const validTax = taxId !== '' && (country !== 'PL' || isValidNip(taxId));
    if (company?.taxId && !validTax)
      comments.push(`Faktura: NIP podany przez kupującego „${cut(company.taxId, 50)}” jest niepoprawny.`);
    invoice = {
      isCompany: Boolean(company?.name),
      nameSurname:
        cut(`${inv.address.naturalPerson?.firstName ?? ''} ${inv.address.naturalPerson?.lastName ?? ''}`) ||
        cut(`${form.buyer.firstName ?? ''} ${form.buyer.lastName ?? ''}`),
      companyName: cut(company?.name),
      companyTaxId: validTax ? taxId : '',
      address: cut(inv.address.street),
      postCode: cut(inv.address.zipCode),
      city: cut(inv.address.city),
      countryCode: country,
    };
  }

  const input: OrderInput = {
    orderDate: form.lineItems[0]?.boughtAt ?? form.updatedAt ?? undefined,
    externalId: form.id.slice(0, 200),
    currency: form.summary?.totalToPay?.currency ?? form.lineItems[0]?.price.currency ?? 'PLN',
    messageToSeller: cut(form.messageToSeller, 10_000),
    comment: '',
    deliveryCost: d?.cost?.amount ?? 0,
    deliveryVat: 23,
    cashOnDelivery: form.payment?.type === 'CASH_ON_DELIVERY',
    shippingMethod: d?.pickupPoint ? 'PICKUP_POINT' : 'ADDRESS',
    carrierMethodId,
    invoice,
    clientData: {
      nameSurname: cut(`${a?.firstName ?? form.buyer.firstName ?? ''} ${a?.lastName ?? form.buyer.lastName ?? ''}`),
      companyName: cut(a?.companyName ?? form.buyer.companyName),
      street: cut(a?.street),
      buildNr: '',
      postCode: cut(a?.zipCode),
      city: cut(a?.city),
      countryCode: cut(a?.countryCode, 2).toUpperCase(),
      pickupPoint: cut(d?.pickupPoint?.id),
      email: email && isEmailAddress(email) ? email : '',
      tel: cut(a?.phoneNumber ?? form.buyer.phoneNumber),
    },
    items,
    ...(refs.incomeSourceId !== null ? { incomeSourceId: refs.incomeSourceId } : {}),
  };
  const status = refs.mapping.statusFromAllegro[(form.fulfillment?.status ?? 'NEW') as 'NEW'];
  if (status) input.orderStatusId = status;
  if (d?.pickupPoint?.name) comments.push(`Punkt odbioru: ${cut(d.pickupPoint.name)}.`);
  input.comment = comments.join('\n');
  // What the core would refuse (a malformed e-mail, an odd country) goes into the comment instead.
  const check = orderInputSchema.safeParse(input);
  if (!check.success) {
    input.comment = `${input.comment}\nDane kupującego do sprawdzenia: ${JSON.stringify(input.clientData)}`.slice(
      0,
      10_000,
    );
    input.clientData = {};
    input.invoice = null;
  }
  return input;
}

type KnownForm = Selectable<AllegroTables['p_allegro_forms']>;
type Outcome = 'imported' | 'known' | 'skipped' | 'updated' | 'same';

/** Applies one checkout form's current state (a new order, a cancellation, a fulfilment change). */
async function applyForm(
  s: Scope,
  form: CheckoutForm,
  types: Set<string>,
  initial: boolean,
  refs: RunRefs,
  look: PageLookups,
  known: KnownForm | undefined,
): Promise<Outcome> {
  const db = allegroDb(s.tdb);
  const fulfillment = form.fulfillment?.status ?? 'NEW';
  if (!known) {
    if (form.status !== 'READY_FOR_PROCESSING') return 'skipped';
    // The first run reads the journal's 60 days: orders the seller already handled elsewhere stay there.
    if (initial && fulfillment !== 'NEW') return 'skipped';
    const input = orderInput(form, refs, look);
    const { orderId, created } = await importOrder(s, ID, form.id, input);
    await db
      .insertInto(FORMS, {
        form_id: form.id,
        order_id: orderId,
        revision: form.revision,
        fulfillment,
        status: form.status,
        line_ids: JSON.stringify(form.lineItems.map((l) => l.id)),
        waybills: '[]',
        imported_at: s.deps.now().toISOString(),
      })
      .onConflict((oc) => oc.columns(['org_id', 'form_id']).doNothing())
      .execute();
    return created ? 'imported' : 'known';
  }
  if (known.revision === form.revision) return 'same';
  const orderId = Number(known.order_id);
  const patch: { orderStatusId?: number; problem?: string } = {};
  if (form.status === 'CANCELLED' && known.status !== 'CANCELLED') {
    const to = refs.mapping.statusFromAllegro.CANCELLED;
    if (to) patch.orderStatusId = to;
    patch.problem = types.has('AUTO_CANCELLED')
      ? 'Allegro anulowało zamówienie (brak płatności).'
      : 'Kupujący anulował zamówienie na Allegro.';
  } else if (fulfillment !== known.fulfillment) {
    const to = refs.mapping.statusFromAllegro[fulfillment as 'NEW'];
    if (to) patch.orderStatusId = to;
  }
  const exists =
    (await s.tdb.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst()) !== undefined;
  if (types.has('BUYER_MODIFIED') && form.status !== 'CANCELLED' && exists) {
    // The buyer changed the delivery or invoice data: the order takes them (lines stay as they are).
    const input = orderInput(form, refs, look);
    await updateImportedOrderDelivery(s, ID, orderId, {
      clientData: input.clientData,
      shippingMethod: input.shippingMethod,
      carrierMethodId: input.carrierMethodId ?? null,
      messageToSeller: input.messageToSeller,
      ...(input.invoice !== undefined ? { invoice: input.invoice } : {}),
      problem: 'Kupujący zmienił dane zamówienia na Allegro: dane dostawy zaktualizowano, sprawdź paczkę.',
    });
    look.notes.push({
      what: 'Zmiana zamówienia przez kupującego',
      message: `Zamówienie ${orderId}: kupujący zmienił dane dostawy lub faktury na Allegro; zaktualizowano je.`,
      orderId,
    });
  }
  if ((patch.orderStatusId !== undefined || patch.problem !== undefined) && exists) {
    await patchImportedOrder(s, ID, orderId, patch);
    if (form.status === 'CANCELLED' && known.status !== 'CANCELLED')
      look.notes.push({ what: 'Anulowanie zamówienia', message: `Zamówienie ${orderId}: ${patch.problem}`, orderId });
  }
  await db
    .updateTable(FORMS)
    .set({ revision: form.revision, fulfillment, status: form.status })
    .where('id', '=', known.id)
    .execute();
  return 'updated';
}

export interface ImportReport {
  events: number;
  imported: number;
  updated: number;
  /** The form the import stopped at (malformed answer), when it stopped. */
  stoppedAt: string | null;
}

/**
 * Imports from the order event journal (docs/plugins.md, "Plugin: allegro"), page by page: the
 * events after the cursor, each checkout form they name read once (its current state is what
 * counts, so repeated and out-of-order events change nothing twice), then one transaction per page
 * with the orders it produced and the cursor. A form whose answer is malformed stops the run: the
 * page is committed up to the event before it and the cursor stays there, so nothing after it is
 * passed over.
 */
export async function importOrders(s: Scope, jobId: number, api?: AllegroApi): Promise<ImportReport> {
  const client = api ?? (await allegroApi(s, jobId));
  const report: ImportReport = { events: 0, imported: 0, updated: 0, stoppedAt: null };
  const refsAll = await orderReferences(s, ID);
  const st0 = await readState(s.tdb);
  const mapping = readMapping(st0.mapping);
  // A status deleted since the mapping was saved is left out (the order takes the default instead),
  // so the core never refuses an import for it.
  const statuses = new Set(refsAll.orderStatuses.map((x) => x.id));
  for (const [k, v] of Object.entries(mapping.statusFromAllegro))
    if (v !== null && v !== undefined && !statuses.has(v)) delete mapping.statusFromAllegro[k as 'NEW'];
  const refs: RunRefs = {
    mapping,
    incomeSourceId:
      mapping.incomeSourceId && refsAll.incomeSources.some((i) => i.id === mapping.incomeSourceId)
        ? mapping.incomeSourceId
        : null,
    carrierMethods: new Set(refsAll.carriers.flatMap((c) => c.methods.map((m) => m.id))),
  };
  for (let page = 0; page < MAX_PAGES; page++) {
    const st = await readState(s.tdb);
    const initial = st.cursor === null;
    const res = await client.request({
      method: 'GET',
      path: '/order/events',
      query: { from: st.cursor ?? undefined, type: [...EVENT_TYPES], limit: PAGE },
      what: 'Pobranie zdarzeń zamówień',
    });
    const parsed = eventsAnswer.safeParse(res.data);
    if (!parsed.success) {
      await recordError(
        s.tdb,
        'Allegro odpowiedziało w nieoczekiwanym formacie (dziennik zdarzeń zamówień); spróbujemy ponownie.',
        s.deps.now(),
      );
      throw new OutsideMalformedError('dziennik zdarzeń zamówień');
    }
    const events = parsed.data.events;
    if (events.length === 0) break;
    report.events += events.length;
    // Each form once, in the order of its first event, with every event type seen for it.
    const order: { id: string; first: number; types: Set<string> }[] = [];
    const byId = new Map<string, (typeof order)[number]>();
    events.forEach((e: JournalEvent, i) => {
      let f = byId.get(e.order.checkoutForm.id);
      if (!f) {
        f = { id: e.order.checkoutForm.id, first: i, types: new Set() };
        byId.set(f.id, f);
        order.push(f);
      }
      f.types.add(e.type);
    });
    const orderIds = new Map<string, number>();
    const ids = order.map((f) => f.id);
    for (let i = 0; i < ids.length; i += 500)
      for (const r of await allegroDb(s.tdb)
        .selectFrom(FORMS)
        .select(['form_id', 'order_id'])
        .where('form_id', 'in', ids.slice(i, i + 500))
        .execute())
        orderIds.set(r.form_id, Number(r.order_id));
    // The forms, FETCH_AT_ONCE at a time; kept in journal order (a malformed one stops the page there).
    const fetched: { f: (typeof order)[number]; data: unknown; gone: boolean }[] = [];
    for (let i = 0; i < order.length; i += FETCH_AT_ONCE)
      fetched.push(
        ...(await Promise.all(
          order.slice(i, i + FETCH_AT_ONCE).map(async (f) => {
            const orderId = orderIds.get(f.id);
            try {
              const res = await client.request({
                method: 'GET',
                path: `/order/checkout-forms/${encodeURIComponent(f.id)}`,
                what: WHAT[[...f.types][0] ?? ''] ?? 'Pobranie zamówienia',
                ...(orderId !== undefined ? { orderId } : {}),
              });
              return { f, data: res.data as unknown, gone: false };
            } catch (err) {
              // A form Allegro no longer has (404) has nothing to import.
              if (err instanceof OutsideRefusedError && err.status === 404) return { f, data: undefined, gone: true };
              if (err instanceof OutsideError && err.code === 'malformed') return { f, data: undefined, gone: false };
              throw err;
            }
          }),
        )),
      );
    const forms: { form: CheckoutForm; types: Set<string> }[] = [];
    let stopIndex = events.length;
    for (const { f, data, gone } of fetched) {
      if (gone) continue;
      const form = checkoutForm.safeParse(data);
      if (!form.success || form.data.id !== f.id) {
        stopIndex = f.first;
        report.stoppedAt = f.id;
        break;
      }
      forms.push({ form: form.data, types: f.types });
    }
    const cursor =
      stopIndex === events.length ? events[events.length - 1]!.id : (events[stopIndex - 1]?.id ?? st.cursor);
    importHooks.beforeCommit?.();
    let notes: PageLookups['notes'] = [];
    await s.tdb.transaction(async (tdb) => {
      const scope = { tdb, deps: s.deps };
      if (refs.incomeSourceId === null && forms.some((f) => f.form.status === 'READY_FOR_PROCESSING'))
        refs.incomeSourceId = await allegroIncomeSource(tdb);
      const look = await pageLookups(
        tdb,
        forms.map((f) => f.form),
      );
      const known = new Map<string, KnownForm>();
      for (let i = 0; i < forms.length; i += 500)
        for (const r of await allegroDb(tdb)
          .selectFrom(FORMS)
          .selectAll()
          .where(
            'form_id',
            'in',
            forms.slice(i, i + 500).map((f) => f.form.id),
          )
          .execute())
          known.set(r.form_id, r);
      for (const { form, types } of forms) {
        const out = await applyForm(scope, form, types, initial, refs, look, known.get(form.id));
        if (out === 'imported') report.imported++;
        if (out === 'updated') report.updated++;
      }
      // The cursor moves only from where this run read it (another process's run wins, ours rolls back).
      const moved = await allegroDb(tdb)
        .updateTable(STATE)
        .set({ cursor })
        .where((eb) => (st.cursor === null ? eb('cursor', 'is', null) : eb('cursor', '=', st.cursor)))
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new Error('allegro: the journal cursor moved meanwhile');
      notes = look.notes;
    });
    for (const note of notes) await logPluginEvent(s, ID, note);
    if (report.stoppedAt !== null) {
      await recordError(
        s.tdb,
        `Allegro odpowiedziało w nieoczekiwanym formacie (zamówienie ${report.stoppedAt}); import zatrzymał się przed nim i spróbuje ponownie.`,
        s.deps.now(),
      );
      throw new OutsideMalformedError(`zamówienie ${report.stoppedAt}`);
    }
    if (events.length < PAGE) break;
  }
  return report;
}
