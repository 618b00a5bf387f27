// Requests per second of the real `npm start` entry (cluster, WEB_CONCURRENCY workers) for a
// signed-in user's calls: GET /api/login (token check) and GET /api/users (tenant-scoped list).
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
const { base, stop } = await startBenchServer(env);

try {
  const { token } = await signIn(base, login, 'Bench-Haslo-1');
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
  await stop();
  await dropDb();
}
