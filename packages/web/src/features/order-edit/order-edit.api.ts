import {
  carriersAnswerSchema,
  checkPickupPointAnswerSchema,
  itemLookupAnswerSchema,
  itemsAnswerSchema,
  orderLookupAnswerSchema,
  orderSchema,
  type CheckPickupPointAnswer,
  type ItemRow,
  type Order,
  type OrderInput,
  type OrderUpdate,
} from '@zaplecze/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@web/platform/api';
import { orderEditText } from './texts';

/**
 * Query keys of orders. 'orders' comes first, so invalidating `orderKeys.all` after a save also
 * refreshes the order list's queries (features/orders) and the summaries.
 */
export const orderKeys = {
  all: ['orders'] as const,
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
};

/** GET /orders?id=N: the whole order; not run for a new one (id 0 or -1). */
export function useOrder(id: number) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => fetchOrder(id, signal),
    enabled: id > 0,
    // The form is filled once; a refetch in the background must not reset it. Every visit
    // loads the order afresh (nothing is kept once the page is left).
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export async function fetchOrder(id: number, signal?: AbortSignal): Promise<Order> {
  const answer = await api.get('/orders', { query: { id }, schema: orderLookupAnswerSchema, signal });
  const order = answer.orders[0];
  if (!order) throw new ApiError(404, orderEditText().notFound);
  return order;
}

/** POST /orders (new) or PUT /orders (with id). */
export function saveOrder(body: OrderInput | OrderUpdate): Promise<Order> {
  return 'id' in body
    ? api.put('/orders', { json: body, schema: orderSchema })
    : api.post('/orders', { json: body, schema: orderSchema });
}

/** GET /carriers: carriers with their methods (personal pickup is not one). */
export function useCarriers() {
  return useQuery({
    queryKey: ['carriers'],
    queryFn: async ({ signal }) => (await api.get('/carriers', { schema: carriersAnswerSchema, signal })).carriers,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** GET /check_pickup_point: valid ('true'), invalid ('false') or not checkable ('unknown'). */
export function checkPickupPoint(pickupPoint: string, methodId: string): Promise<CheckPickupPointAnswer> {
  return api.get('/check_pickup_point', {
    query: { pickupPoint: pickupPoint.trim(), methodId },
    schema: checkPickupPointAnswerSchema,
  });
}

/** GET /items?scanbarcode=: the item with this code or GTIN, or undefined. */
export async function findItemByBarcode(code: string): Promise<ItemRow | undefined> {
  try {
    const answer = await api.get('/items', { query: { scanbarcode: code.trim() }, schema: itemsAnswerSchema });
    return answer.items[0];
  } catch (err) {
    if (err instanceof ApiError && err.code === 404) return undefined;
    throw err;
  }
}

/**
 * The stock of the items linked to lines (GET /items?id= each, cached a short while): itemId ->
 * stock count, for the lines' stock notes. An item that cannot be read is left out.
 */
export function useItemsStock(itemIds: readonly number[]): Map<number, number> {
  const ids = [...new Set(itemIds)].sort((a, b) => a - b);
  const answers = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['items', 'stock', id] as const,
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (await api.get('/items', { query: { id }, schema: itemLookupAnswerSchema, signal })).items[0]?.countWare,
      staleTime: 30_000,
      retry: false,
    })),
  });
  const stock = new Map<number, number>();
  ids.forEach((id, i) => {
    const count = answers[i]?.data;
    if (typeof count === 'number') stock.set(id, count);
  });
  return stock;
}

/** How many items the search dialog shows at most. */
export const PICKER_LIMIT = 25;

/** GET /items search by code and name (the item search dialog of a line). */
export async function searchItems(
  c: { code: string; name: string },
  signal?: AbortSignal,
): Promise<{ rows: ItemRow[]; count: number }> {
  const answer = await api.get('/items', {
    query: {
      code: c.code.trim() || undefined,
      name: c.name.trim() || undefined,
      perPage: PICKER_LIMIT,
      page: 1,
      sort: 'CODE',
    },
    schema: itemsAnswerSchema,
    signal,
  });
  return { rows: answer.items, count: answer.count };
}
