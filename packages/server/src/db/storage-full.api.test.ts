import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog, itemBody, type Catalog } from '../../test/catalog';
import { createOrg, type TestOrg } from '../../test/factories';
import { startTestServer, testEngine, type TestServer } from '../../test/harness';
import { MSG } from '../platform/messages.pl';

/**
 * A full disk (docs/operations.md, Database outage): the user gets 507 with a Polish message, and
 * the log carries the error that said so (SQLITE_FULL), not the failed ROLLBACK that followed it.
 * SQLite only: the database is made full honestly, by capping its size in pages
 * (PRAGMA max_page_count) at what it has, so the next write that needs a page fails as on a full
 * disk. PostgreSQL's disk_full (53100) is mapped by the same helper (db/errors.unit.test.ts).
 */
describe.skipIf(testEngine() !== 'sqlite')('full disk (SQLite only)', () => {
  let server: TestServer;
  let org: TestOrg;
  let catalog: Catalog;

  beforeAll(async () => {
    server = await startTestServer({}, { captureLogs: true });
    org = await createOrg(server);
    catalog = await createCatalog(org.admin);
  });

  afterAll(async () => {
    server.database.sqlite?.pragma('max_page_count = 1073741823');
    await server?.close();
  });

  it('answers 507 in Polish and logs SQLITE_FULL, then writes again once there is room', async () => {
    const sqlite = server.database.sqlite!;
    const pages = Number(sqlite.pragma('page_count', { simple: true }));
    sqlite.pragma(`max_page_count = ${pages}`);
    // Items with a long description until one needs a page the database may not have.
    let full: { status: number; body: unknown } | undefined;
    for (let i = 0; i < 200 && !full; i++) {
      const res = await org.admin.post(
        '/api/items',
        itemBody(catalog, { code: `PELNY-${i}`, name: `Towar ${i} ${'x'.repeat(200)}` }),
      );
      if (res.status !== 200) full = res;
    }
    expect(full).toEqual(expect.objectContaining({ status: 507, body: { code: 507, message: MSG.storageFull } }));
    const errors = server.logs.filter((l) => Number(l.level) >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ msg: 'storage full', err: { code: 'SQLITE_FULL' } });
    expect(JSON.stringify(errors)).not.toContain('rollback');
    // The transaction was undone as a whole and the connection is usable: reads work, and writes
    // too once there is room again.
    expect((await org.admin.get('/api/items')).status).toBe(200);
    sqlite.pragma('max_page_count = 1073741823');
    expect((await org.admin.post('/api/items', itemBody(catalog, { code: 'PO-MIEJSCU' }))).status).toBe(200);
  });
});
