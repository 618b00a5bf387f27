import {
  itemLookupAnswerSchema,
  itemSchema,
  itemsAnswerSchema,
  itemsSummarySchema,
  massResultSchema,
  type ItemGenerate,
  type ItemRow,
} from '@zaplecze/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@web/platform/api';
import type { PageAnswer } from '@web/ui/paged-list';
import { sendInBatches } from '@web/ui/batches';
import { itemsQuery, type ItemCriteria } from './search';

/**
 * Query keys of the items resource. `all` is the prefix every change invalidates: the list pages,
 * single items (photo viewer, edit page) and the home summary.
 */
export const itemKeys = {
  all: ['items'] as const,
  list: () => [...itemKeys.all, 'list'] as const,
  detail: (id: number) => [...itemKeys.all, 'detail', id] as const,
  summary: () => [...itemKeys.all, 'summary'] as const,
};

/** docs/rules/catalogue-and-orders-rules.md §9: mass deletion is sent in batches of at most 100 ids. */
export const MASS_DELETE_BATCH = 100;

/** GET /items with the search: one page of rows and the exact count. */
export async function fetchItemsPage(c: ItemCriteria, signal: AbortSignal): Promise<PageAnswer<ItemRow>> {
  const a = await api.get('/items', { query: itemsQuery(c), schema: itemsAnswerSchema, signal });
  return { rows: a.items, count: a.count, perPage: a.perPage };
}

/** Invalidates every items query (lists, details, summary). */
export function useInvalidateItems() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: itemKeys.all });
}

/** GET /items?id=N: the whole item (the photo viewer reads its photos). */
export function useItem(id: number | undefined) {
  return useQuery({
    queryKey: itemKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => {
      const a = await api.get('/items', { query: { id: id ?? 0 }, schema: itemLookupAnswerSchema, signal });
      const item = a.items[0];
      if (!item) throw new Error('not found');
      return item;
    },
    enabled: id !== undefined && id > 0,
  });
}

/** DELETE /items?id=N. */
export function useDeleteItem() {
  const invalidate = useInvalidateItems();
  return useMutation({
    mutationFn: (id: number) => api.delete('/items', { query: { id } }),
    onSuccess: invalidate,
  });
}

/** POST /items/copy {id, newCode}: the new item. */
export function useCopyItem() {
  const invalidate = useInvalidateItems();
  return useMutation({
    mutationFn: (body: { id: number; newCode: string }) => api.post('/items/copy', { json: body, schema: itemSchema }),
    onSuccess: invalidate,
  });
}

/** POST /items/mass_delete {ids}, 100 ids per call, one call after another; the results merged. */
export function useMassDeleteItems() {
  const invalidate = useInvalidateItems();
  return useMutation({
    mutationFn: (ids: readonly number[]) =>
      sendInBatches(ids, MASS_DELETE_BATCH, (batch) =>
        api.post('/items/mass_delete', { json: { ids: batch }, schema: massResultSchema }),
      ),
    onSettled: invalidate,
  });
}

/** POST /items/generate_many: how many items were made. */
export function useGenerateItems() {
  const invalidate = useInvalidateItems();
  return useMutation({
    mutationFn: (body: ItemGenerate) =>
      api.post('/items/generate_many', { json: body, schema: z.object({ generated: z.number() }) }),
    onSuccess: invalidate,
  });
}

/** GET /items/summary_homepage (the home widget). */
export function useItemsSummary() {
  return useQuery({
    queryKey: itemKeys.summary(),
    queryFn: ({ signal }) => api.get('/items/summary_homepage', { schema: itemsSummarySchema, signal }),
  });
}
