import type { PhotoInput } from '@zaplecze/contract';
import type { TenantDb } from '../../db/tenant';
import { badRequest } from '../../platform/errors';

/**
 * Photos of an item: the ordered list (the first is the main photo) and the upload rows it claims.
 * Uploaded files belong to the organisation until an item claims them.
 */
export async function claimPhotoFiles(tdb: TenantDb, itemId: number, photos: readonly PhotoInput[]): Promise<void> {
  const names = photos.filter((p) => p.type === 'file').map((p) => p.name);
  if (names.length === 0) return;
  const rows = await tdb.selectFrom('files').select(['name', 'item_id']).where('name', 'in', names).execute();
  const usable = new Set(rows.filter((r) => r.item_id === null || r.item_id === itemId).map((r) => r.name));
  const missing = names.find((n) => !usable.has(n));
  if (missing) throw badRequest(`Nie znaleziono przesłanego zdjęcia ${missing}.`, 'photos');
  await tdb.updateTable('files').set({ item_id: itemId }).where('name', 'in', names).execute();
}

/** Summary columns kept on the item row for the list. */
export function photoSummary(photos: readonly PhotoInput[]) {
  const main = photos[0];
  return {
    count_photos: photos.length,
    main_photo: main?.name ?? null,
    main_photo_type: main?.type ?? null,
  };
}
