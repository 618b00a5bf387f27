/**
 * Photos in S3 when S3 fails (docs/operations.md, Files in S3-compatible storage): a server that
 * is down and refused credentials answer 503 with a Polish message, change nothing, and leave a
 * warning in the log that names the storage and never the secret.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiClient, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg } from '../../../test/factories';
import { createCatalog, itemBody, type Catalog } from '../../../test/catalog';
import { startTestS3, type TestS3 } from '../../../test/s3-server';
import { MSG } from '../../platform/messages.pl';

const SECRET = 'Tajny-Klucz/S3+zle';

let s3: TestS3;
let server: TestServer;
let org: TestOrg;
let c: Catalog;
let jpeg: Buffer;

beforeAll(async () => {
  s3 = await startTestS3();
  server = await startTestServer({ filesS3: s3.location() }, { captureLogs: true });
  org = await createOrg(server);
  c = await createCatalog(org.admin);
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: 'blue' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await server.close();
  await s3.close();
});

function upload(client: ApiClient) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'z.jpg');
  return client.request<{ name: string; code?: number; message?: string }>('POST', '/api/upload_image', {
    multipart: form,
  });
}
const thumb = (client: ApiClient, prefix: string, name: string) =>
  client.get(`/api/image?p=${prefix}&name=${name}&size=thumb`);
const fileCount = async () => (await server.deps.db.selectFrom('files').select('name').execute()).length;
const itemCount = async () => (await server.deps.db.selectFrom('items').select('id').execute()).length;
const storageWarnings = (logs: Record<string, unknown>[]) =>
  logs.filter((l) => String(l.msg).startsWith('file storage unavailable:'));

describe('S3 down', () => {
  it('answers uploads, images and item copies with 503 in Polish, changes nothing, and works again once S3 is back', async () => {
    const ok = await upload(org.admin);
    expect(ok.status).toBe(200);
    const item = await org.admin.post<{ id: number }>(
      '/api/items',
      itemBody(c, { code: 'awaria-1', photos: [{ type: 'file', name: ok.body.name }] }),
    );
    expect(item.status).toBe(200);
    const files = await fileCount();
    const items = await itemCount();

    await s3.stop();
    try {
      const up = await upload(org.admin);
      expect({ status: up.status, body: up.body }).toEqual({
        status: 503,
        body: { code: 503, message: MSG.filesUnavailable },
      });
      expect(up.headers.get('retry-after')).toBe('5');
      const image = await thumb(org.admin, org.prefix, ok.body.name);
      expect({ status: image.status, body: image.body }).toEqual({
        status: 503,
        body: { code: 503, message: MSG.filesUnavailable },
      });
      const copy = await org.admin.post('/api/items/copy', { id: item.body.id, newCode: 'awaria-1-kopia' });
      expect({ status: copy.status, body: copy.body }).toEqual({
        status: 503,
        body: { code: 503, message: MSG.filesUnavailable },
      });
      // The refused upload's row went with it; the copy rolled back whole.
      expect(await fileCount()).toBe(files);
      expect(await itemCount()).toBe(items);
    } finally {
      await s3.start();
    }

    const [warning] = storageWarnings(server.logs);
    expect(warning?.level).toBe(40);
    expect(String(warning?.msg)).toContain(`S3 http://127.0.0.1:${s3.port}, bucket ${s3.bucket}`);
    expect(String(warning?.msg)).toMatch(/ECONNREFUSED|ECONNRESET|socket hang up/);

    expect((await thumb(org.admin, org.prefix, ok.body.name)).status).toBe(200);
    expect((await upload(org.admin)).status).toBe(200);
    const copy = await org.admin.post<{ photos: { name: string }[] }>('/api/items/copy', {
      id: item.body.id,
      newCode: 'awaria-1-kopia',
    });
    expect(copy.status).toBe(200);
    expect((await thumb(org.admin, org.prefix, copy.body.photos[0]!.name)).status).toBe(200);
  });
});

describe('S3 refusing the credentials', () => {
  let wrong: TestServer;
  let worg: TestOrg;

  beforeAll(async () => {
    wrong = await startTestServer(
      { filesS3: s3.location({ access: 'S3RVER', secret: SECRET }) },
      { captureLogs: true },
    );
    worg = await createOrg(wrong);
  });
  afterAll(() => wrong.close());

  it('answers 503 in Polish and logs what failed, without the secret', async () => {
    const up = await upload(worg.admin);
    expect({ status: up.status, body: up.body }).toEqual({
      status: 503,
      body: { code: 503, message: MSG.filesUnavailable },
    });
    expect(await wrong.deps.db.selectFrom('files').select('name').execute()).toEqual([]);
    const [warning] = storageWarnings(wrong.logs);
    expect(String(warning?.msg)).toContain('PutObject failed: SignatureDoesNotMatch (HTTP 403)');
    expect(String(warning?.msg)).toContain('check the access key and the secret key of FILES_S3_URL');
    const everything = JSON.stringify(wrong.logs);
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain(encodeURIComponent(SECRET));
  });
});
