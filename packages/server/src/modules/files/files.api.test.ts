/**
 * Photo uploads and reads through real HTTP (multipart with fetch + FormData), and the functions
 * the items module keeps its photos with, called with the test server's deps. Everything runs
 * with the files in the folder DATA_DIR and in an S3-compatible server on loopback
 * (test/s3-server.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AUTH_HEADER,
  ITEM_MSG,
  PHOTO_MAX_BYTES,
  TOKEN_STORAGE_KEY,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@zaplecze/contract';
import { ApiClient, startTestServer, type ApiResponse, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg, orgIdOf } from '../../../test/factories';
import { startTestS3, type TestS3 } from '../../../test/s3-server';
import { TenantDb } from '../../db/tenant';
import { fileStorage } from '../../platform/file-storage';
import { claimFiles, copyFiles, deleteItemsFiles, purgeUnclaimed, releaseFiles, storageUse } from './index';
import { FILES_MSG } from './messages.pl';

const NAME = /^[a-f0-9]{32}\.(jpg|png)$/;

describe.each(['folder', 's3'] as const)('photos in the %s storage', (kind) => {
  let s3: TestS3 | undefined;
  let server: TestServer;
  let org: TestOrg;
  let other: TestOrg;
  /** A 4000x3000 camera-like JPEG: EXIF orientation 6 (shown rotated 90°), a camera make and GPS. */
  let cameraJpeg: Buffer;
  let smallPng: Buffer;
  let smallJpeg: Buffer;

  beforeAll(async () => {
    s3 = kind === 's3' ? await startTestS3() : undefined;
    server = await startTestServer(s3 ? { filesS3: s3.location() } : {});
    // One after the other: the harness's captcha remembers only the last answer.
    org = await createOrg(server);
    other = await createOrg(server);
    cameraJpeg = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#806040' } })
      .composite([{ input: Buffer.from('<svg width="800" height="600"><circle cx="400" cy="300" r="250"/></svg>') }])
      .jpeg({ quality: 85 })
      .withMetadata({
        orientation: 6,
        exif: {
          IFD0: { Make: 'Aparat', Model: 'Testowy', Copyright: 'Sprzedawca' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '52/1 13/1 0/1',
            GPSLongitudeRef: 'E',
            GPSLongitude: '21/1 0/1 0/1',
          },
        },
      })
      .toBuffer();
    smallPng = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    smallJpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: 'white' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await server.close();
    await s3?.close();
  });

  function upload(
    client: ApiClient,
    bytes: Buffer,
    opts: { filename?: string; type?: string; field?: string } = {},
  ): Promise<ApiResponse<{ name: string; code?: number; message?: string; field?: string }>> {
    const form = new FormData();
    form.append(
      opts.field ?? 'file',
      new Blob([new Uint8Array(bytes)], { type: opts.type ?? 'image/jpeg' }),
      opts.filename ?? 'zdjecie.jpg',
    );
    return client.request('POST', '/api/upload_image', { multipart: form });
  }

  async function uploadOk(client: ApiClient, bytes: Buffer, type = 'image/jpeg'): Promise<string> {
    const res = await upload(client, bytes, { type });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.name;
  }

  const dataDir = () => server.deps.config.dataDir;

  /**
   * Every stored photo file as its key `files/...`: in the folder every file under DATA_DIR/files
   * (temporary ones included), in S3 every object under the prefix.
   */
  async function storedFiles(): Promise<string[]> {
    if (kind === 's3') {
      const keys: string[] = [];
      for await (const o of fileStorage(server.deps.config).list('files/')) keys.push(o.key);
      return keys;
    }
    const root = path.join(dataDir(), 'files');
    if (!fs.existsSync(root)) return [];
    return fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dataDir(), path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  }

  async function fileRows(): Promise<{ name: string; org_id: number; item_id: number | null; bytes: number }[]> {
    return server.deps.db.selectFrom('files').select(['name', 'org_id', 'item_id', 'bytes']).execute();
  }

  const imageUrl = (p: string, name: string, size?: 'thumb' | 'display') =>
    `/api/image?p=${encodeURIComponent(p)}&name=${encodeURIComponent(name)}${size ? `&size=${size}` : ''}`;

  describe('POST /upload_image and GET /image', () => {
    it('stores a camera JPEG rotated, without metadata, as a display size and a thumbnail', async () => {
      const name = await uploadOk(org.admin, cameraJpeg);
      expect(name).toMatch(NAME);
      expect(name.endsWith('.jpg')).toBe(true);

      const display = await org.admin.getBytes(imageUrl(org.prefix, name, 'display'));
      expect(display.status).toBe(200);
      expect(display.headers.get('content-type')).toBe('image/jpeg');
      expect(display.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(display.headers.get('x-content-type-options')).toBe('nosniff');
      const dm = await sharp(display.bytes).metadata();
      // Orientation 6 applied: 4000x3000 stands up as 3000x4000, then fits inside 1280x1280.
      expect({ w: dm.width, h: dm.height, format: dm.format }).toEqual({ w: 960, h: 1280, format: 'jpeg' });
      expect(dm.exif).toBeUndefined();
      expect(dm.orientation).toBeUndefined();
      expect(dm.xmp).toBeUndefined();

      const thumb = await org.admin.getBytes(imageUrl(org.prefix, name, 'thumb'));
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get('content-type')).toBe('image/jpeg');
      const tm = await sharp(thumb.bytes).metadata();
      expect(tm.height).toBeLessThanOrEqual(120);
      expect(tm.height).toBe(120);
      expect(tm.width).toBe(90);
      expect(tm.exif).toBeUndefined();

      // The default size is the display one; the row counts both sizes as stored.
      const byDefault = await org.admin.getBytes(imageUrl(org.prefix, name));
      expect(byDefault.bytes.equals(display.bytes)).toBe(true);
      const row = (await fileRows()).find((r) => r.name === name);
      expect(row).toMatchObject({ item_id: null, bytes: display.bytes.length + thumb.bytes.length });
      // Nothing of the original is kept: only the two processed sizes.
      const mine = (await storedFiles()).filter((f) => f.endsWith(name));
      expect(mine.sort()).toEqual(
        [`files/${orgIdOf(org)}/display/${name}`, `files/${orgIdOf(org)}/thumb/${name}`].sort(),
      );
    });

    it('keeps PNG as PNG (transparency included) and never enlarges a small photo', async () => {
      const name = await uploadOk(org.admin, smallPng, 'image/png');
      expect(name.endsWith('.png')).toBe(true);
      const display = await org.admin.getBytes(imageUrl(org.prefix, name, 'display'));
      expect(display.headers.get('content-type')).toBe('image/png');
      const dm = await sharp(display.bytes).metadata();
      expect({ w: dm.width, h: dm.height, format: dm.format, alpha: dm.hasAlpha }).toEqual({
        w: 300,
        h: 200,
        format: 'png',
        alpha: true,
      });
      const thumb = await sharp((await org.admin.getBytes(imageUrl(org.prefix, name, 'thumb'))).bytes).metadata();
      expect({ w: thumb.width, h: thumb.height }).toEqual({ w: 180, h: 120 });
    });

    it('takes the type from the content, not the name, and the first file part whatever its field', async () => {
      const res = await upload(org.admin, smallPng, { filename: 'zdjecie.jpg', type: 'image/jpeg', field: 'obrazek' });
      expect(res.status).toBe(200);
      expect(res.body.name.endsWith('.png')).toBe(true);
    });

    it('serves images to the token cookie of an <img> request, and to nobody without a token', async () => {
      const name = await uploadOk(org.admin, smallJpeg);
      const anon = new ApiClient(server.url);
      const byCookie = await anon.getBytes(imageUrl(org.prefix, name, 'thumb'), {
        headers: { cookie: `${TOKEN_STORAGE_KEY}=${org.token.token}` },
      });
      expect(byCookie.status).toBe(200);
      expect(byCookie.headers.get('content-type')).toBe('image/jpeg');
      const none = await anon.getBytes(imageUrl(org.prefix, name, 'thumb'));
      expect(none.status).toBe(401);
    });

    it("answers another organisation's file exactly like a missing one", async () => {
      const name = await uploadOk(org.admin, smallJpeg);
      const missingName = 'a'.repeat(32) + '.jpg';
      const missing = await other.admin.get(imageUrl(other.prefix, missingName));
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ code: 404, message: FILES_MSG.imageNotFound });
      for (const url of [
        imageUrl(org.prefix, name),
        imageUrl(org.prefix, name, 'thumb'),
        imageUrl(other.prefix, name),
        imageUrl(other.prefix, name, 'thumb'),
      ]) {
        const res = await other.admin.get(url);
        expect({ status: res.status, body: res.body }, url).toEqual({ status: 404, body: missing.body });
      }
      // The owner still reads it.
      expect((await org.admin.getBytes(imageUrl(org.prefix, name))).status).toBe(200);
    });

    it('refuses names that are not stored names, path tricks included, as not found', async () => {
      for (const name of [
        '../../../etc/passwd',
        `${'a'.repeat(32)}.gif`,
        `..%2F${'a'.repeat(29)}.jpg`,
        'A'.repeat(32) + '.jpg',
      ]) {
        const res = await org.admin.get(imageUrl(org.prefix, name));
        expect(res.status, name).toBe(404);
      }
      const badSize = await org.admin.get(`${imageUrl(org.prefix, 'a'.repeat(32) + '.jpg')}&size=original`);
      expect(badSize.status).toBe(400);
    });

    it('answers 404 when the row is there but the file is gone from the storage', async () => {
      const name = await uploadOk(org.admin, smallJpeg);
      await fileStorage(server.deps.config).delete([`files/${orgIdOf(org)}/thumb/${name}`]);
      const res = await org.admin.get(imageUrl(org.prefix, name, 'thumb'));
      expect({ status: res.status, body: res.body }).toEqual({
        status: 404,
        body: { code: 404, message: FILES_MSG.imageNotFound },
      });
    });

    it('accepts a file of exactly 10485760 bytes', async () => {
      const exact = Buffer.concat([smallJpeg, Buffer.alloc(PHOTO_MAX_BYTES - smallJpeg.length)]);
      expect(exact.length).toBe(10_485_760);
      const name = await uploadOk(org.admin, exact);
      expect(name).toMatch(NAME);
    });

    it('needs main.items.edit to upload', async () => {
      const viewer = await createUser(server, org, { login: 'przegladajacy', permissions: 'main.items.show' });
      const res = await upload(viewer.client, smallJpeg);
      expect(res.status).toBe(403);
      const editor = await createUser(server, org, { login: 'edytor', permissions: 'main.items.edit' });
      expect((await upload(editor.client, smallJpeg)).status).toBe(200);
      // Reading images needs only a sign-in.
      const name = await uploadOk(org.admin, smallJpeg);
      expect((await viewer.client.getBytes(imageUrl(org.prefix, name))).status).toBe(200);
    });
  });

  /** A POST with a body exactly as given (the harness client only sends well-formed bodies). */
  async function rawPost(client: ApiClient, body: Buffer, contentType: string): Promise<ApiResponse> {
    const first = await fetch(`${server.url}/api/`);
    const xsrf = (first.headers.getSetCookie().find((c) => c.startsWith(`${XSRF_COOKIE}=`)) ?? '')
      .slice(XSRF_COOKIE.length + 1)
      .split(';')[0]!;
    const res = await fetch(`${server.url}/api/upload_image`, {
      method: 'POST',
      headers: {
        [AUTH_HEADER]: client.token ?? '',
        cookie: `${XSRF_COOKIE}=${xsrf}`,
        [XSRF_HEADER]: xsrf,
        'content-type': contentType,
      },
      body: new Uint8Array(body),
    });
    return { status: res.status, body: (await res.json()) as unknown, headers: res.headers };
  }

  /** A PNG that declares 20000x20000 px (400 MP) yet weighs about 50 kB: a decompression bomb. */
  function pngBomb(): Buffer {
    const side = 20_000;
    const chunk = (type: string, data: Buffer) => {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(data.length);
      const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(body));
      return Buffer.concat([len, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(side, 0);
    header.writeUInt32BE(side, 4);
    header[8] = 1; // 1 bit per pixel, grey: each row is a filter byte and 2,500 zero bytes
    header[9] = 0;
    const pixels = zlib.deflateSync(Buffer.alloc(side * (1 + side / 8)));
    return Buffer.concat([
      Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
      chunk('IHDR', header),
      chunk('IDAT', pixels),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }

  describe('refusals: Polish 4xx, nothing left on disk or in the database', () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
    );

    const cases: { name: string; send: () => Promise<ApiResponse>; status: number; message: string }[] = [
      {
        name: 'a PDF renamed .jpg',
        send: () => upload(org.admin, pdf, { filename: 'faktura.jpg', type: 'image/jpeg' }),
        status: 400,
        message: FILES_MSG.wrongType('application/pdf'),
      },
      {
        name: 'a file of 10485761 bytes',
        send: () => upload(org.admin, Buffer.concat([smallJpeg, Buffer.alloc(PHOTO_MAX_BYTES + 1 - smallJpeg.length)])),
        status: 413,
        message: ITEM_MSG.photoTooBig,
      },
      {
        name: 'a decompression bomb (20000x20000 PNG)',
        send: () => upload(org.admin, pngBomb(), { filename: 'bomba.png', type: 'image/png' }),
        status: 400,
        message: FILES_MSG.tooManyPixels,
      },
      {
        name: 'a JPEG header followed by junk',
        send: () => upload(org.admin, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)])),
        status: 400,
        message: FILES_MSG.unreadable,
      },
      {
        name: 'plain text',
        send: () => upload(org.admin, Buffer.from('to nie jest zdjęcie'), { filename: 'a.png', type: 'image/png' }),
        status: 400,
        message: FILES_MSG.notImage,
      },
      {
        name: 'an empty file',
        send: () => upload(org.admin, Buffer.alloc(0)),
        status: 400,
        message: FILES_MSG.notImage,
      },
      {
        name: 'a form without a file part',
        send: () => {
          const form = new FormData();
          form.append('file', 'tylko tekst');
          return org.admin.request('POST', '/api/upload_image', { multipart: form });
        },
        status: 400,
        message: FILES_MSG.noFile,
      },
      {
        name: 'a JSON body',
        send: () => org.admin.post('/api/upload_image', { file: 'x' }),
        status: 400,
        message: FILES_MSG.noFile,
      },
      {
        name: 'a multipart content type without a body',
        send: () =>
          org.admin.request('POST', '/api/upload_image', {
            headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
          }),
        status: 400,
        message: FILES_MSG.noFile,
      },
      {
        name: 'a multipart body cut short in the file',
        send: () =>
          rawPost(
            org.admin,
            Buffer.concat([
              Buffer.from(
                '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
              ),
              smallJpeg.subarray(0, 100),
            ]),
            'multipart/form-data; boundary=XYZ',
          ),
        status: 400,
        message: FILES_MSG.badUpload,
      },
      {
        name: 'a multipart content type without a boundary',
        send: () => rawPost(org.admin, Buffer.from('cokolwiek'), 'multipart/form-data'),
        status: 400,
        message: FILES_MSG.badUpload,
      },
    ];

    it.each(cases)('$name', async ({ send, status, message }) => {
      const diskBefore = (await storedFiles()).sort();
      const rowsBefore = (await fileRows()).map((r) => r.name).sort();
      const res = await send();
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ code: status, message });
      expect((await storedFiles()).sort()).toEqual(diskBefore);
      expect((await fileRows()).map((r) => r.name).sort()).toEqual(rowsBefore);
    });
  });

  describe('the face the items module uses', () => {
    let orgId: number;
    let tdb: TenantDb;
    let statusId: number;
    let seq = 0;

    beforeAll(async () => {
      orgId = orgIdOf(org);
      tdb = new TenantDb(server.deps.db, orgId);
      const status = await org.admin.post<{ id: number }>('/api/item_statuses', { name: 'Nowy' });
      statusId = status.body.id;
    });

    /** An item row straight in the table: the items module is not part of this branch. */
    async function newItem(): Promise<number> {
      const row = await server.deps.db
        .insertInto('items')
        .values({
          org_id: orgId,
          code: `ZDJ${++seq}`,
          gtin: '',
          name: 'Towar ze zdjęciami',
          description: '',
          price: 100,
          vat: 2300,
          currency: 'PLN',
          count_ware: 0,
          item_status_id: statusId,
          has_ext: 0,
          ext_code: '',
          ext_url: '',
          ext_price: 0,
          count_photos: 0,
          count_params: 0,
          last_changed: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }

    /** How many of the photo's two sizes are stored. */
    const sizesStored = async (name: string) => {
      let n = 0;
      for (const size of ['display', 'thumb'] as const) {
        if (await fileStorage(server.deps.config).stat(`files/${orgId}/${size}/${name}`)) n++;
      }
      return n;
    };
    const onDisk = async (name: string) => (await sizesStored(name)) === 2;
    const goneFromDisk = async (name: string) => (await sizesStored(name)) === 0;
    const rowOf = async (name: string) => (await fileRows()).find((r) => r.name === name);

    it('claims, refuses foreign or taken names, copies, releases, deletes and reports storage use', async () => {
      const before = await storageUse(tdb);
      const [a, b, c] = [
        await uploadOk(org.admin, smallJpeg),
        await uploadOk(org.admin, smallPng, 'image/png'),
        await uploadOk(org.admin, smallJpeg),
      ];
      const theirs = await uploadOk(other.admin, smallJpeg);
      const item1 = await newItem();
      const item2 = await newItem();

      await tdb.transaction((t) => claimFiles(t, item1, [a, b]));
      expect((await rowOf(a))?.item_id).toBe(item1);
      // Claiming again for the same item is fine; for another item, or unknown or foreign names, not.
      await tdb.transaction((t) => claimFiles(t, item1, [a, b, a]));
      for (const [name, forItem] of [
        [a, item2],
        ['f'.repeat(32) + '.jpg', item2],
        [theirs, item1],
      ] as const) {
        await expect(tdb.transaction((t) => claimFiles(t, forItem, [c, name]))).rejects.toMatchObject({
          statusCode: 400,
          field: 'photos',
          message: FILES_MSG.photoUnavailable(name),
        });
      }
      const tooMany = Array.from({ length: 21 }, (_, i) => `${String(i).padStart(32, '0')}.jpg`);
      await expect(claimFiles(tdb, item2, tooMany)).rejects.toMatchObject({ message: ITEM_MSG.photosTooMany });
      // The refused claims rolled back: c is still free.
      expect((await rowOf(c))?.item_id).toBeNull();

      const sizes = Object.fromEntries((await fileRows()).map((r) => [r.name, r.bytes]));
      const use = await storageUse(tdb);
      expect(use.photosCount - before.photosCount).toBe(2);
      expect(use.photosDirSize - before.photosDirSize).toBe(sizes[a]! + sizes[b]!);
      expect(use.userDirSize - before.userDirSize).toBe(sizes[a]! + sizes[b]! + sizes[c]!);

      // A copy inside a transaction that then fails leaves neither rows nor files.
      const rowsBefore = (await fileRows()).length;
      const diskBefore = (await storedFiles()).length;
      await expect(
        tdb.transaction(async (t) => {
          await copyFiles(server.deps, t, [a, b], item2);
          throw new Error('zapis towaru nie powiódł się');
        }),
      ).rejects.toThrow();
      expect((await fileRows()).length).toBe(rowsBefore);
      expect((await storedFiles()).length).toBe(diskBefore);

      const copies = await tdb.transaction((t) => copyFiles(server.deps, t, [a, b], item2));
      const a2 = copies.get(a)!;
      const b2 = copies.get(b)!;
      expect(a2).toMatch(NAME);
      expect(b2.endsWith('.png')).toBe(true);
      expect(a2).not.toBe(a);
      expect((await onDisk(a2)) && (await onDisk(b2))).toBe(true);
      expect((await rowOf(a2))?.item_id).toBe(item2);
      expect((await org.admin.getBytes(imageUrl(org.prefix, b2, 'thumb'))).headers.get('content-type')).toBe(
        'image/png',
      );
      await expect(tdb.transaction((t) => copyFiles(server.deps, t, [theirs], item2))).rejects.toMatchObject({
        statusCode: 400,
      });

      // A release inside a failed transaction changes nothing.
      await expect(
        tdb.transaction(async (t) => {
          await releaseFiles(t, item1, [a], server.deps);
          throw new Error('wycofane');
        }),
      ).rejects.toThrow();
      expect(await rowOf(b)).toBeDefined();
      expect(await onDisk(b)).toBe(true);

      await tdb.transaction((t) => releaseFiles(t, item1, [a], server.deps));
      expect(await rowOf(b)).toBeUndefined();
      await vi.waitFor(async () => expect(await goneFromDisk(b)).toBe(true));
      expect(await onDisk(a)).toBe(true);
      // The copy shares nothing that a release of the original could take away.
      expect(await onDisk(b2)).toBe(true);

      await tdb.transaction((t) => deleteItemsFiles(t, [item1, item2], server.deps));
      for (const name of [a, a2, b2]) {
        expect(await rowOf(name)).toBeUndefined();
        await vi.waitFor(async () => expect(await goneFromDisk(name)).toBe(true));
      }
      expect(await onDisk(c)).toBe(true);
      expect(await storageUse(tdb)).toMatchObject({
        photosCount: before.photosCount,
        photosDirSize: before.photosDirSize,
      });
    });

    it('a copy whose transaction fails after its files were copied (a later hook, a failed commit) leaves no file', async () => {
      const a = await uploadOk(org.admin, smallJpeg);
      const item = await newItem();
      await tdb.transaction((t) => claimFiles(t, item, [a]));
      const item2 = await newItem();
      const before = (await storedFiles()).sort();
      let copy = '';
      await expect(
        tdb.transaction(async (t) => {
          copy = (await copyFiles(server.deps, t, [a], item2)).get(a)!;
          // Queued after the copy's own hook: the files are there, then everything rolls back.
          t.beforeCommit(async () => {
            expect(await onDisk(copy)).toBe(true);
            throw new Error('zatwierdzenie nie powiodło się');
          });
        }),
      ).rejects.toThrow('zatwierdzenie nie powiodło się');
      await vi.waitFor(async () => expect((await storedFiles()).sort()).toEqual(before));
      expect(await rowOf(copy)).toBeUndefined();
      expect(await onDisk(a)).toBe(true);
    });

    it('purges unclaimed uploads older than an hour in every organisation, and keeps claimed and younger ones', async () => {
      const fresh = await uploadOk(org.admin, smallJpeg);
      const young = await uploadOk(org.admin, smallJpeg);
      const old = await uploadOk(org.admin, smallJpeg);
      const claimed = await uploadOk(org.admin, smallJpeg);
      const theirs = await uploadOk(other.admin, smallJpeg);
      const item = await newItem();
      await tdb.transaction((t) => claimFiles(t, item, [claimed]));
      // Uploaded 59 and 61 minutes ago (the claimed one too): the rows' times moved back.
      const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
      await server.deps.db
        .updateTable('files')
        .set({ created_at: ago(59) })
        .where('name', '=', young)
        .execute();
      await server.deps.db
        .updateTable('files')
        .set({ created_at: ago(61) })
        .where('name', 'in', [old, claimed, theirs])
        .execute();
      const before = await storageUse(tdb);
      const bytes = Object.fromEntries((await fileRows()).map((r) => [r.name, r.bytes]));

      expect(await purgeUnclaimed(server.deps)).toBeGreaterThanOrEqual(2);
      const names = (await fileRows()).map((r) => r.name);
      expect(names).not.toContain(old);
      expect(names).not.toContain(theirs);
      expect(names).toEqual(expect.arrayContaining([fresh, young, claimed]));
      expect(await goneFromDisk(old)).toBe(true);
      for (const kept of [fresh, young, claimed]) expect(await onDisk(kept)).toBe(true);
      // The purged bytes leave the organisation's total; the photos items use stay.
      expect(await storageUse(tdb)).toEqual({ ...before, userDirSize: before.userDirSize - bytes[old]! });
      expect(await purgeUnclaimed(server.deps)).toBe(0);
    });
  });
});
