/** Items with uploaded photos: claim on save, files removed with the photo or the item, copies. */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemSchema, type Item } from '@zaplecze/contract';
import { startTestServer, type ApiClient, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg } from '../../../test/factories';
import { createCatalog, itemBody, type Catalog } from '../../../test/catalog';

let server: TestServer;
let org: TestOrg;
let other: TestOrg;
let c: Catalog;
let jpeg: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  other = await createOrg(server, { orgPrefix: 'inna' });
  c = await createCatalog(org.admin);
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: 'red' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => server.close());

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

    // Set b as main and drop a: a's files go once the save is committed.
    const updated = await save('put', { ...itemBody(c, { code: 'foto-1' }), id: item.id, photos: [file(b)] });
    expect(updated.photos).toEqual([file(b)]);
    expect(updated.itemSummary.mainPhoto).toEqual(file(b));
    expect((await image(a)).status).toBe(404);

    const summary = await org.admin.get<{ photosCount: number; photosDirSize: number }>('/api/items/summary_homepage');
    expect(summary.body.photosCount).toBe(1);
    expect(summary.body.photosDirSize).toBeGreaterThan(0);

    expect((await org.admin.delete(`/api/items?id=${item.id}`)).status).toBe(204);
    expect((await image(b)).status).toBe(404);
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
    await org.admin.delete(`/api/items?id=${source.id}`);
    expect((await image(copied?.name ?? '')).status).toBe(200);
    // Images of another organisation stay hidden, whatever prefix is asked.
    expect((await image(copied?.name ?? '', other.admin, other.prefix)).status).toBe(404);
  });
});
