import { expect } from 'vitest';
import type { IncomeSource, Order, OrderStatus } from '@zaplecze/contract';
import type { ApiClient } from './harness';
import { orderBody } from './orders';

/** The options the starter data sets, by key. */
export async function starterOptions(client: ApiClient): Promise<Record<string, string>> {
  const keys = [
    'VAT_VALUES',
    'VAT_DEFAULT_ITEM',
    'VAT_DEFAULT_ORDER_ITEM',
    'VAT_DEFAULT_ORDER_DELIVERY',
    'VAT_DEFAULT_STATIONARY_DELIVERY',
    'CURRENCY_VALUES',
    'CURRENCY_DEFAULT',
    'DEFAULT_ITEM_STATUS_ID',
    'DEFAULT_ORDER_STATUS_ID',
    'DEFAULT_ORDER_STATUS_ID_STATIONARY',
    'DEFAULT_INCOME_SOURCE_ID',
    'DEFAULT_INCOME_SOURCE_ID_STATIONARY',
  ];
  const res = await client.get<{ options: { key: string; value: string }[] }>(`/api/options?keys=${keys.join(',')}`);
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.options.map((o) => [o.key, o.value]));
}

/**
 * Checks the starter lists and options of a new organisation (docs/decisions.md, Starter data of
 * a new organisation): registration's test and the CLI's org:create test.
 */
export async function expectStarterData(client: ApiClient): Promise<void> {
  const itemStatuses = await client.get<{ itemStatuses: OrderStatus[] }>('/api/item_statuses');
  const orderStatuses = await client.get<{ orderStatuses: (OrderStatus & { isDefault?: boolean })[] }>(
    '/api/order_statuses',
  );
  const sources = await client.get<{ incomeSources: IncomeSource[] }>('/api/income_sources');
  expect(itemStatuses.body.itemStatuses.map((s) => s.name)).toEqual(['Aktywny']);
  expect(orderStatuses.body.orderStatuses.map((s) => s.name)).toEqual([
    'Nowe',
    'W realizacji',
    'Wysłane',
    'Anulowane',
    'Zwrócone',
  ]);
  expect(sources.body.incomeSources.map((s) => s.name)).toEqual(['Sklep internetowy', 'Sprzedaż stacjonarna']);
  const idOf = (rows: readonly { id: number; name: string }[], name: string) =>
    String(rows.find((r) => r.name === name)?.id);
  expect(await starterOptions(client)).toEqual({
    VAT_VALUES: '23;8;5;0;zw',
    VAT_DEFAULT_ITEM: '23',
    VAT_DEFAULT_ORDER_ITEM: '23',
    VAT_DEFAULT_ORDER_DELIVERY: '23',
    VAT_DEFAULT_STATIONARY_DELIVERY: '23',
    CURRENCY_VALUES: 'PLN',
    CURRENCY_DEFAULT: 'PLN',
    DEFAULT_ITEM_STATUS_ID: idOf(itemStatuses.body.itemStatuses, 'Aktywny'),
    DEFAULT_ORDER_STATUS_ID: idOf(orderStatuses.body.orderStatuses, 'Nowe'),
    DEFAULT_ORDER_STATUS_ID_STATIONARY: idOf(orderStatuses.body.orderStatuses, 'Nowe'),
    DEFAULT_INCOME_SOURCE_ID: idOf(sources.body.incomeSources, 'Sklep internetowy'),
    DEFAULT_INCOME_SOURCE_ID_STATIONARY: idOf(sources.body.incomeSources, 'Sprzedaż stacjonarna'),
  });
}

/** Saves an order with nothing but the defaults, as the first order of a new organisation. */
export async function expectFirstOrderSaves(client: ApiClient): Promise<void> {
  const res = await client.post<Order>('/api/orders', orderBody());
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.orderStatus.name).toBe('Nowe');
  expect(res.body.incomeSource.name).toBe('Sklep internetowy');
  expect(res.body.currency).toBe('PLN');
  const stationary = await client.post<Order>('/api/orders', orderBody({ stationary: true }));
  expect(stationary.status, JSON.stringify(stationary.body)).toBe(200);
  expect(stationary.body.orderStatus.name).toBe('Nowe');
  expect(stationary.body.incomeSource.name).toBe('Sprzedaż stacjonarna');
}
