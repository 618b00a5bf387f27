// Requests per second of the real `npm start` entry (cluster, WEB_CONCURRENCY workers) for a
// signed-in user's calls: GET /api/login (token check) and GET /api/users (tenant-scoped list).
// Usage: node bench/api-throughput.mjs [seconds=10] [connections=20]
// Uses a fresh SQLite DATA_DIR, or PostgreSQL when BENCH_DATABASE_URL is set (a fresh database
// is created next to it and dropped afterwards).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 20);
const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-bench-'));
const port = 18000 + Math.floor(Math.random() * 1000);
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
delete env.DATABASE_URL;

let dropDb = async () => {};
if (process.env.BENCH_DATABASE_URL) {
  const name = `zaplecze_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(process.env.BENCH_DATABASE_URL);
  u.pathname = `/${name}`;
  env.DATABASE_URL = u.toString();
  dropDb = async () => {
    const c = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}

const cli = [
  '--import',
  'tsx',
  'packages/server/src/cli.ts',
  'org:create',
  '--prefix',
  'bench',
  '--admin',
  'admin',
  '--password',
  'Bench-Haslo-1',
  '--email',
  'a@bench.pl',
];
execFileSync(process.execPath, cli, { cwd: root, env, stdio: 'ignore' });
const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
  cwd: root,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/`)).ok) break;
    } catch {
      if (i > 200) throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const first = await fetch(`${base}/api/`);
  const xsrf = first.headers.getSetCookie()[0].split(';')[0].split('=')[1];
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ login: 'bench_admin', pass: 'Bench-Haslo-1' }),
  });
  const { token } = await login.json();
  const engine = env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  for (const url of ['/api/login', '/api/users']) {
    const result = await autocannon({
      url: base + url,
      connections,
      duration: seconds,
      headers: { 'x-auth-bearer': token },
    });
    const non2xx = result.non2xx + result.errors;
    console.log(
      `${engine} GET ${url}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${non2xx}`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await dropDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
