import { randomBytes } from 'node:crypto';
import { eachLimit, type FileStorage, type OpenedFile } from '../../platform/file-storage';
import type { PhotoFormat } from './image';

/**
 * Photos in the file storage (platform/file-storage): key `files/{orgId}/{size}/{name}`, so the
 * folder keeps its layout `DATA_DIR/files/{orgId}/{size}/{name}`. Files are written once under a
 * random name and never changed, so copies may share them (hard links) and caches may keep them
 * forever.
 */
export const PHOTO_SIZES = ['display', 'thumb'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

/** Stored names: 32 random lower-case hex characters and the format (contract: photoInputSchema). */
export const FILE_NAME_PATTERN = /^[a-z0-9]{32}\.(jpg|png)$/;

export const newFileName = (format: PhotoFormat): string => `${randomBytes(16).toString('hex')}.${format}`;

export const formatOf = (name: string): PhotoFormat => (name.endsWith('.png') ? 'png' : 'jpg');

export const mimeOf = (name: string): string => (formatOf(name) === 'png' ? 'image/png' : 'image/jpeg');

/** The storage key of one size of a photo; `name` must already match FILE_NAME_PATTERN. */
export function photoKey(orgId: number, size: PhotoSize, name: string): string {
  if (!FILE_NAME_PATTERN.test(name)) throw new Error('invalid stored file name');
  return `files/${orgId}/${size}/${name}`;
}

/** Photos copied or deleted at once (S3 requests in flight). */
const PARALLEL = 8;

/** Writes both sizes of a new photo; on failure nothing of it stays stored. */
export async function writePhoto(
  storage: FileStorage,
  orgId: number,
  name: string,
  sizes: Record<PhotoSize, Buffer>,
): Promise<void> {
  try {
    for (const size of PHOTO_SIZES) {
      await storage.put(photoKey(orgId, size, name), sizes[size], { contentType: mimeOf(name) });
    }
  } catch (err) {
    await removePhotos(storage, orgId, [name]).catch(() => undefined);
    throw err;
  }
}

/** Removes both sizes of each photo; already missing files are fine. */
export async function removePhotos(storage: FileStorage, orgId: number, names: readonly string[]): Promise<void> {
  await storage.delete(names.flatMap((name) => PHOTO_SIZES.map((size) => photoKey(orgId, size, name))));
}

/**
 * Gives each photo `from` a second name `to` (an item copy): in the folder a hard link, which costs
 * no space and no time and is safe because files never change; in S3 a CopyObject inside the
 * bucket. Answers the names whose copy was made; a source that is missing (deleted meanwhile) is
 * left out, its copy shows no photo.
 */
export async function copyPhotos(
  storage: FileStorage,
  orgId: number,
  pairs: readonly (readonly [from: string, to: string])[],
): Promise<string[]> {
  const made: string[] = [];
  await eachLimit(pairs, PARALLEL, async ([from, to]) => {
    for (const size of PHOTO_SIZES) {
      if (!(await storage.copy(photoKey(orgId, size, from), photoKey(orgId, size, to)))) {
        await removePhotos(storage, orgId, [to]);
        return;
      }
    }
    made.push(to);
  });
  return made;
}

/** Opens a stored photo size for streaming, or answers undefined when it is missing. */
export function openPhoto(
  storage: FileStorage,
  orgId: number,
  size: PhotoSize,
  name: string,
): Promise<OpenedFile | undefined> {
  return storage.open(photoKey(orgId, size, name));
}
