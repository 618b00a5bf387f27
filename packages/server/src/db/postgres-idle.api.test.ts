import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createScratchPostgres, testEngine } from '../../test/harness';
import { openPostgres } from './database';

/** PostgreSQL only: what the pool does when the server closes one of its idle connections. */
describe.runIf(testEngine() === 'postgres')('PostgreSQL pool', () => {
  it('survives the server closing an idle connection and answers the next query', async () => {
    const scratch = await createScratchPostgres('idle');
    const database = openPostgres(scratch.url, 2);
    try {
      const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db)).rows[0]?.pid;
      const lost = new Promise<string>((resolve) => process.once('warning', (w) => resolve(w.message)));
      const admin = openPostgres(scratch.url, 1);
      await sql`select pg_terminate_backend(${pid})`.execute(admin.db);
      await admin.destroy();
      expect(await lost).toMatch(/^PostgreSQL connection lost while idle: /);
      const after = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      expect(after.rows).toEqual([{ one: 1 }]);
    } finally {
      await database.destroy();
      await scratch.drop();
    }
  });

  it('throws the lost connection of a transaction, not its failed rollback, and does not reuse it', async () => {
    const scratch = await createScratchPostgres('lost');
    const database = openPostgres(scratch.url, 1);
    const admin = openPostgres(scratch.url, 1);
    try {
      const failed = await database.db
        .transaction()
        .execute(async (trx) => {
          const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]?.pid;
          await sql`select pg_terminate_backend(${pid})`.execute(admin.db);
          await sql`select 1`.execute(trx);
        })
        .then(
          () => undefined,
          (err: unknown) => err as Error & { code?: string },
        );
      // 57P01 when the server's word arrives first, else the closed socket; never the ROLLBACK's
      // 'Client has encountered a connection error and is not queryable'.
      expect(
        failed?.code === '57P01' || failed?.message === 'Connection terminated unexpectedly',
        failed?.message,
      ).toBe(true);
      // The pool's one connection was closed, not handed on: the next query gets a new one.
      const after = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      expect(after.rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.destroy();
      await database.destroy();
      await scratch.drop();
    }
  });
});
