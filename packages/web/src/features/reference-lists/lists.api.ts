import {
  type additionalDescInputSchema,
  additionalDescSchema,
  incomeSourceSchema,
  type itemStatusInputSchema,
  itemStatusSchema,
  type namedInputSchema,
  namedSchema,
  type orderStatusInputSchema,
  orderStatusSchema,
  type AdditionalDesc,
  type IncomeSource,
  type ItemStatus,
  type Named,
  type OptionKey,
  type OrderStatus,
} from '@zaplecze/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@web/app/api';
import { optionKeys } from '@web/features/settings/options.api';
import type { ListResource, ListRow } from '@web/ui/list-config';

/** Query keys of one list resource; `all` is the prefix every change invalidates. */
function listKeys(path: string) {
  const all = ['lists', path] as const;
  return { all, list: () => [...all, 'list'] as const };
}

export interface ListResourceDef<Row extends ListRow> {
  /** API path, e.g. '/item_groups'. */
  path: string;
  /** The key of the list in the GET answer, e.g. 'itemGroups' (goods-and-orders.md §7.1). */
  listKey: string;
  /** The contract's schema of one row. */
  row: z.ZodType<Row>;
}

/**
 * THE hooks factory of the simple lists: GET (the list, sorted by id), POST, PUT, DELETE ?id=N,
 * and PUT /options for the defaults. Every change invalidates the resource's keys, so the list
 * reloads; an option change also reloads every options query (settings screens).
 */
export function createListResource<Row extends ListRow, Body>(def: ListResourceDef<Row>) {
  const keys = listKeys(def.path);
  const answer = z.object({ [def.listKey]: z.array(def.row) });

  const useInvalidate = () => {
    const client = useQueryClient();
    return () => client.invalidateQueries({ queryKey: keys.all });
  };

  const resource: ListResource<Row, Body> & { keys: typeof keys; path: string } = {
    keys,
    path: def.path,
    useList() {
      return useQuery({
        queryKey: keys.list(),
        queryFn: async ({ signal }): Promise<Row[]> => {
          const data = await api.get(def.path, { schema: answer, signal });
          return data[def.listKey] ?? [];
        },
      });
    },
    useCreate() {
      const invalidate = useInvalidate();
      return useMutation({
        mutationFn: (body: Body) => api.post(def.path, { json: body, schema: def.row }),
        onSuccess: invalidate,
      });
    },
    useUpdate() {
      const invalidate = useInvalidate();
      return useMutation({
        mutationFn: (body: Body & { id: number }) => api.put(def.path, { json: body, schema: def.row }),
        onSuccess: invalidate,
      });
    },
    useRemove() {
      const invalidate = useInvalidate();
      return useMutation({
        mutationFn: (id: number) => api.delete(def.path, { query: { id } }),
        onSuccess: invalidate,
      });
    },
    useSetOption() {
      const client = useQueryClient();
      return useMutation({
        mutationFn: (option: { key: OptionKey; value: string }) => api.put('/options', { json: option }),
        onSuccess: () =>
          Promise.all([
            client.invalidateQueries({ queryKey: keys.all }),
            client.invalidateQueries({ queryKey: optionKeys.all }),
          ]),
      });
    },
  };
  return resource;
}

type Out<S extends z.ZodType> = z.output<S>;

/** A list whose rows are only {id, name}. */
const namedList = (path: string, listKey: string) =>
  createListResource<Named, Out<typeof namedInputSchema>>({ path, listKey, row: namedSchema });

/** The seven simple lists of goods-and-orders.md §7.1 (user sizes: features/user-sizes). */
export const listResources = {
  additionalDescs: createListResource<AdditionalDesc, Out<typeof additionalDescInputSchema>>({
    path: '/additional_descs',
    listKey: 'additionalDescs',
    row: additionalDescSchema,
  }),
  deliveryPriceLists: namedList('/delivery_price_lists', 'deliveryPriceLists'),
  deliveryTimes: namedList('/delivery_times', 'deliveryTimes'),
  itemGroups: namedList('/item_groups', 'itemGroups'),
  itemStatuses: createListResource<ItemStatus, Out<typeof itemStatusInputSchema>>({
    path: '/item_statuses',
    listKey: 'itemStatuses',
    row: itemStatusSchema,
  }),
  incomeSources: createListResource<IncomeSource, Out<typeof namedInputSchema>>({
    path: '/income_sources',
    listKey: 'incomeSources',
    row: incomeSourceSchema,
  }),
  orderStatuses: createListResource<OrderStatus, Out<typeof orderStatusInputSchema>>({
    path: '/order_statuses',
    listKey: 'orderStatuses',
    row: orderStatusSchema,
  }),
};
