// The real server for a benchmark, shared by the benches that measure over HTTP: start
// `packages/server/src/main.ts` (primary and workers, as `npm start` runs it) on a free port of
// loopback, wait until it answers, stop it; create an organisation with the admin CLI; sign in
// (the XSRF cookie, then POST /api/login) and answer the token.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer } from '../scripts/build-server.mjs';

export const benchRoot = path.resolve(import.meta.dirname, '..');

/** `npm run cli -- org:create` for the database `env` points at (DATA_DIR or DATABASE_URL). */
export function createBenchOrg(env, { prefix, password, admin = 'admin', email = `a@${prefix}.pl` }) {
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--quiet'], { cwd: benchRoot, stdio: 'inherit' });
  const cli = ['packages/server/dist/cli.mjs', 'org:create', '--prefix', prefix];
  cli.push('--admin', admin, '--password', password, '--email', email);
  execFileSync(process.execPath, cli, { cwd: benchRoot, env, stdio: 'ignore' });
  return `${prefix}_${admin}`;
}

/**
 * Starts the server with `env` (plus PORT and HOST) and resolves once GET /api/ answers; `stop`
 * ends it and waits for its exit. `waitSeconds`: how long a big database may take to open.
 */
export async function startBenchServer(env, { waitSeconds = 120, nodeArgs = [] } = {}) {
  // What `npm start` runs: the compiled server (scripts/build-server.mjs), from the sources as they are.
  await buildServer();
  const port = 18000 + Math.floor(Math.random() * 1000);
  const serverEnv = { ...env, PORT: String(port), HOST: '127.0.0.1' };
  if (!serverEnv.DATABASE_URL) delete serverEnv.DATABASE_URL;
  // BENCH_NODE_ARGS: extra node flags for the server and its workers, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...nodeArgs, ...extra, 'packages/server/dist/main.mjs'], {
    cwd: benchRoot,
    env: serverEnv,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode !== null) return;
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  };
  const deadline = Date.now() + waitSeconds * 1000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/`)).ok) break;
    } catch {
      if (server.exitCode !== null || Date.now() > deadline) {
        await stop();
        throw new Error('server did not start');
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, port, server, stop };
}

/** Signs `login` in on the server at `base`; answers the token and the headers a JSON call needs. */
export async function signIn(base, login, pass) {
  const first = await fetch(`${base}/api/`);
  const xsrf = first.headers.getSetCookie()[0].split(';')[0].split('=')[1];
  const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  const res = await fetch(`${base}/api/login`, { method: 'POST', headers, body: JSON.stringify({ login, pass }) });
  if (!res.ok) throw new Error(`sign-in of ${login}: ${res.status} ${await res.text()}`);
  const { token } = await res.json();
  return { token, headers: { ...headers, 'x-auth-bearer': token } };
}

/**
 * CPU time (user + system, ms) the server's processes (the primary and its workers) have used: a
 * request's cost that other load on the machine does not stretch the way it stretches latency.
 * Linux /proc only; PostgreSQL's own processes are not included.
 */
export function serverCpuMs(pid) {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  let ticks = 0;
  for (const p of [String(pid), ...children]) {
    const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
    // Fields after "(comm) ": utime and stime are the 12th and 13th, in clock ticks (100 a second).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10;
}

/** Resident memory of the server's processes (the primary and its workers), in MB. */
export function serverRssMb(pid) {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  let kb = 0;
  for (const p of [String(pid), ...children]) {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'));
    kb += Number(m?.[1] ?? 0);
  }
  return Math.round(kb / 1024);
}

/**
 * A big page fetched `runs` times (after 6 warm-up fetches) by a client process of its own
 * (bench/http-page-client.mjs); `pathWithPage` holds `PAGE`. Answers `{ times, bytes }`.
 */
export function fetchPagesFromOwnProcess(base, token, pathWithPage, runs) {
  const out = execFileSync(process.execPath, ['bench/http-page-client.mjs', base, pathWithPage, String(runs)], {
    cwd: benchRoot,
    env: { ...process.env, BENCH_TOKEN: token },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop());
}

/**
 * A JSON caller of the API at `base` with `headers` (signIn's): `call(method, '/api/...', body)`
 * answers the parsed body (undefined for 204) and throws on any status that is not 2xx.
 */
export function apiCaller(base, headers) {
  return async (method, url, body) => {
    const res = await fetch(base + url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? undefined : res.json();
  };
}
