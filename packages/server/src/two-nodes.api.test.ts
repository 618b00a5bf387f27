import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from './db/database';
import sharp from 'sharp';
import { ApiClient, createScratchPostgres, testEngine } from '../test/harness';
import { startTestS3, type TestS3 } from '../test/s3-server';
import { startMain, stopMain, workerProcesses, type RunningMain } from '../test/main-process';
import { createOrderRefs, INVOICE_COMPANY, orderBody } from '../test/orders';
import { createOrgByCli } from '../test/cli';
import { FakeWooCommerce } from '../../../plugins/woocommerce/test/fake-woocommerce';

/**
 * Two app nodes on one PostgreSQL database (docs/operations.md, "Several app nodes"): two `npm start`
 * processes on different ports, each with its own data folder, one HTTP worker and its job worker,
 * sharing nothing but the database. What one node changes holds at once on the other.
 */
describe.runIf(testEngine() === 'postgres')('two app nodes on one PostgreSQL database', () => {
  let a: RunningMain;
  let b: RunningMain;
  const dirs: string[] = [];
  let drop: (() => Promise<void>) | undefined;
  let database: Database;
  let adminA: ApiClient;
  let adminB: ApiClient;
  let statusId: number;
  let s3: TestS3;

  /** A client of `node` signed in with another client's session (the token works on every node). */
  const sameSession = (node: RunningMain, of: ApiClient) => {
    const c = new ApiClient(node.url);
    c.token = of.token;
    return c;
  };

  beforeAll(async () => {
    const scratch = await createScratchPostgres('twonodes');
    drop = scratch.drop;
    // The files of both nodes in one S3-compatible bucket (docs/operations.md, Files).
    s3 = await startTestS3();
    // Several app machines share one key ring (docs/operations.md, Plugin secrets): a secret saved
    // through one node is read by the other node's job worker.
    const secretsKeys = `k1:${randomBytes(32).toString('base64')}`;
    const env = (name: string): NodeJS.ProcessEnv => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `zaplecze-${name}-`));
      dirs.push(dir);
      return {
        ...process.env,
        DATABASE_URL: scratch.url,
        DATA_DIR: dir,
        FILES_S3_URL: s3.url(),
        SECRETS_KEYS: secretsKeys,
        WEB_CONCURRENCY: '1',
        LOG_LEVEL: 'warn',
        // Kept installed plugins do not go stale during the test: only a forget can end them.
        PLUGINS_CACHE_MS: '600000',
        // Both job workers fire due schedules every half second: many chances to fire one twice.
        JOBS_SCHEDULE_TICK_MS: '500',
      };
    };
    const envA = env('node-a');
    const envB = env('node-b');
    await createOrgByCli(envA, 'dwa', 'Haslo-Dwa-123');
    const ready = (c: { pid?: number }) => Promise.resolve(workerProcesses(c.pid!).length === 2);
    [a, b] = await Promise.all([startMain(envA, { ready }), startMain(envB, { ready })]);
    if (!a.serving || !b.serving) throw new Error(`a node did not start: ${a.stderr()} ${b.stderr()}`);
    database = openPostgres(scratch.url, 2);
    await waitForListeners();
    adminA = new ApiClient(a.url);
    await adminA.login('dwa_szef', 'Haslo-Dwa-123');
    adminB = sameSession(b, adminA);
    statusId = (await adminA.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny', color: '00ff00' })).body.id;
  }, 240_000);

  /**
   * Every process listens for forgets once it has started (platform/cache-bus.ts): both HTTP
   * workers and both job workers.
   */
  async function waitForListeners(): Promise<void> {
    const listeners = async () =>
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and application_name like 'zaplecze-cache:%'`.execute(database.db)
        ).rows[0]?.n,
      );
    for (const deadline = Date.now() + 60_000; (await listeners()) < 4;) {
      if (Date.now() > deadline) throw new Error(`the nodes' processes do not listen: ${a.stderr()} ${b.stderr()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  afterAll(async () => {
    for (const n of [a, b]) if (n) await stopMain(n);
    await database?.destroy();
    await drop?.();
    await s3?.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('serves a photo uploaded through one node from the other', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#406080' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'zdjecie.jpg');
    const uploaded = await adminA.request<{ name: string }>('POST', '/api/upload_image', { multipart: form });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const url = (size: string) => `/api/image?p=dwa&name=${uploaded.body.name}&size=${size}`;
    for (const size of ['thumb', 'display']) {
      const fromA = await adminA.getBytes(url(size));
      const fromB = await adminB.getBytes(url(size));
      expect([fromA.status, fromB.status]).toEqual([200, 200]);
      expect(fromB.bytes.equals(fromA.bytes)).toBe(true);
    }
    // Nothing of it in either node's own folder: both read the bucket.
    for (const dir of dirs) expect(fs.existsSync(path.join(dir, 'files'))).toBe(false);
  });

  it('refuses a session signed out on one node at once on the other', async () => {
    const user = new ApiClient(a.url);
    await user.login('dwa_szef', 'Haslo-Dwa-123');
    const onB = sameSession(b, user);
    // Node B now keeps the checked token (modules/auth/token-cache.ts) ...
    expect((await onB.get('/api/login')).status).toBe(200);
    expect((await user.delete('/api/login')).status).toBe(204);
    // ... and the sign-out's answer came only once B had forgotten it (platform/cache-bus.ts).
    expect((await onB.get('/api/login')).status).toBe(401);
  });

  it('refuses an API token revoked on one node at once on the other', async () => {
    const created = await adminA.post<{ token: string; apiToken: { id: number } }>('/api/profile/api_tokens', {
      name: 'Skrypt',
      permissions: ['main.items.show'],
      expiresInDays: 7,
    });
    expect(created.status).toBe(200);
    const script = (path: string) =>
      fetch(b.url + path, { headers: { authorization: `Bearer ${created.body.token}` } }).then((r) => r.status);
    expect(await script('/api/items')).toBe(200);
    expect((await adminA.delete(`/api/profile/api_tokens?id=${created.body.apiToken.id}`)).status).toBe(204);
    expect(await script('/api/items')).toBe(401);
  });

  it('listens again after losing its connection, and forgets again across nodes', async () => {
    const user = new ApiClient(a.url);
    await user.login('dwa_szef', 'Haslo-Dwa-123');
    const onB = sameSession(b, user);
    expect((await onB.get('/api/login')).status).toBe(200);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and application_name like 'zaplecze-cache:%'`.execute(database.db);
    // Meanwhile each process keeps nothing, and it reconnects with a backoff.
    expect((await onB.get('/api/login')).status).toBe(200);
    await waitForListeners();
    expect((await onB.get('/api/login')).status).toBe(200);
    expect((await user.delete('/api/login')).status).toBe(204);
    expect((await onB.get('/api/login')).status).toBe(401);
  });

  it('applies a permission change and a removal made on one node at once on the other', async () => {
    const created = await adminA.post<{ id: number; login: string }>('/api/users', {
      login: 'magazyn',
      pass: 'Haslo-Magazyn-1',
      permissions: 'main.items.show',
      name: 'Magazynier',
      email: 'magazyn@dwa.pl',
      tel: '123456789',
    });
    expect(created.status).toBe(200);
    const userA = new ApiClient(a.url);
    await userA.login(created.body.login, 'Haslo-Magazyn-1');
    const userB = sameSession(b, userA);
    expect((await userB.get('/api/items')).status).toBe(200);
    expect((await adminA.put('/api/users', { id: created.body.id, permissions: 'main.order.show' })).status).toBe(200);
    expect((await userB.get('/api/items')).status).toBe(403);
    expect((await userB.get('/api/login')).status).toBe(200);
    expect((await adminA.delete(`/api/users?id=${created.body.id}`)).status).toBe(204);
    expect((await userB.get('/api/login')).status).toBe(401);
  });

  it('closes a plugin uninstalled on one node at once on the other', async () => {
    const install = await adminA.request('POST', '/api/plugin_install', { form: { pluginId: 'fixture-base' } });
    expect(install.status).toBe(204);
    // B keeps the organisation's installed plugins for PLUGINS_CACHE_MS (ten minutes here).
    expect((await adminB.get('/api/plugins/fixture-base/notes')).status).toBe(200);
    expect((await adminA.request('DELETE', '/api/plugin_install?pluginId=fixture-base')).status).toBe(204);
    expect((await adminB.get('/api/plugins/fixture-base/notes')).status).toBe(404);
    expect((await adminA.request('POST', '/api/plugin_install', { form: { pluginId: 'fixture-base' } })).status).toBe(
      204,
    );
    expect((await adminB.get('/api/plugins/fixture-base/notes')).status).toBe(200);
  });

  it('fires a plugin schedule once for both nodes', async () => {
    // fixture-base's schedule adds a note every 5 minutes; each node's job worker ticks every 0.5 s
    // here and fires the latest due time that has not fired for the organisation.
    const orgId = Number(
      (await sql<{ id: number }>`select id from organizations where prefix = 'dwa'`.execute(database.db)).rows[0]?.id,
    );
    // The earlier tests installed and uninstalled fixture-base: a tick in between may have fired the
    // current due time, and the uninstall removed that pending job; the next due time would then be
    // up to 5 minutes away. Forget the due times whose job is gone, so that one fires again.
    await database.db
      .deleteFrom('job_schedule_runs')
      .where('org_id', '=', orgId)
      .where('schedule_key', '=', 'fixture-base.every-5')
      .where((eb) =>
        eb.or([
          eb('job_id', 'is', null),
          eb.not(
            eb.exists(eb.selectFrom('jobs').select('jobs.id').whereRef('jobs.id', '=', 'job_schedule_runs.job_id')),
          ),
        ]),
      )
      .execute();
    const scheduled = () =>
      database.db
        .selectFrom('jobs')
        .select(['run_at', 'state'])
        .where('org_id', '=', orgId)
        .where('kind', '=', 'fixture-base.add-note')
        .execute();
    await expect
      .poll(async () => (await scheduled()).filter((j) => j.state === 'done').length, {
        timeout: 60_000,
        interval: 500,
      })
      .toBeGreaterThan(0);
    // Both job workers have ticked about ten times more since: still one job per due time.
    await new Promise((r) => setTimeout(r, 5000));
    const jobs = await scheduled();
    const dues = jobs.map((j) => new Date(j.run_at).toISOString());
    expect(new Set(dues).size).toBe(dues.length);
    const notes = await adminB.get<{ notes: { text: string }[] }>('/api/plugins/fixture-base/notes');
    expect(notes.body.notes.filter((n) => n.text === 'z harmonogramu')).toHaveLength(dues.length);
  }, 120_000);

  it('keeps stock exact under 200 concurrent decrements split across both nodes', async () => {
    const item = await adminA.post<{ id: number; code: string }>('/api/items', {
      code: 'DWA-STAN',
      name: 'Kubek',
      price: 10,
      vat: 23,
      currency: 'PLN',
      countWare: 200,
      itemStatusId: statusId,
    });
    expect(item.status).toBe(200);
    expect((await adminA.put('/api/options', { key: 'WAREHOUSE_AUTO_COMMIT', value: 'true' })).status).toBe(204);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        (i % 2 === 0 ? adminA : adminB).post<{ isError: boolean }>('/api/items/barcodes', {
          barcode: 'QTY-1',
          itemCode: 'DWA-STAN',
        }),
      ),
    );
    expect(answers.map((x) => x.status)).toEqual(Array(200).fill(200));
    expect(answers.filter((x) => x.body.isError)).toEqual([]);
    const after = await adminB.get<{ items: { countWare: number }[] }>(`/api/items?id=${item.body.id}`);
    expect(after.body.items[0]?.countWare).toBe(0);
  }, 120_000);

  it('numbers 100 parallel invoices across both nodes without a gap', async () => {
    await createOrderRefs(adminA);
    const orders = [];
    for (let i = 0; i < 10; i++)
      orders.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, (_, j) =>
            ((i + j) % 2 ? adminA : adminB).post<{ id: number }>(
              '/api/orders',
              orderBody({ invoice: INVOICE_COMPANY }),
            ),
          ),
        )),
      );
    expect(orders.map((o) => o.status)).toEqual(Array(100).fill(200));
    const issued = await Promise.all(
      orders.map((o, i) =>
        (i % 2 ? adminA : adminB).post<{ invoiceNumber: string }>('/api/orders/print_invoice', {
          orderId: o.body.id,
          noPrint: true,
        }),
      ),
    );
    expect(
      issued.map((x) => x.status),
      JSON.stringify(issued[0]?.body),
    ).toEqual(Array(100).fill(200));
    const numbers = issued.map((x) => Number(/^FV (\d+)\//.exec(x.body.invoiceNumber)?.[1]));
    expect(numbers.sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  }, 180_000);

  it("syncs one seller's shop from both nodes' job workers: every order imported once", async () => {
    // A WooCommerce shop (its fake, in this process) with 40 new orders; syncs asked on both nodes
    // at once run in both job worker processes against the one database (docs/decisions.md,
    // Integrations: imported orders are recorded by their outside id).
    const shop = new FakeWooCommerce();
    await shop.start();
    try {
      const C = '/api/plugins/woocommerce';
      expect((await adminA.request('POST', '/api/plugin_install', { form: { pluginId: 'woocommerce' } })).status).toBe(
        204,
      );
      const put = await adminB.put(`${C}/settings`, {
        values: { url: shop.url },
        secrets: { consumerKey: shop.key, consumerSecret: shop.secret },
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const ids = Array.from(
        { length: 40 },
        (_, i) =>
          shop.addOrder({ lines: [{ productId: 999_999, quantity: 1, price: 3, name: `DWA-WOO-${i}`, sku: '' }] }).id,
      );
      const asked = await Promise.all(
        [adminA, adminB, adminA, adminB, adminA, adminB].map((c) => c.post<{ jobId: number }>(`${C}/sync`, {})),
      );
      expect(asked.map((r) => r.status)).toEqual(Array(6).fill(200));
      // A sync that lost the race for the cursor retries after its backoff: due now, so the test
      // does not wait it out. Done when no sync is left waiting or running.
      const left = async () => {
        await database.db
          .updateTable('jobs')
          .set({ run_at: new Date().toISOString() })
          .where('kind', '=', 'woocommerce.sync')
          .where('state', '=', 'pending')
          .execute();
        const rows = await database.db
          .selectFrom('jobs')
          .select('state')
          .where('kind', '=', 'woocommerce.sync')
          .where('state', 'in', ['pending', 'running'])
          .execute();
        return rows.length;
      };
      await expect.poll(left, { timeout: 90_000, interval: 500 }).toBe(0);
      const refs = await database.db
        .selectFrom('plugin_order_refs')
        .select(['external_id', 'order_id'])
        .where('plugin_id', '=', 'woocommerce')
        .execute();
      expect(refs.map((r) => Number(r.external_id)).sort((x, y) => x - y)).toEqual(ids.sort((x, y) => x - y));
      const lines = await database.db
        .selectFrom('order_lines')
        .select('order_id')
        .where('name', 'like', 'DWA-WOO-%')
        .execute();
      expect(lines).toHaveLength(ids.length);
      const list = await adminB.get<{ count: number }>('/api/orders?perPage=25');
      expect(list.body.count).toBeGreaterThanOrEqual(ids.length);
      // Both job workers took part or one did: either way, nothing twice. The syncs all ended.
      const dead = await database.db
        .selectFrom('jobs')
        .select('last_error')
        .where('kind', '=', 'woocommerce.sync')
        .where('state', '=', 'dead')
        .execute();
      expect(dead).toEqual([]);
    } finally {
      await shop.stop();
    }
  }, 120_000);

  it('loses nothing it acknowledged when a node is killed mid-request, and the other goes on', async () => {
    const acknowledged: string[] = [];
    let n = 0;
    let stop = false;
    const writer = async (client: ApiClient) => {
      while (!stop) {
        const code = `DWA-KILL-${++n}`;
        const res = await client
          .post('/api/items', {
            code,
            name: 'Towar',
            price: 1,
            vat: 23,
            currency: 'PLN',
            countWare: 1,
            itemStatusId: statusId,
          })
          .catch(() => undefined);
        if (res?.status === 200) acknowledged.push(code);
      }
    };
    const writers = [writer(adminA), writer(adminA), writer(adminB), writer(adminB)];
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(40);
    // The whole node at once, as a power cut would: its workers and its primary.
    for (const w of workerProcesses(a.child.pid!)) process.kill(w.pid, 'SIGKILL');
    a.child.kill('SIGKILL');
    await a.exited;
    const before = acknowledged.length;
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(before + 20);
    stop = true;
    await Promise.all(writers);
    const stored = await database.db.selectFrom('items').select('code').where('code', 'like', 'DWA-KILL-%').execute();
    const codes = new Set(stored.map((r) => r.code));
    expect(acknowledged.filter((c) => !codes.has(c))).toEqual([]);
    // B still answers and sees everything.
    const list = await adminB.get<{ count: number }>('/api/items?code=DWA-KILL-');
    expect(list.body.count).toBe(codes.size);
  }, 120_000);
});
