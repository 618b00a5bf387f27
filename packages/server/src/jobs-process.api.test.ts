import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres, testEngine } from '../test/harness';
import { startMain, stopMain, workerProcesses, type RunningMain } from '../test/main-process';
import { openPostgres, openSqlite, sqliteFile, type Database } from './db/database';
import { migrate } from './db/migrate';
import { TenantDb } from './db/tenant';
import { INVOICE_MAIL_JOB } from './modules/invoices';
import { enqueueJob } from './platform/jobs';

/**
 * `npm start`'s job worker (docs/operations.md, Jobs): a process of its own beside the HTTP
 * worker, which runs the jobs and is started again after it is killed.
 */
describe('the job worker process of npm start', () => {
  let main: RunningMain;
  let database: Database;
  let dataDir: string;
  let orgId: number;
  let dropDb: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-jobs-main-'));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, WEB_CONCURRENCY: '1', LOG_LEVEL: 'warn' };
    delete env.DATABASE_URL;
    if (testEngine() === 'postgres') {
      const scratch = await createScratchPostgres('jobsmain');
      env.DATABASE_URL = scratch.url;
      dropDb = scratch.drop;
      database = openPostgres(scratch.url, 2);
    } else {
      database = openSqlite(sqliteFile(dataDir));
    }
    await migrate(database);
    const org = await database.db
      .insertInto('organizations')
      .values({
        prefix: 'jm',
        name: 'Firma',
        tax_id: '',
        address: '',
        post_code_city: '',
        country_code: 'PL',
        registered_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    orgId = org.id;
    main = await startMain(env, { ready: (child) => Promise.resolve(workerProcesses(child.pid!).length === 2) });
    if (!main.serving) throw new Error(`server did not start: ${main.stderr()}`);
  }, 120_000);

  afterAll(async () => {
    if (main) await stopMain(main);
    await database.destroy();
    await dropDb?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A job of the invoices module whose message is gone: its handler has nothing to send and ends. */
  async function jobRunsToDone(): Promise<void> {
    const id = (await enqueueJob(new TenantDb(database.db, orgId), {
      kind: INVOICE_MAIL_JOB,
      payload: { outboxId: 999_999 },
    }))!;
    // A job worker just started may still be compiling on a busy machine.
    for (const end = Date.now() + 100_000; Date.now() < end;) {
      const row = await database.db.selectFrom('jobs').select('state').where('id', '=', id).executeTakeFirstOrThrow();
      if (row.state === 'done') return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`job ${id} was not run: ${main.stderr()}`);
  }

  it('runs jobs in a process of its own, not in the HTTP worker, and starts it again after it is killed', async () => {
    const before = workerProcesses(main.child.pid!);
    expect(before.map((w) => w.role).sort()).toEqual(['http', 'jobs']);
    await jobRunsToDone();

    const jobs = before.find((w) => w.role === 'jobs')!;
    process.kill(jobs.pid, 'SIGKILL');
    let again: { pid: number } | undefined;
    for (const end = Date.now() + 60_000; Date.now() < end && !again;) {
      again = workerProcesses(main.child.pid!).find((w) => w.role === 'jobs' && w.pid !== jobs.pid);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(again).toBeDefined();
    // The HTTP worker served throughout, and the new job worker takes jobs.
    expect((await fetch(`${main.url}/api/`)).ok).toBe(true);
    await jobRunsToDone();
    expect(main.stderr()).toMatch(/job worker \d+ ended \(SIGKILL\)/);
  }, 300_000);
});
