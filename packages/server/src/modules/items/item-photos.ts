import type { PhotoInput } from '@zaplecze/contract';

/** Names of the uploaded files among an item's photos (URL photos are not files). */
export function fileNames(photos: readonly { type: string; name: string }[]): string[] {
  return photos.filter((p) => p.type === 'file').map((p) => p.name);
}

/** Summary columns kept on the item row for the list: the first photo is the main one. */
export function photoSummary(photos: readonly PhotoInput[]) {
  const main = photos[0];
  return {
    count_photos: photos.length,
    main_photo: main?.name ?? null,
    main_photo_type: main?.type ?? null,
  };
}
