import type { AdditionalDesc, ItemStatus, Named, Parameter, TreeNode } from '@zaplecze/contract';
import { useMemo } from 'react';
import { useCategories, usePlaces } from '@web/data/trees.api';
import { useParameters } from '@web/data/parameters.api';
import { listResources } from '@web/data/lists.api';

/** The reference data both item forms offer (the edit page and the mass edit page). */
export interface CatalogLists {
  statuses: readonly ItemStatus[];
  priceLists: readonly Named[];
  deliveryTimes: readonly Named[];
  groups: readonly Named[];
  categories: readonly TreeNode[];
  places: readonly TreeNode[];
  descs: readonly AdditionalDesc[];
  /** Every parameter (names and types). */
  params: readonly Parameter[];
}

/** Everything the item form chooses from, loaded by the page before the form opens. */
export interface ItemFormLists extends CatalogLists {
  vatValues: readonly string[];
  currencyValues: readonly string[];
  /** Parameters an item of the chosen category may carry. */
  categoryParams: readonly Parameter[];
}

/** Loads the catalogue's reference lists once for a form; `error` is the first failure. */
export function useCatalogLists(): { lists: CatalogLists; error: unknown; pending: boolean } {
  const statuses = listResources.itemStatuses.useList();
  const priceLists = listResources.deliveryPriceLists.useList();
  const times = listResources.deliveryTimes.useList();
  const groups = listResources.itemGroups.useList();
  const descs = listResources.additionalDescs.useList();
  const categories = useCategories();
  const places = usePlaces();
  const params = useParameters({ catId: undefined, isCatStrict: false });
  const queries = [statuses, priceLists, times, groups, descs, categories, places, params];
  const lists = useMemo<CatalogLists>(
    () => ({
      statuses: statuses.data ?? [],
      priceLists: priceLists.data ?? [],
      deliveryTimes: times.data ?? [],
      groups: groups.data ?? [],
      categories: categories.data ?? [],
      places: places.data ?? [],
      descs: descs.data ?? [],
      params: params.data ?? [],
    }),
    [statuses.data, priceLists.data, times.data, groups.data, categories.data, places.data, descs.data, params.data],
  );
  return {
    lists,
    error: queries.find((q) => q.error)?.error ?? undefined,
    pending: queries.some((q) => q.isPending),
  };
}
