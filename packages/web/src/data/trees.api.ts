import {
  REFERENCE_LISTS,
  categoriesResponseSchema,
  placesResponseSchema,
  treeNodeSchema,
  type TreeNode,
  type TreeNodeInput,
} from '@zaplecze/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/platform/api';
import { parameterKeys } from '@web/data/parameters.api';

/** The two trees of the catalogue: item categories and warehouse places (docs/rules/catalogue-and-orders-rules.md §2.10, §2.11). */
export type TreeKind = 'categories' | 'places';

/** Query keys of both trees; `all(kind)` is the prefix every change of that tree invalidates. */
export const treeKeys = {
  all: (kind: TreeKind) => ['trees', kind] as const,
  list: (kind: TreeKind) => [...treeKeys.all(kind), 'list'] as const,
};

async function fetchTree(kind: TreeKind, signal: AbortSignal): Promise<TreeNode[]> {
  const { apiPath } = REFERENCE_LISTS[kind];
  if (kind === 'categories') return (await api.get(apiPath, { schema: categoriesResponseSchema, signal })).categories;
  return (await api.get(apiPath, { schema: placesResponseSchema, signal })).places;
}

/** GET /categories or /places: every node, sorted by fullNumber, with parentId. */
export function useTree(kind: TreeKind) {
  return useQuery({
    queryKey: treeKeys.list(kind),
    queryFn: ({ signal }) => fetchTree(kind, signal),
  });
}

export const useCategories = () => useTree('categories');
export const usePlaces = () => useTree('places');

/** A node to save: without id it is created (POST), with id updated (PUT). */
export type TreeNodeSave = TreeNodeInput & { id?: number };

/**
 * POST/PUT of a node. A save can change fullNumber and fullName of a whole branch, so the list
 * is read again; parameters show category paths too, so they are refreshed as well.
 */
export function useSaveTreeNode(kind: TreeKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (node: TreeNodeSave) =>
      node.id === undefined
        ? api.post(REFERENCE_LISTS[kind].apiPath, { json: node, schema: treeNodeSchema })
        : api.put(REFERENCE_LISTS[kind].apiPath, { json: node, schema: treeNodeSchema }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: treeKeys.all(kind) }),
        kind === 'categories' ? client.invalidateQueries({ queryKey: parameterKeys.all }) : undefined,
      ]),
  });
}

/** DELETE /categories?id=N or /places?id=N (409 with a Polish message when it has children or is used). */
export function useDeleteTreeNode(kind: TreeKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(REFERENCE_LISTS[kind].apiPath, { query: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: treeKeys.all(kind) }),
  });
}
