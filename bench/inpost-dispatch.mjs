// Dispatch through a carrier plugin at its service's speed (docs/plugins.md, "Plugin: inpost"; issue
// 20 §4): the fake ShipX (plugins/inpost/test/fake-inpost.ts) answers every call in 200 ms and
// confirms a shipment at its first read, as ShipX does when it is quick. A dispatch is then three
// calls: create, the confirmation read, the label.
// - one order: print_bol of one locker order at a time (dispatch and label PDF), p95 of 30; target <= 1 s;
// - mass waybills: print_bol_many of 100 orders (one PDF of 100 labels); target <= 15 s;
// - another seller's writes (new orders) meanwhile: their p95 against their idle p95, so a carrier
//   call never holds anyone's write up (it runs outside every transaction).
// Usage: npm run bench:inpost-dispatch [-- --latency 200]
// SQLite by default, PostgreSQL when BENCH_DATABASE_URL is set (a fresh database, dropped at the end).
import { parseArgs } from 'node:util';
import { benchDatabase } from './bench-db.mjs';
import { apiCaller, createBenchOrg, signIn, startBenchServer } from './bench-server.mjs';
import { FAKE_ORG_ID, FAKE_TOKEN, startFakeInpost } from '../plugins/inpost/test/fake-inpost.ts';

const { values: args } = parseArgs({ options: { latency: { type: 'string', default: '200' } } });
const PASSWORD = 'Bench1234!';
const SINGLE = 30;
const MASS = 100;

const p95 = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)];
};
const ms = (x) => `${Math.round(x)} ms`;

const { env, dropDb } = await benchDatabase({ fresh: 'inpostdispatch' });
const engine = env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const seller = createBenchOrg(env, { prefix: 'ipd', password: PASSWORD });
const other = createBenchOrg(env, { prefix: 'ipo', password: PASSWORD });
const fake = await startFakeInpost();
fake.latencyMs = Number(args.latency);
fake.confirmAfterMs = 0;
const srv = await startBenchServer(env);
try {
  const call = apiCaller(srv.base, (await signIn(srv.base, seller, PASSWORD)).headers);
  const otherCall = apiCaller(srv.base, (await signIn(srv.base, other, PASSWORD)).headers);
  const install = await fetch(`${srv.base}/api/plugin_install`, {
    method: 'POST',
    headers: {
      ...(await signIn(srv.base, seller, PASSWORD)).headers,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'pluginId=inpost',
  });
  if (install.status !== 204) throw new Error(`install: ${install.status} ${await install.text()}`);
  await call('PUT', '/api/plugins/inpost/settings', {
    values: { apiUrl: fake.url, organizationId: FAKE_ORG_ID },
    secrets: { token: FAKE_TOKEN },
  });
  const carriers = await call('GET', '/api/carriers');
  const locker = carriers.carriers
    .find((c) => c.id === 'inpost')
    .methods.find((m) => m.sendType === 'ONLY_PICKUP_POINT');
  const order = (n) => ({
    deliveryCost: 12.99,
    deliveryVat: 23,
    shippingMethod: 'PICKUP_POINT',
    carrierMethodId: locker.id,
    cashOnDelivery: n % 2 === 0,
    sizeA: 300,
    sizeB: 200,
    sizeC: 80,
    weight: 1.2,
    clientData: {
      nameSurname: `Klient ${n}`,
      pickupPoint: 'KRA010',
      tel: '600100200',
      email: `k${n}@example.pl`,
      street: 'Długa',
      buildNr: '1',
      postCode: '00-001',
      city: 'Kraków',
    },
    items: [{ code: `KUBEK-${n}`, name: 'Kubek', quantity: 1 + (n % 3), price: 19.99, vat: 23, itemId: null }],
  });
  const ids = [];
  for (let i = 0; i < SINGLE + MASS; i++) ids.push((await call('POST', '/api/orders', order(i))).id);
  const otherOrder = (n) => ({ ...order(n), shippingMethod: 'ADDRESS', carrierMethodId: null });

  // Another seller's write, timed: a new order (its transaction takes the write lock on SQLite).
  const otherWrite = async (n) => {
    const t = performance.now();
    await otherCall('POST', '/api/orders', otherOrder(n));
    return performance.now() - t;
  };
  const idle = [];
  for (let i = 0; i < 40; i++) idle.push(await otherWrite(i));

  const single = [];
  for (const id of ids.slice(0, SINGLE)) {
    const t = performance.now();
    const a = await call('POST', '/api/orders/print_bol', { orderId: id });
    single.push(performance.now() - t);
    if (!/^\d{24}$/.test(a.billOfLading) || !a.pdf) throw new Error(`order ${id}: ${JSON.stringify(a).slice(0, 200)}`);
  }

  let running = true;
  const during = [];
  const writer = (async () => {
    for (let n = 1000; running; n++) during.push(await otherWrite(n));
  })();
  const t0 = performance.now();
  const mass = await call('POST', '/api/orders/print_bol_many', { ids: ids.slice(SINGLE), format: 'A6' });
  const massSeconds = (performance.now() - t0) / 1000;
  running = false;
  await writer;
  if (mass.ok.length !== MASS || mass.err.length > 0)
    throw new Error(`mass: ${JSON.stringify(mass.err).slice(0, 300)}`);
  const shipments = fake.shipments.length;

  console.log(
    `${engine}, ShipX fake answering in ${fake.latencyMs} ms (create, confirmation read, label: 3 calls a parcel):`,
  );
  console.log(`  one order (print_bol with its label), ${SINGLE} in a row: p95 ${ms(p95(single))} (target 1 s)`);
  console.log(`  ${MASS} orders' mass waybills (one PDF): ${massSeconds.toFixed(1)} s (target 15 s)`);
  console.log(
    `  another seller's new orders: idle p95 ${ms(p95(idle))}, during the mass dispatch p95 ${ms(p95(during))}, ` +
      `max ${ms(Math.max(...during))} (${during.length} writes; a write waiting for a carrier call would take >= ${fake.latencyMs} ms)`,
  );
  console.log(`  shipments created at the fake: ${shipments} for ${SINGLE + MASS} orders`);
} finally {
  await srv.stop();
  await fake.close();
  await dropDb();
}
