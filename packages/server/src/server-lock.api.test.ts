import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG_CREATE_ACME, runCli } from '../test/cli';
import { ApiClient, createScratchPostgres, testEngine } from '../test/harness';
import { startMain, stopMain, type RunningMain } from '../test/main-process';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { RESTORE_RUNNING, SERVER_RUNNING, takeRestoreLock } from './server-lock';

/**
 * The guard between `npm start` and `restore` (docs/operations.md, Restore while the server runs),
 * with the real entry point as a child process: a restore under a running server is refused and
 * changes nothing, it works once the server has stopped, and a server killed with SIGKILL leaves
 * nothing behind that blocks it. A server started during a restore refuses to start. The cluster's
 * start-up purge of old unclaimed uploads is checked on the way.
 */

let dataDir: string;
let env: NodeJS.ProcessEnv;
let dropDb: (() => Promise<void>) | undefined;

/** `npm start` with `workers` processes; answers once it serves, or once it has ended. */
function startWith(workers: number): Promise<RunningMain> {
  return startMain({ ...env, WEB_CONCURRENCY: String(workers), LOG_LEVEL: 'warn' });
}

const cli = (...args: string[]) => runCli(args, env);

/** The item status every new organisation starts with (modules/registration/starter-data.ts). */
const STARTER = ['Aktywny'];

async function statusNames(url: string): Promise<string[]> {
  const admin = new ApiClient(url);
  await admin.login('acme_admin', 'Secret123!');
  const res = await admin.get<{ itemStatuses: { name: string }[] }>('/api/item_statuses');
  return res.body.itemStatuses.map((s) => s.name);
}

async function addStatus(url: string, name: string): Promise<void> {
  const admin = new ApiClient(url);
  await admin.login('acme_admin', 'Secret123!');
  expect((await admin.post('/api/item_statuses', { name })).status).toBe(200);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-lock-'));
  env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  if (testEngine() === 'postgres') {
    const scratch = await createScratchPostgres('lock');
    env.DATABASE_URL = scratch.url;
    dropDb = scratch.drop;
  }
  const org = await runCli(ORG_CREATE_ACME, env);
  expect(org.code, org.stderr).toBe(0);
});
afterAll(async () => {
  await dropDb?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const SLOW = { timeout: 300_000 };

describe('restore and the running server', () => {
  it('refuses a restore while the server runs and changes nothing; restores once it has stopped', SLOW, async () => {
    // An upload left unclaimed for two hours, with its files: the cluster purges it at start-up.
    const database = openDatabase(loadConfig(env));
    const stale = `${'b'.repeat(32)}.jpg`;
    let orgId: number;
    try {
      orgId = (await database.db.selectFrom('organizations').select('id').executeTakeFirstOrThrow()).id;
      await database.db
        .insertInto('files')
        .values({
          name: stale,
          org_id: orgId,
          item_id: null,
          bytes: 6,
          created_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
        })
        .execute();
    } finally {
      await database.destroy();
    }
    const staleFiles = ['display', 'thumb'].map((size) => path.join(dataDir, 'files', String(orgId), size, stale));
    for (const f of staleFiles) {
      fs.mkdirSync(path.dirname(f), { recursive: true });
      fs.writeFileSync(f, 'stare!');
    }

    let server = await startWith(2);
    expect(await statusNames(server.url), server.stderr()).toEqual([...STARTER]);
    await expect.poll(() => staleFiles.some((f) => fs.existsSync(f)), { timeout: 30_000 }).toBe(false);

    await addStatus(server.url, 'Przed kopią');
    const backup = path.join(dataDir, 'kopia.bak');
    const made = await cli('backup', '--out', backup);
    expect(made.code, made.stderr).toBe(0);
    await addStatus(server.url, 'Po kopii');

    const refused = await cli('restore', '--from', backup);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(`Błąd: ${SERVER_RUNNING}`);
    // Nothing changed, and the server goes on serving.
    expect(await statusNames(server.url)).toEqual([...STARTER, 'Przed kopią', 'Po kopii']);

    await stopMain(server, 'SIGTERM');
    const restored = await cli('restore', '--from', backup);
    expect(restored.code, restored.stderr).toBe(0);

    // A server killed outright (no shutdown at all) leaves nothing that blocks the next restore.
    server = await startWith(1);
    expect(await statusNames(server.url)).toEqual([...STARTER, 'Przed kopią']);
    await addStatus(server.url, 'Przed awarią');
    await stopMain(server, 'SIGKILL');
    const afterCrash = await cli('restore', '--from', backup);
    expect(afterCrash.code, afterCrash.stderr).toBe(0);

    server = await startWith(1);
    try {
      expect(await statusNames(server.url)).toEqual([...STARTER, 'Przed kopią']);
    } finally {
      await stopMain(server, 'SIGTERM');
    }
  });

  it('a server started during a restore refuses to start', SLOW, async () => {
    const lock = await takeRestoreLock(loadConfig(env));
    try {
      const server = await startWith(1);
      expect(await server.exited).toBe(1);
      expect(server.stderr()).toContain(RESTORE_RUNNING);
    } finally {
      await lock.release();
    }
    const server = await startWith(1);
    try {
      expect(await statusNames(server.url)).toEqual([...STARTER, 'Przed kopią']);
    } finally {
      await stopMain(server, 'SIGTERM');
    }
  });
});
