/** A big page (read without joins, names from the reference lists) equals the small pages (joins). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemsAnswerSchema, type ItemRow } from '@zaplecze/contract';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg } from '../../../test/factories';
import { createCatalog, type Catalog } from '../../../test/catalog';

let server: TestServer;
let org: TestOrg;
let c: Catalog;
/** When the items were written: their timestamps must say so, read as arrays or as objects. */
let writtenFrom: number;
let writtenTo: number;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  c = await createCatalog(org.admin);
  writtenFrom = Date.now();
  await org.admin.post('/api/items/generate_many', {
    beforeSymbol: 'B',
    start: 1,
    stop: 700,
    itemStatusId: c.statusId,
  });
  const ids = itemsAnswerSchema.parse((await org.admin.get('/api/items?perPage=1000')).body).items.map((i) => i.id);
  // Every other item gets references, so both "has a name" and "has none" are compared.
  const half = ids.filter((_, i) => i % 2 === 0);
  const res = await org.admin.post('/api/items/mass_edit', {
    ids: half,
    data: {
      itemStatusId: c.status2Id,
      itemGroupId: c.groupId,
      deliveryPriceListId: c.priceListId,
      deliveryTimeId: c.timeId,
      categoryId: c.subCategoryId,
      placeId: c.subPlaceId,
    },
  });
  expect(res.status).toBe(200);
  writtenTo = Date.now();
}, 60_000);
afterAll(() => server.close());

describe('GET /items page sizes', () => {
  it('a 1,000-row page carries exactly the rows of the same items read in pages of 100', async () => {
    const big = itemsAnswerSchema.parse((await org.admin.get('/api/items?perPage=1000&sort=CODE')).body);
    expect(big.items).toHaveLength(700);
    const small: ItemRow[] = [];
    for (let page = 1; page <= 7; page++) {
      small.push(...itemsAnswerSchema.parse((await org.admin.get(`/api/items?perPage=100&page=${page}`)).body).items);
    }
    expect(big.items).toEqual(small);
    expect(big.items.filter((i) => i.place?.fullName === 'Hala / Regał 1')).toHaveLength(350);
  });

  it('gives every timestamp as the ISO text of the moment it was written (PostgreSQL reads UTC text)', async () => {
    const big = itemsAnswerSchema.parse((await org.admin.get('/api/items?perPage=1000&sort=CODE')).body);
    const small = itemsAnswerSchema.parse((await org.admin.get('/api/items?perPage=100&sort=CODE')).body);
    for (const item of [...big.items, ...small.items]) {
      expect(new Date(item.lastChanged).toISOString()).toBe(item.lastChanged);
      expect(Date.parse(item.lastChanged)).toBeGreaterThanOrEqual(writtenFrom - 1000);
      expect(Date.parse(item.lastChanged)).toBeLessThanOrEqual(writtenTo + 1000);
    }
  });
});
