// A thumbnail served through the app from S3-compatible storage on loopback (issue 19 §1: p95
// <= 20 ms): the real `npm start` entry with FILES_S3_URL pointing at s3rver (the tests' S3 server,
// packages/server/test/s3-server.ts, which also checks each request's signature as S3 does), one
// signed-in user asking for the same small thumbnail `GET /api/image?...&size=thumb` one request
// after another, after a warm-up; then 10 clients at once; then the same with the files in the
// folder DATA_DIR for comparison. Every answer is checked (200, the thumbnail's bytes). The app's
// CPU time a request (its processes, not the S3 server's) is printed too: unlike latency, other
// load on a shared machine does not stretch it.
// The S3 server runs in a process of its own (this file with `--serve-s3`), as a real one would:
// it does not share this client's event loop.
// Usage: npm run bench:photo-s3 [-- runs=500]   (node --import tsx bench/photo-s3.mjs)
// SQLite in a fresh DATA_DIR, or PostgreSQL when BENCH_DATABASE_URL is set.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import sharp from 'sharp';
import { startTestS3 } from '../packages/server/test/s3-server.ts';
import { benchDatabase } from './bench-db.mjs';
import { createBenchOrg, serverCpuMs, signIn, startBenchServer } from './bench-server.mjs';

if (process.argv[2] === '--serve-s3') {
  // The S3 server's process: prints FILES_S3_URL, stops when its parent closes stdin.
  const s3 = await startTestS3('bench-photos');
  console.log(s3.url());
  process.stdin.resume();
  process.stdin.on('end', async () => {
    await s3.close();
    process.exit(0);
  });
} else await main();

async function main() {
  const runs = Number(process.argv[2] ?? 500);
  const WARM_UP = 50;
  const CLIENTS = 10;

  const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  function summary(name, times) {
    const s = [...times].sort((a, b) => a - b);
    const f = (v) => v.toFixed(1);
    return `${name}: p50 ${f(pct(s, 50))} ms, p95 ${f(pct(s, 95))} ms, max ${f(s.at(-1))} ms (${s.length} requests)`;
  }

  // A product-shot-like picture (shapes in several colours, fine grain), so the thumbnail weighs what
  // a real one does (a few kB), not the few hundred bytes of a flat colour.
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const shapes = Array.from(
    { length: 120 },
    () =>
      `<circle cx="${Math.floor(rnd() * 1600)}" cy="${Math.floor(rnd() * 1200)}" r="${20 + Math.floor(rnd() * 200)}" ` +
      `fill="hsl(${Math.floor(rnd() * 360)},70%,55%)" fill-opacity="0.7"/>`,
  ).join('');
  const photo = await sharp({
    create: { width: 1600, height: 1200, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  })
    .composite([{ input: Buffer.from(`<svg width="1600" height="1200">${shapes}</svg>`) }])
    .jpeg({ quality: 85 })
    .toBuffer();

  async function measure(label, extraEnv) {
    const { env, dropDb } = await benchDatabase({ fresh: 'photo_s3' });
    const login = createBenchOrg(env, { prefix: 'bench', password: 'Bench-Haslo-1' });
    const { base, server, stop } = await startBenchServer({ ...env, ...extraEnv });
    try {
      const { headers } = await signIn(base, login, 'Bench-Haslo-1');
      const { 'content-type': _json, ...uploadHeaders } = headers;
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'zdjecie.jpg');
      const up = await fetch(`${base}/api/upload_image`, { method: 'POST', headers: uploadHeaders, body: form });
      if (!up.ok) throw new Error(`upload: ${up.status} ${await up.text()}`);
      const { name } = await up.json();
      const url = `${base}/api/image?p=bench&name=${name}&size=thumb`;
      const get = { 'x-auth-bearer': headers['x-auth-bearer'] };
      let bytes = 0;
      const one = async () => {
        const t0 = performance.now();
        const res = await fetch(url, { headers: get });
        const body = Buffer.from(await res.arrayBuffer());
        const ms = performance.now() - t0;
        if (res.status !== 200 || body.length === 0) throw new Error(`GET /api/image: ${res.status}`);
        if (bytes && body.length !== bytes) throw new Error('the thumbnail changed');
        bytes = body.length;
        return ms;
      };
      for (let k = 0; k < WARM_UP; k++) await one();
      const sequential = [];
      const cpu0 = serverCpuMs(server.pid);
      for (let k = 0; k < runs; k++) sequential.push(await one());
      const cpuPerRequest = (serverCpuMs(server.pid) - cpu0) / runs;
      const parallel = [];
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          for (let k = 0; k < Math.ceil(runs / CLIENTS); k++) parallel.push(await one());
        }),
      );
      console.log(
        `${label} (${env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}), thumbnail of ${(bytes / 1024).toFixed(1)} kB`,
      );
      console.log('  ' + summary('1 client ', sequential) + `, app CPU ${cpuPerRequest.toFixed(2)} ms a request`);
      console.log('  ' + summary(`${CLIENTS} clients`, parallel));
      return pct(
        [...sequential].sort((a, b) => a - b),
        95,
      );
    } finally {
      await stop();
      await dropDb();
    }
  }

  const s3 = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--serve-s3'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: s3.stdout });
  const s3Url = await new Promise((resolve) => lines.once('line', resolve));
  try {
    const p95 = await measure(`S3 (s3rver in its own process on loopback, ${s3Url.replace(/\/\/[^@]*@/, '//')})`, {
      FILES_S3_URL: s3Url,
    });
    await measure('Folder DATA_DIR (for comparison)', {});
    console.log(`S3 thumbnail p95 ${p95.toFixed(1)} ms (target 20 ms): ${p95 <= 20 ? 'met' : 'NOT met'}`);
  } finally {
    s3.stdin.end();
    await new Promise((r) => s3.once('exit', r));
  }
}
