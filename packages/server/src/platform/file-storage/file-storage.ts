import type { Readable } from 'node:stream';

/**
 * Where the application keeps its files (photos and their thumbnails, plugins' files): one
 * interface, two implementations (docs/decisions.md, Files: a folder or S3-compatible storage).
 *
 * - the folder `DATA_DIR` (FolderStorage, the default): a key is a path under it;
 * - an S3-compatible bucket (S3Storage, FILES_S3_URL): a key is an object key under the URL's prefix.
 *
 * Keys are relative, `/`-separated, of letters, digits, `.`, `_` and `-`, and no segment starts with
 * a dot (so no `..`): `files/12/thumb/<name>`, `plugin-files/<plugin>/<org>/<name>`. Files are
 * written once under a new name and never changed; a reader sees a whole file or none.
 *
 * Failures: a missing file is `undefined` (or `false`), never an error. S3 answers every other
 * failure (refused credentials, no bucket, a server down or too slow) with FileStorageUnavailable,
 * which requests answer with 503 and a Polish message; its text names the endpoint and bucket,
 * never a key or secret. The folder throws the file system's own errors (ENOSPC is 507).
 */
export interface FileStorage {
  readonly kind: 'folder' | 's3';
  /** Where the files are, for messages and logs (no secrets). */
  readonly where: string;
  /**
   * Stores a file under `key` (replacing one there). A stream needs its length. `md5` (hex), when
   * known, is sent along so that S3 refuses bytes that arrive damaged.
   */
  put(key: string, body: Buffer | SizedStream, opts?: { contentType?: string; md5?: string }): Promise<void>;
  /**
   * The stored file as a stream, or undefined when there is none. `range` (bytes, both ends
   * included, `end` clipped to the file) reads a part; a start at or past the end throws RangeError.
   */
  open(key: string, range?: { start: number; end?: number }): Promise<OpenedFile | undefined>;
  /** The whole file in memory (small files only), or undefined. */
  read(key: string): Promise<Buffer | undefined>;
  /** Size and, from S3, the ETag (the MD5 in hex for a file stored in one piece), or undefined. */
  stat(key: string): Promise<{ bytes: number; etag?: string } | undefined>;
  /**
   * Gives the file a second key (folder: a hard link, else a copy; S3: CopyObject inside the
   * bucket). Answers false when `from` is missing.
   */
  copy(from: string, to: string): Promise<boolean>;
  /** Removes the files; missing ones are fine. */
  delete(keys: readonly string[]): Promise<void>;
  /** Removes every file whose key starts with `prefix` (which ends with `/`). */
  deletePrefix(prefix: string): Promise<void>;
  /** Every file whose key starts with `prefix` (ending with `/`), in no particular order. */
  list(prefix: string): AsyncIterable<{ key: string; bytes: number; etag?: string }>;
  /**
   * Checks that files can be written now: writes and removes a tiny file. Throws (S3:
   * FileStorageUnavailable) when not. Cheap enough for a readiness check.
   */
  probe(): Promise<void>;
  /** Lets go of connections (S3); the storage is not used afterwards. */
  close(): Promise<void>;
}

export interface SizedStream {
  stream: Readable;
  bytes: number;
}

export interface OpenedFile extends SizedStream {
  /** The whole file's size (`bytes` is the part's when a range was asked). */
  totalBytes: number;
}

/**
 * The file storage did not answer as it should (S3: refused credentials, no bucket, a server down
 * or too slow, a 5xx). Requests answer 503 with MSG.filesUnavailable; the message is for the log
 * and names the endpoint, the bucket and the operation, never a secret.
 */
export class FileStorageUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileStorageUnavailable';
  }
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Throws on a key outside the rules above (a programming error: keys are built, never given). */
export function assertKey(key: string): void {
  if (!KEY.test(key)) throw new Error('invalid storage key');
}

/** Throws on a prefix that is not a key followed by `/`. */
export function assertPrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new Error('invalid storage prefix');
  assertKey(prefix.slice(0, -1));
}

/** Runs `fn` over `items` with at most `limit` at once; the first failure is thrown once all ended. */
export async function eachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { err: unknown } | undefined;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      try {
        await fn(item);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.err;
}
