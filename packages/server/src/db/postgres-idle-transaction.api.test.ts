import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startTestServer, testEngine, type TestServer } from '../../test/harness';
import { isConnectionError } from './errors';

/**
 * DB_IDLE_IN_TRANSACTION_TIMEOUT_MS (docs/operations.md, Database outage): every connection of the
 * HTTP server's pool carries idle_in_transaction_session_timeout, so a request stuck inside its
 * transaction cannot hold row locks for ever. PostgreSQL only (SQLite has no sessions to end).
 */
describe.runIf(testEngine() === 'postgres')('idle-in-transaction limit (PostgreSQL)', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** What every connection of the pool says (as many at once as the pool holds). */
  async function settingOfEveryConnection(s: TestServer): Promise<string[]> {
    type Row = { idle_in_transaction_session_timeout: string };
    const show = sql<Row>`show idle_in_transaction_session_timeout`;
    return s.database.db.connection().execute(async (first) => {
      const values = [(await show.execute(first)).rows[0]?.idle_in_transaction_session_timeout];
      // A second connection, opened while the first is checked out.
      await s.database.db.connection().execute(async (second) => {
        values.push((await show.execute(second)).rows[0]?.idle_in_transaction_session_timeout);
      });
      return values.map(String);
    });
  }

  it('is 60 s by default on every connection of the server’s pool', async () => {
    expect(loadConfig({}).dbIdleInTransactionTimeoutMs).toBe(60_000);
    expect(loadConfig({ DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '0' }).dbIdleInTransactionTimeoutMs).toBe(0);
    expect(loadConfig({ DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: 'abc' }).dbIdleInTransactionTimeoutMs).toBe(60_000);
    server = await startTestServer({ dbIdleInTransactionTimeoutMs: loadConfig({}).dbIdleInTransactionTimeoutMs });
    expect(await settingOfEveryConnection(server)).toEqual(['1min', '1min']);
  });

  it('0 turns it off', async () => {
    server = await startTestServer({ dbIdleInTransactionTimeoutMs: 0 });
    expect(await settingOfEveryConnection(server)).toEqual(['0', '0']);
  });

  it('ends a transaction left idle past the limit as a lost connection (503), and the pool serves on', async () => {
    server = await startTestServer({ dbIdleInTransactionTimeoutMs: 300 });
    const db = server.database.db;
    const failed = await db
      .transaction()
      .execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await new Promise((r) => setTimeout(r, 1000));
        await sql`select 1`.execute(trx);
      })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    // The server ended the session (25P03): the driver reports the connection as terminated, which
    // the error handler answers with 503 'chwilowo niedostępna'; the pool drops that connection.
    expect(failed).toBeInstanceOf(Error);
    expect(isConnectionError(failed)).toBe(true);
    const after = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(after.rows).toEqual([{ one: 1 }]);
  });
});
