import { ordersSummarySchema, summaryMainSchema } from '@zaplecze/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/platform/api';

/** Query keys under 'orders', so every order save refreshes the summaries too. */
export const summaryKeys = {
  main: ['orders', 'summary-main'] as const,
  month: (q: SummaryRequest) => ['orders', 'summary', q] as const,
};

/** GET /orders/summary_main: the six periods of the home widgets (both widgets share one call). */
export function useSummaryMain() {
  return useQuery({
    queryKey: summaryKeys.main,
    queryFn: ({ signal }) => api.get('/orders/summary_main', { schema: summaryMainSchema, signal }),
  });
}

/** What the summary page asks for: a month, an income source (undefined = all), statuses (empty = all). */
export interface SummaryRequest {
  year: number;
  month: number;
  incomeSourceId: number | undefined;
  statuses: readonly number[];
}

/** GET /orders_summary; not run until the user presses 'Pokaż' (request undefined). */
export function useOrdersSummary(request: SummaryRequest | undefined) {
  return useQuery({
    queryKey: summaryKeys.month(request ?? { year: 0, month: 0, incomeSourceId: undefined, statuses: [] }),
    queryFn: ({ signal }) =>
      api.get('/orders_summary', {
        query: {
          year: request?.year,
          month: request?.month,
          incomeSourceId: request?.incomeSourceId,
          statuses: request?.statuses.join(','),
        },
        schema: ordersSummarySchema,
        signal,
      }),
    enabled: request !== undefined,
  });
}
