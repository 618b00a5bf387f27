import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { ITEM_MSG, PHOTO_MAX_BYTES, PHOTOS_MAX, type uploadImageAnswerSchema } from '@zaplecze/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { TenantDb } from '../../db/tenant';
import type { AppDeps, AuthContext } from '../../platform/context';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { fileStorage } from '../../platform/file-storage';
import { ImageRejected, processPhoto, type PhotoFormat } from './image';
import { filesRepository } from './files.repository';
import { FILES_MSG } from './messages.pl';
import {
  copyPhotos,
  FILE_NAME_PATTERN,
  formatOf,
  mimeOf,
  newFileName,
  openPhoto,
  removePhotos,
  writePhoto,
  type PhotoSize,
} from './storage';

/** What the face functions that touch the stored files need from the application (fileStorage). */
export type FilesDeps = Pick<AppDeps, 'config'>;

/**
 * Unclaimed uploads live this long (docs/operations.md, Uploads and storage quota): an item form
 * left open for over an hour loses its new photos, and abandoned uploads stop counting against the
 * organisation's quota soon.
 */
export const UNCLAIMED_TTL_MS = 60 * 60 * 1000;

/**
 * Throws unless the files' storage takes a write now (the readiness check, modules/health): the
 * configured storage's own probe, a tiny file or object written and removed (the folder under
 * DATA_DIR, or the S3 bucket of FILES_S3_URL).
 */
export function probeFilesStorage(deps: FilesDeps): Promise<void> {
  return fileStorage(deps.config).probe();
}

/** The storage quota of every organisation in bytes, or null when unlimited (ORG_STORAGE_QUOTA_MB). */
export function storageQuotaBytes(config: AppDeps['config']): number | null {
  return config.orgStorageQuotaMb === undefined ? null : config.orgStorageQuotaMb * 1024 * 1024;
}

const quotaExceeded = (config: AppDeps['config']) =>
  new AppError(413, FILES_MSG.quotaExceeded(config.orgStorageQuotaMb ?? 0), 'file');

/** The refusal of a photo above the limit (also used by the route when the stream was cut). */
export const photoTooBig = () => new AppError(413, ITEM_MSG.photoTooBig, 'file');

/** The advisory lock key of the purge (PostgreSQL); the migrations use 727001. */
const PURGE_LOCK = 727002;

const FORMAT_OF_MIME: Record<string, PhotoFormat> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

/**
 * POST /upload_image: checks the type by content, makes the display size and the thumbnail
 * (orientation applied, metadata dropped), stores both under a random name as an unclaimed file
 * of the caller's organisation. Every refusal happens before anything is written.
 */
export async function uploadImage(ctx: AuthContext, bytes: Buffer): Promise<z.infer<typeof uploadImageAnswerSchema>> {
  if (bytes.length > PHOTO_MAX_BYTES) throw photoTooBig();
  const quota = storageQuotaBytes(ctx.deps.config);
  // A full organisation is refused before the photo is decoded; the exact check is below.
  if (quota !== null && (await filesRepository.usage(ctx.tdb)).allBytes >= quota) throw quotaExceeded(ctx.deps.config);
  const type = await fileTypeFromBuffer(bytes);
  if (!type) throw badRequest(FILES_MSG.notImage, 'file');
  const format = FORMAT_OF_MIME[type.mime];
  if (!format) throw badRequest(FILES_MSG.wrongType(type.mime), 'file');

  let sizes: Record<PhotoSize, Buffer>;
  try {
    sizes = await processPhoto(bytes, format);
  } catch (err) {
    if (err instanceof ImageRejected) {
      throw badRequest(err.reason === 'pixels' ? FILES_MSG.tooManyPixels : FILES_MSG.unreadable, 'file');
    }
    throw err;
  }

  const name = newFileName(format);
  const storage = fileStorage(ctx.deps.config);
  // The row first: should the process die before the files are written, the purge of
  // unclaimed uploads still finds and removes the row; a file without a row would stay forever.
  // The row's trigger adds its bytes to the organisation's total in the same transaction, so the
  // total read back includes every upload committed before (PostgreSQL: the total's row lock
  // queues concurrent uploads of one organisation) and two uploads cannot both slip under the quota.
  await ctx.tdb.transaction(async (tdb) => {
    await filesRepository.insert(tdb, [
      { name, bytes: sizes.display.length + sizes.thumb.length, itemId: null, createdAt: ctx.deps.now().toISOString() },
    ]);
    if (quota !== null && (await filesRepository.usage(tdb)).allBytes > quota) throw quotaExceeded(ctx.deps.config);
  });
  try {
    await writePhoto(storage, ctx.orgId, name, sizes);
  } catch (err) {
    await filesRepository.deleteByNames(ctx.tdb, [name]);
    throw err;
  }
  return { name };
}

/** The organisation prefix of the signed-in user: logins are `{prefix}_{user}`, neither part has `_`. */
const prefixOf = (login: string): string => login.slice(0, login.indexOf('_'));

/**
 * GET /image: the stored file of one size, only when it is the caller's organisation's. Another
 * organisation's file, a malformed name and a missing file all answer the same 404.
 */
export async function findImage(
  ctx: AuthContext,
  query: { p: string; name: string; size: PhotoSize },
): Promise<{ stream: Readable; mime: string; bytes: number }> {
  const missing = () => notFound(FILES_MSG.imageNotFound);
  if (query.p !== prefixOf(ctx.user.login) || !FILE_NAME_PATTERN.test(query.name)) throw missing();
  if (!(await filesRepository.exists(ctx.tdb, query.name))) throw missing();
  const opened = await openPhoto(fileStorage(ctx.deps.config), ctx.orgId, query.size, query.name);
  if (!opened) throw missing();
  return { stream: opened.stream, mime: mimeOf(query.name), bytes: opened.bytes };
}

/** Deletes rows now and their files once the transaction has committed (a rollback keeps both). */
async function dropFiles(tdb: TenantDb, names: readonly string[], deps: FilesDeps): Promise<void> {
  if (names.length === 0) return;
  await filesRepository.deleteByNames(tdb, names);
  const storage = fileStorage(deps.config);
  const orgId = tdb.orgId;
  // A file that cannot be removed is only wasted space: it must not fail a committed change.
  tdb.afterCommit(() => void removePhotos(storage, orgId, names).catch(() => undefined));
}

const unique = (names: readonly string[]): string[] => [...new Set(names)];

/**
 * Gives uploads to an item: every name must be an upload of the organisation that is unclaimed
 * or already this item's, else 400 (field `photos`) naming the photo. Call inside the item's
 * transaction, once the item row exists.
 */
export async function claimFiles(tdb: TenantDb, itemId: number, names: readonly string[]): Promise<void> {
  const wanted = unique(names);
  if (wanted.length === 0) return;
  // The item contract caps photos already; this keeps the rule even for another caller.
  if (wanted.length > PHOTOS_MAX) throw badRequest(ITEM_MSG.photosTooMany, 'photos');
  const rows = await filesRepository.findByNames(tdb, wanted);
  const free: string[] = [];
  for (const name of wanted) {
    const row = rows.get(name);
    if (!row || (row.item_id !== null && row.item_id !== itemId)) {
      throw badRequest(FILES_MSG.photoUnavailable(name), 'photos');
    }
    if (row.item_id === null) free.push(name);
  }
  const changed = await filesRepository.claim(tdb, itemId, free);
  // Fewer rows changed: another item claimed one of them between the read and the update.
  if (changed !== free.length) throw badRequest(FILES_MSG.photoUnavailable(free[0] ?? ''), 'photos');
}

/**
 * Deletes the item's files whose names are not in `keep`: rows now, files after commit. Call on
 * every save that changes the photos, with the file names the item keeps.
 */
export async function releaseFiles(
  tdb: TenantDb,
  itemId: number,
  keep: readonly string[],
  deps: FilesDeps,
): Promise<void> {
  const kept = new Set(keep);
  const names = (await filesRepository.namesOfItems(tdb, [itemId])).filter((n) => !kept.has(n));
  await dropFiles(tdb, names, deps);
}

/**
 * Deletes every file of these items: rows now, files after commit. Call BEFORE deleting the item
 * rows: `files.item_id` is ON DELETE SET NULL, so afterwards the files look like fresh uploads.
 */
export async function deleteItemsFiles(tdb: TenantDb, itemIds: readonly number[], deps: FilesDeps): Promise<void> {
  if (itemIds.length === 0) return;
  await dropFiles(tdb, await filesRepository.namesOfItems(tdb, itemIds), deps);
}

/**
 * Copies files for an item copy under new random names claimed by `newItemId`; answers old name
 * -> new name. A name that is not the organisation's file answers 400 (field `photos`).
 *
 * The stored files are copied (folder: hard links, no extra space; S3: CopyObject) just before the
 * transaction commits, and removed again should it then fail: a committed copy has its files
 * before the caller's transaction() resolves and the answer goes out, a rolled-back one leaves
 * nothing (docs/decisions.md, Files: a folder or S3-compatible storage). A storage that cannot copy
 * (S3 down) fails the transaction: 503, nothing changed. Outside a transaction the files are
 * copied at once, after the rows.
 */
export async function copyFiles(
  deps: Pick<AppDeps, 'config' | 'now'>,
  tdb: TenantDb,
  names: readonly string[],
  newItemId: number,
): Promise<Map<string, string>> {
  const wanted = unique(names);
  const copies = new Map<string, string>();
  if (wanted.length === 0) return copies;
  const rows = await filesRepository.findByNames(tdb, wanted);
  const createdAt = deps.now().toISOString();
  const newRows = wanted.map((name) => {
    const row = rows.get(name);
    if (!row) throw badRequest(FILES_MSG.photoUnavailable(name), 'photos');
    const copy = newFileName(formatOf(name));
    copies.set(name, copy);
    return { name: copy, bytes: row.bytes, itemId: newItemId, createdAt };
  });
  await filesRepository.insert(tdb, newRows);
  const storage = fileStorage(deps.config);
  const orgId = tdb.orgId;
  // A source deleted meanwhile (by a concurrent save) is skipped: the copy shows no photo.
  const copyAll = () => copyPhotos(storage, orgId, [...copies]);
  if (!tdb.inTransaction) {
    await copyAll();
    return copies;
  }
  tdb.beforeCommit(async () => {
    // Queued first: a copy that fails half-way, or a commit that fails, leaves no file behind.
    tdb.afterRollback(() => void removePhotos(storage, orgId, [...copies.values()]).catch(() => undefined));
    await copyAll();
  });
  return copies;
}

/**
 * Storage use for the home page, from the organisation's running totals (no disk walk, no sum
 * over rows): `photosCount` and `photosDirSize` count the files items use, `userDirSize` every
 * file of the organisation, unclaimed uploads included (what the quota limits). Bytes are both
 * stored sizes (display + thumbnail); an item copy's photos count again (docs/decisions.md).
 */
export async function storageUse(
  tdb: TenantDb,
): Promise<{ photosCount: number; photosDirSize: number; userDirSize: number }> {
  const u = await filesRepository.usage(tdb);
  return { photosCount: u.claimedCount, photosDirSize: u.claimedBytes, userDirSize: u.allBytes };
}

/**
 * Deletes the unclaimed uploads older than UNCLAIMED_TTL_MS of every organisation, rows and files
 * (their bytes leave the organisation's total with the rows); answers how many. main.ts has one
 * process of the cluster run it every 10 minutes; on PostgreSQL a transaction-level
 * advisory lock makes a second server on the same database skip a run that is under way.
 */
export async function purgeUnclaimed(deps: Pick<AppDeps, 'config' | 'db' | 'now' | 'engine'>): Promise<number> {
  const before = new Date(deps.now().getTime() - UNCLAIMED_TTL_MS).toISOString();
  const rows = await deps.db.transaction().execute(async (trx) => {
    if (deps.engine === 'postgres') {
      const got = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${PURGE_LOCK}) as ok`.execute(trx);
      if (!got.rows[0]?.ok) return [];
    }
    return filesRepository.deleteUnclaimedBefore(trx, before);
  });
  const storage = fileStorage(deps.config);
  for (const row of rows) {
    await removePhotos(storage, row.org_id, [row.name]).catch(() => undefined);
  }
  return rows.length;
}
