import { API_BASE, itemLookupAnswerSchema, itemScanAnswerSchema, type Item, type Photo } from '@zaplecze/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/platform/api';

/** Query keys of the reader; items' keys start with 'items', so item saves refresh it too. */
export const itemReaderKeys = {
  item: (code: string) => ['items', 'reader', 'fullcode', code] as const,
};

/** POST /items/barcodes: one scan, answered by one log row. */
export function postScan(barcode: string, itemCode: string | null) {
  return api.post('/items/barcodes', { json: { barcode, itemCode }, schema: itemScanAnswerSchema });
}

/** GET /items?fullcode=: the item being processed; null when there is none by that code. */
export function useReaderItem(code: string | null) {
  return useQuery({
    queryKey: itemReaderKeys.item(code ?? ''),
    queryFn: async ({ signal }): Promise<Item | null> =>
      (await api.get('/items', { query: { fullcode: code }, schema: itemLookupAnswerSchema, signal })).items[0] ?? null,
    enabled: code !== null,
  });
}

/**
 * A photo's thumbnail address: an uploaded file through GET /image (the <img> signs in with the
 * token_auth cookie), a URL photo as it is.
 */
export function photoThumbUrl(photo: Photo, orgPrefix: string): string {
  if (photo.type === 'url') return photo.name;
  const q = new URLSearchParams({ p: orgPrefix, name: photo.name, size: 'thumb' });
  return `${API_BASE}/image?${q.toString()}`;
}
