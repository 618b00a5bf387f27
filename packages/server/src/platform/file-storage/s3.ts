import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  assertKey,
  assertPrefix,
  eachLimit,
  FileStorageUnavailable,
  type FileStorage,
  type OpenedFile,
  type SizedStream,
} from './file-storage';
import { describeS3, type S3Location } from './s3-url';

type Sdk = typeof S3Sdk;

/** Time limits of one S3 request; the SDK tries a failed request up to `maxAttempts` times. */
export interface S3Limits {
  connectTimeoutMs: number;
  requestTimeoutMs: number;
  maxAttempts: number;
}

export const S3_LIMITS: S3Limits = { connectTimeoutMs: 5_000, requestTimeoutMs: 30_000, maxAttempts: 3 };

/** Deletes and copies sent at once. */
const PARALLEL = 8;

interface SdkError {
  name?: string;
  message?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
}

/**
 * Files as objects of an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, ...): key `k` is object
 * `<prefix>k`. The AWS SDK (v3) is loaded at the first use only, so the default folder set-up never
 * loads it. Checksums are sent only where S3 requires them: older S3-compatible servers do not
 * know the newer checksum headers.
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3';
  readonly where: string;
  private sdk: Promise<{ m: Sdk; client: S3Client }> | undefined;

  constructor(
    private readonly loc: S3Location,
    private readonly limits: S3Limits = S3_LIMITS,
  ) {
    this.where = describeS3(loc);
  }

  private connect(): Promise<{ m: Sdk; client: S3Client }> {
    this.sdk ??= import('@aws-sdk/client-s3').then((m) => ({
      m,
      client: new m.S3Client({
        endpoint: this.loc.endpoint,
        region: this.loc.region,
        forcePathStyle: this.loc.forcePathStyle,
        ...(this.loc.credentials ? { credentials: this.loc.credentials } : {}),
        maxAttempts: this.limits.maxAttempts,
        requestHandler: {
          connectionTimeout: this.limits.connectTimeoutMs,
          requestTimeout: this.limits.requestTimeoutMs,
        },
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return this.sdk;
  }

  private objectKey(key: string): string {
    assertKey(key);
    return this.loc.prefix + key;
  }

  /** What the log may say of a failed request: its kind and status, no key or secret. */
  private unavailable(op: string, err: unknown): FileStorageUnavailable {
    const e = err as SdkError;
    const status = e.$metadata?.httpStatusCode;
    // A refused HEAD request has no body to name the error: the status says it.
    const unnamed = !e.name || e.name === 'Unknown' || e.name === 'UnknownError';
    const name = status === 403 && unnamed ? 'AccessDenied' : (e.name ?? 'Error');
    let reason = `${name}${e.code && e.code !== e.name ? ` ${e.code}` : ''}${status ? ` (HTTP ${status})` : ''}`;
    const message = this.scrub(e.message ?? String(err));
    if (message && message !== e.name && message !== 'UnknownError') reason += `: ${message}`;
    if (status === 403) reason += ' (check the access key and the secret key of FILES_S3_URL)';
    return new FileStorageUnavailable(`${this.where}: ${op} failed: ${reason}`);
  }

  /** Takes the keys out of a message that an S3 server may have echoed. */
  private scrub(text: string): string {
    let out = text;
    const c = this.loc.credentials;
    for (const secret of c ? [c.secretAccessKey, c.accessKeyId] : []) {
      if (secret) out = out.split(secret).join('***');
    }
    return out;
  }

  /** Runs one request; a missing object answers `missing()`, any other failure is unavailable. */
  private async request<T>(op: string, fn: (s: { m: Sdk; client: S3Client }) => Promise<T>): Promise<T>;
  private async request<T, M>(
    op: string,
    fn: (s: { m: Sdk; client: S3Client }) => Promise<T>,
    missing: () => M,
  ): Promise<T | M>;
  private async request<T, M>(
    op: string,
    fn: (s: { m: Sdk; client: S3Client }) => Promise<T>,
    missing?: () => M,
  ): Promise<T | M> {
    const s = await this.connect();
    try {
      return await fn(s);
    } catch (err) {
      if (err instanceof RangeError) throw err;
      const e = err as SdkError;
      const notFound = e.name === 'NoSuchKey' || e.name === 'NotFound';
      if (missing && notFound) return missing();
      throw this.unavailable(op, err);
    }
  }

  async put(key: string, body: Buffer | SizedStream, opts: { contentType?: string; md5?: string } = {}): Promise<void> {
    const Key = this.objectKey(key);
    await this.request('PutObject', ({ m, client }) =>
      client.send(
        new m.PutObjectCommand({
          Bucket: this.loc.bucket,
          Key,
          Body: Buffer.isBuffer(body) ? body : body.stream,
          ContentLength: Buffer.isBuffer(body) ? body.length : body.bytes,
          ...(opts.contentType ? { ContentType: opts.contentType } : {}),
          ...(opts.md5 ? { ContentMD5: Buffer.from(opts.md5, 'hex').toString('base64') } : {}),
        }),
      ),
    );
  }

  async open(key: string, range?: { start: number; end?: number }): Promise<OpenedFile | undefined> {
    const Key = this.objectKey(key);
    return this.request(
      'GetObject',
      async ({ m, client }) => {
        let res;
        try {
          res = await client.send(
            new m.GetObjectCommand({
              Bucket: this.loc.bucket,
              Key,
              ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
            }),
          );
        } catch (err) {
          if ((err as SdkError).$metadata?.httpStatusCode === 416) throw new RangeError('range not satisfiable');
          throw err;
        }
        const stream = res.Body as Readable;
        const bytes = res.ContentLength ?? 0;
        const total = /\/(\d+)$/.exec(res.ContentRange ?? '')?.[1];
        return { stream, bytes, totalBytes: total ? Number(total) : bytes };
      },
      () => undefined,
    );
  }

  async read(key: string): Promise<Buffer | undefined> {
    const opened = await this.open(key);
    if (!opened) return undefined;
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
    } catch (err) {
      throw this.unavailable('GetObject', err);
    }
    return Buffer.concat(chunks);
  }

  async stat(key: string): Promise<{ bytes: number; etag?: string } | undefined> {
    const Key = this.objectKey(key);
    return this.request(
      'HeadObject',
      async ({ m, client }) => {
        const res = await client.send(new m.HeadObjectCommand({ Bucket: this.loc.bucket, Key }));
        const etag = res.ETag?.replace(/"/g, '');
        return { bytes: res.ContentLength ?? 0, ...(etag ? { etag } : {}) };
      },
      () => undefined,
    );
  }

  async copy(from: string, to: string): Promise<boolean> {
    const source = this.objectKey(from);
    const Key = this.objectKey(to);
    return this.request(
      'CopyObject',
      async ({ m, client }) => {
        await client.send(
          new m.CopyObjectCommand({
            Bucket: this.loc.bucket,
            Key,
            CopySource: `${this.loc.bucket}/${source.split('/').map(encodeURIComponent).join('/')}`,
          }),
        );
        return true;
      },
      () => false,
    );
  }

  async delete(keys: readonly string[]): Promise<void> {
    const objectKeys = keys.map((k) => this.objectKey(k));
    // One DeleteObject each: DeleteObjects needs a checksum header that not every S3-compatible
    // server accepts, and the callers delete a few files at a time.
    await eachLimit(objectKeys, PARALLEL, (Key) =>
      this.request('DeleteObject', async ({ m, client }) => {
        await client.send(new m.DeleteObjectCommand({ Bucket: this.loc.bucket, Key }));
      }),
    );
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertPrefix(prefix);
    let page: string[] = [];
    for await (const { key } of this.list(prefix)) {
      page.push(key);
      if (page.length === 1000) {
        await this.delete(page);
        page = [];
      }
    }
    await this.delete(page);
  }

  async *list(prefix: string): AsyncIterable<{ key: string; bytes: number; etag?: string }> {
    assertPrefix(prefix);
    let token: string | undefined;
    do {
      const res = await this.request('ListObjectsV2', ({ m, client }) =>
        client.send(
          new m.ListObjectsV2Command({
            Bucket: this.loc.bucket,
            Prefix: this.loc.prefix + prefix,
            ...(token ? { ContinuationToken: token } : {}),
          }),
        ),
      );
      for (const o of res.Contents ?? []) {
        if (!o.Key) continue;
        const etag = o.ETag?.replace(/"/g, '');
        yield { key: o.Key.slice(this.loc.prefix.length), bytes: o.Size ?? 0, ...(etag ? { etag } : {}) };
      }
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
  }

  /** Writes and removes a tiny object `<prefix>probe/<random>`: the bucket is there and writable. */
  async probe(): Promise<void> {
    const Key = `${this.loc.prefix}probe/${randomBytes(8).toString('hex')}`;
    await this.request('PutObject (probe)', ({ m, client }) =>
      client.send(new m.PutObjectCommand({ Bucket: this.loc.bucket, Key, Body: Buffer.from('ok') })),
    );
    await this.request('DeleteObject (probe)', ({ m, client }) =>
      client.send(new m.DeleteObjectCommand({ Bucket: this.loc.bucket, Key })),
    );
  }

  async close(): Promise<void> {
    const sdk = this.sdk;
    this.sdk = undefined;
    if (sdk) (await sdk).client.destroy();
  }
}
