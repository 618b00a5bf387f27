import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { eachLimit, FileStorageUnavailable, type FileStorage } from './file-storage';

/** The key prefixes of every file the application keeps (photos, plugins' files). */
export const APP_FILE_PREFIXES = ['files/', 'plugin-files/'] as const;

export interface MigrateCounts {
  /** Files looked at. */
  checked: number;
  /** Copied now, and verified. */
  copied: number;
  /** Already in the target with the same checksum (an earlier, interrupted run). */
  present: number;
  /** Copied but not verified (removed from the target again), or unreadable. */
  failed: number;
  /** Bytes copied now. */
  bytes: number;
}

/** Files handled at once (each is a few requests to S3). */
const PARALLEL = 8;
/** Files listed before they are handled, and how often progress is reported. */
const BATCH = 100;

const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', csv: 'text/csv' };
const typeOf = (key: string) => TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

async function md5Of(stream: Readable): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The MD5 of a stored file in hex, read through; undefined when it is missing. */
async function hashStored(storage: FileStorage, key: string): Promise<string | undefined> {
  const file = await storage.open(key);
  return file ? md5Of(file.stream) : undefined;
}

/**
 * Whether `key` in `storage` holds exactly the bytes of MD5 `md5`. S3's ETag of a file stored in one
 * piece is its MD5, which S3 computed from what it stored: equal, it proves the content without a
 * download. Any other answer (another content, or an ETag that is not an MD5: multipart uploads,
 * some server-side encryptions) is settled by reading the file and hashing it.
 */
async function holds(storage: FileStorage, key: string, bytes: number, md5: string): Promise<boolean> {
  const st = await storage.stat(key);
  if (!st || st.bytes !== bytes) return false;
  if (st.etag === md5) return true;
  return (await hashStored(storage, key)) === md5;
}

/**
 * Copies every application file from `from` to `to` (`files:migrate`), checking each by its MD5
 * on both sides: a file the target already holds with the same checksum is left as it is, so a run
 * that was interrupted continues where it stopped; a copy is sent with its MD5 (S3 refuses bytes
 * that arrive damaged) and read back by checksum before it counts, else it is removed again. The
 * source is never changed. A storage that stops answering ends the run (FileStorageUnavailable);
 * run it again once it answers.
 */
export async function migrateFiles(
  from: FileStorage,
  to: FileStorage,
  opts: { onProgress?: (counts: MigrateCounts) => void; onFailure?: (key: string, reason: string) => void } = {},
): Promise<MigrateCounts> {
  const counts: MigrateCounts = { checked: 0, copied: 0, present: 0, failed: 0, bytes: 0 };
  const one = async ({ key, bytes, etag }: { key: string; bytes: number; etag?: string }) => {
    // The source's checksum: S3's ETag when it is an MD5, else the file read through.
    const sourceMd5 = etag && /^[0-9a-f]{32}$/.test(etag) ? etag : await hashStored(from, key);
    if (sourceMd5 === undefined) return; // deleted meanwhile
    if (await holds(to, key, bytes, sourceMd5)) {
      counts.present++;
      return;
    }
    const file = await from.open(key);
    if (!file) return;
    await to.put(key, { stream: file.stream, bytes: file.bytes }, { md5: sourceMd5, contentType: typeOf(key) });
    if (await holds(to, key, bytes, sourceMd5)) {
      counts.copied++;
      counts.bytes += bytes;
    } else {
      await to.delete([key]);
      counts.failed++;
      opts.onFailure?.(key, 'the copy does not match the source (MD5)');
    }
  };
  const handle = async (item: { key: string; bytes: number; etag?: string }) => {
    try {
      await one(item);
    } catch (err) {
      if (err instanceof FileStorageUnavailable) throw err;
      counts.failed++;
      opts.onFailure?.(item.key, err instanceof Error ? err.message : String(err));
    } finally {
      counts.checked++;
    }
  };
  for (const prefix of APP_FILE_PREFIXES) {
    let batch: { key: string; bytes: number; etag?: string }[] = [];
    const flush = async () => {
      await eachLimit(batch, PARALLEL, handle);
      batch = [];
      opts.onProgress?.({ ...counts });
    };
    for await (const item of from.list(prefix)) {
      batch.push(item);
      if (batch.length === BATCH) await flush();
    }
    if (batch.length > 0) await flush();
  }
  return counts;
}
