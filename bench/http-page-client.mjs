// The client of a big-page measurement over HTTP, run as a process of its own by the benches
// (items-search.mjs, orders-search.mjs): a client that shares its process with the bench's
// in-process runs (a heap of hundreds of MB, a million-row database open) spends its own garbage
// collection inside the timings of a 7-10 MB answer, which made them noisy by up to 100 ms.
// Usage: node bench/http-page-client.mjs BASE PATH_WITH_PAGE RUNS   (env BENCH_TOKEN: the bearer)
// PATH_WITH_PAGE holds `PAGE`, replaced by 1..5 in turn; prints one JSON line {times, bytes}.
const [base, path, runsArg] = process.argv.slice(2);
const runs = Number(runsArg ?? 15);
const headers = { 'x-auth-bearer': process.env.BENCH_TOKEN ?? '' };
let bytes = 0;
const get = async (k) => {
  const t0 = performance.now();
  const res = await fetch(base + path.replace('PAGE', String(1 + (k % 5))), { headers });
  bytes = (await res.arrayBuffer()).byteLength;
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
  return performance.now() - t0;
};
// Warm-up: every worker's statements and the page cache.
for (let k = 0; k < 6; k++) await get(k);
const times = [];
for (let k = 0; k < runs; k++) times.push(await get(k));
console.log(JSON.stringify({ times, bytes }));
