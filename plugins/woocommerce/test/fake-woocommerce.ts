/**
 * A fake WooCommerce shop speaking the REST API v3 (`/wp-json/wc/v3`) as its public documentation
 * describes it (docs/plugins.md, "Plugin: woocommerce", has what the plugin relies on): HTTP Basic
 * with the consumer key and secret (or `consumer_key`/`consumer_secret` in the query), orders with
 * status / modified_after / dates_are_gmt / orderby / order / per_page / page and the `X-WP-Total`,
 * `X-WP-TotalPages` and `Link` headers, order notes, products and variations by SKU, `PUT` of products
 * and variations with string prices, `/products/batch` and `/products/<id>/variations/batch` with
 * the 100-object cap and per-item errors, the `{code, message, data: {status}}` error shape, and
 * webhook delivery signed with `X-WC-Webhook-Signature` (base64 HMAC-SHA256 of the raw body).
 * Switches for tests: the next N calls fail with 401 / 429 (+ Retry-After) / 500 / a body that is
 * not JSON, a delay, and an order answered malformed in lists.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAddress {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  postcode: string;
  country: string;
  email?: string;
  phone: string;
}

export interface FakeLineItem {
  id: number;
  name: string;
  product_id: number;
  variation_id: number;
  quantity: number;
  sku: string;
  price: number;
  subtotal: string;
  total: string;
  total_tax: string;
  tax_class: string;
  taxes: unknown[];
  meta_data: unknown[];
}

export interface FakeOrder {
  id: number;
  number: string;
  order_key: string;
  status: string;
  currency: string;
  date_created_gmt: string;
  date_modified_gmt: string;
  date_paid_gmt: string | null;
  total: string;
  total_tax: string;
  shipping_total: string;
  shipping_tax: string;
  discount_total: string;
  prices_include_tax: boolean;
  customer_note: string;
  billing: FakeAddress;
  shipping: FakeAddress;
  payment_method: string;
  payment_method_title: string;
  transaction_id: string;
  line_items: FakeLineItem[];
  shipping_lines: { id: number; method_id: string; method_title: string; total: string; total_tax: string }[];
  fee_lines: unknown[];
  coupon_lines: unknown[];
  refunds: unknown[];
  meta_data: { id: number; key: string; value: unknown }[];
}

export interface FakeNote {
  id: number;
  author: string;
  date_created_gmt: string;
  note: string;
  customer_note: boolean;
}

export interface FakeProduct {
  id: number;
  name: string;
  sku: string;
  type: 'simple' | 'variable' | 'variation';
  parent_id: number;
  regular_price: string;
  sale_price: string;
  price: string;
  manage_stock: boolean;
  stock_quantity: number | null;
  stock_status: 'instock' | 'outofstock' | 'onbackorder';
  global_unique_id: string;
  variations: number[];
}

type Failure = { kind: 'status'; status: number; retryAfter?: number } | { kind: 'malformed' };

const API = '/wp-json/wc/v3';

export class FakeWooCommerce {
  readonly key: string;
  readonly secret: string;
  url = '';
  /** Seconds since the epoch of the shop's clock (orders' dates). */
  clock = Date.parse('2026-11-28T09:00:00Z') / 1000;
  orders = new Map<number, FakeOrder>();
  notes = new Map<number, FakeNote[]>();
  products = new Map<number, FakeProduct>();
  /** Every request: method, path (after /wp-json/wc/v3), query and parsed body. */
  requests: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
  /** Answered malformed inside lists (`line_items` not a list). */
  malformedOrders = new Set<number>();
  /** Milliseconds each answer waits. */
  delayMs = 0;
  /**
   * The next N calls are carried out and then the connection drops before the answer: the caller
   * cannot know whether it happened (a job killed after the outside call).
   */
  dropAfterApply = 0;
  /** Called with each request's path as it arrives (a test stops a job there). */
  onRequest: ((method: string, path: string) => void) | undefined;
  private failures: Failure[] = [];
  private nextId = 1000;
  private server: http.Server | undefined;

  constructor(opts: { key?: string; secret?: string } = {}) {
    this.key = opts.key ?? 'ck_0123456789abcdef0123456789abcdef01234567';
    this.secret = opts.secret ?? 'cs_fedcba9876543210fedcba9876543210fedcba98';
  }

  /** The next `count` calls fail this way (in order, after earlier queued failures). */
  failNext(count: number, failure: { status: number; retryAfter?: number } | 'malformed'): void {
    for (let i = 0; i < count; i++)
      this.failures.push(failure === 'malformed' ? { kind: 'malformed' } : { kind: 'status', ...failure });
  }

  clearFailures(): void {
    this.failures = [];
  }

  private id(): number {
    return this.nextId++;
  }

  /** The shop's clock as WooCommerce writes GMT dates: `2026-11-28T09:00:00`. */
  gmt(at = this.clock): string {
    return new Date(at * 1000).toISOString().slice(0, 19);
  }

  tick(seconds = 1): void {
    this.clock += seconds;
  }

  addProduct(p: Partial<FakeProduct> & { sku: string }): FakeProduct {
    const id = this.id();
    const product: FakeProduct = {
      id,
      name: p.name ?? `Produkt ${p.sku}`,
      type: p.type ?? 'simple',
      parent_id: p.parent_id ?? 0,
      regular_price: p.regular_price ?? '10.00',
      sale_price: p.sale_price ?? '',
      price: p.regular_price ?? '10.00',
      manage_stock: p.manage_stock ?? true,
      stock_quantity: p.stock_quantity ?? 0,
      stock_status: 'instock',
      global_unique_id: p.global_unique_id ?? '',
      variations: [],
      ...p,
    };
    product.id = id;
    this.products.set(id, product);
    if (product.type === 'variation') this.products.get(product.parent_id)?.variations.push(id);
    return product;
  }

  /** A new order modified now; lines name products by id (their SKU and name copied). */
  addOrder(o: {
    status?: string;
    lines: { productId: number; quantity: number; price: number; name?: string; sku?: string; taxClass?: string }[];
    shipping?: { methodId: string; title: string; total: string };
    billing?: Partial<FakeAddress>;
    meta?: Record<string, unknown>;
    customerNote?: string;
  }): FakeOrder {
    const id = this.id();
    const lines: FakeLineItem[] = o.lines.map((l) => {
      const p = this.products.get(l.productId);
      const total = (l.price * l.quantity) / 1.23;
      return {
        id: this.id(),
        name: l.name ?? p?.name ?? 'Produkt usunięty',
        product_id: p?.type === 'variation' ? p.parent_id : l.productId,
        variation_id: p?.type === 'variation' ? p.id : 0,
        quantity: l.quantity,
        sku: l.sku ?? p?.sku ?? '',
        price: Math.round((total / l.quantity) * 100) / 100,
        subtotal: total.toFixed(2),
        total: total.toFixed(2),
        total_tax: (l.price * l.quantity - total).toFixed(2),
        tax_class: l.taxClass ?? '',
        taxes: [],
        meta_data: [],
      };
    });
    const shippingGross = Number(o.shipping?.total ?? '0');
    const address: FakeAddress = {
      first_name: 'Anna',
      last_name: 'Kowalska',
      company: '',
      address_1: 'ul. Długa 5',
      address_2: 'm. 3',
      city: 'Kraków',
      postcode: '30-001',
      country: 'PL',
      phone: '600100200',
    };
    const order: FakeOrder = {
      id,
      number: String(id),
      order_key: `wc_order_${id}`,
      status: o.status ?? 'processing',
      currency: 'PLN',
      date_created_gmt: this.gmt(),
      date_modified_gmt: this.gmt(),
      date_paid_gmt: this.gmt(),
      total: (o.lines.reduce((s, l) => s + l.price * l.quantity, 0) + shippingGross).toFixed(2),
      total_tax: '0.00',
      shipping_total: (shippingGross / 1.23).toFixed(2),
      shipping_tax: (shippingGross - shippingGross / 1.23).toFixed(2),
      discount_total: '0.00',
      prices_include_tax: true,
      customer_note: o.customerNote ?? '',
      billing: { ...address, email: 'anna@example.pl', ...o.billing },
      shipping: { ...address },
      payment_method: 'bacs',
      payment_method_title: 'Przelew bankowy',
      transaction_id: '',
      line_items: lines,
      shipping_lines: o.shipping
        ? [
            {
              id: this.id(),
              method_id: o.shipping.methodId,
              method_title: o.shipping.title,
              total: (shippingGross / 1.23).toFixed(2),
              total_tax: (shippingGross - shippingGross / 1.23).toFixed(2),
            },
          ]
        : [],
      fee_lines: [],
      coupon_lines: [],
      refunds: [],
      meta_data: Object.entries(o.meta ?? {}).map(([key, value]) => ({ id: this.id(), key, value })),
    };
    this.orders.set(id, order);
    return order;
  }

  /** A change made in the shop: the order's fields and its modification date (now). */
  modifyOrder(id: number, changes: Partial<FakeOrder>): FakeOrder {
    const order = this.orders.get(id)!;
    Object.assign(order, changes, { date_modified_gmt: this.gmt() });
    return order;
  }

  /**
   * Delivers a webhook as WooCommerce does: the resource's JSON as the body, the topic headers and
   * `X-WC-Webhook-Signature` = base64(HMAC-SHA256(body, secret)). Answers the status and body.
   */
  async deliverWebhook(
    deliveryUrl: string,
    opts: { topic?: string; orderId: number; secret: string; signature?: string; body?: string },
  ): Promise<{ status: number; body: unknown }> {
    const body = opts.body ?? JSON.stringify(this.orders.get(opts.orderId));
    const signature = opts.signature ?? createHmac('sha256', opts.secret).update(body, 'utf8').digest('base64');
    const topic = opts.topic ?? 'order.updated';
    const res = await fetch(deliveryUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'WooCommerce/9.4.0 Hookshot (WordPress/6.7)',
        'x-wc-webhook-source': `${this.url}/`,
        'x-wc-webhook-topic': topic,
        'x-wc-webhook-resource': topic.split('.')[0]!,
        'x-wc-webhook-event': topic.split('.')[1]!,
        'x-wc-webhook-signature': signature,
        'x-wc-webhook-id': '7',
        'x-wc-webhook-delivery-id': String(Math.floor(Math.random() * 1e6)),
      },
      body,
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed };
  }

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      if (this.dropAfterApply > 0 && status < 300) {
        this.dropAfterApply--;
        req.socket.destroy();
        return;
      }
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) =>
      send(status, { code, message, data: { status, ...extra } });
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    if (!url.pathname.startsWith(API))
      return error(404, 'rest_no_route', 'Nie znaleziono trasy pasującej do adresu URL i metody żądania.');
    const path = url.pathname.slice(API.length) || '/';
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      return error(400, 'rest_invalid_json', 'Podano nieprawidłowy JSON.');
    }
    this.requests.push({ method: req.method ?? 'GET', path, query: url.searchParams, body });
    this.onRequest?.(req.method ?? 'GET', path);

    const failure = this.failures.shift();
    if (failure?.kind === 'malformed') {
      res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8' });
      return void res.end('<!DOCTYPE html><html><body>Fatal error: Allowed memory size exhausted</body></html>');
    }
    if (failure?.kind === 'status') {
      if (failure.status === 401)
        return error(401, 'woocommerce_rest_authentication_error', 'Nieprawidłowy podpis - podany podpis nie pasuje.');
      if (failure.status === 429)
        return send(
          429,
          { code: 'too_many_requests', message: 'Too Many Requests', data: { status: 429 } },
          {
            'retry-after': String(failure.retryAfter ?? 30),
          },
        );
      return error(failure.status, 'internal_server_error', 'Wystąpił błąd krytyczny na tej witrynie.');
    }

    // Basic auth (HTTPS in production), or the key pair in the query.
    const auth = String(req.headers.authorization ?? '');
    let key = url.searchParams.get('consumer_key');
    let secret = url.searchParams.get('consumer_secret');
    if (auth.startsWith('Basic ')) {
      const [k, ...s] = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':');
      key = k ?? null;
      secret = s.join(':');
    }
    if (!key) return error(401, 'woocommerce_rest_authentication_error', 'Brak klucza klienta.');
    if (key !== this.key || secret !== this.secret)
      return error(401, 'woocommerce_rest_authentication_error', 'Nieprawidłowy klucz klienta.');

    const method = req.method ?? 'GET';
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/orders') return this.listOrders(url.searchParams, send, error);
    if ((m = /^\/orders\/(\d+)$/.exec(path))) {
      const order = this.orders.get(Number(m[1]));
      if (!order) return error(404, 'woocommerce_rest_shop_order_invalid_id', 'Nieprawidłowy identyfikator.');
      if (method === 'GET') return send(200, order);
      if (method === 'PUT' || method === 'POST') {
        const b = (body ?? {}) as { status?: string };
        const statuses = ['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed'];
        if (b.status !== undefined && !statuses.includes(b.status))
          return error(400, 'rest_invalid_param', 'Nieprawidłowy parametr: status', {
            params: { status: 'status nie jest jednym z dozwolonych' },
          });
        this.tick(0);
        return send(200, this.modifyOrder(order.id, b.status ? { status: b.status } : {}));
      }
    }
    if ((m = /^\/orders\/(\d+)\/notes$/.exec(path))) {
      const id = Number(m[1]);
      if (!this.orders.has(id))
        return error(404, 'woocommerce_rest_shop_order_invalid_id', 'Nieprawidłowy identyfikator.');
      const notes = this.notes.get(id) ?? [];
      if (method === 'GET') return send(200, [...notes].reverse());
      if (method === 'POST') {
        const b = (body ?? {}) as { note?: unknown; customer_note?: unknown };
        if (typeof b.note !== 'string' || b.note === '')
          return error(400, 'rest_missing_callback_param', 'Brak parametru: note', { params: ['note'] });
        const note: FakeNote = {
          id: this.id(),
          author: 'WooCommerce',
          date_created_gmt: this.gmt(),
          note: b.note,
          customer_note: b.customer_note === true,
        };
        this.notes.set(id, [...notes, note]);
        return send(201, note);
      }
    }
    if (method === 'GET' && path === '/products') return this.listProducts(url.searchParams, 0, send);
    if ((m = /^\/products\/(\d+)$/.exec(path))) {
      const p = this.products.get(Number(m[1]));
      if (!p || p.type === 'variation')
        return error(404, 'woocommerce_rest_product_invalid_id', 'Nieprawidłowy identyfikator.');
      if (method === 'GET') return send(200, this.productJson(p));
      if (method === 'PUT') {
        const r = this.update(p, body);
        return 'error' in r ? send(400, r.error) : send(200, this.productJson(p));
      }
    }
    if (method === 'POST' && path === '/products/batch') return this.batch(body, 0, send, error);
    if ((m = /^\/products\/(\d+)\/variations$/.exec(path)) && method === 'GET')
      return this.listProducts(url.searchParams, Number(m[1]), send);
    if ((m = /^\/products\/(\d+)\/variations\/batch$/.exec(path)) && method === 'POST')
      return this.batch(body, Number(m[1]), send, error);
    if ((m = /^\/products\/(\d+)\/variations\/(\d+)$/.exec(path))) {
      const v = this.products.get(Number(m[2]));
      if (!v || v.type !== 'variation' || v.parent_id !== Number(m[1]))
        return error(404, 'woocommerce_rest_product_variation_invalid_id', 'Nieprawidłowy identyfikator.');
      if (method === 'GET') return send(200, this.productJson(v));
      if (method === 'PUT') {
        const r = this.update(v, body);
        return 'error' in r ? send(400, r.error) : send(200, this.productJson(v));
      }
    }
    return error(404, 'rest_no_route', 'Nie znaleziono trasy pasującej do adresu URL i metody żądania.');
  }

  private listOrders(
    q: URLSearchParams,
    send: (status: number, body: unknown, headers?: Record<string, string>) => void,
    error: (status: number, code: string, message: string, extra?: Record<string, unknown>) => void,
  ): void {
    const perPage = Number(q.get('per_page') ?? '10');
    const page = Number(q.get('page') ?? '1');
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100)
      return error(400, 'rest_invalid_param', 'Nieprawidłowy parametr: per_page', {
        params: { per_page: 'per_page nie mieści się w przedziale od 1 do 100.' },
      });
    if (!Number.isInteger(page) || page < 1) return error(400, 'rest_invalid_param', 'Nieprawidłowy parametr: page');
    const statuses = (q.get('status') ?? 'any').split(',');
    const gmt = q.get('dates_are_gmt') === 'true';
    const after = q.get('modified_after');
    // Without dates_are_gmt the date is the shop's local time; the fake's shop runs on UTC.
    const afterMs = after ? Date.parse(`${after.replace(/Z$/, '')}Z`) : NaN;
    void gmt;
    let list = [...this.orders.values()].filter(
      (o) =>
        (statuses.includes('any') ? o.status !== 'trash' : statuses.includes(o.status)) &&
        (after === null || Date.parse(`${o.date_modified_gmt}Z`) > afterMs),
    );
    const orderby = q.get('orderby') ?? 'date';
    const key = (o: FakeOrder) =>
      orderby === 'id'
        ? o.id
        : orderby === 'modified'
          ? Date.parse(`${o.date_modified_gmt}Z`)
          : Date.parse(`${o.date_created_gmt}Z`);
    list.sort((a, b) => key(a) - key(b) || a.id - b.id);
    if ((q.get('order') ?? 'desc') === 'desc') list = list.reverse();
    const total = list.length;
    const pages = Math.max(1, Math.ceil(total / perPage));
    const slice = list
      .slice((page - 1) * perPage, page * perPage)
      .map((o) => (this.malformedOrders.has(o.id) ? { ...o, line_items: 'zepsute' } : o));
    const links: string[] = [];
    if (page < pages) links.push(`<${this.url}${API}/orders?page=${page + 1}>; rel="next"`);
    if (page > 1) links.push(`<${this.url}${API}/orders?page=${page - 1}>; rel="prev"`);
    send(200, slice, {
      'x-wp-total': String(total),
      'x-wp-totalpages': String(pages),
      ...(links.length > 0 ? { link: links.join(', ') } : {}),
    });
  }

  private productJson(p: FakeProduct): Record<string, unknown> {
    const { variations, ...rest } = p;
    return p.type === 'variation' ? rest : { ...rest, variations };
  }

  private listProducts(
    q: URLSearchParams,
    parent: number,
    send: (status: number, body: unknown, headers?: Record<string, string>) => void,
  ): void {
    const perPage = Math.min(100, Number(q.get('per_page') ?? '10'));
    const page = Number(q.get('page') ?? '1');
    const sku = q.get('sku');
    const include = q.get('include')?.split(',').map(Number);
    const list = [...this.products.values()].filter(
      (p) =>
        // A SKU search also finds variations (WooCommerce searches both post types for `sku`).
        (parent ? p.type === 'variation' && p.parent_id === parent : p.type !== 'variation' || sku !== null) &&
        (sku === null || sku.split(',').includes(p.sku)) &&
        (include === undefined || include.includes(p.id)),
    );
    const pages = Math.max(1, Math.ceil(list.length / perPage));
    send(
      200,
      list.slice((page - 1) * perPage, page * perPage).map((p) => this.productJson(p)),
      { 'x-wp-total': String(list.length), 'x-wp-totalpages': String(pages) },
    );
  }

  /** A product's update as WooCommerce takes it: prices are strings, stock a whole number. */
  private update(p: FakeProduct, body: unknown): { ok: true } | { error: unknown } {
    const b = (body ?? {}) as Record<string, unknown>;
    const bad = (param: string) => ({
      error: {
        code: 'rest_invalid_param',
        message: `Nieprawidłowy parametr: ${param}`,
        data: { status: 400, params: { [param]: `${param} nie jest typu string.` } },
      },
    });
    for (const f of ['regular_price', 'sale_price'] as const) if (f in b && typeof b[f] !== 'string') return bad(f);
    if ('stock_quantity' in b && !(Number.isInteger(b.stock_quantity) || b.stock_quantity === null))
      return bad('stock_quantity');
    if ('manage_stock' in b && typeof b.manage_stock !== 'boolean') return bad('manage_stock');
    if (typeof b.regular_price === 'string') p.regular_price = p.price = b.regular_price;
    if (typeof b.sale_price === 'string') p.sale_price = b.sale_price;
    if (typeof b.manage_stock === 'boolean') p.manage_stock = b.manage_stock;
    if ('stock_quantity' in b) {
      p.stock_quantity = b.stock_quantity as number | null;
      p.stock_status = (p.stock_quantity ?? 0) > 0 ? 'instock' : 'outofstock';
    }
    return { ok: true };
  }

  private batch(
    body: unknown,
    parent: number,
    send: (status: number, body: unknown) => void,
    error: (status: number, code: string, message: string, extra?: Record<string, unknown>) => void,
  ): void {
    const b = (body ?? {}) as { create?: unknown[]; update?: unknown[]; delete?: unknown[] };
    const count = (b.create?.length ?? 0) + (b.update?.length ?? 0) + (b.delete?.length ?? 0);
    if (count > 100)
      return error(
        413,
        'woocommerce_rest_request_entity_too_large',
        'Nie można przetworzyć zbioru większego niż 100 obiektów.',
      );
    const update = (b.update ?? []).map((u) => {
      const item = (u ?? {}) as { id?: number };
      const p = this.products.get(Number(item.id));
      const ok = p && (parent ? p.type === 'variation' && p.parent_id === parent : p.type !== 'variation');
      if (!ok)
        return {
          id: item.id ?? 0,
          error: {
            code: parent ? 'woocommerce_rest_product_variation_invalid_id' : 'woocommerce_rest_product_invalid_id',
            message: 'Nieprawidłowy identyfikator.',
            data: { status: 400 },
          },
        };
      const r = this.update(p, u);
      if ('error' in r) return { id: p.id, error: r.error };
      return this.productJson(p);
    });
    send(200, { update });
  }

  /** The signature WooCommerce puts into X-WC-Webhook-Signature. */
  static signature(body: string, secret: string): string {
    return createHmac('sha256', secret).update(body, 'utf8').digest('base64');
  }
}
