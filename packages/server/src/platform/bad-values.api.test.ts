import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCatalog, itemBody, type Catalog } from '../../test/catalog';
import { createOrg, type TestOrg } from '../../test/factories';
import { ApiClient, startTestServer, testEngine, type TestServer } from '../../test/harness';
import { MSG } from './messages.pl';
import { route } from './route';

/**
 * Values past a 32-bit id and values the database itself refuses answer 400, never 500
 * (docs/decisions.md, Bad input; Hardening). Ids are PostgreSQL `integer` columns: 2^31 passed the
 * schemas of an item's status and the list filters and failed in PostgreSQL (22003, 500).
 */
const INT_MAX = 2_147_483_647;

/** A route of this test that hands its text to PostgreSQL as an integer, as a schema gap would. */
const extraRoutes = [
  route({
    method: 'POST',
    url: '/test/bad-value',
    access: 'public',
    response: z.object({ n: z.number() }),
    body: z.object({ n: z.string() }),
    async handler(ctx, { body }) {
      return (await sql<{ n: number }>`select cast(${body.n} as integer) as n`.execute(ctx.db)).rows[0]!;
    },
  }),
];

describe('values the database cannot hold', () => {
  let server: TestServer;
  let org: TestOrg;
  let catalog: Catalog;

  beforeAll(async () => {
    server = await startTestServer({}, { captureLogs: true, extraRoutes });
    org = await createOrg(server);
    catalog = await createCatalog(org.admin);
  });
  afterAll(() => server?.close());

  it('an item status id past 2^31 - 1 is a 400 on the field, on save and on update', async () => {
    const created = await org.admin.post(
      '/api/items',
      itemBody(catalog, { code: 'ZAKRES-1', itemStatusId: INT_MAX + 1 }),
    );
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ code: 400, field: 'itemStatusId' });
    const saved = await org.admin.post<{ id: number }>('/api/items', itemBody(catalog, { code: 'ZAKRES-2' }));
    expect(saved.status).toBe(200);
    const updated = await org.admin.put(
      '/api/items',
      itemBody(catalog, { id: saved.body.id, code: 'ZAKRES-2', itemStatusId: INT_MAX + 1 }),
    );
    expect(updated.status).toBe(400);
    expect(updated.body).toMatchObject({ code: 400, field: 'itemStatusId' });
    // The largest id is a status that does not exist: a 400 as well, not a 500.
    const largest = await org.admin.post('/api/items', itemBody(catalog, { code: 'ZAKRES-3', itemStatusId: INT_MAX }));
    expect(largest.status).toBeGreaterThanOrEqual(400);
    expect(largest.status).toBeLessThan(500);
  });

  it.each(['groupId', 'catId', 'placeId'])('the item list filter %s past 2^31 - 1 is a 400', async (filter) => {
    const res = await org.admin.get(`/api/items?${filter}=${INT_MAX + 1}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: 'Niepoprawny filtr.', field: filter });
    expect((await org.admin.get(`/api/items?${filter}=${INT_MAX}`)).status).toBe(200);
  });

  it('a parameters category past 2^31 - 1 is a 400', async () => {
    expect((await org.admin.get(`/api/parameters?catId=${INT_MAX + 1}`)).status).toBe(400);
  });

  it.runIf(testEngine() === 'postgres')(
    'a value PostgreSQL refuses (class 22) answers 400 and is logged as a warning without the value',
    async () => {
      const client = new ApiClient(server.url);
      for (const n of ['600100200123', 'jan@example.pl']) {
        const res = await client.post('/api/test/bad-value', { n });
        expect(res.status, n).toBe(400);
        expect(res.body).toEqual({ code: 400, message: MSG.badInput });
      }
      expect((await client.post('/api/test/bad-value', { n: '12' })).body).toEqual({ n: 12 });
      const warnings = server.logs.filter((l) => l.msg === 'database refused a value');
      expect(warnings.map((w) => (w.err as { code?: string }).code)).toEqual(['22003', '22P02']);
      expect(JSON.stringify(server.logs)).not.toMatch(/600100200123|jan@example\.pl/);
      expect(server.logs.filter((l) => Number(l.level) >= 50)).toEqual([]);
    },
  );
});
