/**
 * The per-organisation storage quota (ORG_STORAGE_QUOTA_MB, docs/operations.md): uploads past it
 * answer a Polish 413 and leave nothing behind, deletes and the purge give the space back, the
 * running totals (migration 0019) always equal the sum over the organisation's files, and the home
 * page's items summary reports the use against the quota.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemSchema, type ItemsSummary } from '@zaplecze/contract';
import { startTestServer, type ApiClient, type ApiResponse, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg, orgIdOf } from '../../../test/factories';
import { createCatalog, itemBody, type Catalog } from '../../../test/catalog';
import { TenantDb } from '../../db/tenant';
import { purgeUnclaimed, storageUse } from './index';
import { FILES_MSG } from './messages.pl';

const QUOTA_MB = 1;
const QUOTA = QUOTA_MB * 1024 * 1024;

let server: TestServer;
let org: TestOrg;
let other: TestOrg;
let c: Catalog;
/** Random pixels do not compress: each stored photo (display + thumbnail) takes about 0.55 MB. */
let noisy: Buffer[];
let small: Buffer;

beforeAll(async () => {
  server = await startTestServer({ orgStorageQuotaMb: QUOTA_MB });
  org = await createOrg(server);
  other = await createOrg(server, { orgPrefix: 'sasiad' });
  c = await createCatalog(org.admin);
  noisy = await Promise.all(
    [1, 2, 3].map(() =>
      sharp(randomBytes(420 * 420 * 3), { raw: { width: 420, height: 420, channels: 3 } })
        .png()
        .toBuffer(),
    ),
  );
  small = await sharp({ create: { width: 64, height: 48, channels: 3, background: 'red' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => server.close());

type UploadAnswer = { name: string; message?: string; field?: string };
function upload(bytes: Buffer, client: ApiClient = org.admin): Promise<ApiResponse<UploadAnswer>> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'z.png');
  return client.request<UploadAnswer>('POST', '/api/upload_image', { multipart: form });
}

/** The organisation's totals summed from its rows, the way the running totals must agree with. */
async function summed(orgId: number) {
  const row = await server.deps.db
    .selectFrom('files')
    .select([
      sql<string | number>`coalesce(sum(bytes), 0)`.as('all'),
      sql<string | number>`count(item_id)`.as('count'),
      sql<string | number>`coalesce(sum(case when item_id is null then 0 else bytes end), 0)`.as('claimed'),
    ])
    .where('org_id', '=', orgId)
    .executeTakeFirstOrThrow();
  return { photosCount: Number(row.count), photosDirSize: Number(row.claimed), userDirSize: Number(row.all) };
}

const filesOnDisk = (orgId: number): string[] => {
  const dir = path.join(server.deps.config.dataDir, 'files', String(orgId));
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
};

const summary = async (client: ApiClient = org.admin) =>
  (await client.get<ItemsSummary>('/api/items/summary_homepage')).body;

describe('storage quota', () => {
  it('refuses the upload that would pass the quota with a Polish 413; a delete gives the space back', async () => {
    const orgId = orgIdOf(org);
    const tdb = new TenantDb(server.deps.db, orgId);
    expect(await summary()).toMatchObject({ userDirSize: 0, storageQuotaBytes: QUOTA });

    const first = await upload(noisy[0]!);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const used = (await storageUse(tdb)).userDirSize;
    expect(used).toBeGreaterThan(QUOTA / 2);
    expect(used).toBeLessThan(QUOTA);

    const refused = await upload(noisy[1]!);
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ message: FILES_MSG.quotaExceeded(QUOTA_MB), field: 'file' });
    expect(refused.body.message).toBe(
      'Przekroczono limit miejsca na pliki organizacji (1 MB). Usuń niepotrzebne zdjęcia towarów albo poproś dostawcę usługi o większy limit.',
    );
    // Nothing of the refused photo stays: no row, no file, no bytes counted.
    expect((await storageUse(tdb)).userDirSize).toBe(used);
    expect(filesOnDisk(orgId)).toHaveLength(2);
    expect(await server.deps.db.selectFrom('files').where('org_id', '=', orgId).select('name').execute()).toEqual([
      { name: first.body.name },
    ]);
    // A small photo still fits; another organisation has its own quota.
    expect((await upload(small)).status).toBe(200);
    expect((await upload(noisy[1]!, other.admin)).status).toBe(200);

    // The photo goes to an item; deleting the item frees its space for the next upload.
    const item = await org.admin.post('/api/items', {
      ...itemBody(c, { code: 'kwota-1' }),
      photos: [{ type: 'file', name: first.body.name }],
    });
    expect(item.status, JSON.stringify(item.body)).toBe(200);
    const s = await summary();
    expect(s).toMatchObject({ photosCount: 1, storageQuotaBytes: QUOTA });
    expect(s.userDirSize).toBeGreaterThan(used);
    expect((await org.admin.delete(`/api/items?id=${itemSchema.parse(item.body).id}`)).status).toBe(204);
    expect((await summary()).photosCount).toBe(0);
    expect((await summary()).userDirSize).toBeLessThan(QUOTA / 4);
    expect((await upload(noisy[1]!)).status).toBe(200);
    expect(await storageUse(tdb)).toEqual(await summed(orgId));
  });

  it('a full organisation is refused before the photo is decoded; the purge gives the space back', async () => {
    const orgId = orgIdOf(other);
    const tdb = new TenantDb(server.deps.db, orgId);
    // Fill it past the quota by hand (as a lower quota set after the uploads would).
    await server.deps.db
      .insertInto('files')
      .values({
        name: `${'a'.repeat(32)}.jpg`,
        org_id: orgId,
        item_id: null,
        bytes: QUOTA,
        created_at: '2020-01-01T00:00:00.000Z',
      })
      .execute();
    // Not even an image: refused for the space before its content is looked at.
    const res = await upload(Buffer.from('to nie jest zdjęcie'), other.admin);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(FILES_MSG.quotaExceeded(QUOTA_MB));

    await purgeUnclaimed(server.deps);
    expect(await storageUse(tdb)).toEqual(await summed(orgId));
    expect((await storageUse(tdb)).userDirSize).toBeLessThan(QUOTA);
    expect((await upload(small, other.admin)).status).toBe(200);
  });

  it('two uploads at once that fit only one by one: exactly one gets in', async () => {
    const fresh = await createOrg(server, { orgPrefix: 'naraz' });
    const orgId = orgIdOf(fresh);
    const answers = await Promise.all([upload(noisy[1]!, fresh.admin), upload(noisy[2]!, fresh.admin)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 413]);
    const use = await storageUse(new TenantDb(server.deps.db, orgId));
    expect(use.userDirSize).toBeLessThanOrEqual(QUOTA);
    expect(use).toEqual(await summed(orgId));
    expect(filesOnDisk(orgId)).toHaveLength(2);
  });

  it('without ORG_STORAGE_QUOTA_MB the summary reports no quota', async () => {
    const unlimited = await startTestServer();
    try {
      const o = await createOrg(unlimited);
      const s = (await o.admin.get<ItemsSummary>('/api/items/summary_homepage')).body;
      expect(s).toMatchObject({ userDirSize: 0, storageQuotaBytes: null });
    } finally {
      await unlimited.close();
    }
  });
});
