/**
 * The contract's REFERENCE_LISTS is the one definition of every reference list: this walks it
 * through real HTTP, so a path, list key, permission, body schema or code sheet that the server
 * serves differently from the contract fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REFERENCE_LISTS, type ReferenceListKey } from '@zaplecze/contract';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, createUser, type TestOrg } from '../../../test/factories';

let server: TestServer;
let org: TestOrg;
let reader: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  reader = await createUser(server, org, { login: 'czytelnik' });
});
afterAll(() => server.close());

/** A valid body for each list's input schema. */
const BODIES: Record<ReferenceListKey, Record<string, unknown>> = {
  additionalDescs: { name: 'Gwarancja', description: 'Dwa lata gwarancji' },
  deliveryPriceLists: { name: 'Cennik A' },
  deliveryTimes: { name: '24 h' },
  itemGroups: { name: 'Grupa 1' },
  itemStatuses: { name: 'Aktywny', color: '00ff00' },
  incomeSources: { name: 'Sklep' },
  orderStatuses: { name: 'Nowe', color: 'ff0000' },
  userSizes: { name: 'Paczka S', sizeA: 100, sizeB: 200, sizeC: 300 },
  categories: { name: 'Elektronika', number: 'E', parentId: null },
  places: { name: 'Hala', number: 'H', parentId: null },
};

describe.each(Object.keys(REFERENCE_LISTS) as ReferenceListKey[])('REFERENCE_LISTS.%s', (key) => {
  const def = REFERENCE_LISTS[key];

  it('is served at its path, under its list key, with its row schema and edit permission', async () => {
    const body = def.input.parse(BODIES[key]);
    expect((await reader.client.post(`/api${def.apiPath}`, body)).status).toBe(403);
    const created = await org.admin.post(`/api${def.apiPath}`, body);
    expect(created.status).toBe(200);
    const row = def.row.parse(created.body) as { id: number };

    const list = await reader.client.get(`/api${def.apiPath}`);
    expect(list.status).toBe(200);
    const rows = z.object({ [def.listKey]: z.array(def.row) }).parse(list.body)[def.listKey] as { id: number }[];
    expect(rows.map((r) => r.id)).toContain(row.id);

    if ('codes' in def) {
      // The sheet of a list's codes needs the permission that edits the list (a reader does not).
      const url = `/api/print/barcode/${def.codes.kind}`;
      expect((await reader.client.post(url, { ids: [row.id] })).status).toBe(403);
      const sheet = await org.admin.post(url, { ids: [row.id] });
      expect(sheet.status).toBe(200);
      expect(
        Buffer.from((sheet.body as { pdf: string }).pdf, 'base64')
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
  });
});
