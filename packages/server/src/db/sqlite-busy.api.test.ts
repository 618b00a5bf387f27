import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, type TestOrg } from '../../test/factories';
import { startTestServer, testEngine, type TestServer } from '../../test/harness';
import { MSG } from '../platform/messages.pl';

/**
 * A SQLite database locked by another writer for longer than the busy timeout (docs/operations.md,
 * Database outage): the write answers 503 with Retry-After and a Polish message, never 500, and is
 * logged as a warning. The lock is real: a second connection to the same file holds BEGIN IMMEDIATE
 * (as a backup tool or a stuck process would); the server's busy timeout is shortened so the test
 * does not wait the 10 s the server gives another writer.
 */
describe.skipIf(testEngine() !== 'sqlite')('a database locked by another writer (SQLite only)', () => {
  let server: TestServer;
  let org: TestOrg;
  let blocker: SQLite.Database | undefined;

  beforeAll(async () => {
    server = await startTestServer({}, { captureLogs: true });
    org = await createOrg(server);
  });

  afterAll(async () => {
    if (blocker?.inTransaction) blocker.exec('rollback');
    blocker?.close();
    await server?.close();
  });

  it('answers 503 with Retry-After while the write lock is held, and writes again once it is released', async () => {
    const sqlite = server.database.sqlite!;
    sqlite.pragma('busy_timeout = 200');
    blocker = new SQLite(sqlite.name);
    blocker.exec('begin immediate');

    const res = await org.admin.post('/api/item_groups', { name: 'Grupa w czasie blokady' });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ code: 503, message: MSG.dbBusy });
    expect(res.headers.get('retry-after')).toBe('5');
    // Reads are not blocked by a writer (WAL).
    expect((await org.admin.get('/api/item_groups')).status).toBe(200);

    blocker.exec('rollback');
    const after = await org.admin.post('/api/item_groups', { name: 'Grupa po blokadzie' });
    expect(after.status).toBe(200);
    const list = await org.admin.get<{ itemGroups: { name: string }[] }>('/api/item_groups');
    const names = list.body.itemGroups.map((g) => g.name);
    expect(names).toContain('Grupa po blokadzie');
    expect(names).not.toContain('Grupa w czasie blokady');

    // One warning, no error with a stack.
    expect(server.logs.filter((l) => Number(l.level) >= 50)).toEqual([]);
    const warnings = server.logs.filter((l) => Number(l.level) === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ msg: 'database busy: database is locked', code: 'SQLITE_BUSY' });
  });
});
