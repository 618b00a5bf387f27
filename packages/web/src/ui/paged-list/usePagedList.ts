import { pageCount, type Paging } from '@zaplecze/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useMultiSelect } from '../useMultiSelect';
import type { PageAnswer, PagedRow } from './types';

export interface UsePagedListOptions<Row extends PagedRow, C extends Paging> {
  /** The list's key prefix, e.g. ['items', 'list']; the criteria are appended to it. */
  queryKey: readonly unknown[];
  /** The whole search, paging included (usually the URL state of useUrlState). */
  criteria: C;
  /** One request for one page; pass the signal on, so a left page stops loading. */
  fetchPage(criteria: C, signal: AbortSignal): Promise<PageAnswer<Row>>;
  /** False while the criteria are not final yet (nothing is fetched; the list shows loading). */
  enabled?: boolean;
}

const NO_ROWS: never[] = [];

/**
 * The data half of a big list: one page per request, the exact count, the number of pages and
 * the multi-select of the page's rows.
 *
 * Every search has its own query key (prefix + criteria), so an answer only ever lands in the
 * cache entry of the search that asked for it: an older, slower request that finishes after a
 * newer one cannot replace what is shown. While the next page loads the previous one stays on
 * screen (`refreshing`), so the table does not blink to a spinner on each page.
 */
export function usePagedList<Row extends PagedRow, C extends Paging>({
  queryKey,
  criteria,
  fetchPage,
  enabled = true,
}: UsePagedListOptions<Row, C>) {
  const query = useQuery({
    queryKey: [...queryKey, criteria],
    queryFn: ({ signal }) => fetchPage(criteria, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const rows: readonly Row[] = data?.rows ?? NO_ROWS;
  const order = useMemo(() => rows.map((r) => r.id), [rows]);
  const select = useMultiSelect(order);
  const count = data?.count ?? 0;
  const perPage = data?.perPage ?? criteria.perPage;
  return {
    query,
    rows,
    count,
    perPage,
    page: criteria.page,
    pages: pageCount(count, perPage),
    select,
    /** Nothing to show yet (the first page is loading). */
    loading: query.isPending,
    /** A newer page or search is loading while the previous answer is shown. */
    refreshing: query.isPlaceholderData && query.isFetching,
    error: query.error,
  };
}

export type PagedListState<Row extends PagedRow> = ReturnType<typeof usePagedList<Row, Paging>>;
