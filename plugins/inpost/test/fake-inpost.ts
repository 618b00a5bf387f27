import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { code128Modules, drawCode128, moduleCount } from '../../../packages/server/src/platform/pdf/code128';
import { createPdf } from '../../../packages/server/src/platform/pdf/document';

/**
 * A local fake of InPost's ShipX API (Poland), written from its public documentation as
 * docs/plugins.md "Plugin: inpost" records it: Bearer token + organization id, shipments created
 * in the simplified mode (service given), asynchronous confirmation (`created` first, `confirmed`
 * with a 24-digit tracking number after `confirmAfterMs`), labels only once confirmed
 * (`invalid_action` before), the list with ShipX's filters, cancel before confirmation, courier
 * dispatch orders, the points API (no token) and ShipX's error shape
 * `{status, error, message, details}`. Tests steer it: failures, latency, tracking statuses.
 */

export const FAKE_TOKEN = 'shipx-token-7f3a9c';
export const FAKE_ORG_ID = '12345';
/** Points the fake knows (Operating unless named *CLOSED). */
export const FAKE_POINTS = ['KRA010', 'WAW22A', 'GDA01M', 'POZ08CLOSED'];

export type FakeFailure = '401' | '429' | '500' | 'malformed' | 'lost-create' | 'hang';

export interface FakeShipment {
  id: number;
  status: string;
  tracking_number: string | null;
  service: string;
  reference: string | null;
  receiver: Record<string, unknown>;
  parcels: Record<string, unknown>[];
  custom_attributes: Record<string, unknown>;
  cod: { amount: number; currency: string } | null;
  insurance: { amount: number; currency: string } | null;
  created_at: string;
  updated_at: string;
  /** Wall-clock ms after which a `created` shipment reads `confirmed` (null: never, stays created). */
  confirmAt: number | null;
  /** Set: the offer was refused instead (the shipment reads `offer_rejected`... as ShipX's failure). */
  reject: boolean;
}

export interface FakeInpost {
  url: string;
  shipments: FakeShipment[];
  dispatchOrders: Record<string, unknown>[];
  /** Every request as `METHOD path` (query left out). */
  calls: string[];
  failNext(kind: FakeFailure, n?: number): void;
  /** Every answer waits this long (ms): the service's latency. */
  latencyMs: number;
  /** How long after creation a shipment is confirmed (ms); null: never (stays `created`). */
  confirmAfterMs: number | null;
  /** The next created shipments are refused during the offer process. */
  rejectNext(n?: number): void;
  /** Moves a shipment's tracking status (e.g. `taken_by_courier`, `delivered`). */
  setStatus(trackingNumber: string, status: string): void;
  close(): Promise<void>;
}

const LOCKER_SERVICES = new Set(['inpost_locker_standard', 'inpost_locker_allegro', 'inpost_locker_pass_thru']);
const COURIER_SERVICES = new Set([
  'inpost_courier_standard',
  'inpost_courier_express_1000',
  'inpost_courier_express_1200',
  'inpost_courier_express_1700',
  'inpost_courier_c2c',
  'inpost_courier_allegro',
]);
/** Courier services for which ShipX requires insurance. */
const INSURANCE_REQUIRED = new Set([
  'inpost_courier_standard',
  'inpost_courier_express_1000',
  'inpost_courier_express_1200',
  'inpost_courier_express_1700',
]);

const err = (status: number, error: string, message: string, details: Record<string, string[]> = {}) => ({
  status,
  body: { status, error, message, details },
});

type Answer = { status: number; body?: unknown; raw?: Buffer; type?: string; headers?: Record<string, string> };

/** A label PDF with the tracking number's Code 128: A6, or an A4 page with the label in its top quarter. */
async function labelPdf(s: FakeShipment, type: string): Promise<Buffer> {
  const { doc, finish } = createPdf('InPost');
  const a6 = type === 'A6';
  const size: [number, number] = a6 ? [297.64, 419.53] : [595.28, 841.89];
  doc.addPage({ size, margin: 0 });
  const n = s.tracking_number ?? '';
  doc.font('bold').fontSize(16).text('InPost', 20, 20);
  doc.font('regular').fontSize(9).text(s.service, 20, 42);
  const target = typeof s.custom_attributes.target_point === 'string' ? s.custom_attributes.target_point : '';
  if (target) doc.font('bold').fontSize(14).text(`Paczkomat ${target}`, 20, 60);
  const sbs = code128Modules(n);
  const module = Math.min(1.4, (297.64 - 40) / moduleCount(sbs));
  drawCode128(doc, sbs, 20, 90, module, 90);
  doc.font('regular').fontSize(10).text(n, 20, 190);
  if (s.reference) doc.fontSize(8).text(`Ref: ${s.reference}`, 20, 206);
  return finish();
}

/** A 24-digit parcel number, as ShipX gives locker and courier parcels. */
function trackingNumber(id: number): string {
  return (BigInt('620000000000000000000000') + BigInt(id) * 7919n).toString();
}

export async function startFakeInpost(): Promise<FakeInpost> {
  const shipments: FakeShipment[] = [];
  const dispatchOrders: Record<string, unknown>[] = [];
  const calls: string[] = [];
  const failures: FakeFailure[] = [];
  let rejects = 0;
  let seq = 0;

  /** The shipment as ShipX answers it; `advance`: a read after the offer process has run moves it on. */
  const view = (s: FakeShipment, advance = true) => {
    if (advance && s.status === 'created' && s.confirmAt !== null && Date.now() >= s.confirmAt) {
      if (s.reject) s.status = 'offer_rejected';
      else {
        s.status = 'confirmed';
        s.tracking_number = trackingNumber(s.id);
        s.parcels = s.parcels.map((p) => ({ ...p, tracking_number: s.tracking_number }));
      }
      s.updated_at = new Date().toISOString();
    }
    const { confirmAt: _c, reject: _r, ...out } = s;
    return { href: `/v1/shipments/${s.id}`, ...out, offers: [], selected_offer: null, transactions: [] };
  };

  function validate(body: Record<string, unknown>): Record<string, string[]> {
    const details: Record<string, string[]> = {};
    const add = (path: string, key: string) => (details[path] ??= []).push(key);
    const service = String(body.service ?? '');
    if (!LOCKER_SERVICES.has(service) && !COURIER_SERVICES.has(service)) add('service', 'invalid');
    const r = (body.receiver ?? {}) as Record<string, unknown>;
    const address = (r.address ?? {}) as Record<string, unknown>;
    const ca = (body.custom_attributes ?? {}) as Record<string, unknown>;
    if (LOCKER_SERVICES.has(service)) {
      if (!r.email) add('receiver.email', 'required');
      if (!/^\d{9}$/.test(String(r.phone ?? ''))) add('receiver.phone', r.phone ? 'invalid' : 'required');
      const point = String(ca.target_point ?? '');
      if (!point) add('custom_attributes.target_point', 'required');
      else if (!FAKE_POINTS.includes(point) || point.endsWith('CLOSED'))
        add('custom_attributes.target_point', 'does_not_exist');
    }
    if (COURIER_SERVICES.has(service)) {
      if (!r.first_name && !r.last_name && !r.company_name) add('receiver.name', 'required');
      for (const f of ['street', 'building_number', 'city', 'post_code'])
        if (!address[f]) add(`receiver.address.${f}`, 'required');
      if (address.post_code && !/^\d{2}-\d{3}$/.test(String(address.post_code)))
        add('receiver.address.post_code', 'invalid_format');
      if (INSURANCE_REQUIRED.has(service) && !(body.insurance as { amount?: number } | undefined)?.amount)
        add('insurance', 'required');
    }
    const parcels = body.parcels;
    if (!Array.isArray(parcels) || parcels.length === 0) add('parcels', 'required');
    else {
      if (LOCKER_SERVICES.has(service) && parcels.length > 1) add('parcels', 'too_many');
      parcels.forEach((p: Record<string, unknown>, i) => {
        if (p.template !== undefined) {
          if (!['small', 'medium', 'large'].includes(String(p.template))) add(`parcels.${i}.template`, 'invalid');
        } else if (!p.dimensions || !p.weight) add(`parcels.${i}`, 'required');
      });
    }
    const ref = body.reference;
    if (ref !== undefined && ref !== null && (String(ref).length < 3 || String(ref).length > 100))
      add('reference', 'invalid_length');
    return details;
  }

  async function answer(req: http.IncomingMessage, text: string): Promise<Answer> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    calls.push(`${method} ${path}`);
    // A lost create answer waits for the create call itself.
    const isCreate = method === 'POST' && /^\/v1\/organizations\/[^/]+\/shipments$/.test(path);
    const failure = failures[0] === 'lost-create' && !isCreate ? undefined : failures.shift();
    if (failure === 'hang') await new Promise((r) => setTimeout(r, 60_000));
    if (failure === '500') return err(500, 'internal_server_error', 'Internal server error');
    if (failure === '429')
      return { ...err(429, 'too_many_requests', 'Too many requests'), headers: { 'retry-after': '7' } };
    if (failure === 'malformed')
      return { status: 200, raw: Buffer.from('<html>Bad gateway</html>'), type: 'text/html' };

    // The points API needs no token.
    const point = /^\/v1\/points\/([^/]+)$/.exec(path);
    if (point && method === 'GET') {
      const name = decodeURIComponent(point[1]!).toUpperCase();
      if (!FAKE_POINTS.includes(name)) return err(404, 'resource_not_found', 'Point not found');
      return {
        status: 200,
        body: {
          href: `/v1/points/${name}`,
          name,
          type: ['parcel_locker'],
          status: name.endsWith('CLOSED') ? 'Disabled' : 'Operating',
          location: { latitude: 50.06, longitude: 19.94 },
          address: { line1: 'Długa 1', line2: '31-147 Kraków' },
        },
      };
    }
    if (path === '/v1/statuses' && method === 'GET')
      return {
        status: 200,
        body: {
          href: '/v1/statuses',
          items: [
            { name: 'created', title: 'Przesyłka utworzona.', description: '' },
            { name: 'confirmed', title: 'Przygotowana przez Nadawcę.', description: '' },
            { name: 'taken_by_courier', title: 'Odebrana od klienta.', description: '' },
            { name: 'ready_to_pickup', title: 'Umieszczona w automacie Paczkomat (odbiorczym).', description: '' },
            { name: 'delivered', title: 'Dostarczona.', description: '' },
          ],
        },
      };

    if (failure === '401' || req.headers.authorization !== `Bearer ${FAKE_TOKEN}`)
      return err(401, 'unauthorized', 'Token is missing or invalid');

    const org = /^\/v1\/organizations\/([^/]+)(\/.*)?$/.exec(path);
    if (org && org[1] !== FAKE_ORG_ID) return err(403, 'access_forbidden', 'Access to this organization is forbidden');
    const rest = org?.[2] ?? '';

    if (org && rest === '' && method === 'GET')
      return {
        status: 200,
        body: {
          href: `/v1/organizations/${FAKE_ORG_ID}`,
          id: Number(FAKE_ORG_ID),
          name: 'Sklep testowy',
          status: 'confirmed',
        },
      };

    if (org && rest === '/shipments' && method === 'POST') {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return err(400, 'invalid_parameter', 'Request body is not valid JSON');
      }
      const details = validate(body);
      if (Object.keys(details).length > 0)
        return err(
          400,
          'validation_failed',
          'Data sent by POST or PUT request are not valid. Check details for more info',
          details,
        );
      const now = new Date().toISOString();
      const s: FakeShipment = {
        id: 1000 + ++seq,
        status: 'created',
        tracking_number: null,
        service: String(body.service),
        reference: (body.reference as string | undefined) ?? null,
        receiver: body.receiver as Record<string, unknown>,
        parcels: (body.parcels as Record<string, unknown>[]).map((p, i) => ({
          id: i + 1,
          ...p,
          tracking_number: null,
        })),
        custom_attributes: (body.custom_attributes ?? {}) as Record<string, unknown>,
        cod: (body.cod as FakeShipment['cod']) ?? null,
        insurance: (body.insurance as FakeShipment['insurance']) ?? null,
        created_at: now,
        updated_at: now,
        confirmAt: fake.confirmAfterMs === null ? null : Date.now() + fake.confirmAfterMs,
        reject: rejects > 0 ? (rejects--, true) : false,
      };
      shipments.push(s);
      // The shipment is made, but its answer is lost on the way (a proxy's 502).
      if (failure === 'lost-create') return err(502, 'bad_gateway', 'Bad gateway');
      // Creation answers `created`: the offer process runs after it (ShipX is asynchronous).
      return { status: 201, body: view(s, false) };
    }

    if (org && rest === '/shipments' && method === 'GET') {
      const q = url.searchParams;
      let items = shipments.map((s) => view(s));
      const eq = (name: string, get: (s: ReturnType<typeof view>) => unknown) => {
        const v = q.get(name);
        if (v !== null) items = items.filter((s) => String(get(s)) === v);
      };
      eq('id', (s) => s.id);
      eq('tracking_number', (s) => s.tracking_number);
      eq('status', (s) => s.status);
      eq('service', (s) => s.service);
      eq('receiver_phone', (s) => s.receiver.phone);
      eq('receiver_email', (s) => s.receiver.email);
      const gteq = q.get('created_at_gteq');
      if (gteq) items = items.filter((s) => s.created_at >= new Date(gteq).toISOString());
      items.sort((x, y) => y.id - x.id);
      const perPage = Math.min(Number(q.get('per_page') ?? 25) || 25, 100);
      const page = Math.max(Number(q.get('page') ?? 1) || 1, 1);
      return {
        status: 200,
        body: {
          href: `/v1/organizations/${FAKE_ORG_ID}/shipments`,
          count: items.length,
          page,
          per_page: perPage,
          items: items.slice((page - 1) * perPage, page * perPage),
        },
      };
    }

    if (org && rest === '/dispatch_orders' && method === 'POST') {
      const body = JSON.parse(text || '{}') as { shipments?: (number | string)[]; address?: Record<string, unknown> };
      const details: Record<string, string[]> = {};
      const ids = (body.shipments ?? []).map(Number);
      if (ids.length === 0) details.shipments = ['required'];
      for (const f of ['street', 'building_number', 'city', 'post_code'])
        if (!body.address?.[f]) (details[`address.${f}`] ??= []).push('required');
      for (const id of ids) {
        const s = shipments.find((x) => x.id === id);
        if (!s || view(s).status !== 'confirmed') (details.shipments ??= []).push('invalid_status');
      }
      if (Object.keys(details).length > 0)
        return err(
          400,
          'validation_failed',
          'Data sent by POST or PUT request are not valid. Check details for more info',
          details,
        );
      const order = {
        href: `/v1/dispatch_orders/${dispatchOrders.length + 1}`,
        id: dispatchOrders.length + 1,
        status: 'new',
        address: body.address,
        shipments: ids.map((id) => ({ id, href: `/v1/shipments/${id}` })),
        created_at: new Date().toISOString(),
      };
      dispatchOrders.push(order);
      return { status: 201, body: order };
    }

    const one = /^\/v1\/shipments\/(\d+)(\/label)?$/.exec(path);
    if (one) {
      const s = shipments.find((x) => x.id === Number(one[1]));
      if (!s) return err(404, 'resource_not_found', 'Resource not found');
      const v = view(s);
      if (one[2] && method === 'GET') {
        if (v.status === 'created' || v.status === 'offer_rejected' || v.status === 'cancelled')
          return err(400, 'invalid_action', 'Action is not available for shipment in this status');
        const type = url.searchParams.get('type') ?? 'normal';
        if (url.searchParams.get('format') !== 'Pdf' && url.searchParams.get('format') !== 'pdf')
          return err(400, 'invalid_parameter', 'Unsupported label format');
        if (!['normal', 'A6'].includes(type)) return err(400, 'label_template_not_found', 'Label template not found');
        return { status: 200, raw: await labelPdf(s, type), type: 'application/pdf' };
      }
      if (!one[2] && method === 'GET') return { status: 200, body: v };
      if (!one[2] && method === 'DELETE') {
        if (v.status !== 'created' && v.status !== 'offers_prepared' && v.status !== 'offer_selected')
          return err(400, 'invalid_action', 'Shipment cannot be cancelled in this status');
        s.status = 'cancelled';
        s.confirmAt = null;
        return { status: 204 };
      }
    }
    return err(404, 'resource_not_found', 'Resource not found');
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const started = Date.now();
      void answer(req, Buffer.concat(chunks).toString('utf8'))
        .then(async (a) => {
          const wait = fake.latencyMs - (Date.now() - started);
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          return a;
        })
        .then(
          (a) => {
            if (a.raw) {
              res.writeHead(a.status, { 'content-type': a.type ?? 'application/octet-stream', ...a.headers });
              res.end(a.raw);
            } else if (a.body === undefined) {
              res.writeHead(a.status, a.headers);
              res.end();
            } else {
              res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
              res.end(JSON.stringify(a.body));
            }
          },
          (e: unknown) => {
            res.writeHead(500, { 'content-type': 'text/plain' });
            res.end(String(e));
          },
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeInpost = {
    url: `http://127.0.0.1:${port}`,
    shipments,
    dispatchOrders,
    calls,
    latencyMs: 0,
    confirmAfterMs: 0,
    failNext: (kind, n = 1) => {
      for (let i = 0; i < n; i++) failures.push(kind);
    },
    rejectNext: (n = 1) => {
      rejects += n;
    },
    setStatus: (number, status) => {
      const s = shipments.find((x) => x.tracking_number === number);
      if (!s) throw new Error(`no shipment ${number}`);
      s.status = status;
      s.updated_at = new Date().toISOString();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
