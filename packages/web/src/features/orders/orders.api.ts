import {
  ORDER_MASS_BATCH_MAX,
  orderLookupAnswerSchema,
  orderMassResultSchema,
  orderSchema,
  ordersAnswerSchema,
  orderToUpdate,
  type Order,
  type OrderRow,
  type OrderUpdate,
} from '@zaplecze/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@web/platform/api';
import { sendInBatches } from '@web/ui/batches';
import type { PageAnswer } from '@web/ui/paged-list';
import { ordersQuery, type OrderCriteria } from './search';

/**
 * Query keys of the orders resource. `all` is the prefix every change invalidates (list pages,
 * single orders, the order pages of other features keyed under 'orders').
 */
export const orderKeys = {
  all: ['orders'] as const,
  list: () => [...orderKeys.all, 'list'] as const,
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
  printLog: (id: number) => [...orderKeys.all, 'printLog', id] as const,
};

/** GET /orders with the search: one page of rows and the exact count. */
export async function fetchOrdersPage(c: OrderCriteria, signal: AbortSignal): Promise<PageAnswer<OrderRow>> {
  const a = await api.get('/orders', { query: ordersQuery(c), schema: ordersAnswerSchema, signal });
  return { rows: a.orders, count: a.count, perPage: a.perPage };
}

/** GET /orders?id=N: the whole order (404 when it is gone). */
export async function fetchOrder(id: number, signal?: AbortSignal): Promise<Order> {
  const a = await api.get('/orders', { query: { id }, schema: orderLookupAnswerSchema, signal });
  const order = a.orders[0];
  if (!order) throw new ApiError(404, '');
  return order;
}

/** The whole order for the preview dialog. */
export function useOrder(id: number) {
  return useQuery({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => fetchOrder(id, signal) });
}

/**
 * docs/rules/catalogue-and-orders-rules.md §4: a change of status, sizes or own note reads the whole order as it is
 * now, changes those fields and saves it (PUT /orders, lines unchanged), so nothing another user
 * saved in the meantime is overwritten with what the list showed.
 */
export async function changeOrder(
  id: number,
  change: (body: OrderUpdate, order: Order) => OrderUpdate,
): Promise<Order> {
  const order = await fetchOrder(id);
  return api.put('/orders', { json: change(orderToUpdate(order), order), schema: orderSchema });
}

type Page = PageAnswer<OrderRow>;

/** Puts one reloaded row into every cached page that shows it; `null` drops it (deleted). */
export function replaceRow(client: QueryClient, id: number, row: OrderRow | null): void {
  client.setQueriesData<Page>({ queryKey: orderKeys.list() }, (page) => {
    if (!page || !page.rows.some((r) => r.id === id)) return page;
    if (row === null)
      return { ...page, rows: page.rows.filter((r) => r.id !== id), count: Math.max(0, page.count - 1) };
    return { ...page, rows: page.rows.map((r) => (r.id === id ? row : r)) };
  });
}

/**
 * docs/rules/catalogue-and-orders-rules.md §7.4: after a change only that row is read again (the search by number);
 * an order that is gone leaves the page. The whole order is re-read too (preview). Throws when
 * the row could not be read, after reloading the list instead.
 */
export async function refreshRow(client: QueryClient, id: number): Promise<void> {
  void client.invalidateQueries({ queryKey: orderKeys.detail(id) });
  void client.invalidateQueries({ queryKey: orderKeys.printLog(id) });
  try {
    const a = await api.get('/orders', { query: { number: id }, schema: ordersAnswerSchema });
    replaceRow(client, id, a.orders.find((r) => r.id === id) ?? null);
  } catch (err) {
    await client.invalidateQueries({ queryKey: orderKeys.list() });
    throw err;
  }
}

/** DELETE /orders?id=N; the row leaves every page. */
export function useDeleteOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete('/orders', { query: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** POST /orders/copy {id}: the new order. */
export function useCopyOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post('/orders/copy', { json: { id }, schema: orderSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.list() }),
  });
}

/** POST /orders/mass_delete {ids}, 100 ids per call, one call after another; the results merged. */
export function useMassDeleteOrders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) =>
      sendInBatches(ids, ORDER_MASS_BATCH_MAX, (batch) =>
        api.post('/orders/mass_delete', { json: { ids: batch }, schema: orderMassResultSchema }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
