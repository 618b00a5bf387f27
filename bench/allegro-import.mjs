// The Allegro order import at scale (docs/plugins.md, "Plugin: allegro"; issue 20 §4): 10,000
// marketplace orders of 1-5 lines imported from the fake Allegro (plugins/allegro/test/fake-allegro.ts)
// by the server's job worker process, over real HTTP, while a few clients read the item list;
// targets: <= 60 s, and the list's p95 during the import within 2x its idle figure.
// Usage: npm run bench:allegro-import [-- --orders 10000 --items 1000 --clients 2 --interval 250 --idle-seconds 5]
// SQLite by default, PostgreSQL when BENCH_DATABASE_URL is set (a fresh database, dropped at the end).
import { parseArgs } from 'node:util';
import { A, sleep, startAllegroBench } from './allegro-bench.mjs';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '10000' },
    items: { type: 'string', default: '1000' },
    clients: { type: 'string', default: '2' },
    interval: { type: 'string', default: '250' },
    'idle-seconds': { type: 'string', default: '5' },
  },
});
const ORDERS = Number(args.orders);
const ITEMS = Number(args.items);
const CLIENTS = Number(args.clients);
const INTERVAL_MS = Number(args.interval);
const IDLE_SECONDS = Number(args['idle-seconds']);

// Our import's speed, not Allegro's limit (9,000 calls a minute: a real first import of 10,000 orders takes longer).
const { engine, fake, call, statusId, connect, stop } = await startAllegroBench({
  fresh: 'allegro',
  prefix: 'alg',
  values: { pushStock: false },
});
try {
  console.log(`${engine}: creating ${ITEMS} items and ${ORDERS} orders on the fake...`);
  for (let i = 0; i < ITEMS; i++)
    await call('POST', '/api/items', {
      code: `ALG-${i}`,
      name: `Towar Allegro ${i}`,
      price: 10 + (i % 90),
      vat: 23,
      currency: 'PLN',
      countWare: 100_000,
      ...(statusId ? { itemStatusId: statusId } : {}),
    });
  for (let i = 0; i < ITEMS; i++) fake.addOffer(String(9_000_000 + i), `Oferta ${i}`, `ALG-${i}`, 10, '19.99');
  let lines = 0;
  for (let o = 0; o < ORDERS; o++) {
    const n = 1 + (o % 5);
    lines += n;
    fake.addOrder({
      lines: Array.from({ length: n }, (_, k) => {
        const i = (o * 7 + k * 13) % ITEMS;
        return { offerId: String(9_000_000 + i), externalId: `ALG-${i}`, quantity: 1 + (k % 2), price: '19.99' };
      }),
    });
  }
  await connect();

  // The item list: idle, then during the import.
  const listTimes = [];
  let stop = false;
  const client = async () => {
    while (!stop) {
      const t0 = performance.now();
      await call('GET', '/api/items?page=1&perPage=100');
      listTimes.push(performance.now() - t0);
      await sleep(INTERVAL_MS);
    }
  };
  const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? 0;
  let clients = Array.from({ length: CLIENTS }, client);
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  stop = true;
  await Promise.all(clients);
  const idle = p95(listTimes);
  listTimes.length = 0;
  stop = false;
  clients = Array.from({ length: CLIENTS }, client);

  const t0 = performance.now();
  const { jobId } = await call('POST', `${A}/sync`, {});
  for (;;) {
    const { jobs } = await call('GET', `/api/jobs?pluginId=allegro&perPage=100`);
    const job = jobs.find((j) => j.id === jobId);
    if (job?.state === 'done') break;
    if (job?.state === 'dead') throw new Error(`sync dead: ${job.lastError}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (performance.now() - t0) / 1000;
  stop = true;
  await Promise.all(clients);
  const busy = p95(listTimes);
  const orders = await call('GET', '/api/orders?perPage=25');
  console.log(
    `${engine}: ${ORDERS} orders (${lines} lines) imported in ${seconds.toFixed(1)} s (target 60 s); ` +
      `orders in GET /orders: ${orders.count}; item list p95 idle ${idle.toFixed(1)} ms, during ${busy.toFixed(1)} ms ` +
      `(${(busy / Math.max(idle, 0.1)).toFixed(2)}x, target 2x)`,
  );
} finally {
  await stop();
}
