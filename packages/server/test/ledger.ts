import { expect } from 'vitest';
import type { ApiClient } from './harness';

/**
 * Test helpers around the stock ledger, shared by the stock, item-reader, orders and tenancy tests.
 */

/** The Warsaw calendar month of now as the warehouse-change list and export take it: `year=..&month=..`. */
export function warsawMonthQuery(now = new Date()): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Warsaw',
    year: 'numeric',
    month: '2-digit',
  })
    .format(now)
    .split('-');
  return `year=${year}&month=${Number(month)}`;
}

/** Sets a boolean option of the organisation (the warehouse ones: auto-commit, skip-zero). */
export async function setFlag(client: ApiClient, key: string, on: boolean): Promise<void> {
  expect((await client.put('/api/options', { key, value: String(on) })).status).toBe(204);
}

/** Creates an item with `countWare` in stock (an INITIAL ledger row); answers its id. */
export async function stockedItem(
  client: ApiClient,
  itemStatusId: number,
  code: string,
  countWare: number,
): Promise<number> {
  const res = await client.post<{ id: number }>('/api/items', {
    code,
    price: 1,
    vat: 23,
    currency: 'PLN',
    countWare,
    itemStatusId,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}
