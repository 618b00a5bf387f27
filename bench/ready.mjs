// The readiness probe over HTTP against the real `npm start` entry (issue 19 §2: p99 <= 5 ms):
// GET /api/ready (the database answers, its migrations are current, the files' storage takes a
// write), and GET /api/health beside it, one probe at a time as a load balancer or an orchestrator
// sends them: on one kept-alive connection, and on a new connection per probe (what many health
// checkers do; round robin then spreads them over the workers). After a warm-up.
// Usage: node bench/ready.mjs [probes=5000]
// Uses a fresh SQLite DATA_DIR, or PostgreSQL when BENCH_DATABASE_URL is set (a fresh database is
// created next to it and dropped afterwards).
import http from 'node:http';
import { benchDatabase } from './bench-db.mjs';
import { startBenchServer } from './bench-server.mjs';

const probes = Number(process.argv[2] ?? 5000);
// A server just started still compiles its hot paths and forks its job worker: the first
// thousand probes are slower.
const WARM_UP = 3000;
const { env, dropDb } = await benchDatabase({ fresh: 'ready' });
const { base, stop } = await startBenchServer(env);

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
function summary(name, times) {
  const s = [...times].sort((a, b) => a - b);
  const f = (v) => v.toFixed(2);
  return `${name}: p50 ${f(pct(s, 50))} ms, p95 ${f(pct(s, 95))} ms, p99 ${f(pct(s, 99))} ms, max ${f(s.at(-1))} ms (${s.length} probes)`;
}

/** One GET; resolves with its time in ms once the whole answer is in, and checks its status. */
function probe(url, agent) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
        else resolve(performance.now() - t0);
      });
    });
    req.on('error', reject);
  });
}

async function series(path, agent) {
  const times = [];
  for (let i = 0; i < WARM_UP + probes; i++) {
    const ms = await probe(base + path, agent);
    if (i >= WARM_UP) times.push(ms);
  }
  return times;
}

try {
  const engine = env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  const workers = env.WEB_CONCURRENCY ?? 'one per core';
  console.log(`${engine}, HTTP workers: ${workers}, ${probes} probes each after ${WARM_UP} to warm up`);
  const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
  console.log('  ' + summary('GET /api/ready, one kept-alive connection', await series('/api/ready', keepAlive)));
  console.log('  ' + summary('GET /api/ready, a new connection each', await series('/api/ready', false)));
  console.log('  ' + summary('GET /api/health, one kept-alive connection', await series('/api/health', keepAlive)));
  console.log('  ' + summary('GET /api/health, a new connection each', await series('/api/health', false)));
  keepAlive.destroy();
} finally {
  await stop();
  await dropDb();
}
