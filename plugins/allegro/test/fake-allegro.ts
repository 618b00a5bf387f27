/**
 * A fake Allegro REST API on loopback for the allegro plugin's tests (docs/plugins.md, "Plugin:
 * allegro"), written from the public documentation: the OAuth device flow and token endpoint (HTTP
 * Basic client credentials, refresh tokens rotated on use), the order event journal (monotonic
 * string ids, `from`, `type`, `limit`), checkout forms with `revision` (bumped on every change), the
 * fulfillment PUT with the revision lock (409 when stale), shipments, carriers, own offers, quantity
 * and price change commands with client-chosen ids (a repeated id is not applied twice), the
 * `{"errors":[...]}` shape with `userMessage`, and switches the tests use (fail the next calls with
 * 401, 429 + Retry-After, 500, a malformed body, or a delay).
 */
// A test-only service the tests start; never loaded by the app, so node's modules are fine here
// (plugins/*/test/ is outside the plugin import rule: eslint.config.js).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

export interface FakeLineItem {
  id: string;
  offer: { id: string; name: string; external: { id: string } | null };
  quantity: number;
  originalPrice: { amount: string; currency: string };
  price: { amount: string; currency: string };
  boughtAt: string;
}

export interface FakeForm {
  id: string;
  messageToSeller: string | null;
  buyer: Json;
  payment: Json;
  status: 'BOUGHT' | 'FILLED_IN' | 'READY_FOR_PROCESSING' | 'CANCELLED';
  fulfillment: { status: string; shipmentSummary: { lineItemsSent: string } };
  delivery: Json;
  invoice: Json;
  lineItems: FakeLineItem[];
  surcharges: unknown[];
  discounts: unknown[];
  note: Json | null;
  marketplace: { id: string };
  summary: { totalToPay: { amount: string; currency: string } };
  updatedAt: string;
  revision: string;
}

export interface FakeOffer {
  id: string;
  name: string;
  external: { id: string } | null;
  stock: { available: number; sold: number };
  sellingMode: { format: string; price: { amount: string; currency: string } };
  publication: { status: string };
}

export interface FakeEvent {
  id: string;
  type: string;
  occurredAt: string;
  order: { checkoutForm: { id: string; revision: string }; buyer: Json; lineItems: unknown[]; seller: Json };
}

type Failure =
  | { kind: 'status'; status: 401 | 500 | 503 | 403 }
  | { kind: '429'; retryAfter: number }
  | { kind: 'malformed' }
  | { kind: 'delay'; ms: number };

export interface OrderOptions {
  lines?: {
    offerId: string;
    name?: string;
    externalId?: string | null;
    quantity?: number;
    price?: string;
    /** The offer's VAT as Allegro gives it on the line (`tax.rate`, e.g. '8.00'), or an exemption. */
    tax?: { rate?: string; exemption?: string };
  }[];
  pickupPointId?: string;
  cashOnDelivery?: boolean;
  message?: string;
  invoice?: { company: string; taxId: string } | null;
  deliveryMethodId?: string;
  deliveryMethodName?: string;
  deliveryCost?: string;
  email?: string;
  /** Leave the form BOUGHT (no READY_FOR_PROCESSING event yet). */
  unpaid?: boolean;
}

export const FAKE_CLIENT_ID = 'fake-client-id';
export const FAKE_CLIENT_SECRET = 'fake-client-secret-XYZ';

export class FakeAllegro {
  url = '';
  private server?: http.Server;
  private seq = 0;
  private nextEventId = 1000;
  readonly events: FakeEvent[] = [];
  readonly forms = new Map<string, FakeForm>();
  readonly offers = new Map<string, FakeOffer>();
  readonly shipments = new Map<string, Json[]>();
  /** Command id -> what was applied (a repeated id is answered again, not applied again). */
  readonly commands = new Map<string, { kind: 'quantity' | 'price'; body: Json; answer: Json }>();
  /** How many times each command id was received, applied or not. */
  readonly commandPuts = new Map<string, number>();
  readonly fulfillmentPuts: { formId: string; status: string; revision: string; answer: number }[] = [];
  private devices = new Map<
    string,
    { userCode: string; approved: boolean; denied: boolean; expiresAt: number; clientId: string }
  >();
  private accessTokens = new Map<string, number>(); // token -> expires at (ms)
  private refreshTokens = new Set<string>();
  tokenCalls = { device: 0, refresh: 0 };
  /** Seconds an access token lives (Allegro: 12 h). */
  accessTtl = 43_200;
  deviceInterval = 5;
  private failures: { failure: Failure; path?: RegExp }[] = [];
  /** Every request's method and path (no query), for the tests. */
  readonly requests: { method: string; path: string; auth: string }[] = [];
  /** API requests per minute before 429 (Allegro: 9000 per Client ID). */
  limitPerMinute = 9000;
  private rateMinute = 0;
  private rateCount = 0;
  /** Deliver the next events page in reverse order and with a duplicate (out-of-order journal). */
  shuffleNextPage = false;
  private nowMs = () => Date.now();

  constructor() {
    this.offerDefaults();
  }

  private offerDefaults() {
    /* no offers until a test adds them */
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void this.handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((err: unknown) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({ errors: [{ code: 'INTERNAL', message: String(err), userMessage: 'Błąd serwera' }] }),
          );
        });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  // ---- switches --------------------------------------------------------------------------------

  /** The next `n` API calls (optionally only those whose path matches) fail as given. */
  failNext(n: number, failure: Failure, path?: RegExp): void {
    for (let i = 0; i < n; i++) this.failures.push(path ? { failure, path } : { failure });
  }

  clearFailures(): void {
    this.failures = [];
  }

  /** The user approves the device code on allegro.pl. */
  approve(userCode: string): void {
    for (const d of this.devices.values()) if (d.userCode === userCode) d.approved = true;
  }

  deny(userCode: string): void {
    for (const d of this.devices.values()) if (d.userCode === userCode) d.denied = true;
  }

  /** Every access token expires now (the next API call with one is a 401). */
  expireAccessTokens(): void {
    for (const t of this.accessTokens.keys()) this.accessTokens.set(t, 0);
  }

  /** Refresh tokens revoked (the seller removed the app): refresh fails, API calls 401. */
  revokeAll(): void {
    this.refreshTokens.clear();
    this.accessTokens.clear();
  }

  // ---- data helpers ----------------------------------------------------------------------------

  addOffer(id: string, name: string, externalId: string | null, stock = 0, price = '10.00'): FakeOffer {
    const offer: FakeOffer = {
      id,
      name,
      external: externalId === null ? null : { id: externalId },
      stock: { available: stock, sold: 0 },
      sellingMode: { format: 'BUY_NOW', price: { amount: price, currency: 'PLN' } },
      publication: { status: 'ACTIVE' },
    };
    this.offers.set(id, offer);
    return offer;
  }

  private pushEvent(type: string, form: FakeForm): FakeEvent {
    const ev: FakeEvent = {
      id: String(this.nextEventId++),
      type,
      occurredAt: new Date(this.nowMs()).toISOString(),
      order: {
        checkoutForm: { id: form.id, revision: form.revision },
        buyer: { id: String(form.buyer.id), login: String(form.buyer.login) },
        lineItems: form.lineItems.map((l) => ({ id: l.id, offer: l.offer, quantity: l.quantity })),
        seller: { id: 'seller-1' },
      },
    };
    this.events.push(ev);
    return ev;
  }

  private bump(form: FakeForm) {
    form.revision = `rev-${++this.seq}`;
    form.updatedAt = new Date(this.nowMs()).toISOString();
  }

  /** A buyer's purchase paid for: BOUGHT, FILLED_IN and READY_FOR_PROCESSING (unless `unpaid`). */
  addOrder(o: OrderOptions = {}): FakeForm {
    const n = ++this.seq;
    const id = `cf-${n.toString(16).padStart(8, '0')}-4000-8000-${String(n).padStart(12, '0')}`;
    const now = new Date(this.nowMs()).toISOString();
    const lines = (
      o.lines ?? [{ offerId: '1000001', name: 'Kubek', externalId: 'KUB-1', quantity: 1, price: '19.99' }]
    ).map((l, i) => ({
      id: `li-${n}-${i + 1}`,
      offer: {
        id: l.offerId,
        name: l.name ?? this.offers.get(l.offerId)?.name ?? `Oferta ${l.offerId}`,
        external: l.externalId === null ? null : { id: l.externalId ?? this.offers.get(l.offerId)?.external?.id ?? '' },
      },
      quantity: l.quantity ?? 1,
      originalPrice: { amount: l.price ?? '10.00', currency: 'PLN' },
      price: { amount: l.price ?? '10.00', currency: 'PLN' },
      boughtAt: now,
      ...(l.tax ? { tax: { rate: l.tax.rate ?? null, subject: 'GOODS', exemption: l.tax.exemption ?? null } } : {}),
    }));
    const total =
      lines.reduce((s, l) => s + Number(l.price.amount) * l.quantity, 0) + Number(o.deliveryCost ?? '12.99');
    const address = {
      firstName: 'Jan',
      lastName: 'Kowalski',
      street: 'Długa 5/2',
      city: 'Kraków',
      zipCode: '30-001',
      countryCode: 'PL',
      companyName: null,
      phoneNumber: '+48 600 100 200',
    };
    const form: FakeForm = {
      id,
      messageToSeller: o.message ?? null,
      buyer: {
        id: `buyer-${n}`,
        email: o.email ?? `a${n}x+1234@allegromail.pl`,
        login: `kupujacy${n}`,
        firstName: 'Jan',
        lastName: 'Kowalski',
        companyName: null,
        guest: false,
        phoneNumber: '+48 600 100 200',
        address: { street: 'Długa 5/2', city: 'Kraków', postCode: '30-001', countryCode: 'PL' },
      },
      payment: {
        id: `pay-${n}`,
        type: o.cashOnDelivery ? 'CASH_ON_DELIVERY' : 'ONLINE',
        provider: o.cashOnDelivery ? null : 'P24',
        finishedAt: o.cashOnDelivery ? null : now,
        paidAmount: o.cashOnDelivery ? null : { amount: total.toFixed(2), currency: 'PLN' },
      },
      status: 'BOUGHT',
      fulfillment: { status: 'NEW', shipmentSummary: { lineItemsSent: 'NONE' } },
      delivery: {
        address,
        method: {
          id: o.deliveryMethodId ?? (o.pickupPointId ? 'inpost-paczkomat-id' : 'dpd-courier-id'),
          name: o.deliveryMethodName ?? (o.pickupPointId ? 'Allegro Paczkomaty InPost' : 'Kurier DPD'),
        },
        pickupPoint: o.pickupPointId
          ? { id: o.pickupPointId, name: `Paczkomat ${o.pickupPointId}`, description: 'Przy sklepie', address: {} }
          : null,
        cost: { amount: o.deliveryCost ?? '12.99', currency: 'PLN' },
        smart: false,
        calculatedNumberOfPackages: 1,
      },
      invoice: o.invoice
        ? {
            required: true,
            address: {
              street: 'Przemysłowa 10',
              city: 'Poznań',
              zipCode: '60-001',
              countryCode: 'PL',
              company: { name: o.invoice.company, taxId: o.invoice.taxId },
              naturalPerson: null,
            },
            dueDate: null,
          }
        : { required: false, address: null, dueDate: null },
      lineItems: lines,
      surcharges: [],
      discounts: [],
      note: null,
      marketplace: { id: 'allegro-pl' },
      summary: { totalToPay: { amount: total.toFixed(2), currency: 'PLN' } },
      updatedAt: now,
      revision: `rev-${n}`,
    };
    this.forms.set(id, form);
    this.pushEvent('BOUGHT', form);
    this.bump(form);
    form.status = 'FILLED_IN';
    this.pushEvent('FILLED_IN', form);
    if (!o.unpaid) this.pay(id);
    return form;
  }

  pay(formId: string): void {
    const form = this.forms.get(formId)!;
    this.bump(form);
    form.status = 'READY_FOR_PROCESSING';
    this.pushEvent('READY_FOR_PROCESSING', form);
  }

  buyerCancel(formId: string): void {
    const form = this.forms.get(formId)!;
    this.bump(form);
    form.status = 'CANCELLED';
    this.pushEvent('BUYER_CANCELLED', form);
  }

  /** The buyer changes the delivery address (before the seller sent the parcel). */
  buyerModify(formId: string, street = 'Krótka 1'): void {
    const form = this.forms.get(formId)!;
    this.bump(form);
    (form.delivery.address as Record<string, unknown>).street = street;
    this.pushEvent('BUYER_MODIFIED', form);
  }

  /** The seller changes the fulfilment status on allegro.pl. */
  setFulfillment(formId: string, status: string): void {
    const form = this.forms.get(formId)!;
    this.bump(form);
    form.fulfillment.status = status;
    this.pushEvent('FULFILLMENT_STATUS_CHANGED', form);
  }

  /** Appends copies of events already in the journal (duplicates, with their old ids: out of order). */
  repeatEvents(ids: string[]): void {
    for (const id of ids) {
      const ev = this.events.find((e) => e.id === id);
      if (ev) this.events.push({ ...ev });
    }
  }

  // ---- HTTP ------------------------------------------------------------------------------------

  private async handle(req: http.IncomingMessage, res: http.ServerResponse, body: string): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const auth = String(req.headers.authorization ?? '');
    this.requests.push({ method, path, auth });
    const send = (status: number, data?: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        ...(data !== undefined ? { 'content-type': 'application/vnd.allegro.public.v1+json' } : {}),
        ...headers,
      });
      res.end(data !== undefined ? JSON.stringify(data) : undefined);
    };
    const errors = (status: number, code: string, userMessage: string, headers: Record<string, string> = {}) =>
      send(
        status,
        { errors: [{ code, message: code, details: null, path: null, userMessage, metadata: {} }] },
        headers,
      );

    // The switches apply to every call (auth included) whose path matches.
    const fIdx = this.failures.findIndex((f) => !f.path || f.path.test(path));
    if (fIdx >= 0) {
      const { failure } = this.failures.splice(fIdx, 1)[0]!;
      if (failure.kind === 'status')
        return errors(
          failure.status,
          failure.status >= 500 ? 'INTERNAL_ERROR' : 'UNAUTHORIZED',
          failure.status >= 500 ? 'Wystąpił błąd serwera Allegro. Spróbuj ponownie.' : 'Brak dostępu do zasobu.',
        );
      if (failure.kind === '429')
        return errors(429, 'TOO_MANY_REQUESTS', 'Zbyt wiele zapytań.', { 'retry-after': String(failure.retryAfter) });
      if (failure.kind === 'malformed') {
        res.writeHead(200, { 'content-type': 'application/vnd.allegro.public.v1+json' });
        return void res.end(JSON.stringify({ unexpected: true, events: 'nie-lista', id: 42 }));
      }
      await new Promise((r) => setTimeout(r, failure.ms));
    }

    if (path.startsWith('/auth/oauth/')) return this.oauth(path, url, req, body, send);

    // Allegro's limit per Client ID: requests in the current minute past it are 429 until it ends.
    const minute = Math.floor(this.nowMs() / 60_000);
    if (minute !== this.rateMinute) {
      this.rateMinute = minute;
      this.rateCount = 0;
    }
    if (++this.rateCount > this.limitPerMinute)
      return errors(429, 'TOO_MANY_REQUESTS', 'Przekroczono limit zapytań.', {
        'retry-after': String(60 - Math.floor((this.nowMs() % 60_000) / 1000)),
      });

    // API: a bearer token the fake issued and not expired.
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    const exp = this.accessTokens.get(token);
    if (exp === undefined || exp <= this.nowMs())
      return errors(401, 'UNAUTHORIZED', 'Sesja wygasła lub token jest nieprawidłowy.');

    const json = (): Json => {
      try {
        return JSON.parse(body) as Json;
      } catch {
        return {};
      }
    };
    let m: RegExpMatchArray | null;
    if (method === 'GET' && path === '/me') return send(200, { id: 'seller-1', login: 'sklep_testowy' });
    if (method === 'GET' && path === '/order/event-stats') {
      const last = this.events[this.events.length - 1];
      return send(200, { latestEvent: last ? { id: last.id, occurredAt: last.occurredAt } : null });
    }
    if (method === 'GET' && path === '/order/events') {
      const from = url.searchParams.get('from');
      const types = url.searchParams.getAll('type');
      const limit = Math.min(1000, Number(url.searchParams.get('limit') ?? 100));
      let page: FakeEvent[] = [];
      // The journal in the order it was written; `from`: events written after that id.
      let start = 0;
      if (from !== null) {
        const at = this.events.findIndex((e) => e.id === from);
        if (at < 0 && from !== '') {
          // An id never given: events with a larger id (the journal's ids grow).
          start = this.events.findIndex((e) => Number(e.id) > Number(from));
          if (start < 0) start = this.events.length;
        } else start = at + 1;
      }
      for (let i = start; i < this.events.length && page.length < limit; i++) {
        const e = this.events[i]!;
        if (types.length === 0 || types.includes(e.type)) page.push(e);
      }
      if (this.shuffleNextPage && page.length > 1) {
        this.shuffleNextPage = false;
        // Out of order and repeated: the page reversed, its first event twice; the page still ends
        // at the journal's latest position so `from` goes on.
        const last = page[page.length - 1]!;
        page = [...page.slice(0, -1).reverse(), page[0]!, last];
      }
      return send(200, { events: page });
    }
    if ((m = path.match(/^\/order\/checkout-forms\/([^/]+)$/)) && method === 'GET') {
      const form = this.forms.get(m[1]!);
      return form ? send(200, form) : errors(404, 'NOT_FOUND', 'Nie znaleziono zamówienia.');
    }
    if ((m = path.match(/^\/order\/checkout-forms\/([^/]+)\/fulfillment$/)) && method === 'PUT') {
      const form = this.forms.get(m[1]!);
      if (!form) return errors(404, 'NOT_FOUND', 'Nie znaleziono zamówienia.');
      const rev = url.searchParams.get('checkoutForm.revision');
      const status = String(json().status ?? '');
      const known = [
        'NEW',
        'PROCESSING',
        'READY_FOR_SHIPMENT',
        'READY_FOR_PICKUP',
        'SENT',
        'PICKED_UP',
        'CANCELLED',
        'SUSPENDED',
      ];
      if (!known.includes(status)) return errors(422, 'VALIDATION_ERROR', 'Nieprawidłowy status realizacji.');
      if (rev !== null && rev !== form.revision) {
        this.fulfillmentPuts.push({ formId: form.id, status, revision: rev, answer: 409 });
        return errors(409, 'CONFLICT', 'Zamówienie zostało zmienione w międzyczasie. Odśwież i spróbuj ponownie.');
      }
      this.fulfillmentPuts.push({ formId: form.id, status, revision: rev ?? '', answer: 204 });
      if (form.fulfillment.status !== status) {
        form.fulfillment.status = status;
        this.bump(form);
        this.pushEvent('FULFILLMENT_STATUS_CHANGED', form);
      }
      return send(204);
    }
    if ((m = path.match(/^\/order\/checkout-forms\/([^/]+)\/shipments$/))) {
      const form = this.forms.get(m[1]!);
      if (!form) return errors(404, 'NOT_FOUND', 'Nie znaleziono zamówienia.');
      const list = this.shipments.get(form.id) ?? [];
      if (method === 'GET') return send(200, { shipments: list });
      if (method === 'POST') {
        const b = json() as {
          carrierId?: string;
          waybill?: string;
          carrierName?: string | null;
          lineItems?: { id: string }[];
        };
        if (!CARRIERS.some((c) => c.id === b.carrierId))
          return errors(422, 'VALIDATION_ERROR', 'Nieznany identyfikator przewoźnika.');
        if (!b.waybill || b.waybill.length > 64)
          return errors(422, 'VALIDATION_ERROR', 'Nieprawidłowy numer przesyłki.');
        if (b.carrierId === 'OTHER' && (!b.carrierName || b.carrierName.length > 30))
          return errors(422, 'VALIDATION_ERROR', 'Podaj nazwę przewoźnika (do 30 znaków).');
        for (const li of b.lineItems ?? [])
          if (!form.lineItems.some((l) => l.id === li.id))
            return errors(422, 'VALIDATION_ERROR', 'Pozycja nie należy do zamówienia.');
        const shipment = {
          id: `sh-${++this.seq}`,
          waybill: b.waybill,
          carrierId: b.carrierId,
          carrierName: b.carrierName ?? null,
          lineItems: b.lineItems ?? [],
          createdAt: new Date(this.nowMs()).toISOString(),
        };
        list.push(shipment);
        this.shipments.set(form.id, list);
        return send(201, shipment);
      }
    }
    if (method === 'GET' && path === '/order/carriers') return send(200, { carriers: CARRIERS });
    if (method === 'GET' && path === '/sale/offers') {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Math.min(1000, Number(url.searchParams.get('limit') ?? 20));
      const all = [...this.offers.values()];
      const page = all.slice(offset, offset + limit);
      return send(200, { offers: page, count: page.length, totalCount: all.length });
    }
    if ((m = path.match(/^\/sale\/offer-(quantity|price)-change-commands\/([^/]+)$/)) && method === 'PUT') {
      const kind = m[1] as 'quantity' | 'price';
      const id = m[2]!;
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id))
        return errors(422, 'VALIDATION_ERROR', 'Identyfikator polecenia musi być UUID.');
      this.commandPuts.set(id, (this.commandPuts.get(id) ?? 0) + 1);
      const seen = this.commands.get(id);
      if (seen) return send(201, seen.answer);
      const b = json() as {
        modification?: { changeType?: string; value?: number; type?: string; price?: { amount: string } };
        offerCriteria?: { type: string; offers: { id: string }[] }[];
      };
      const offers = (b.offerCriteria ?? []).flatMap((c) => c.offers ?? []);
      if (offers.length === 0 || offers.length > 1000)
        return errors(422, 'VALIDATION_ERROR', 'Polecenie musi wskazywać od 1 do 1000 ofert.');
      let success = 0;
      let failed = 0;
      for (const o of offers) {
        const offer = this.offers.get(o.id);
        if (!offer) {
          failed++;
          continue;
        }
        if (kind === 'quantity') {
          const v = Number(b.modification?.value);
          offer.stock.available = b.modification?.changeType === 'GAIN' ? offer.stock.available + v : v;
        } else offer.sellingMode.price.amount = String(b.modification?.price?.amount);
        success++;
      }
      const answer = { id, taskCount: { total: offers.length, success, failed } };
      this.commands.set(id, { kind, body: b as Json, answer });
      return send(201, answer);
    }
    return errors(404, 'NOT_FOUND', 'Nie znaleziono zasobu.');
  }

  private oauth(
    path: string,
    url: URL,
    req: http.IncomingMessage,
    body: string,
    send: (status: number, data?: unknown) => void,
  ): void {
    const form = new URLSearchParams(body);
    const param = (n: string) => url.searchParams.get(n) ?? form.get(n);
    const basic = String(req.headers.authorization ?? '');
    const [id, secret] = basic.startsWith('Basic ')
      ? Buffer.from(basic.slice(6), 'base64').toString('utf8').split(':')
      : ['', ''];
    if (id !== FAKE_CLIENT_ID || secret !== FAKE_CLIENT_SECRET)
      return send(401, { error: 'invalid_client', error_description: 'Bad client credentials' });
    if (path === '/auth/oauth/device' && req.method === 'POST') {
      const deviceCode = `dev-${++this.seq}-${Math.random().toString(36).slice(2)}`;
      const userCode =
        `${Math.random().toString(36).slice(2, 5)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
      this.devices.set(deviceCode, {
        userCode,
        approved: false,
        denied: false,
        expiresAt: this.nowMs() + 3600_000,
        clientId: id,
      });
      return send(200, {
        device_code: deviceCode,
        user_code: userCode,
        verification_uri: `${this.url}/skojarz-aplikacje`,
        verification_uri_complete: `${this.url}/skojarz-aplikacje?code=${userCode}`,
        expires_in: 3600,
        interval: this.deviceInterval,
      });
    }
    if (path === '/auth/oauth/token' && req.method === 'POST') {
      this.tokenCalls.device += 0;
      const grant = param('grant_type');
      if (grant === 'urn:ietf:params:oauth:grant-type:device_code') {
        this.tokenCalls.device++;
        const d = this.devices.get(param('device_code') ?? '');
        if (!d) return send(400, { error: 'invalid_grant', error_description: 'Unknown device code' });
        if (d.denied) return send(400, { error: 'access_denied', error_description: 'Denied' });
        if (d.expiresAt < this.nowMs()) return send(400, { error: 'expired_token', error_description: 'Expired' });
        if (!d.approved) return send(400, { error: 'authorization_pending', error_description: 'Pending' });
        this.devices.delete(param('device_code')!);
        return send(200, this.issue());
      }
      if (grant === 'refresh_token') {
        this.tokenCalls.refresh++;
        const rt = param('refresh_token') ?? '';
        if (!this.refreshTokens.has(rt))
          return send(400, { error: 'invalid_grant', error_description: 'Invalid refresh token' });
        this.refreshTokens.delete(rt); // rotated: the old one is spent
        return send(200, this.issue());
      }
      return send(400, { error: 'unsupported_grant_type' });
    }
    send(404, { error: 'not_found' });
  }

  private issue() {
    const access = `at-${++this.seq}-${Math.random().toString(36).slice(2)}`;
    const refresh = `rt-${++this.seq}-${Math.random().toString(36).slice(2)}`;
    this.accessTokens.set(access, this.nowMs() + this.accessTtl * 1000);
    this.refreshTokens.add(refresh);
    return {
      access_token: access,
      token_type: 'bearer',
      refresh_token: refresh,
      expires_in: this.accessTtl,
      scope:
        'allegro:api:orders:read allegro:api:orders:write allegro:api:sale:offers:read allegro:api:sale:offers:write',
      allegro_api: true,
      jti: `jti-${this.seq}`,
    };
  }

  /** The access tokens the fake has issued (a test checks none is answered or logged). */
  issuedTokens(): string[] {
    return [...this.accessTokens.keys(), ...this.refreshTokens];
  }
}

export const CARRIERS = [
  { id: 'INPOST', name: 'InPost' },
  { id: 'DPD', name: 'DPD' },
  { id: 'POCZTA_POLSKA', name: 'Poczta Polska' },
  { id: 'DHL', name: 'DHL' },
  { id: 'GLS', name: 'GLS' },
  { id: 'UPS', name: 'UPS' },
  { id: 'ORLEN_PACZKA', name: 'ORLEN Paczka' },
  { id: 'ALLEGRO', name: 'Allegro One' },
  { id: 'OTHER', name: 'Inny przewoźnik' },
];

export async function startFakeAllegro(): Promise<FakeAllegro> {
  return new FakeAllegro().start();
}
