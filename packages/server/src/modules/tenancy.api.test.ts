/**
 * Tenant isolation: two organisations, and proof that nobody in one can read, change or delete
 * anything of the other. Another organisation's id must answer exactly like a missing id.
 *
 * EXTEND THIS IN EVERY ISSUE: add one entry to RESOURCES for each new kind of business data
 * (how to create one in the victim's organisation, which calls reach it by id, and which list
 * calls must not show it). The tests below run every entry.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, startTestServer, type ApiResponse, type TestServer } from '../../test/harness';
import { createOrg, createUser, type TestOrg } from '../../test/factories';
import { warsawMonthQuery } from '../../test/ledger';
import { carrierRegistry } from './carriers';
import { pluginHost } from './plugins';
import { TenantDb } from '../db/tenant';
import { enqueueJob } from '../platform/jobs';
import { INVOICE_COMPANY, orderBody } from '../../test/orders';
import { COMPANY_SETTINGS } from '../../../../plugins/jpk/test/documents';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Call {
  method: Method;
  url: string;
  body?: unknown;
}

interface TenantResource {
  name: string;
  /** Creates one in the given organisation and answers its id. */
  create(server: TestServer, org: TestOrg): Promise<number>;
  /** Calls that address one row by id: each must answer like a missing id. */
  byId(id: number): Call[];
  /** List calls; the answer must not contain the other organisation's row. */
  lists: { url: string; ids(body: unknown): number[] }[];
  /** Reads the row as its owner sees it, to prove nothing changed. */
  snapshot(owner: TestOrg, id: number): Promise<unknown>;
}

/** The simple reference lists share one shape: GET ?id=, PUT with id, DELETE ?id=, a keyed list. */
const SIMPLE_LISTS = [
  { path: '/api/additional_descs', key: 'additionalDescs', body: { name: 'Opis', description: 'Treść' } },
  { path: '/api/delivery_price_lists', key: 'deliveryPriceLists', body: { name: 'Cennik' } },
  { path: '/api/delivery_times', key: 'deliveryTimes', body: { name: '48 h' } },
  { path: '/api/item_groups', key: 'itemGroups', body: { name: 'Grupa' } },
  { path: '/api/item_statuses', key: 'itemStatuses', body: { name: 'Status', color: '123456' } },
  { path: '/api/income_sources', key: 'incomeSources', body: { name: 'Źródło' } },
  { path: '/api/order_statuses', key: 'orderStatuses', body: { name: 'Status', color: '654321' } },
  { path: '/api/user_sizes', key: 'userSizes', body: { name: 'Rozmiar', sizeA: 1, sizeB: 2, sizeC: 3 } },
];

function simpleList(list: (typeof SIMPLE_LISTS)[number]): TenantResource {
  return {
    name: list.path,
    create: async (_server, org) => (await org.admin.post<{ id: number }>(list.path, list.body)).body.id,
    byId: (id) => [
      { method: 'GET', url: `${list.path}?id=${id}` },
      { method: 'PUT', url: list.path, body: { ...list.body, id, name: 'Przejęty' } },
      { method: 'DELETE', url: `${list.path}?id=${id}` },
    ],
    lists: [{ url: list.path, ids: (b) => (b as Record<string, { id: number }[]>)[list.key]!.map((r) => r.id) }],
    snapshot: async (owner, id) => (await owner.admin.get(`${list.path}?id=${id}`)).body,
  };
}

let treeSeq = 0;
/** Categories and places: by id, and (categories) as the filter of the parameter list. */
function treeResource(path: '/api/categories' | '/api/places', key: 'categories' | 'places'): TenantResource {
  return {
    name: path,
    create: async (_server, org) =>
      (await org.admin.post<{ id: number }>(path, { name: 'Węzeł', number: `N${++treeSeq}` })).body.id,
    byId: (id) => [
      { method: 'GET', url: `${path}?id=${id}` },
      { method: 'PUT', url: path, body: { id, name: 'Przejęty', number: 'P', parentId: null } },
      { method: 'DELETE', url: `${path}?id=${id}` },
      ...(key === 'categories' ? [{ method: 'GET' as const, url: `/api/parameters?catId=${id}` }] : []),
    ],
    lists: [{ url: path, ids: (b) => (b as Record<string, { id: number }[]>)[key]!.map((r) => r.id) }],
    snapshot: async (owner, id) => (await owner.admin.get(`${path}?id=${id}`)).body,
  };
}

/** Options that name a row: another organisation's id is refused exactly like a missing one. */
const ID_OPTIONS = [
  { key: 'DEFAULT_ITEM_STATUS_ID', path: '/api/item_statuses' },
  { key: 'DEFAULT_ORDER_STATUS_ID', path: '/api/order_statuses' },
  { key: 'DEFAULT_ORDER_STATUS_ID_STATIONARY', path: '/api/order_statuses' },
  { key: 'DEFAULT_INCOME_SOURCE_ID', path: '/api/income_sources' },
  { key: 'DEFAULT_INCOME_SOURCE_ID_STATIONARY', path: '/api/income_sources' },
  { key: 'ORDER_STATUS_AFTER_SIZE_WEIGHT', path: '/api/order_statuses' },
  { key: 'ORDER_STATUS_AFTER_SEND', path: '/api/order_statuses' },
];

const MISSING_ID = 2_000_000_000;

/** A wholesale-csv profile with no references to rows (status and category from the organisation's defaults). */
const CSV_PROFILE = {
  name: 'Hurtownia',
  columns: { code: '1', name: '2' },
  defaults: { itemStatusId: null, categoryId: null },
};

const RESOURCES: TenantResource[] = [
  {
    name: 'users',
    create: async (server, org) => (await createUser(server, org, { login: `cel${Date.now() % 100000}` })).id,
    byId: (id) => [
      { method: 'GET', url: `/api/users?id=${id}` },
      { method: 'GET', url: `/api/users/${id}` },
      { method: 'PUT', url: '/api/users', body: { id, name: 'Przejęty' } },
      { method: 'PUT', url: '/api/users', body: { id, pass: 'Przejete-haslo-1' } },
      { method: 'PUT', url: '/api/users', body: { id, permissions: 'main.admin' } },
      { method: 'DELETE', url: `/api/users?id=${id}` },
    ],
    lists: [{ url: '/api/users', ids: (b) => (b as { users: { id: number }[] }).users.map((u) => u.id) }],
    snapshot: async (owner, id) => (await owner.admin.get(`/api/users/${id}`)).body,
  },
  ...SIMPLE_LISTS.map(simpleList),
  treeResource('/api/categories', 'categories'),
  treeResource('/api/places', 'places'),
  {
    name: '/api/parameters',
    create: async (_server, org) =>
      (await org.admin.post<{ id: number }>('/api/parameters', { name: 'Kolor', type: 'DICT', dictionary: ['A'] })).body
        .id,
    byId: (id) => [
      { method: 'GET', url: `/api/parameters?id=${id}` },
      { method: 'PUT', url: '/api/parameters', body: { id, name: 'Przejęty', type: 'STRING' } },
      { method: 'DELETE', url: `/api/parameters?id=${id}` },
    ],
    lists: [{ url: '/api/parameters', ids: (b) => (b as { params: { id: number }[] }).params.map((p) => p.id) }],
    snapshot: async (owner, id) => (await owner.admin.get(`/api/parameters?id=${id}`)).body,
  },
  {
    name: '/api/items',
    create: async (_server, org) => {
      const status = (await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny' })).body.id;
      const body = { code: `T${++treeSeq}`, price: 1, vat: 23, currency: 'PLN', countWare: 5, itemStatusId: status };
      return (await org.admin.post<{ id: number }>('/api/items', body)).body.id;
    },
    byId: (id) => [
      { method: 'GET', url: `/api/items?id=${id}` },
      {
        method: 'PUT',
        url: '/api/items',
        body: { id, code: 'PRZEJETY', price: 0, vat: 0, currency: 'PLN', countWare: 0, itemStatusId: 1 },
      },
      { method: 'DELETE', url: `/api/items?id=${id}` },
      { method: 'POST', url: '/api/items/copy', body: { id, newCode: 'KOPIA-OBCA' } },
    ],
    lists: [{ url: '/api/items?perPage=10000', ids: (b) => (b as { items: { id: number }[] }).items.map((i) => i.id) }],
    snapshot: async (owner, id) => (await owner.admin.get(`/api/items?id=${id}`)).body,
  },
  {
    // A pending reader change (auto-commit is off by default), so PUT would really commit it.
    name: '/api/warehouse_changes',
    create: async (_server, org) => {
      const status = await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'S', color: '000000' });
      const code = `MAG-${++treeSeq}`;
      const item = await org.admin.post('/api/items', {
        code,
        price: 1,
        vat: 23,
        currency: 'PLN',
        countWare: 5,
        itemStatusId: status.body.id,
      });
      expect(item.status).toBe(200);
      await org.admin.post('/api/items/barcodes', { barcode: 'QTY-1', itemCode: code });
      const list = await org.admin.get<{
        warehouseChanges: { id: number; item: { code: string }; commited: boolean }[];
      }>(`/api/warehouse_changes?${warsawMonthQuery()}&perPage=10000`);
      const change = list.body.warehouseChanges.find((c) => c.item.code === code && !c.commited);
      if (!change) throw new Error('no pending change');
      return change.id;
    },
    byId: (id) => [
      { method: 'GET', url: `/api/warehouse_changes?id=${id}` },
      { method: 'PUT', url: '/api/warehouse_changes', body: { id } },
      { method: 'DELETE', url: `/api/warehouse_changes?id=${id}` },
    ],
    lists: [
      {
        url: `/api/warehouse_changes?${warsawMonthQuery()}&perPage=10000`,
        ids: (b) => (b as { warehouseChanges: { id: number }[] }).warehouseChanges.map((c) => c.id),
      },
      {
        // The CSV export: the first column is the id.
        url: `/api/warehouse_changes/export_csv?${warsawMonthQuery()}`,
        ids: (b) =>
          String(b)
            .split('\r\n')
            .slice(1)
            .filter((l) => l !== '')
            .map((l) => Number(l.split(';')[0])),
      },
    ],
    snapshot: async (owner, id) => (await owner.admin.get(`/api/warehouse_changes?id=${id}`)).body,
  },
  {
    // An order with a line linked to an item, so a foreign delete or copy would move stock.
    name: '/api/orders',
    create: async (_server, org) => {
      const status = await org.admin.post<{ id: number }>('/api/order_statuses', { name: 'Nowe' });
      const source = await org.admin.post<{ id: number }>('/api/income_sources', { name: 'Sklep' });
      const itemStatus = await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'S' });
      const item = await org.admin.post<{ id: number }>('/api/items', {
        code: `ZAM-${++treeSeq}`,
        price: 1,
        vat: 23,
        currency: 'PLN',
        countWare: 5,
        itemStatusId: itemStatus.body.id,
      });
      const order = await org.admin.post<{ id: number }>('/api/orders', {
        orderStatusId: status.body.id,
        incomeSourceId: source.body.id,
        deliveryCost: 10,
        deliveryVat: 23,
        items: [{ code: 'ZAM', name: 'Pozycja', quantity: 2, price: 5, vat: 23, itemId: item.body.id }],
      });
      expect(order.status).toBe(200);
      return order.body.id;
    },
    byId: (id) => [
      { method: 'GET', url: `/api/orders?id=${id}` },
      {
        method: 'PUT',
        url: '/api/orders',
        body: { id, orderStatusId: 1, incomeSourceId: 1, deliveryCost: 0, deliveryVat: 0, itemsChanged: true },
      },
      { method: 'DELETE', url: `/api/orders?id=${id}` },
      { method: 'POST', url: '/api/orders/copy', body: { id } },
      {
        method: 'POST',
        url: '/api/orders/divide',
        body: { orderId: id, oldDeliveryCost: 0, newDeliveryCost: 0, itemsToMove: [{ lineId: 1, count: 1 }] },
      },
      { method: 'GET', url: `/api/orders/print_log?orderId=${id}` },
      { method: 'POST', url: '/api/orders/print_bol', body: { orderId: id } },
      { method: 'POST', url: '/api/orders/print_bol', body: { orderId: id, noPrint: true } },
      { method: 'POST', url: '/api/orders/print_label', body: { orderId: id } },
      { method: 'GET', url: `/api/orders/barcodes/panel?orderId=${id}` },
      { method: 'POST', url: '/api/orders/print_invoice', body: { orderId: id } },
      { method: 'POST', url: '/api/orders/print_invoice', body: { orderId: id, noPrint: true, email: true } },
    ],
    // The order list: unfiltered, and with filters the victim's order matches (number, date, status).
    lists: [
      { url: '/api/orders?perPage=10000', ids: (b) => (b as { orders: { id: number }[] }).orders.map((o) => o.id) },
      {
        url: '/api/orders?perPage=10000&sort=DATE&invoiceType=WITHOUT_INVOICE&dateFrom=2000-01-01',
        ids: (b) => (b as { orders: { id: number }[] }).orders.map((o) => o.id),
      },
    ],
    snapshot: async (owner, id) => (await owner.admin.get(`/api/orders?id=${id}`)).body,
  },
  {
    // Carriers are global, but a carrier plugin may be available to one organisation only: its
    // methods must neither be listed nor checked for another (a provider registered here).
    name: '/api/check_pickup_point',
    create: async (_server, org) => {
      const orgId = (await org.admin.get<{ organization: { id: number } }>('/api/profile')).body.organization.id;
      const id = `test-tenant-${++treeSeq}`;
      unregisterCarriers.push(
        carrierRegistry.register({
          id,
          name: 'Kurier jednej organizacji',
          methods: [{ key: 'p', name: 'Punkt', subName: '', sendType: 'ONLY_PICKUP_POINT' }],
          isAvailable: async (tdb) => tdb.orgId === orgId,
          checkPickupPoint: async () => 'true',
        }),
      );
      const carriers = await org.admin.get<{ carriers: { id: string; methods: { id: number }[] }[] }>('/api/carriers');
      return carriers.body.carriers.find((c) => c.id === id)!.methods[0]!.id;
    },
    byId: (id) => [{ method: 'GET', url: `/api/check_pickup_point?pickupPoint=WAW01M&methodId=${id}` }],
    lists: [
      {
        url: '/api/carriers',
        ids: (b) =>
          (b as { carriers: { methods: { id: number }[] }[] }).carriers.flatMap((c) => c.methods.map((m) => m.id)),
      },
    ],
    snapshot: async (owner, id) =>
      (await owner.admin.get(`/api/check_pickup_point?pickupPoint=WAW01M&methodId=${id}`)).body,
  },
  {
    // The public buyer page: the attacker's prefix with the victim's order uuid must answer like a
    // uuid that does not exist (the "id" is the order's; its uuid is looked up on creation).
    name: '/api/order_buyer_info',
    create: async (_server, org) => {
      const status = await org.admin.post<{ id: number }>('/api/order_statuses', { name: 'Nowe' });
      const source = await org.admin.post<{ id: number }>('/api/income_sources', { name: 'Sklep' });
      const order = await org.admin.post<{ id: number; uuid: string }>('/api/orders', {
        orderStatusId: status.body.id,
        incomeSourceId: source.body.id,
        deliveryCost: 10,
        deliveryVat: 23,
        comment: 'Notatka ofiary',
      });
      expect(order.status).toBe(200);
      orderUuids.set(order.body.id, order.body.uuid);
      return order.body.id;
    },
    byId: (id) => [
      {
        method: 'GET',
        url: `/api/order_buyer_info?p=${attacker.prefix}&uuid=${orderUuids.get(id) ?? randomUUID()}`,
      },
    ],
    lists: [],
    snapshot: async (owner, id) => {
      const res = await owner.admin.get(`/api/order_buyer_info?p=${owner.prefix}&uuid=${orderUuids.get(id)!}`);
      expect(res.status).toBe(200);
      return res.body;
    },
  },
  // A plugin's rows (the fixture plugin of plugins-fixtures/fixture-base, installed in both).
  {
    name: '/api/plugins/fixture-base/notes',
    create: async (_server, org) => {
      for (const o of [org, attacker])
        await o.admin.request('POST', '/api/plugin_install', { form: { pluginId: 'fixture-base' } });
      return (await org.admin.post<{ id: number }>('/api/plugins/fixture-base/notes', { text: 'Notatka' })).body.id;
    },
    byId: (id) => [
      { method: 'GET', url: `/api/plugins/fixture-base/note?id=${id}` },
      { method: 'DELETE', url: `/api/plugins/fixture-base/note?id=${id}` },
    ],
    lists: [
      {
        url: '/api/plugins/fixture-base/notes',
        ids: (b) => (b as { notes: { id: number }[] }).notes.map((n) => n.id),
      },
    ],
    snapshot: async (owner, id) => (await owner.admin.get(`/api/plugins/fixture-base/note?id=${id}`)).body,
  },
  // A plugin's job in the 'Dziennik' list (dead, so its owner could retry it).
  {
    name: '/api/jobs',
    create: async (server, org) => {
      const tdb = new TenantDb(server.deps.db, org.token.user.organization.id);
      const id = await enqueueJob(tdb, { kind: 'fixture-base.tenancy', pluginId: 'fixture-base', payload: {} });
      if (id === null) throw new Error('not enqueued');
      await server.deps.db
        .updateTable('jobs')
        .set({ state: 'dead', last_error: 'Awaria' })
        .where('id', '=', id)
        .execute();
      return id;
    },
    byId: (id) => [{ method: 'POST', url: '/api/jobs/retry', body: { id } }],
    lists: [
      {
        url: '/api/jobs?pluginId=fixture-base&perPage=100',
        ids: (b) => (b as { jobs: { id: number }[] }).jobs.map((j) => j.id),
      },
    ],
    snapshot: async (owner, id) => {
      const res = await owner.admin.get<{ jobs: { id: number }[] }>('/api/jobs?pluginId=fixture-base&perPage=100');
      return res.body.jobs.find((j) => j.id === id);
    },
  },
  // wholesale-csv's supplier profiles (plugins/wholesale-csv), installed in both.
  {
    name: '/api/plugins/wholesale-csv/profiles',
    create: async (_server, org) => {
      for (const o of [org, attacker])
        await o.admin.request('POST', '/api/plugin_install', { form: { pluginId: 'wholesale-csv' } });
      return (await org.admin.post<{ id: number }>('/api/plugins/wholesale-csv/profiles', CSV_PROFILE)).body.id;
    },
    byId: (id) => [
      { method: 'GET', url: `/api/plugins/wholesale-csv/profile?id=${id}` },
      { method: 'PUT', url: `/api/plugins/wholesale-csv/profile?id=${id}`, body: { ...CSV_PROFILE, name: 'Przejęty' } },
      { method: 'DELETE', url: `/api/plugins/wholesale-csv/profile?id=${id}` },
    ],
    lists: [
      {
        url: '/api/plugins/wholesale-csv/profiles',
        ids: (b) => (b as { profiles: { id: number }[] }).profiles.map((n) => n.id),
      },
    ],
    snapshot: async (owner, id) => (await owner.admin.get(`/api/plugins/wholesale-csv/profile?id=${id}`)).body,
  },
  // The moto plugin's makes and models (plugins/moto), installed in both.
  {
    name: '/api/plugins/moto/makes',
    create: async (_server, org) => {
      for (const o of [org, attacker])
        await o.admin.request('POST', '/api/plugin_install', { form: { pluginId: 'moto' } });
      return (await org.admin.post<{ id: number }>('/api/plugins/moto/makes', { name: `Marka ${++treeSeq}` })).body.id;
    },
    byId: (id) => [
      { method: 'PUT', url: '/api/plugins/moto/makes', body: { id, name: 'Przejęta' } },
      { method: 'DELETE', url: `/api/plugins/moto/makes?id=${id}` },
    ],
    lists: [{ url: '/api/plugins/moto/makes', ids: (b) => (b as { makes: { id: number }[] }).makes.map((m) => m.id) }],
    snapshot: async (owner, id) =>
      (await owner.admin.get<{ makes: { id: number }[] }>('/api/plugins/moto/makes')).body.makes.find(
        (m) => m.id === id,
      ),
  },
  {
    name: '/api/plugins/moto/models',
    create: async (_server, org) => {
      for (const o of [org, attacker])
        await o.admin.request('POST', '/api/plugin_install', { form: { pluginId: 'moto' } });
      const make = (await org.admin.post<{ id: number }>('/api/plugins/moto/makes', { name: `Marka ${++treeSeq}` }))
        .body.id;
      const model = { makeId: make, name: 'Model', capacity: 125, yearFrom: 2010, yearTo: null, type: 'Naked' };
      return (await org.admin.post<{ id: number }>('/api/plugins/moto/models', model)).body.id;
    },
    byId: (id) => [
      {
        method: 'PUT',
        url: '/api/plugins/moto/models',
        body: { id, makeId: 1, name: 'Przejęty', capacity: 1, yearFrom: 2000, yearTo: null, type: 'Sport' },
      },
      { method: 'DELETE', url: `/api/plugins/moto/models?id=${id}` },
    ],
    lists: [
      { url: '/api/plugins/moto/models', ids: (b) => (b as { models: { id: number }[] }).models.map((m) => m.id) },
    ],
    snapshot: async (owner, id) =>
      (await owner.admin.get<{ models: { id: number }[] }>('/api/plugins/moto/models')).body.models.find(
        (m) => m.id === id,
      ),
  },
  // The invoicing plugin's KSeF rows of issued invoices (plugins/invoicing), installed in both.
  {
    name: '/api/plugins/invoicing/invoices',
    create: async (_server, org) => {
      for (const o of [org, attacker])
        await o.admin.request('POST', '/api/plugin_install', { form: { pluginId: 'invoicing' } });
      const order = await org.admin.post<{ id: number }>(
        '/api/orders',
        orderBody({ invoice: INVOICE_COMPANY, items: [{ code: 'K', name: 'Kubek', quantity: 1, price: 10, vat: 23 }] }),
      );
      await org.admin.post('/api/orders/print_invoice', { orderId: order.body.id, noPrint: true });
      const invoice = await server.deps.db
        .selectFrom('invoices')
        .select('id')
        .where('order_id', '=', order.body.id)
        .executeTakeFirstOrThrow();
      // Its row in the KSeF queue (the subscription's job would write it; 'resend' does at once).
      await org.admin.post('/api/plugins/invoicing/invoices/resend', { invoiceId: invoice.id });
      return invoice.id;
    },
    byId: (id) => [
      { method: 'POST', url: '/api/plugins/invoicing/invoices/resend', body: { invoiceId: id } },
      { method: 'GET', url: `/api/plugins/invoicing/invoices/upo?invoiceId=${id}` },
    ],
    lists: [
      {
        url: '/api/plugins/invoicing/invoices',
        ids: (b) => (b as { invoices: { invoiceId: number }[] }).invoices.map((i) => i.invoiceId),
      },
    ],
    snapshot: async (owner, id) =>
      (
        await owner.admin.get<{ invoices: { invoiceId: number }[] }>('/api/plugins/invoicing/invoices')
      ).body.invoices.find((i) => i.invoiceId === id),
  },
  // The jpk plugin's tax files (plugins/jpk), installed in both.
  {
    name: '/api/plugins/jpk/files',
    create: async (_server, org) => {
      for (const o of [org, attacker]) {
        await o.admin.request('POST', '/api/plugin_install', { form: { pluginId: 'jpk' } });
        await o.admin.put('/api/plugins/jpk/settings', { values: COMPANY_SETTINGS });
      }
      const [year, month] = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Warsaw' })
        .format(new Date())
        .split('-')
        .map(Number);
      const res = await org.admin.post<{ jobId: number }>('/api/plugins/jpk/files', { kind: 'V7M', year, month });
      const files = await org.admin.get<{ files: { id: number; jobId: number | null }[] }>('/api/plugins/jpk/files');
      return files.body.files.find((f) => f.jobId === res.body.jobId)!.id;
    },
    byId: (id) => [
      { method: 'GET', url: `/api/plugins/jpk/files/download?id=${id}` },
      { method: 'DELETE', url: `/api/plugins/jpk/files?id=${id}` },
    ],
    lists: [{ url: '/api/plugins/jpk/files', ids: (b) => (b as { files: { id: number }[] }).files.map((f) => f.id) }],
    snapshot: async (owner, id) =>
      (await owner.admin.get<{ files: { id: number }[] }>('/api/plugins/jpk/files')).body.files.find(
        (f) => f.id === id,
      ),
  },
  {
    name: '/api/api_tokens',
    create: async (_server, org) =>
      (
        await org.admin.post<{ apiToken: { id: number } }>('/api/profile/api_tokens', {
          name: `Token ${++treeSeq}`,
          permissions: ['main.items.show'],
          expiresInDays: 30,
        })
      ).body.apiToken.id,
    byId: (id) => [
      { method: 'DELETE', url: `/api/api_tokens?id=${id}` },
      { method: 'DELETE', url: `/api/profile/api_tokens?id=${id}` },
    ],
    lists: [
      { url: '/api/api_tokens', ids: (b) => (b as { tokens: { id: number }[] }).tokens.map((t) => t.id) },
      { url: '/api/profile/api_tokens', ids: (b) => (b as { tokens: { id: number }[] }).tokens.map((t) => t.id) },
    ],
    snapshot: async (owner, id) =>
      (await owner.admin.get<{ tokens: { id: number }[] }>('/api/api_tokens')).body.tokens.find((t) => t.id === id),
  },
];
const unregisterCarriers: (() => void)[] = [];
const orderUuids = new Map<number, string>();

let server: TestServer;
let attacker: TestOrg;
let victim: TestOrg;

beforeAll(async () => {
  server = await startTestServer();
  attacker = await createOrg(server);
  victim = await createOrg(server);
});
afterAll(async () => {
  for (const unregister of unregisterCarriers) unregister();
  await server.close();
});

function send(client: ApiClient, call: Call): Promise<ApiResponse> {
  return client.request(call.method, call.url, call.body === undefined ? {} : { json: call.body });
}

describe.each(RESOURCES)('tenant isolation: $name', (resource) => {
  it("another organisation's id answers exactly like a missing id, and changes nothing", async () => {
    const id = await resource.create(server, victim);
    const before = await resource.snapshot(victim, id);
    const missingCalls = resource.byId(MISSING_ID);
    for (const [i, call] of resource.byId(id).entries()) {
      const foreign = await send(attacker.admin, call);
      const missing = await send(attacker.admin, missingCalls[i]!);
      expect(missing.status, `${call.method} ${call.url} with a missing id`).toBe(404);
      expect({ status: foreign.status, body: foreign.body }, `${call.method} ${call.url}`).toEqual({
        status: missing.status,
        body: missing.body,
      });
    }
    expect(await resource.snapshot(victim, id)).toEqual(before);
  });

  it("lists never show another organisation's rows", async () => {
    const id = await resource.create(server, victim);
    for (const list of resource.lists) {
      const mine = await attacker.admin.get(list.url);
      expect(mine.status).toBe(200);
      expect(list.ids(mine.body)).not.toContain(id);
      const theirs = await victim.admin.get(list.url);
      expect(list.ids(theirs.body)).toContain(id);
    }
  });
});

describe('tenant isolation: mass operations on items', () => {
  it("another organisation's ids are reported as not found and stay untouched", async () => {
    const id = await RESOURCES.find((r) => r.name === '/api/items')!.create(server, victim);
    const before = (await victim.admin.get(`/api/items?id=${id}`)).body;
    const edit = await attacker.admin.post('/api/items/mass_edit', {
      ids: [id],
      data: { price: { type: 'SET', value: 0 } },
    });
    expect(edit.body).toEqual({ ok: [], err: [], notFound: [id] });
    const del = await attacker.admin.post('/api/items/mass_delete', { ids: [id] });
    expect(del.body).toEqual({ ok: [], err: [], notFound: [id] });
    expect((await victim.admin.get(`/api/items?id=${id}`)).body).toEqual(before);
  });
});

describe('tenant isolation: mass operations on orders', () => {
  it("another organisation's ids are reported as not found and stay untouched", async () => {
    const id = await RESOURCES.find((r) => r.name === '/api/orders')!.create(server, victim);
    const before = (await victim.admin.get(`/api/orders?id=${id}`)).body;
    const edit = await attacker.admin.post('/api/orders/mass_edit', { ids: [id], data: { deliveryCost: 0 } });
    expect(edit.body).toEqual({ ok: [], err: [], notFound: [id] });
    const del = await attacker.admin.post('/api/orders/mass_delete', { ids: [id] });
    expect(del.body).toEqual({ ok: [], err: [], notFound: [id] });
    for (const url of ['/api/orders/print_bol_many', '/api/orders/print_label_many']) {
      const print = await attacker.admin.post(url, { ids: [id] });
      expect(print.body, url).toEqual({ pdf: null, ok: [], err: [], notFound: [id] });
    }
    const invoices = await attacker.admin.post('/api/orders/print_invoice_many', { ids: [id] });
    expect(invoices.body).toEqual({ pdf: null, ok: [], err: [], notFound: [id], skipped: [] });
    expect((await victim.admin.get(`/api/orders?id=${id}`)).body).toEqual(before);
    expect((await victim.admin.get(`/api/orders/print_log?orderId=${id}`)).body).toEqual({ entries: [] });
  });
});

describe('tenant isolation: order summaries', () => {
  it("another organisation's orders never count, even filtered by its own status or income source", async () => {
    const id = await RESOURCES.find((r) => r.name === '/api/orders')!.create(server, victim);
    const order = (
      await victim.admin.get<{ orders: { orderStatus: { id: number }; incomeSource: { id: number } }[] }>(
        `/api/orders?id=${id}`,
      )
    ).body.orders[0]!;
    const [year, month] = warsawMonthQuery()
      .split('&')
      .map((p) => Number(p.split('=')[1]));
    const filters = `year=${year}&month=${month}&statuses=${order.orderStatus.id}&incomeSourceId=${order.incomeSource.id}`;
    const theirs = await victim.admin.get<{ statistics: { allOrdersCount: number } }>(`/api/orders_summary?${filters}`);
    expect(theirs.body.statistics.allOrdersCount).toBeGreaterThan(0);
    const mine = await attacker.admin.get<{ statistics: { allOrdersCount: number } }>(`/api/orders_summary?${filters}`);
    expect(mine.status).toBe(200);
    expect(mine.body.statistics.allOrdersCount).toBe(0);
    const main = await attacker.admin.get<{ today: { ordersCount: number } }>('/api/orders/summary_main');
    expect(main.body.today.ordersCount).toBe(0);
  });
});

describe('tenant isolation: the signed-in user', () => {
  it('a token works only for its own organisation: the answers carry that organisation', async () => {
    const mine = await attacker.admin.get<{ organization: { prefix: string } }>('/api/profile');
    expect(mine.body.organization.prefix).toBe(attacker.prefix);
    const list = await attacker.admin.get<{ users: { login: string }[] }>('/api/users');
    for (const u of list.body.users) expect(u.login.startsWith(`${attacker.prefix}_`)).toBe(true);
  });

  it("a new user always lands in the caller's organisation, whatever the body says", async () => {
    const res = await attacker.admin.post<{ login: string; organization: { prefix: string } }>('/api/users', {
      login: 'wtracony',
      pass: 'Haslo-wtraconego-1',
      orgId: 2,
      org_id: 2,
      organization: { id: 2, prefix: victim.prefix },
    });
    expect(res.status).toBe(200);
    expect(res.body.organization.prefix).toBe(attacker.prefix);
    expect(res.body.login).toBe(`${attacker.prefix}_wtracony`);
    const victims = await victim.admin.get<{ users: { login: string }[] }>('/api/users');
    expect(victims.body.users.map((u) => u.login)).not.toContain(`${attacker.prefix}_wtracony`);
  });

  it("a user manager cannot move a user into another organisation's login space", async () => {
    const me = await createUser(server, attacker, { login: 'przenoszony' });
    const res = await attacker.admin.put<{ login: string }>('/api/users', {
      id: me.id,
      login: `${victim.prefix}_admin`,
    });
    // '_' is not allowed in the user part, so the victim's login can never be reached
    expect(res.status).toBe(400);
  });
});

describe('tenant isolation: options', () => {
  it.each(ID_OPTIONS)("$key cannot point at another organisation's row", async ({ key, path }) => {
    const theirs = await victim.admin.post<{ id: number }>(path, { name: 'Cudzy' });
    const foreign = await attacker.admin.put('/api/options', { key, value: String(theirs.body.id) });
    const missing = await attacker.admin.put('/api/options', { key, value: String(MISSING_ID) });
    expect(missing.status).toBe(400);
    expect({ status: foreign.status, body: foreign.body }).toEqual({ status: missing.status, body: missing.body });
  });

  it("options are per organisation: one's writes never show in the other's reads", async () => {
    await victim.admin.put('/api/options', { key: 'INVOICE_SIGN_PERSON', value: 'Ofiara' });
    await attacker.admin.put('/api/options', { key: 'INVOICE_SIGN_PERSON', value: 'Napastnik' });
    const theirs = await victim.admin.get<{ value: string }>('/api/options?key=INVOICE_SIGN_PERSON');
    expect(theirs.body.value).toBe('Ofiara');
  });
});

describe('tenant isolation: references to another organisation', () => {
  it.each([
    { path: '/api/categories', field: 'parentId', body: { name: 'Dziecko', number: 'D1' } },
    { path: '/api/places', field: 'parentId', body: { name: 'Dziecko', number: 'D1' } },
    { path: '/api/parameters', field: 'categoryId', body: { name: 'Parametr', type: 'STRING' } },
  ])('$path: a $field of another organisation answers like a missing one', async ({ path, field, body }) => {
    const treePath = path === '/api/places' ? '/api/places' : '/api/categories';
    const theirs = await victim.admin.post<{ id: number }>(treePath, { name: 'Cudzy', number: `V${++treeSeq}` });
    const attempt = (ref: number) => attacker.admin.post(path, { ...body, [field]: ref });
    const foreign = await attempt(theirs.body.id);
    const missing = await attempt(MISSING_ID);
    expect(missing.status).toBe(400);
    expect({ status: foreign.status, body: foreign.body }).toEqual({ status: missing.status, body: missing.body });

    const mine = await attacker.admin.post<{ id: number }>(path, { ...body, number: `M${++treeSeq}` });
    expect(mine.status).toBe(200);
    const update = (ref: number) =>
      attacker.admin.put(path, { ...body, number: `M${treeSeq}`, id: mine.body.id, [field]: ref });
    const foreignPut = await update(theirs.body.id);
    const missingPut = await update(MISSING_ID);
    expect(missingPut.status).toBe(400);
    expect({ status: foreignPut.status, body: foreignPut.body }).toEqual({
      status: missingPut.status,
      body: missingPut.body,
    });
  });
});

describe('tenant isolation: reader-code sheets', () => {
  const KINDS = [
    { kind: 'item_status', path: '/api/item_statuses', body: { name: 'S' } },
    { kind: 'item_group', path: '/api/item_groups', body: { name: 'G' } },
    { kind: 'delivery_price_list', path: '/api/delivery_price_lists', body: { name: 'C' } },
    { kind: 'delivery_time', path: '/api/delivery_times', body: { name: 'T' } },
    { kind: 'order_status', path: '/api/order_statuses', body: { name: 'O' } },
    { kind: 'income_source', path: '/api/income_sources', body: { name: 'I' } },
    { kind: 'user_size', path: '/api/user_sizes', body: { name: 'U' } },
    { kind: 'category', path: '/api/categories', body: { name: 'K', number: 'PK' } },
    { kind: 'place', path: '/api/places', body: { name: 'M', number: 'PM' } },
  ];
  it.each(KINDS)("$kind: another organisation's id answers like a missing one", async ({ kind, path, body }) => {
    const theirs = await victim.admin.post<{ id: number }>(path, body);
    expect(theirs.status).toBe(200);
    const url = `/api/print/barcode/${kind}`;
    const foreign = await attacker.admin.post(url, { ids: [theirs.body.id] });
    const missing = await attacker.admin.post(url, { ids: [MISSING_ID] });
    expect(missing.status).toBe(404);
    // The message names the requested id; apart from that the answers are the same.
    const missingBody = JSON.parse(JSON.stringify(missing.body).replace(String(MISSING_ID), String(theirs.body.id)));
    expect({ status: foreign.status, body: foreign.body }).toEqual({ status: missing.status, body: missingBody });
    const own = await victim.admin.post<{ pdf: string }>(url, { ids: [theirs.body.id] });
    expect(own.status).toBe(200);
  });
});

describe('tenant isolation: photos', () => {
  it("another organisation's image answers exactly like a missing one, under either prefix", async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'zdjecie.png');
    const uploaded = await victim.admin.request<{ name: string }>('POST', '/api/upload_image', { multipart: form });
    expect(uploaded.status).toBe(200);
    const { name } = uploaded.body;
    const url = (p: string, n: string) => `/api/image?p=${p}&name=${n}&size=thumb`;
    const missing = await attacker.admin.get(url(attacker.prefix, `${'0'.repeat(32)}.png`));
    expect(missing.status).toBe(404);
    for (const p of [victim.prefix, attacker.prefix]) {
      const foreign = await attacker.admin.get(url(p, name));
      expect({ status: foreign.status, body: foreign.body }, p).toEqual({ status: missing.status, body: missing.body });
    }
    expect((await victim.admin.getBytes(url(victim.prefix, name))).status).toBe(200);
  });
});

describe('tenant isolation: the item reader', () => {
  it("another organisation's item code and reference ids read like missing ones and change nothing", async () => {
    const status = await victim.admin.post<{ id: number }>('/api/item_statuses', { name: 'Ofiary', color: '111111' });
    const place = await victim.admin.post<{ id: number }>('/api/places', {
      name: 'Półka ofiary',
      number: `R${++treeSeq}`,
    });
    const victimItem = await victim.admin.post<{ id: number }>('/api/items', {
      code: 'OFIARA-1',
      price: 1,
      vat: 23,
      currency: 'PLN',
      countWare: 3,
      itemStatusId: status.body.id,
    });
    const before = (await victim.admin.get(`/api/items?id=${victimItem.body.id}`)).body;
    const scan = async (barcode: string, itemCode: string | null) => {
      const res = await attacker.admin.post<Record<string, unknown>>('/api/items/barcodes', { barcode, itemCode });
      expect(res.status).toBe(200);
      const { date: _date, actionBarcode: _barcode, ...row } = res.body;
      return row;
    };
    // The victim's item code: unknown to the attacker, whether scanned or sent back as selected.
    expect(await scan('OFIARA-1', null)).toEqual({ ...(await scan('NIEMA-1', null)), actionDesc: expect.any(String) });
    expect(await scan('QTY-1', 'OFIARA-1')).toEqual({
      ...(await scan('QTY-1', 'NIEMA-1')),
      actionDesc: expect.stringContaining('OFIARA-1'),
    });
    const mineStatus = await attacker.admin.post<{ id: number }>('/api/item_statuses', {
      name: 'Mój',
      color: '222222',
    });
    await attacker.admin.post('/api/items', {
      code: 'NAPASTNIK-1',
      price: 1,
      vat: 23,
      currency: 'PLN',
      countWare: 0,
      itemStatusId: mineStatus.body.id,
    });
    for (const [prefix, id] of [
      ['PLACE', place.body.id],
      ['ISTATUS', status.body.id],
    ] as const) {
      const foreign = await scan(`${prefix}:${id}`, 'NAPASTNIK-1');
      const missing = await scan(`${prefix}:${MISSING_ID}`, 'NAPASTNIK-1');
      expect(foreign).toEqual({
        ...missing,
        actionDesc: String(missing.actionDesc).replace(String(MISSING_ID), String(id)),
      });
      expect(foreign.isError).toBe(true);
    }
    expect((await victim.admin.get(`/api/items?id=${victimItem.body.id}`)).body).toEqual(before);
  });
});

describe('tenant isolation: the order reader', () => {
  it("another organisation's order reads like a missing one, scanned or sent back as selected, and changes nothing", async () => {
    const id = await RESOURCES.find((r) => r.name === '/api/orders')!.create(server, victim);
    const before = (await victim.admin.get(`/api/orders?id=${id}`)).body;
    const panelBefore = (await victim.admin.get(`/api/orders/barcodes/panel?orderId=${id}`)).body;
    const status = await attacker.admin.post<{ id: number }>('/api/order_statuses', { name: 'Mój', color: '333333' });
    const source = await attacker.admin.post<{ id: number }>('/api/income_sources', { name: 'Moje' });
    const scan = async (barcode: string, orderId: number | null) => {
      const res = await attacker.admin.post<Record<string, unknown>>('/api/orders/barcodes', { barcode, orderId });
      expect(res.status).toBe(200);
      const { date: _date, ...row } = res.body;
      return row;
    };
    const same = async (foreignCode: string, missingCode: string, selected: [number, number] | null) => {
      const foreign = await scan(foreignCode, selected?.[0] ?? null);
      const missing = await scan(missingCode, selected?.[1] ?? null);
      expect(foreign, foreignCode).toEqual({
        ...missing,
        actionBarcode: foreignCode,
        actionDesc: String(missing.actionDesc).replace(String(MISSING_ID), String(id)),
      });
      expect(foreign.isError).toBe(true);
      expect(foreign.panel).toBeNull();
    };
    await same(`ORDER:${id}`, `ORDER:${MISSING_ID}`, null);
    for (const code of [
      'SIZE:100',
      'WEIGHT:100',
      `OSTATUS:${status.body.id}`,
      `ISOURCE:${source.body.id}`,
      'CMD:PROBLEM',
      'CMD:SEND',
      'CMD:DOCUMENT',
      'ZAM',
    ])
      await same(code, code, [id, MISSING_ID]);
    expect((await victim.admin.get(`/api/orders?id=${id}`)).body).toEqual(before);
    expect((await victim.admin.get(`/api/orders/barcodes/panel?orderId=${id}`)).body).toEqual(panelBefore);
  });
});

describe('tenant isolation: plugin routes', () => {
  it("every plugin's route answers 404 'Plugin nie jest zainstalowany' to an organisation that has not installed it", async () => {
    const outsider = await createOrg(server);
    const host = pluginHost();
    // The victim installs every plugin it can (dependencies first: the host's order).
    for (const p of host.plugins)
      if (host.usable(p.manifest.id))
        await victim.admin.request('POST', '/api/plugin_install', { form: { pluginId: p.manifest.id } });
    const routes = server.routes.filter((r) => r.url.startsWith('/api/plugins/') && !r.url.endsWith('*'));
    expect(routes.length).toBeGreaterThan(0);
    for (const r of routes) {
      const url = r.url.replace(/:[A-Za-z]+/g, '1');
      const res = await outsider.admin.request(r.method, url, r.method === 'GET' ? {} : { json: {} });
      expect({ status: res.status, body: res.body }, `${r.method} ${r.url}`).toEqual({
        status: 404,
        body: { code: 404, message: 'Plugin nie jest zainstalowany' },
      });
    }
  });
});
