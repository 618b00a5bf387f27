import {
  REFERENCE_LISTS,
  type AdditionalDesc,
  type IncomeSource,
  type ItemStatus,
  type Named,
  type OptionKey,
  type OrderStatus,
  type ReferenceListDef,
} from '@zaplecze/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@web/platform/api';
import { optionKeys } from '@web/data/options.api';
import type { ListResource, ListRow } from '@web/ui/list-config';

/** Query keys of one list resource; `all` is the prefix every change invalidates. */
function listKeys(path: string) {
  const all = ['lists', path] as const;
  return { all, list: () => [...all, 'list'] as const };
}

/** What the hooks need of a list: its path, list key and row schema, from the contract's REFERENCE_LISTS. */
export interface ListResourceDef<Row extends ListRow> extends Pick<ReferenceListDef, 'apiPath' | 'listKey'> {
  row: z.ZodType<Row>;
}

/**
 * THE hooks factory of the simple lists: GET (the list, sorted by id), POST, PUT, DELETE ?id=N,
 * and PUT /options for the defaults. Every change invalidates the resource's keys, so the list
 * reloads; an option change also reloads every options query (settings screens).
 */
export function createListResource<Row extends ListRow, Body>(def: ListResourceDef<Row>) {
  const keys = listKeys(def.apiPath);
  const answer = z.object({ [def.listKey]: z.array(def.row) });

  const useInvalidate = () => {
    const client = useQueryClient();
    return () => client.invalidateQueries({ queryKey: keys.all });
  };

  const resource: ListResource<Row, Body> & { keys: typeof keys; path: string } = {
    keys,
    path: def.apiPath,
    useList() {
      return useQuery({
        queryKey: keys.list(),
        queryFn: async ({ signal }): Promise<Row[]> => {
          const data = await api.get(def.apiPath, { schema: answer, signal });
          return data[def.listKey] ?? [];
        },
      });
    },
    useCreate() {
      const invalidate = useInvalidate();
      return useMutation({
        mutationFn: (body: Body) => api.post(def.apiPath, { json: body, schema: def.row }),
        onSuccess: invalidate,
      });
    },
    useUpdate() {
      const invalidate = useInvalidate();
      return useMutation({
        mutationFn: (body: Body & { id: number }) => api.put(def.apiPath, { json: body, schema: def.row }),
        onSuccess: invalidate,
      });
    },
    useRemove() {
      const invalidate = useInvalidate();
      return useMutation({
        mutationFn: (id: number) => api.delete(def.apiPath, { query: { id } }),
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
type Body<K extends keyof typeof REFERENCE_LISTS> = Out<(typeof REFERENCE_LISTS)[K]['input']>;

/** The seven simple lists of docs/rules/catalogue-and-orders-rules.md §7.1 (user sizes: features/user-sizes). */
export const listResources = {
  additionalDescs: createListResource<AdditionalDesc, Body<'additionalDescs'>>(REFERENCE_LISTS.additionalDescs),
  deliveryPriceLists: createListResource<Named, Body<'deliveryPriceLists'>>(REFERENCE_LISTS.deliveryPriceLists),
  deliveryTimes: createListResource<Named, Body<'deliveryTimes'>>(REFERENCE_LISTS.deliveryTimes),
  itemGroups: createListResource<Named, Body<'itemGroups'>>(REFERENCE_LISTS.itemGroups),
  itemStatuses: createListResource<ItemStatus, Body<'itemStatuses'>>(REFERENCE_LISTS.itemStatuses),
  incomeSources: createListResource<IncomeSource, Body<'incomeSources'>>(REFERENCE_LISTS.incomeSources),
  orderStatuses: createListResource<OrderStatus, Body<'orderStatuses'>>(REFERENCE_LISTS.orderStatuses),
};
