import {
  itemLookupAnswerSchema,
  itemSchema,
  massResultSchema,
  uploadImageAnswerSchema,
  type Item,
  type ItemInput,
  type ItemUpdate,
  type MassEditData,
  type MassResult,
} from '@zaplecze/contract';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@web/platform/api';
import { API_BASE } from '@zaplecze/contract';
import { itemEditText } from './texts';

/**
 * Query keys of items. 'items' comes first, so invalidating `itemKeys.all` after a save also
 * refreshes the item list's queries (features/items).
 */
export const itemKeys = {
  all: ['items'] as const,
  detail: (id: number) => [...itemKeys.all, 'detail', id] as const,
};

/** GET /items?id=N: the whole item; not run for id 0 (a new item). */
export function useItem(id: number) {
  return useQuery({
    queryKey: itemKeys.detail(id),
    queryFn: async ({ signal }): Promise<Item> => {
      const answer = await api.get('/items', { query: { id }, schema: itemLookupAnswerSchema, signal });
      const item = answer.items[0];
      if (!item) throw new ApiError(404, itemEditText().edit.notFound);
      return item;
    },
    enabled: id > 0,
    // The form is filled once; a refetch in the background must not reset it.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** POST /items (new) or PUT /items (with id). */
export function saveItem(body: ItemInput | ItemUpdate): Promise<Item> {
  return 'id' in body
    ? api.put('/items', { json: body, schema: itemSchema })
    : api.post('/items', { json: body, schema: itemSchema });
}

/** POST /upload_image (multipart field `file`): the stored file's name. */
export async function uploadPhoto(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await api.post('/upload_image', { multipart: form, schema: uploadImageAnswerSchema })).name;
}

/** POST /items/mass_edit: one batch; the same key makes a retried batch answer from the first run. */
export function massEditBatch(ids: readonly number[], data: MassEditData, idempotencyKey: string): Promise<MassResult> {
  return api.post('/items/mass_edit', { json: { ids, data, idempotencyKey }, schema: massResultSchema });
}

/** The URL of a stored photo; the <img> authenticates with the token cookie (files module). */
export function photoUrl(login: string, name: string, size: 'thumb' | 'display' = 'thumb'): string {
  const prefix = login.split('_')[0] ?? '';
  return `${API_BASE}/image?${new URLSearchParams({ p: prefix, name, size }).toString()}`;
}
