import {
  warehouseChangeSchema,
  warehouseChangesAnswerSchema,
  warehouseCsvFileName,
  type WarehouseChange,
  type WarehouseMonth,
} from '@zaplecze/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, apiBlob, ApiError } from '@web/platform/api';
import type { PageAnswer } from '@web/ui/paged-list';
import { saveBlob } from '@web/ui/pdf';
import type { WarehouseSearch } from './month';

/** Query keys of the warehouse changes; usePagedList appends the search to `list`. */
export const warehouseChangeKeys = {
  all: ['warehouse-changes'] as const,
  list: ['warehouse-changes', 'list'] as const,
};

/** GET /warehouse_changes?year=&month=&page=&perPage=: one page of a month, sorted by id. */
export async function fetchChangesPage(c: WarehouseSearch, signal: AbortSignal): Promise<PageAnswer<WarehouseChange>> {
  const a = await api.get('/warehouse_changes', { query: c, schema: warehouseChangesAnswerSchema, signal });
  return { rows: a.warehouseChanges, count: a.count, perPage: a.perPage };
}

/** GET /warehouse_changes?id=: one change as it is now. */
export async function fetchChange(id: number): Promise<WarehouseChange> {
  const a = await api.get('/warehouse_changes', { query: { id }, schema: warehouseChangesAnswerSchema });
  const row = a.warehouseChanges[0];
  if (!row) throw new ApiError(404, '');
  return row;
}

/** PUT /warehouse_changes {id}: commits the change (the item's stock moves). */
export function commitChange(id: number): Promise<WarehouseChange> {
  return api.put('/warehouse_changes', { json: { id }, schema: warehouseChangeSchema });
}

/** DELETE /warehouse_changes?id=: the change goes, the item's stock stays. */
export async function deleteChange(id: number): Promise<void> {
  await api.delete('/warehouse_changes', { query: { id } });
}

/** GET /warehouse_changes/export_csv, saved as warehouse_changes__{month}_{year}.csv. */
export async function exportCsv(m: WarehouseMonth): Promise<void> {
  saveBlob(await apiBlob('/warehouse_changes/export_csv', { year: m.year, month: m.month }), warehouseCsvFileName(m));
}

type Page = PageAnswer<WarehouseChange>;

/** Puts one reloaded row into every cached page that shows it; `null` drops it (deleted). */
export function replaceRow(client: QueryClient, id: number, row: WarehouseChange | null): void {
  client.setQueriesData<Page>({ queryKey: warehouseChangeKeys.list }, (page) => {
    if (!page || !page.rows.some((r) => r.id === id)) return page;
    if (row === null)
      return { ...page, rows: page.rows.filter((r) => r.id !== id), count: Math.max(0, page.count - 1) };
    return { ...page, rows: page.rows.map((r) => (r.id === id ? row : r)) };
  });
}

/**
 * After a commit or a delete only that row is read again (GET ?id=); a change that is gone
 * (404) leaves the page; any other failure reloads the whole list. Items show stock, so their
 * cache is stale after a commit.
 */
export function useReloadRow() {
  const client = useQueryClient();
  return useCallback(
    async (id: number) => {
      void client.invalidateQueries({ queryKey: ['items'] });
      try {
        replaceRow(client, id, await fetchChange(id));
      } catch (err) {
        if (err instanceof ApiError && err.code === 404) replaceRow(client, id, null);
        else await client.invalidateQueries({ queryKey: warehouseChangeKeys.list });
      }
    },
    [client],
  );
}

/** Reloads every page of the list (after a failed action or a bulk commit). */
export function useReloadList() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: warehouseChangeKeys.list }), [client]);
}
