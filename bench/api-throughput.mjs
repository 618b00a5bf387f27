// Requests per second of the real `npm start` entry (cluster, WEB_CONCURRENCY workers) for a
// signed-in user's calls: GET /api/login (token check) and GET /api/users (tenant-scoped list), and
// GET /api/users again with an API token (Authorization: Bearer; per-token limit raised out of the
// way, so the limiter's blocks of 20 calls are what is measured).
// Usage: node bench/api-throughput.mjs [seconds=10] [connections=20]
// Uses a fresh SQLite DATA_DIR, or PostgreSQL when BENCH_DATABASE_URL is set (a fresh database
// is created next to it and dropped afterwards).
import autocannon from 'autocannon';
import { benchDatabase } from './bench-db.mjs';
import { createBenchOrg, signIn, startBenchServer } from './bench-server.mjs';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 20);
const { env, dropDb } = await benchDatabase({ fresh: 'api' });
const login = createBenchOrg(env, { prefix: 'bench', password: 'Bench-Haslo-1' });
const { base, stop } = await startBenchServer({ ...env, API_TOKEN_RATE_PER_MINUTE: '100000000' });

try {
  const { token, headers } = await signIn(base, login, 'Bench-Haslo-1');
  const made = await fetch(`${base}/api/profile/api_tokens`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'bench', permissions: ['main.admin'], expiresInDays: 1 }),
  });
  if (!made.ok) throw new Error(`API token: ${made.status} ${await made.text()}`);
  const apiToken = (await made.json()).token;
  const engine = env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  const runs = [
    { label: 'GET /api/login', url: '/api/login', headers: { 'x-auth-bearer': token } },
    { label: 'GET /api/users', url: '/api/users', headers: { 'x-auth-bearer': token } },
    { label: 'GET /api/users (API token)', url: '/api/users', headers: { authorization: `Bearer ${apiToken}` } },
  ];
  for (const run of runs) {
    const result = await autocannon({ url: base + run.url, connections, duration: seconds, headers: run.headers });
    const non2xx = result.non2xx + result.errors;
    console.log(
      `${engine} ${run.label}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${non2xx}`,
    );
  }
} finally {
  await stop();
  await dropDb();
}
