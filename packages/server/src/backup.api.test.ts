import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Order } from '@zaplecze/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG_CREATE_ACME, runCli } from '../test/cli';
import { startServerOn } from '../test/env-server';
import { ApiClient, createScratchPostgres, testEngine } from '../test/harness';
import { setFlag, stockedItem } from '../test/ledger';
import { createOrderRefs, line, orderBody } from '../test/orders';

/**
 * `backup` and `restore` (docs/operations.md) with a drill: a backup taken while orders are being
 * written, then later changes, then a restore into the stopped server's database. Every order the
 * backup holds must come back exactly as it was written, every stock must equal the initial stock
 * minus the lines of those orders, and the ledger must explain every stock (stock:verify).
 */

let dataDir: string;
let env: NodeJS.ProcessEnv;
let dropDb: (() => Promise<void>) | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-backup-'));
  env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  if (testEngine() === 'postgres') {
    const scratch = await createScratchPostgres('backup');
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

const cli = (...args: string[]) => runCli(args, env);
const file = (name: string) => path.join(dataDir, name);
const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

async function signIn(url: string): Promise<ApiClient> {
  const admin = new ApiClient(url);
  await admin.login('acme_admin', 'Secret123!');
  return admin;
}

const INITIAL_STOCK = 100_000;
/** Every test runs the CLI several times (a Node process each): generous on a busy machine. */
const SLOW = { timeout: 180_000 };

describe('backup and restore', () => {
  it('drill: a backup of a busy database restores every order and stock of its moment', SLOW, async () => {
    let server = await startServerOn(env);
    let admin = await signIn(server.url);
    await createOrderRefs(admin);
    await setFlag(admin, 'WAREHOUSE_AUTO_COMMIT', true);
    const status = await admin.post<{ id: number }>('/api/item_statuses', { name: 'Aktywny' });
    const items: number[] = [];
    for (let i = 0; i < 5; i++) items.push(await stockedItem(admin, status.body.id, `DRILL-${i}`, INITIAL_STOCK));

    // Two writers add orders (linked lines take stock at once) until told to stop.
    const written = new Map<number, Order>();
    let stop = false;
    let seq = 0;
    const writer = async () => {
      while (!stop) {
        const n = ++seq;
        const res = await admin.post<Order>(
          '/api/orders',
          orderBody({
            comment: `Zamówienie ${n}`,
            items: [line(items[n % 5]!, 1 + (n % 3)), line(items[(n + 2) % 5]!, 1, { code: `X${n}` })],
          }),
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        written.set(res.body.id, res.body);
      }
    };
    const writers = [writer(), writer()];
    while (written.size < 20) await pause();

    const backupFile = file('drill.bak');
    const doneBefore = new Set(written.keys());
    const backup = await cli('backup', '--out', backupFile);
    const doneAfter = written.size;
    stop = true;
    await Promise.all(writers);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`Kopia zapasowa zapisana: ${backupFile}`);
    // The drill's premise: orders kept being written while the backup ran.
    expect(doneAfter).toBeGreaterThan(doneBefore.size);

    // Changes after the backup, which the restore must undo.
    const deleted = [...doneBefore][0]!;
    expect((await admin.delete(`/api/orders?id=${deleted}`)).status).toBe(204);
    const late = await admin.post<Order>('/api/orders', orderBody({ items: [line(items[0]!, 50)] }));
    expect(late.status).toBe(200);
    await server.close();

    const restore = await cli('restore', '--from', backupFile);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`z kopii: ${backupFile}`);

    server = await startServerOn(env);
    try {
      admin = await signIn(server.url);
      const present = new Map<number, Order>();
      for (const id of [...written.keys(), late.body.id]) {
        const res = await admin.get<{ orders: Order[] }>(`/api/orders?id=${id}`);
        if (res.status === 200) present.set(id, res.body.orders[0]!);
        else expect(res.status).toBe(404);
      }
      // Every order finished before the backup began is there (the deleted one too), the late one
      // is not, and every order there is exactly as it was written.
      for (const id of doneBefore) expect(present.has(id), `order ${id}`).toBe(true);
      expect(present.has(late.body.id)).toBe(false);
      for (const [id, order] of present) expect(order, `order ${id}`).toEqual(written.get(id));

      for (const itemId of items) {
        let taken = 0;
        for (const order of present.values()) for (const l of order.items) if (l.itemId === itemId) taken += l.quantity;
        const item = await admin.get<{ items: { countWare: number }[] }>(`/api/items?id=${itemId}`);
        expect(item.body.items[0]!.countWare, `item ${itemId}`).toBe(INITIAL_STOCK - taken);
      }
      const verify = await cli('stock:verify', '--prefix', 'acme');
      expect(verify.code, verify.stdout + verify.stderr).toBe(0);

      // The restored database goes on: a new order gets a new number.
      const next = await admin.post<Order>('/api/orders', orderBody({ items: [line(items[1]!, 1)] }));
      expect(next.status, JSON.stringify(next.body)).toBe(200);
      expect(next.body.id).toBeGreaterThan(Math.max(...present.keys()));
    } finally {
      await server.close();
    }
  });

  it('refuses bad arguments with exit code 2 and a Polish message', SLOW, async () => {
    const existing = file('istniejacy.bak');
    fs.writeFileSync(existing, 'x');
    const cases: [string[], string][] = [
      [['backup'], 'Brak wymaganej opcji --out.'],
      [['backup', '--out', existing], 'już istnieje'],
      [['backup', '--out', file('brak/kopia.bak')], 'nie istnieje'],
      [['restore'], 'Brak wymaganej opcji --from.'],
      [['restore', '--from', file('nie-ma.bak')], 'nie istnieje'],
      [['restore', '--from', existing], 'nie jest kopią zapasową'],
    ];
    for (const [args, message] of cases) {
      const r = await cli(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain(message);
    }
    expect(fs.readFileSync(existing, 'utf8')).toBe('x');
  });

  it('a damaged backup is refused and the database stays as it was', SLOW, async () => {
    const good = file('dobra.bak');
    expect((await cli('backup', '--out', good)).code).toBe(0);
    let server = await startServerOn(env);
    const marker = await (await signIn(server.url)).post<{ id: number }>('/api/item_groups', { name: 'Po kopii' });
    expect(marker.status).toBe(200);
    await server.close();

    // Cut off the end: the archive's header is whole, its data is not.
    const bytes = fs.readFileSync(good);
    const damaged = file('uszkodzona.bak');
    fs.writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    const r = await cli('restore', '--from', damaged);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/^Błąd: /);

    server = await startServerOn(env);
    try {
      const group = await (await signIn(server.url)).get<{ name: string }>(`/api/item_groups?id=${marker.body.id}`);
      expect(group.body).toMatchObject({ name: 'Po kopii' });
    } finally {
      await server.close();
    }
  });

  it.skipIf(testEngine() !== 'postgres')(
    'PostgreSQL: a restore that fails half-way (a statement refused) changes nothing',
    SLOW,
    async () => {
      const sql = async (url: string, statement: string) => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        try {
          await c.query(statement);
        } finally {
          await c.end();
        }
      };
      // A backup of another database with a schema of its own, which the target already has: its
      // CREATE SCHEMA fails after the public schema was already emptied.
      const foreign = await createScratchPostgres('backup_foreign');
      try {
        await sql(foreign.url, 'create schema extra; create table extra.t (x int); create table public.p (x int)');
        const archive = file('obca.bak');
        const made = await runCli(['backup', '--out', archive], { ...env, DATABASE_URL: foreign.url });
        expect(made.code, made.stderr).toBe(0);
        await sql(env.DATABASE_URL!, 'create schema extra');

        const r = await cli('restore', '--from', archive);
        expect(r.code).toBe(1);
        expect(r.stderr).toContain('Błąd: psql:');

        const server = await startServerOn(env);
        try {
          const groups = await (await signIn(server.url)).get<{ itemGroups: { name: string }[] }>('/api/item_groups');
          expect(groups.body.itemGroups.map((g) => g.name)).toContain('Po kopii');
        } finally {
          await server.close();
        }
      } finally {
        await sql(env.DATABASE_URL!, 'drop schema if exists extra');
        await foreign.drop();
      }
    },
  );
});
