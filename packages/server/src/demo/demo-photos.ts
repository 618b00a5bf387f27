import sharp from 'sharp';
import type { Database } from '../db/database';
import { TenantDb } from '../db/tenant';
import { copyPhotos, newFileName, processPhoto, removePhotos, writePhoto } from '../modules/files';
import type { FileStorage } from '../platform/file-storage';

/**
 * Real photos for a sample of the demo's items (docs/decisions.md, Demo photos): every
 * DEMO_PHOTO_EVERY-th item, at most DEMO_PHOTO_MAX_ITEMS of them, gets one to three photos; every
 * other item has none. Each photo is a file of its own, as if uploaded and claimed by its item
 * (files row, item_photos row, the item's count and main photo), so the list's counts, the photo
 * filter, the thumbnails, copying and deleting all see a consistent catalogue. The photos of one
 * picture are copies of its first one: hard links in the folder, CopyObject in S3 (files never
 * change: modules/files/storage.ts).
 */
export const DEMO_PHOTO_EVERY = 50;
export const DEMO_PHOTO_MAX_ITEMS = 2_000;

/** Background and accent of each picture: a few calm product-shot colours. */
const PICTURES: readonly [string, string][] = [
  ['#e8eef7', '#3d6db5'],
  ['#f6ede3', '#b5763d'],
  ['#e7f3ec', '#3d9a63'],
  ['#f5e8ee', '#b53d6d'],
  ['#efeef6', '#6a5db5'],
  ['#f4f3e4', '#9a913d'],
];

/** A simple 800×800 "product shot": a box on a shelf with a label. */
function pictureSvg([background, accent]: [string, string], n: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
  <rect width="800" height="800" fill="${background}"/>
  <rect x="0" y="600" width="800" height="200" fill="${accent}" opacity="0.15"/>
  <rect x="230" y="230" width="340" height="370" rx="24" fill="${accent}"/>
  <rect x="280" y="330" width="240" height="110" rx="12" fill="#ffffff" opacity="0.9"/>
  <circle cx="400" cy="385" r="${30 + n * 4}" fill="${accent}" opacity="0.6"/>
</svg>`;
}

/** The items that get photos and how many each (1-3), the same for the same item range. */
export function demoPhotoPlan(firstId: number, count: number): { itemId: number; photos: number }[] {
  const plan: { itemId: number; photos: number }[] = [];
  for (let k = 0; k < count && plan.length < DEMO_PHOTO_MAX_ITEMS; k += DEMO_PHOTO_EVERY) {
    const itemId = firstId + k;
    plan.push({ itemId, photos: 1 + (itemId % 3) });
  }
  return plan;
}

/** Writes the photos of demoPhotoPlan; answers how many photos were stored. */
export async function seedDemoPhotos(
  database: Database,
  storage: FileStorage,
  orgId: number,
  firstId: number,
  count: number,
  now: Date,
): Promise<number> {
  const plan = demoPhotoPlan(firstId, count);
  if (plan.length === 0) return 0;
  const pictures = await Promise.all(
    PICTURES.map(async (colours, n) =>
      processPhoto(
        await sharp(Buffer.from(pictureSvg(colours, n)))
          .jpeg()
          .toBuffer(),
        'jpg',
      ),
    ),
  );
  const firstCopy: (string | undefined)[] = PICTURES.map(() => undefined);
  const written: string[] = [];
  const files: { name: string; item_id: number; bytes: number; created_at: string }[] = [];
  const photos: { item_id: number; position: number; type: string; name: string }[] = [];
  const createdAt = now.toISOString();
  try {
    for (const { itemId, photos: n } of plan) {
      for (let position = 0; position < n; position++) {
        const p = (itemId + position) % PICTURES.length;
        const sizes = pictures[p]!;
        const name = newFileName('jpg');
        const source = firstCopy[p];
        if (source) {
          written.push(name);
          if ((await copyPhotos(storage, orgId, [[source, name]])).length === 0) throw new Error('demo photo vanished');
        } else {
          written.push(name);
          await writePhoto(storage, orgId, name, sizes);
        }
        firstCopy[p] ??= name;
        files.push({ name, item_id: itemId, bytes: sizes.display.length + sizes.thumb.length, created_at: createdAt });
        photos.push({ item_id: itemId, position, type: 'file', name });
      }
    }
    await new TenantDb(database.db, orgId).transaction(async (tdb) => {
      for (let i = 0; i < files.length; i += 500) {
        await tdb.insertInto('files', files.slice(i, i + 500)).execute();
        await tdb.insertInto('item_photos', photos.slice(i, i + 500)).execute();
      }
      const mainOf = new Map(photos.filter((ph) => ph.position === 0).map((ph) => [ph.item_id, ph.name]));
      for (const { itemId, photos: n } of plan) {
        await tdb
          .updateTable('items')
          .set({ count_photos: n, main_photo: mainOf.get(itemId) ?? null, main_photo_type: 'file' })
          .where('id', '=', itemId)
          .execute();
      }
    });
  } catch (err) {
    await removePhotos(storage, orgId, written).catch(() => undefined);
    throw err;
  }
  return files.length;
}
