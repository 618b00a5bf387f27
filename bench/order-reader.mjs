// Scan round trip of the order barcode reader, POST /api/orders/barcodes, with many readers
// scanning at once, beside a hello-world route (GET /api/, public, no database) measured in the
// same run against the same server: the real `npm start` entry (cluster, WEB_CONCURRENCY workers).
// Scenarios, each `seconds` long with `connections` readers (autocannon on loopback):
//   hello   GET /api/
//   token   GET /api/login (the token check every scan pays first: the floor of a signed-in call)
//   select  ORDER:{id} (reads the order and its lines, writes the log row)
//   send    CMD:SEND with the order selected (read only: the waybill action; plus the log row)
//   weight  WEIGHT:{g} with the order selected (a write: locks the order, patchOrder, roll-ups)
// Usage: npm run bench:order-reader -- [seconds=10] [connections=50]
// SQLite in a temporary DATA_DIR, or PostgreSQL when BENCH_DATABASE_URL is set (a fresh database
// next to it, dropped afterwards). Target (issue 9): p99 <= 30 ms and >= 3,000 scans/s.
import os from 'node:os';
import autocannon from 'autocannon';
import { benchDatabase } from './bench-db.mjs';
import { apiCaller, createBenchOrg, serverCpuMs, signIn, startBenchServer } from './bench-server.mjs';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 50);
const ORDERS = 200;
const { env, dropDb } = await benchDatabase({ fresh: 'order_reader' });
const login = createBenchOrg(env, { prefix: 'bench', password: 'Bench-Haslo-1' });
const { base, server, stop } = await startBenchServer(env);

try {
  const { headers } = await signIn(base, login, 'Bench-Haslo-1');
  const call = apiCaller(base, headers);

  // Reference data, one item and ORDERS orders of three lines each.
  const status = await call('POST', '/api/order_statuses', { name: 'Nowe', color: '0000ff' });
  const source = await call('POST', '/api/income_sources', { name: 'Sklep' });
  const itemStatus = await call('POST', '/api/item_statuses', { name: 'Aktywny', color: '00ff00' });
  const item = await call('POST', '/api/items', {
    code: 'KUBEK-1',
    name: 'Kubek',
    price: 10,
    vat: 23,
    currency: 'PLN',
    countWare: 1_000_000,
    itemStatusId: itemStatus.id,
  });
  const ids = [];
  for (let i = 0; i < ORDERS; i++) {
    const order = await call('POST', '/api/orders', {
      orderStatusId: status.id,
      incomeSourceId: source.id,
      deliveryCost: 15,
      deliveryVat: 23,
      clientData: { nameSurname: 'Jan Kowalski', street: 'Długa', buildNr: '1', postCode: '00-001', city: 'Warszawa' },
      items: [
        { code: 'KUBEK-1', name: 'Kubek', quantity: 2, price: 10, vat: 23, itemId: item.id },
        { code: 'LUZ-1', name: 'Karton', quantity: 1, price: 2, vat: 23, itemId: null },
        { code: 'LUZ-2', name: 'Taśma', quantity: 1, price: 3, vat: 23, itemId: null },
      ],
    });
    ids.push(order.id);
  }

  const engine = env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  let n = 0;
  const scan = (body) => ({
    method: 'POST',
    path: '/api/orders/barcodes',
    headers,
    setupRequest: (req) => ({ ...req, body: JSON.stringify(body(ids[n++ % ids.length])) }),
  });
  const scenarios = [
    ['hello GET /api/', { url: `${base}/api/` }],
    ['token check GET /api/login', { url: `${base}/api/login`, headers }],
    ['select ORDER:{id}', { url: base, requests: [scan((id) => ({ barcode: `ORDER:${id}`, orderId: null }))] }],
    ['send CMD:SEND', { url: base, requests: [scan((id) => ({ barcode: 'CMD:SEND', orderId: id }))] }],
    [
      'weight WEIGHT:{g}',
      { url: base, requests: [scan((id) => ({ barcode: `WEIGHT:${1000 + (n % 500)}`, orderId: id }))] },
    ],
  ];
  console.log(`${engine}, ${connections} connections, ${seconds} s each, ${os.availableParallelism()} cores`);
  // Warm-up: every path compiled (tsx, V8) and every statement prepared before anything is measured.
  for (const [, opts] of scenarios) await autocannon({ ...opts, connections, duration: 2 });
  for (const [name, opts] of scenarios) {
    const before = load();
    const cpuBefore = serverCpuMs(server.pid);
    const result = await autocannon({ ...opts, connections, duration: seconds });
    const cpu = (serverCpuMs(server.pid) - cpuBefore) / Math.max(1, result.requests.total);
    const errors = result.non2xx + result.errors + result.timeouts;
    console.log(
      `${engine} ${name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, ` +
        `p99 ${result.latency.p99} ms, errors ${errors}, server CPU ${cpu.toFixed(2)} ms a request ` +
        `(${Math.round((os.availableParallelism() * 1000) / cpu)} req/s if the server had every core), ` +
        `load ${before} -> ${load()}`,
    );
  }
} finally {
  await stop();
  await dropDb();
}
