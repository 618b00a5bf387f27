import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg } from '../../../test/factories';
import { createCatalog, itemBody, type Catalog } from '../../../test/catalog';

let server: TestServer;
let org: TestOrg;
let other: TestOrg;
let c: Catalog;
let otherCatalog: Catalog;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  other = await createOrg(server, { orgPrefix: 'inna' });
  c = await createCatalog(org.admin);
  otherCatalog = await createCatalog(other.admin);
});
afterAll(() => server.close());

async function create(code: string, client: ApiClient = org.admin, catalog: Catalog = c): Promise<void> {
  const res = await client.post('/api/items', itemBody(catalog, { code }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const freeCode = async (code: string) => {
  const res = await org.admin.get<{ code: string }>(`/api/items/free_code?code=${encodeURIComponent(code)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.code;
};

describe('GET /items/free_code (the copy dialog proposal)', () => {
  it('answers the first free CODE-N of the organisation, counting on from a -N stem', async () => {
    await create('KUBEK');
    expect(await freeCode('KUBEK')).toBe('KUBEK-1');
    await create('KUBEK-1');
    await create('KUBEK-3');
    expect(await freeCode('kubek')).toBe('KUBEK-2');
    await create('KUBEK-2');
    expect(await freeCode('KUBEK')).toBe('KUBEK-4');
    // A copy of a copy: KUBEK-1 proposes the next free KUBEK-N, never KUBEK-1-1.
    expect(await freeCode('KUBEK-1')).toBe('KUBEK-4');
    // Another organisation's codes do not count.
    await create('TALERZ', other.admin, otherCatalog);
    await create('TALERZ-1', other.admin, otherCatalog);
    expect(await freeCode('TALERZ')).toBe('TALERZ-1');
  });

  it('answers the code itself when no candidate fits the length limit; refuses a bad code with 400', async () => {
    const long = 'A'.repeat(40);
    expect(await freeCode(long)).toBe(long);
    const bad = await org.admin.get<{ message: string }>('/api/items/free_code?code=');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/kod/i);
  });
});
