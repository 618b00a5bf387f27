// Where a benchmark's database lives, shared by the benchmarks that seed one (items-search,
// items-mass-edit, orders-search, orders-summary). PostgreSQL when BENCH_DATABASE_URL is set: a
// database next to it (kept under a fixed name for the next run, or fresh with a random name);
// otherwise SQLite in a data directory (kept, or a temporary one).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

async function onAdmin(statement) {
  const c = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await c.connect();
  try {
    return await c.query(statement);
  } finally {
    await c.end();
  }
}

/**
 * The environment (`DATA_DIR`, `DATABASE_URL`) for loadConfig, and `dropDb` which removes a
 * PostgreSQL database, or the temporary SQLite directory of a fresh run (a kept one stays).
 * - `kept: { pgName, sqliteDir }`: reused by the next run (seeded once);
 * - `fresh: 'label'`: a new database / temporary directory for this run only.
 */
export async function benchDatabase(opts) {
  const env = { ...process.env, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', DATABASE_URL: '' };
  env.DATA_DIR = opts.kept ? opts.kept.sqliteDir : fs.mkdtempSync(path.join(os.tmpdir(), `zaplecze-${opts.fresh}-`));
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  if (!process.env.BENCH_DATABASE_URL) {
    const dir = env.DATA_DIR;
    // A fresh SQLite directory goes with the run; a kept one stays for the next.
    return { env, dropDb: async () => (opts.kept ? undefined : fs.rmSync(dir, { recursive: true, force: true })) };
  }
  const name = opts.kept ? opts.kept.pgName : `zaplecze_bench_${opts.fresh}_${randomBytes(4).toString('hex')}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const exists = await onAdmin(`select 1 from pg_database where datname = '${name}'`);
  if (exists.rowCount === 0) await onAdmin(`create database ${name}`);
  const u = new URL(process.env.BENCH_DATABASE_URL);
  u.pathname = `/${name}`;
  env.DATABASE_URL = u.toString();
  return {
    env,
    dropDb: async () => {
      await onAdmin(`drop database if exists ${name} with (force)`);
      console.log(`dropped database ${name}`);
    },
  };
}
