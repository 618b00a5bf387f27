import { expect } from 'vitest';
import { TenantDb } from '../src/db/tenant';
import { checkOrderRollups } from '../src/modules/orders';
import type { ApiClient, TestServer } from './harness';

/** Order statuses and income sources, with the default and stationary default options set. */
export interface OrderRefs {
  statusId: number;
  status2Id: number;
  stationaryStatusId: number;
  sourceId: number;
  source2Id: number;
  stationarySourceId: number;
}

async function id(client: ApiClient, path: string, body: unknown): Promise<number> {
  const res = await client.post<{ id: number }>(`/api${path}`, body);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/**
 * Deletes the order statuses and income sources a new organisation starts with
 * (modules/registration/starter-data.ts), for a test that picks them by name from its own.
 */
export async function dropStarterOrderLists(admin: ApiClient): Promise<void> {
  for (const [path, key] of [
    ['/order_statuses', 'orderStatuses'],
    ['/income_sources', 'incomeSources'],
  ] as const) {
    const res = await admin.get<Record<string, { id: number }[]>>(`/api${path}`);
    for (const row of res.body[key] ?? []) {
      const del = await admin.delete(`/api${path}?id=${row.id}`);
      if (del.status !== 204) throw new Error(`${path}: ${del.status} ${JSON.stringify(del.body)}`);
    }
  }
}

export async function createOrderRefs(admin: ApiClient): Promise<OrderRefs> {
  const refs: OrderRefs = {
    statusId: await id(admin, '/order_statuses', { name: 'Nowe', color: '0000ff' }),
    status2Id: await id(admin, '/order_statuses', { name: 'Wysłane', color: '00ff00' }),
    stationaryStatusId: await id(admin, '/order_statuses', { name: 'Wydane w sklepie', color: 'ffff00' }),
    sourceId: await id(admin, '/income_sources', { name: 'Sklep internetowy' }),
    source2Id: await id(admin, '/income_sources', { name: 'Allegro' }),
    stationarySourceId: await id(admin, '/income_sources', { name: 'Sklep stacjonarny' }),
  };
  const res = await admin.put('/api/options', {
    options: [
      { key: 'DEFAULT_ORDER_STATUS_ID', value: String(refs.statusId) },
      { key: 'DEFAULT_ORDER_STATUS_ID_STATIONARY', value: String(refs.stationaryStatusId) },
      { key: 'DEFAULT_INCOME_SOURCE_ID', value: String(refs.sourceId) },
      { key: 'DEFAULT_INCOME_SOURCE_ID_STATIONARY', value: String(refs.stationarySourceId) },
    ],
  });
  if (res.status !== 204) throw new Error(`options: ${res.status} ${JSON.stringify(res.body)}`);
  return refs;
}

/** A company buyer's invoice data (a valid NIP, Polish letters in every text): what an invoice needs. */
export const INVOICE_COMPANY = {
  isCompany: true,
  companyName: 'Żółta Gęś sp. z o.o.',
  companyTaxId: '5260250274',
  address: 'ul. Świętokrzyska 12',
  postCode: '00-916',
  city: 'Łódź',
  countryCode: 'PL',
};

/**
 * A parcel order's delivery part as dispatch needs it (docs/decisions.md, Documents): a buyer with
 * Polish letters, phone and e-mail, the parcel's sides and weight, cash on delivery.
 */
export const PARCEL_ORDER = {
  clientData: {
    nameSurname: 'Łukasz Żółć',
    street: 'Źródlana',
    buildNr: '7/12',
    postCode: '80-180',
    city: 'Gdańsk',
    tel: '600 100 200',
    email: 'lukasz@example.pl',
  },
  sizeA: 300,
  sizeB: 200,
  sizeC: 150,
  weight: 2.5,
  cashOnDelivery: true,
};

/** A valid POST /orders body (the defaults give status and income source). */
export function orderBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    deliveryCost: 15.99,
    deliveryVat: 23,
    clientData: { nameSurname: 'Jan Kowalski', street: 'Długa', buildNr: '1', postCode: '00-001', city: 'Warszawa' },
    items: [],
    ...overrides,
  };
}

/**
 * Issues the order's invoice the only way there is (POST /orders/print_invoice, no PDF) and
 * answers its number.
 */
export async function issueInvoice(client: ApiClient, orderId: number): Promise<string> {
  const res = await client.post<{ invoiceNumber: string }>('/api/orders/print_invoice', { orderId, noPrint: true });
  if (res.status !== 200) throw new Error(`print_invoice: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.invoiceNumber;
}

/** An order line linked to an item. */
export function line(itemId: number | null, quantity: number, overrides: Record<string, unknown> = {}) {
  return { code: `L${itemId ?? 'X'}`, name: 'Pozycja', quantity, price: 10, vat: 23, itemId, ...overrides };
}

/**
 * The order roll-ups of the organisation equal a recomputation from its orders
 * (docs/decisions.md, Orders, Summaries): the summaries' invariant, checked after writes.
 */
export async function expectRollupsInStep(server: TestServer, orgId: number): Promise<void> {
  expect(await checkOrderRollups(new TenantDb(server.deps.db, orgId))).toEqual([]);
}
