/**
 * Items with uploaded photos: claim on save, files removed with the photo or the item, copies. Run
 * with the files in the folder and in an S3-compatible server on loopback (test/s3-server.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemSchema, type Item } from '@zaplecze/contract';
import { startTestServer, type ApiClient, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg } from '../../../test/factories';
import { createCatalog, itemBody, type Catalog } from '../../../test/catalog';
import { startTestS3, type TestS3 } from '../../../test/s3-server';
import { fileStorage } from '../../platform/file-storage';

describe.each(['folder', 's3'] as const)('item photos in the %s storage', (kind) => {
  let server: TestServer;
  let org: TestOrg;
  let other: TestOrg;
  let c: Catalog;
  let jpeg: Buffer;

  let s3: TestS3 | undefined;

  beforeAll(async () => {
    s3 = kind === 's3' ? await startTestS3() : undefined;
    server = await startTestServer(s3 ? { filesS3: s3.location() } : {});
    org = await createOrg(server);
    other = await createOrg(server, { orgPrefix: 'inna' });
    c = await createCatalog(org.admin);
    jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: 'red' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await server.close();
    await s3?.close();
  });

  /** Every stored photo file of the server (folder or bucket). */
  async function stored(): Promise<string[]> {
    const keys: string[] = [];
    for await (const o of fileStorage(server.deps.config).list('files/')) keys.push(o.key);
    return keys.sort();
  }

  async function upload(client: ApiClient = org.admin): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'z.jpg');
    const res = await client.request<{ name: string }>('POST', '/api/upload_image', { multipart: form });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.name;
  }
  const image = (name: string, client: ApiClient = org.admin, prefix = org.prefix) =>
    client.getBytes(`/api/image?p=${prefix}&name=${name}&size=thumb`);
  const file = (name: string) => ({ type: 'file', name });
  async function save(method: 'post' | 'put', body: Record<string, unknown>): Promise<Item> {
    const res = await org.admin[method]('/api/items', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return itemSchema.parse(res.body);
  }

  describe('item photos', () => {
    it('claims uploads on save, keeps order (first = main), drops removed files, deletes files with the item', async () => {
      const [a, b] = [await upload(), await upload()];
      const item = await save(
        'post',
        itemBody(c, { code: 'foto-1', photos: [file(a), { type: 'url', name: 'https://x.pl/1.jpg' }, file(b)] }),
      );
      expect(item.itemSummary).toMatchObject({ mainPhoto: file(a), countPhotos: 3 });
      expect((await image(a)).status).toBe(200);
      expect((await stored()).filter((k) => k.endsWith(a))).toHaveLength(2);
      // With S3 nothing is written to DATA_DIR/files.
      expect(fs.existsSync(path.join(server.deps.config.dataDir, 'files'))).toBe(kind === 'folder');

      // Set b as main and drop a: a's files go once the save is committed.
      const updated = await save('put', { ...itemBody(c, { code: 'foto-1' }), id: item.id, photos: [file(b)] });
      expect(updated.photos).toEqual([file(b)]);
      expect(updated.itemSummary.mainPhoto).toEqual(file(b));
      expect((await image(a)).status).toBe(404);

      const summary = await org.admin.get<{ photosCount: number; photosDirSize: number }>(
        '/api/items/summary_homepage',
      );
      expect(summary.body.photosCount).toBe(1);
      expect(summary.body.photosDirSize).toBeGreaterThan(0);

      expect((await org.admin.delete(`/api/items?id=${item.id}`)).status).toBe(204);
      expect((await image(b)).status).toBe(404);
      await expect.poll(async () => (await stored()).filter((k) => k.endsWith(a) || k.endsWith(b))).toEqual([]);
    });

    it("refuses another item's photo, another organisation's upload and a made-up name, saving nothing", async () => {
      const mine = await upload();
      await save('post', itemBody(c, { code: 'foto-2', photos: [file(mine)] }));
      const theirs = await upload(other.admin);
      for (const name of [mine, theirs, `${'0'.repeat(32)}.jpg`]) {
        const res = await org.admin.post<{ field: string }>(
          '/api/items',
          itemBody(c, { code: 'foto-x', photos: [file(name)] }),
        );
        expect(res.status, name).toBe(400);
        expect(res.body.field).toBe('photos');
      }
      expect((await org.admin.get('/api/items?fullcode=FOTO-X')).body).toMatchObject({ count: 0 });
    });

    it('a copy gets its own files: deleting the source keeps the copy whole', async () => {
      const name = await upload();
      const source = await save('post', itemBody(c, { code: 'foto-3', photos: [file(name)] }));
      const res = await org.admin.post('/api/items/copy', { id: source.id, newCode: 'foto-3-kopia' });
      const copy = itemSchema.parse(res.body);
      const [copied] = copy.photos;
      expect(copied?.type).toBe('file');
      expect(copied?.name).not.toBe(name);
      expect(copy.itemSummary.mainPhoto).toEqual(copied);
      const before = await image(name);
      expect((await stored()).filter((k) => k.endsWith(copied?.name ?? '-'))).toHaveLength(2);
      await org.admin.delete(`/api/items?id=${source.id}`);
      await expect.poll(async () => (await stored()).filter((k) => k.endsWith(name))).toEqual([]);
      const after = await image(copied?.name ?? '');
      expect(after.status).toBe(200);
      expect(after.bytes.equals(before.bytes)).toBe(true);
      expect(after.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      // Images of another organisation stay hidden, whatever prefix is asked.
      expect((await image(copied?.name ?? '', other.admin, other.prefix)).status).toBe(404);
    });
  });
});
