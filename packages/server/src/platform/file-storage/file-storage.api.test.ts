/**
 * The file storage's conformance suite: the same cases on the folder and on an S3-compatible
 * server on loopback (test/s3-server.ts: s3rver behind a SigV4 check), then what only S3 can meet:
 * refused credentials, a missing bucket, a server that is down.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../../test/s3-server';
import { FileStorageUnavailable, FolderStorage, S3Storage, type FileStorage } from './index';

let s3: TestS3;
const folders: string[] = [];
const opened: FileStorage[] = [];

beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  for (const s of opened) await s.close();
  await s3.close();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** Few retries: a refused request fails at once instead of after the SDK's back-off. */
const FAST = { connectTimeoutMs: 2_000, requestTimeoutMs: 10_000, maxAttempts: 1 };

function newFolder(): FolderStorage {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-files-'));
  folders.push(dir);
  return new FolderStorage(dir);
}

function newS3(keys?: { access: string; secret: string }, bucket?: string): S3Storage {
  const storage = new S3Storage(s3.location(keys, bucket), FAST);
  opened.push(storage);
  return storage;
}

async function text(storage: FileStorage, key: string, range?: { start: number; end?: number }) {
  const file = await storage.open(key, range);
  if (!file) return undefined;
  const chunks: Buffer[] = [];
  for await (const c of file.stream) chunks.push(c as Buffer);
  const body = Buffer.concat(chunks);
  expect(body.length).toBe(file.bytes);
  return { body: body.toString(), bytes: file.bytes, totalBytes: file.totalBytes };
}

async function keys(storage: FileStorage, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for await (const o of storage.list(prefix)) out.push(`${o.key}:${o.bytes}`);
  return out.sort();
}

describe.each([
  { kind: 'folder', make: (): FileStorage => newFolder() },
  { kind: 's3', make: (): FileStorage => newS3() },
])('file storage conformance: $kind', ({ make }) => {
  let storage: FileStorage;
  // Each case gets keys of its own under one prefix; the S3 bucket is shared.
  let n = 0;
  let base = '';
  beforeAll(() => {
    storage = make();
  });
  const fresh = () => {
    base = `t${++n}-${Math.random().toString(16).slice(2, 8)}`;
    return base;
  };

  it('puts a buffer and gets it back whole, by stream, by read and by stat', async () => {
    const b = fresh();
    await storage.put(`${b}/a/x.jpg`, Buffer.from('zdjęcie'), { contentType: 'image/jpeg' });
    expect(await text(storage, `${b}/a/x.jpg`)).toEqual({ body: 'zdjęcie', bytes: 8, totalBytes: 8 });
    expect((await storage.read(`${b}/a/x.jpg`))?.toString()).toBe('zdjęcie');
    expect((await storage.stat(`${b}/a/x.jpg`))?.bytes).toBe(8);
    // A second put replaces the file.
    await storage.put(`${b}/a/x.jpg`, Buffer.from('inne'));
    expect((await text(storage, `${b}/a/x.jpg`))?.body).toBe('inne');
  });

  it('puts a stream of a known length (5 MB) and reads it back byte for byte', async () => {
    const b = fresh();
    const big = Buffer.alloc(5 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4096) big.writeUInt32BE(i, i);
    await storage.put(`${b}/big.bin`, {
      stream: Readable.from([big.subarray(0, 1_000_000), big.subarray(1_000_000)]),
      bytes: big.length,
    });
    const file = await storage.open(`${b}/big.bin`);
    const chunks: Buffer[] = [];
    for await (const c of file!.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(big)).toBe(true);
    expect(file!.bytes).toBe(big.length);
  });

  it('reads a range: both ends given, an open end, an end past the file; a start past it throws', async () => {
    const b = fresh();
    await storage.put(`${b}/r.txt`, Buffer.from('0123456789'));
    expect(await text(storage, `${b}/r.txt`, { start: 2, end: 5 })).toEqual({ body: '2345', bytes: 4, totalBytes: 10 });
    expect(await text(storage, `${b}/r.txt`, { start: 7 })).toEqual({ body: '789', bytes: 3, totalBytes: 10 });
    expect(await text(storage, `${b}/r.txt`, { start: 8, end: 100 })).toEqual({ body: '89', bytes: 2, totalBytes: 10 });
    await expect(storage.open(`${b}/r.txt`, { start: 10 })).rejects.toBeInstanceOf(RangeError);
  });

  it('answers a missing file as missing, never as an error', async () => {
    const b = fresh();
    expect(await storage.open(`${b}/nie-ma.jpg`)).toBeUndefined();
    expect(await storage.open(`${b}/nie-ma.jpg`, { start: 0, end: 1 })).toBeUndefined();
    expect(await storage.read(`${b}/nie-ma.jpg`)).toBeUndefined();
    expect(await storage.stat(`${b}/nie-ma.jpg`)).toBeUndefined();
    expect(await storage.copy(`${b}/nie-ma.jpg`, `${b}/kopia.jpg`)).toBe(false);
    expect(await storage.stat(`${b}/kopia.jpg`)).toBeUndefined();
    await storage.delete([`${b}/nie-ma.jpg`]);
    expect(await keys(storage, `${b}/`)).toEqual([]);
  });

  it('copies a file; the copy outlives the original', async () => {
    const b = fresh();
    await storage.put(`${b}/a.png`, Buffer.from('oryginał'));
    expect(await storage.copy(`${b}/a.png`, `${b}/inny/b.png`)).toBe(true);
    await storage.delete([`${b}/a.png`]);
    expect(await storage.stat(`${b}/a.png`)).toBeUndefined();
    expect((await storage.read(`${b}/inny/b.png`))?.toString()).toBe('oryginał');
  });

  it('lists by prefix with sizes, and deletes one prefix only', async () => {
    const b = fresh();
    await storage.put(`${b}/p/1/a`, Buffer.from('a'));
    await storage.put(`${b}/p/1/deep/b`, Buffer.from('bb'));
    await storage.put(`${b}/p/2/c`, Buffer.from('ccc'));
    await storage.put(`${b}/q/d`, Buffer.from('dddd'));
    expect(await keys(storage, `${b}/p/`)).toEqual([`${b}/p/1/a:1`, `${b}/p/1/deep/b:2`, `${b}/p/2/c:3`]);
    await storage.deletePrefix(`${b}/p/1/`);
    expect(await keys(storage, `${b}/`)).toEqual([`${b}/p/2/c:3`, `${b}/q/d:4`]);
    await storage.delete([`${b}/p/2/c`, `${b}/q/d`]);
    expect(await keys(storage, `${b}/`)).toEqual([]);
    expect(await keys(storage, 'nigdy-nie-bylo/')).toEqual([]);
  });

  it('probes by writing and removing a tiny file, leaving nothing', async () => {
    await storage.probe();
    await storage.probe();
  });

  it('refuses keys that could leave their place', async () => {
    for (const key of ['../x', 'a/../b', '/abs', '.ukryty', 'a//b', 'a/', '', 'a/.b', 'ą']) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow('invalid storage key');
      await expect(storage.open(key), key).rejects.toThrow('invalid storage key');
    }
    await expect(storage.deletePrefix('a')).rejects.toThrow('invalid storage prefix');
  });
});

describe('folder storage', () => {
  it('keeps the layout DATA_DIR/<key> and copies by hard link', async () => {
    const storage = newFolder();
    await storage.put('files/7/thumb/a.jpg', Buffer.from('x'));
    expect(await storage.copy('files/7/thumb/a.jpg', 'files/7/thumb/b.jpg')).toBe(true);
    const a = fs.statSync(path.join(storage.root, 'files', '7', 'thumb', 'a.jpg'));
    const b = fs.statSync(path.join(storage.root, 'files', '7', 'thumb', 'b.jpg'));
    expect(b.ino).toBe(a.ino);
    expect(a.nlink).toBe(2);
    // No temporary file stays behind a write, and none is listed while one is written.
    expect(fs.readdirSync(path.join(storage.root, 'files', '7', 'thumb')).sort()).toEqual(['a.jpg', 'b.jpg']);
    fs.writeFileSync(path.join(storage.root, 'files', '7', 'thumb', 'c.jpg.abc.tmp'), 'half');
    expect(await keys(storage, 'files/')).toEqual(['files/7/thumb/a.jpg:1', 'files/7/thumb/b.jpg:1']);
  });
});

describe('S3 storage failures', () => {
  const WRONG_SECRET = 'Zle-Haslo/Tajne+123';

  it('a wrong secret key: every call fails as unavailable, naming the storage and never the secret', async () => {
    const storage = newS3({ access: 'S3RVER', secret: WRONG_SECRET });
    const calls: [string, () => Promise<unknown>][] = [
      ['put', () => storage.put('files/1/thumb/a.jpg', Buffer.from('x'))],
      ['open', () => storage.open('files/1/thumb/a.jpg')],
      ['stat', () => storage.stat('files/1/thumb/a.jpg')],
      ['copy', () => storage.copy('files/1/thumb/a.jpg', 'files/1/thumb/b.jpg')],
      ['delete', () => storage.delete(['files/1/thumb/a.jpg'])],
      ['list', async () => keys(storage, 'files/')],
      ['probe', () => storage.probe()],
    ];
    for (const [name, call] of calls) {
      const err = (await call().then(
        () => undefined,
        (e: unknown) => e,
      )) as Error;
      expect(err, name).toBeInstanceOf(FileStorageUnavailable);
      expect(err.message, name).toContain(`S3 http://127.0.0.1:${s3.port}, bucket ${s3.bucket}`);
      expect(err.message, name).toContain('403');
      expect(err.message, name).not.toContain(WRONG_SECRET);
      expect(err.message, name).not.toContain(encodeURIComponent(WRONG_SECRET));
    }
    const err = (await storage.put('files/1/x', Buffer.from('x')).catch((e: unknown) => e)) as Error;
    expect(err.message).toContain('SignatureDoesNotMatch');
  });

  it('an unknown access key and a missing bucket fail as unavailable too', async () => {
    const unknown = (await newS3({ access: 'NIEZNANY', secret: 'S3RVER' })
      .put('files/1/x', Buffer.from('x'))
      .catch((e: unknown) => e)) as Error;
    expect(unknown).toBeInstanceOf(FileStorageUnavailable);
    expect(unknown.message).toMatch(/InvalidAccessKeyId.*403/);
    // (A HEAD request has no body to tell a missing bucket from a missing object: stat answers
    // undefined, as S3 itself does; the probe finds the bucket missing.)
    const noBucket = newS3(undefined, 'nie-ma-takiego');
    for (const call of [() => noBucket.probe(), () => noBucket.open('files/1/x'), () => keys(noBucket, 'files/')]) {
      const err = (await call().catch((e: unknown) => e)) as Error;
      expect(err).toBeInstanceOf(FileStorageUnavailable);
      expect(err.message).toContain('nie-ma-takiego');
    }
  });

  it('a server that is down: unavailable, and working again once it is back', async () => {
    const storage = newS3();
    await storage.put('down/a.txt', Buffer.from('przed'));
    await s3.stop();
    try {
      for (const call of [
        () => storage.probe(),
        () => storage.open('down/a.txt'),
        () => storage.put('down/b.txt', Buffer.from('x')),
      ]) {
        const err = (await call().catch((e: unknown) => e)) as Error;
        expect(err).toBeInstanceOf(FileStorageUnavailable);
        expect(err.message).toMatch(/ECONNREFUSED|ECONNRESET|socket hang up/);
      }
    } finally {
      await s3.start();
    }
    await storage.probe();
    expect((await storage.read('down/a.txt'))?.toString()).toBe('przed');
  });
});
