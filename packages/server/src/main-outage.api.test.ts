import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createScratchPostgres, testEngine } from '../test/harness';
import { SERVER_MAIN } from '../test/compiled';
import { freePort, repoRoot, startMain, stopMain, workerProcesses, type RunningMain } from '../test/main-process';
import { TcpProxy } from '../test/tcp-proxy';
import { createOrgByCli } from '../test/cli';

/** The worker processes of `npm start`: the HTTP workers and the job worker. */
function workerPids(primary: number): Promise<number[]> {
  return Promise.resolve(
    workerProcesses(primary)
      .map((w) => w.pid)
      .sort(),
  );
}

/**
 * Whether every one of `pids` has finished starting: each holds its cache listener
 * (platform/cache-bus.ts, `zaplecze-cache:<host>:<pid>:<random>`), which a worker opens after its
 * migrations check, its last start-up step that needs the database. A cut before that is a failed
 * start (exit 3, started again after a pause), not what this test is about.
 */
async function startedAll(url: string, pids: number[]): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ name: string }>(
      "select application_name as name from pg_stat_activity where application_name like 'zaplecze-cache:%'",
    );
    const listening = new Set(r.rows.map((row) => Number(row.name.split(':')[2])));
    return pids.every((p) => listening.has(p));
  } finally {
    await client.end();
  }
}

/**
 * `npm start` through a database outage (docs/operations.md, Database outage): the workers'
 * connections to PostgreSQL go through a TCP proxy the test cuts. Every worker must live through
 * it (the same pids afterwards), and a start without the database must end with a clear message.
 * PostgreSQL only.
 */
describe.skipIf(testEngine() !== 'postgres')('npm start through a PostgreSQL outage (PostgreSQL only)', () => {
  let main: RunningMain;
  let child: ChildProcess;
  let stderr = () => '';
  let base: string;
  let proxy: TcpProxy;
  let dataDir: string;
  let dropDb: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-outage-'));
    const scratch = await createScratchPostgres('outage');
    dropDb = scratch.drop;
    proxy = await TcpProxy.start(scratch.url);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: proxy.via(scratch.url),
      WEB_CONCURRENCY: '2',
      LOG_LEVEL: 'error',
    };
    await createOrgByCli({ ...env, DATABASE_URL: scratch.url }, 'awaria', 'Haslo-Awaria-1');
    // Two HTTP workers and the job worker, each done starting.
    main = await startMain(env, {
      ready: async (c) => {
        const pids = await workerPids(c.pid!);
        return pids.length === 3 && (await startedAll(scratch.url, pids));
      },
    });
    if (!main.serving) throw new Error(`server did not start: ${main.stderr()}`);
    child = main.child;
    stderr = main.stderr;
    base = main.url;
  }, 120_000);

  afterAll(async () => {
    if (main) await stopMain(main);
    await proxy?.close();
    await dropDb?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every worker alive when the connections are cut mid-traffic', async () => {
    const client = new ApiClient(base);
    await client.login('awaria_szef', 'Haslo-Awaria-1');
    // Both workers hold connections: requests until each has answered some.
    const warm = await Promise.all(Array.from({ length: 40 }, () => client.get('/api/items')));
    expect(warm.map((a) => a.status)).toEqual(Array(40).fill(200));
    const before = await workerPids(child.pid!);
    expect(before).toHaveLength(3);
    proxy.stall();
    const burst = Promise.all(Array.from({ length: 40 }, () => client.get('/api/items')));
    await new Promise((r) => setTimeout(r, 500));
    proxy.cut();
    proxy.resume();
    const statuses = (await burst).map((a) => a.status);
    expect(
      statuses.filter((s) => s !== 200 && s !== 503),
      JSON.stringify(statuses),
    ).toEqual([]);
    expect(statuses).toContain(503);
    const after = await Promise.all(Array.from({ length: 40 }, () => client.get('/api/items')));
    expect(after.map((a) => a.status)).toEqual(Array(40).fill(200));
    expect(await workerPids(child.pid!)).toEqual(before);
    expect(stderr()).not.toMatch(/worker \d+ ended/);
  });

  it('starts a worker that ended again after a pause, not at once', async () => {
    const [victim] = await workerPids(child.pid!);
    process.kill(victim!, 'SIGKILL');
    const deadline = Date.now() + 10_000;
    while (!stderr().includes(`worker ${victim} ended`) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(stderr()).toContain(`worker ${victim} ended (SIGKILL), starting another in 1 s`);
  });
});

describe.skipIf(testEngine() !== 'postgres')('npm start without its database (PostgreSQL only)', () => {
  it('ends with a clear message and exit code 3, at once', async () => {
    const closed = await freePort();
    const started = Date.now();
    const child = spawn(process.execPath, [SERVER_MAIN], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: `postgres://postgres@127.0.0.1:${closed}/brak`,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        WEB_CONCURRENCY: '2',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(3);
    expect(stderr).toContain('Zaplecze: nie można połączyć się z bazą danych: PostgreSQL unavailable: ');
    expect(stderr).toContain('ECONNREFUSED');
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);
});
