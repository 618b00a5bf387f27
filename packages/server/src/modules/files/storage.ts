import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PhotoFormat } from './image';

/**
 * Photos on disk: `{dataDir}/files/{orgId}/{size}/{name}`. Files are written once under a random
 * name and never changed, so copies may share them (hard links) and caches may keep them forever.
 */
export const PHOTO_SIZES = ['display', 'thumb'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

/** Stored names: 32 random lower-case hex characters and the format (contract: photoInputSchema). */
export const FILE_NAME_PATTERN = /^[a-z0-9]{32}\.(jpg|png)$/;

export const newFileName = (format: PhotoFormat): string => `${randomBytes(16).toString('hex')}.${format}`;

export const formatOf = (name: string): PhotoFormat => (name.endsWith('.png') ? 'png' : 'jpg');

export const mimeOf = (name: string): string => (formatOf(name) === 'png' ? 'image/png' : 'image/jpeg');

/** The path of one size of a photo; `name` must already match FILE_NAME_PATTERN. */
export function photoPath(dataDir: string, orgId: number, size: PhotoSize, name: string): string {
  if (!FILE_NAME_PATTERN.test(name)) throw new Error('invalid stored file name');
  return path.join(dataDir, 'files', String(orgId), size, name);
}

/** Writes under a temporary name in the same directory, then renames: readers never see half a file. */
async function writeAtomic(target: string, data: Buffer): Promise<void> {
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await fs.promises.writeFile(temp, data, { flag: 'wx' });
    await fs.promises.rename(temp, target);
  } catch (err) {
    await fs.promises.rm(temp, { force: true });
    throw err;
  }
}

/** Writes both sizes of a new photo; on failure nothing of it stays on disk. */
export async function writePhoto(
  dataDir: string,
  orgId: number,
  name: string,
  sizes: Record<PhotoSize, Buffer>,
): Promise<void> {
  try {
    for (const size of PHOTO_SIZES) await writeAtomic(photoPath(dataDir, orgId, size, name), sizes[size]);
  } catch (err) {
    await removePhotos(dataDir, orgId, [name]);
    throw err;
  }
}

/** Removes both sizes of each photo; already missing files are fine. */
export async function removePhotos(dataDir: string, orgId: number, names: readonly string[]): Promise<void> {
  for (const name of names) {
    for (const size of PHOTO_SIZES) await fs.promises.rm(photoPath(dataDir, orgId, size, name), { force: true });
  }
}

/**
 * Gives a photo a second name (an item copy). A hard link costs no space and no time, and is safe
 * because files never change; a file system without links gets a real copy. Synchronous on
 * purpose: it runs in an after-commit hook, and must be done before the caller answers.
 */
export function linkPhotoSync(dataDir: string, orgId: number, from: string, to: string): void {
  for (const size of PHOTO_SIZES) {
    const source = photoPath(dataDir, orgId, size, from);
    const target = photoPath(dataDir, orgId, size, to);
    try {
      fs.linkSync(source, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EEXIST') {
        throw err;
      }
      fs.copyFileSync(source, target, fs.constants.COPYFILE_FICLONE);
    }
  }
}

/**
 * Opens a stored photo size for streaming, or answers undefined when it is missing. Opening first
 * and sizing the open file means a file deleted meanwhile is either served whole or not at all.
 */
export async function openPhoto(file: string): Promise<{ stream: fs.ReadStream; bytes: number } | undefined> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw new Error('not a file');
    return { stream: handle.createReadStream({ autoClose: true }), bytes: st.size };
  } catch {
    await handle.close();
    return undefined;
  }
}

/**
 * Proves that the photo storage takes a write (the readiness check, modules/health): a tiny file
 * written under `{dataDir}/files` and removed again. Its name starts with a dot, so it is never
 * taken for a photo (FILE_NAME_PATTERN) or an organisation's directory. Throws what the file system
 * said (a read-only mount, a full disk, `files` not being a directory). When the photos move to
 * another store (an object storage), this becomes that store's own probe.
 */
export async function probeStorage(dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'files');
  await fs.promises.mkdir(dir, { recursive: true });
  const file = path.join(dir, `.ready-${process.pid}-${randomBytes(6).toString('hex')}`);
  try {
    await fs.promises.writeFile(file, 'ok', { flag: 'wx' });
  } finally {
    await fs.promises.rm(file, { force: true });
  }
}
