import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createScratchPostgres, testEngine } from '../test/harness';
import { startMain, stopMain, workerProcesses, type RunningMain } from '../test/main-process';
import { createOrgByCli } from '../test/cli';

/**
 * `npm start`'s entry as users run it: several worker processes behind one port, sharing only the
 * database. Sessions, captchas and rate-limit counters must work whichever worker answers.
 */
describe('server entry with several processes', () => {
  let main: RunningMain;
  let child: ChildProcess;
  let env: NodeJS.ProcessEnv;
  let base: string;
  let dataDir: string;
  let dropDb: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-main-'));
    env = {
      ...process.env,
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: '2',
      LOG_LEVEL: 'warn',
      // Kept installed plugins do not go stale during the test: only the relay can make a worker
      // forget them (modules/plugins/plugins.installed.ts).
      PLUGINS_CACHE_MS: '600000',
      // Small enough to pass in a test, large enough for blocks of 2 calls per worker.
      API_TOKEN_RATE_PER_MINUTE: '60',
    };
    delete env.DATABASE_URL;
    if (testEngine() === 'postgres') {
      const scratch = await createScratchPostgres('main');
      env.DATABASE_URL = scratch.url;
      dropDb = scratch.drop;
    }
    await createOrgByCli(env, 'multi', 'Haslo-Multi-1');
    // Two HTTP workers and the job worker (forked once the first HTTP worker listens).
    main = await startMain(env, { ready: (c) => Promise.resolve(workerProcesses(c.pid!).length === 3) });
    if (!main.serving) throw new Error(`server did not start: ${main.stderr()}`);
    child = main.child;
    base = main.url;
  }, 120_000);

  afterAll(async () => {
    if (main) await stopMain(main);
    await dropDb?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs WEB_CONCURRENCY worker processes, and the job worker beside them', () => {
    const workers = workerProcesses(child.pid!);
    expect(workers.filter((w) => w.role === 'http')).toHaveLength(2);
    expect(workers.filter((w) => w.role === 'jobs')).toHaveLength(1);
  });

  it('runs the job worker at a lower CPU priority than the HTTP workers (JOBS_NICE, default 10)', async () => {
    const workers = workerProcesses(child.pid!);
    const jobs = workers.find((w) => w.role === 'jobs')!;
    await expect.poll(() => os.getPriority(jobs.pid), { timeout: 20_000 }).toBe(10);
    for (const w of workers.filter((x) => x.role === 'http')) expect(os.getPriority(w.pid)).toBe(0);
  });

  it('keeps a session valid whichever worker answers', async () => {
    const client = new ApiClient(base);
    await client.login('multi_szef', 'Haslo-Multi-1');
    const answers = await Promise.all(Array.from({ length: 30 }, () => client.get('/api/login')));
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    expect((answers[0]!.body as { user: { login: string } }).user.login).toBe('multi_szef');
    expect((await client.delete('/api/login')).status).toBe(204);
    const after = await Promise.all(Array.from({ length: 10 }, () => client.get('/api/login')));
    expect(after.map((a) => a.status)).toEqual(Array(10).fill(401));
  });

  it('applies a permission change and a removal at once whichever worker answers', async () => {
    // Each worker keeps checked tokens for a moment (modules/auth/token-cache.ts): a change made
    // through one worker must reach the other before its answer does.
    const admin = new ApiClient(base);
    await admin.login('multi_szef', 'Haslo-Multi-1');
    const created = await admin.post<{ id: number; login: string }>('/api/users', {
      login: 'magazynier',
      pass: 'Haslo-Magazyn-1',
      permissions: 'main.items.show',
      name: 'Magazynier',
      email: 'magazynier@multi.pl',
      tel: '123456789',
    });
    expect(created.status).toBe(200);
    const user = new ApiClient(base);
    await user.login(created.body.login, 'Haslo-Magazyn-1');
    const before = await Promise.all(Array.from({ length: 20 }, () => user.get('/api/items')));
    expect(before.map((a) => a.status)).toEqual(Array(20).fill(200));
    const put = await admin.put('/api/users', { id: created.body.id, permissions: 'main.order.show' });
    expect(put.status).toBe(200);
    const after = await Promise.all(Array.from({ length: 20 }, () => user.get('/api/items')));
    expect(after.map((a) => a.status)).toEqual(Array(20).fill(403));
    expect((await admin.delete(`/api/users?id=${created.body.id}`)).status).toBe(204);
    const removed = await Promise.all(Array.from({ length: 20 }, () => user.get('/api/login')));
    expect(removed.map((a) => a.status)).toEqual(Array(20).fill(401));
  });

  it('refuses a revoked API token at once whichever worker answers', async () => {
    const admin = new ApiClient(base);
    await admin.login('multi_szef', 'Haslo-Multi-1');
    const made = await admin.post<{ token: string; apiToken: { id: number } }>('/api/profile/api_tokens', {
      name: 'Wiele procesów',
      permissions: ['main.items.show'],
      expiresInDays: 1,
    });
    expect(made.status).toBe(200);
    const get = () =>
      fetch(`${base}/api/items`, { headers: { authorization: `Bearer ${made.body.token}` } }).then((r) => r.status);
    // Both workers check it and keep its row for a moment.
    expect(await Promise.all(Array.from({ length: 10 }, get))).toEqual(Array(10).fill(200));
    expect((await admin.delete(`/api/profile/api_tokens?id=${made.body.apiToken.id}`)).status).toBe(204);
    expect(await Promise.all(Array.from({ length: 20 }, get))).toEqual(Array(20).fill(401));
  });

  it('limits an API token over both workers together (API_TOKEN_RATE_PER_MINUTE=60)', async () => {
    const admin = new ApiClient(base);
    await admin.login('multi_szef', 'Haslo-Multi-1');
    const made = await admin.post<{ token: string }>('/api/profile/api_tokens', {
      name: 'Limit',
      permissions: ['main.items.show'],
      expiresInDays: 1,
    });
    const answers = await Promise.all(
      Array.from({ length: 90 }, () =>
        fetch(`${base}/api/items`, { headers: { authorization: `Bearer ${made.body.token}` } }),
      ),
    );
    const ok = answers.filter((r) => r.status === 200).length;
    const refused = answers.filter((r) => r.status === 429);
    // Never more than the limit; fewer by at most one call the other worker took and did not use.
    expect(ok).toBeLessThanOrEqual(60);
    expect(ok).toBeGreaterThanOrEqual(59);
    expect(ok + refused.length).toBe(90);
    for (const r of refused) expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('applies a plugin install and uninstall at once whichever worker answers', async () => {
    // Each worker keeps the organisations' installed plugins for a moment
    // (modules/plugins/plugins.installed.ts); install and uninstall reach every worker before
    // their answer does. The fixture plugins are there: the API projects set ZAPLECZE_TEST_PLUGINS=1.
    const admin = new ApiClient(base);
    await admin.login('multi_szef', 'Haslo-Multi-1');
    const notes = () =>
      Promise.all(Array.from({ length: 20 }, () => admin.get('/api/plugins/fixture-base/notes'))).then((all) =>
        all.map((r) => r.status),
      );
    expect(await notes()).toEqual(Array(20).fill(404));
    const installed = await admin.request('POST', '/api/plugin_install', { form: { pluginId: 'fixture-base' } });
    expect(installed.status).toBe(204);
    expect(await notes()).toEqual(Array(20).fill(200));
    expect((await admin.request('DELETE', '/api/plugin_install?pluginId=fixture-base')).status).toBe(204);
    expect(await notes()).toEqual(Array(20).fill(404));
  });

  it('takes parallel writes through both workers, each once', async () => {
    // On SQLite the workers take turns at the write lock through the primary (db/write-turn.ts).
    const admin = new ApiClient(base);
    await admin.login('multi_szef', 'Haslo-Multi-1');
    const status = await admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny', color: '00ff00' });
    expect(status.status).toBe(200);
    const item = (i: number) => ({
      code: `ROWNO-${i}`,
      name: `Towar ${i}`,
      price: 1,
      vat: 23,
      currency: 'PLN',
      countWare: 5,
      itemStatusId: status.body.id,
    });
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => admin.post('/api/items', item(i))));
    expect(
      answers.map((a) => a.status),
      JSON.stringify(answers[0]!.body),
    ).toEqual(Array(60).fill(200));
    const list = await admin.get<{ count: number }>('/api/items?code=ROWNO-');
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(60);
  });

  it('counts failed sign-ins across workers', async () => {
    const client = new ApiClient(base);
    await client.get('/api/');
    for (let i = 0; i < 10; i++) {
      const r = await client.request('POST', '/api/login', { form: { login: 'multi_nikt', pass: 'zle-haslo-123' } });
      expect(r.status).toBe(401);
    }
    const blocked = await client.request('POST', '/api/login', {
      form: { login: 'multi_nikt', pass: 'zle-haslo-123' },
    });
    expect(blocked.status).toBe(429);
  });
});
