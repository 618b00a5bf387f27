// A receipt of 10 lines printed on the POSNET emulator (docs/plugins.md, "Plugin: fiscal-printer";
// issue 21): mixed rates (A 23 %, B 8 %, C 5 %, D 0 %, E zw), Polish names, the buyer's NIP; target
// <= 1 s.
// - the printer's session: what the plugin's print job sends for one receipt on a new connection
//   (state, counter, letters, trinit, 10 trline, trnipset, trpayment, trend, counter), in process;
// - through the API: POST /api/plugins/invoicing/receipts of a stationary order on the real server
//   (`npm start`: HTTP workers and the job worker) until it answers `printed: true`. That is the
//   job's claim (an idle job worker looks for due jobs every JOBS_POLL_MS, 1 s by default), the
//   print, and the invoicing route's look at the receipt (every 100 ms).
// Usage: npm run bench:receipt-print [-- --runs 30]; JOBS_POLL_MS=250 npm run bench:receipt-print
// shows the API path with a job worker that looks for jobs more often.
// SQLite by default, PostgreSQL when BENCH_DATABASE_URL is set (a fresh database, dropped at the end).
import { parseArgs } from 'node:util';
import { benchDatabase } from './bench-db.mjs';
import { apiCaller, createBenchOrg, signIn, startBenchServer } from './bench-server.mjs';
import {
  PosnetConnection,
  printReceipt,
  readCounters,
  readDevice,
  readRates,
  type Receipt,
} from '../plugins/fiscal-printer/server/posnet.ts';
import { startPosnetEmulator } from '../plugins/fiscal-printer/test/posnet-emulator.ts';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '30' } } });
const RUNS = Number(args.runs);
const PASSWORD = 'Bench1234!';

const ITEMS = [
  ['Kawa ziarnista Łódzka 1kg', 59.99, 23, 2],
  ['Herbata żółta', 12.5, 23, 1],
  ['Chleb żytni', 7.2, 5, 1],
  ['Książka kucharska', 45, 5, 1],
  ['Bułka maślana', 1.2, 8, 6],
  ['Ciasto drożdżowe', 18.9, 8, 1],
  ['Kubek „Gęś”', 24.99, 23, 2],
  ['Usługa pakowania', 5, 'zw', 1],
  ['Eksport próbki', 10, 0, 1],
  ['Świeca zapachowa', 29.99, 23, 1],
] as const;
const SLOT: Record<string, number> = { '23': 0, '8': 1, '5': 2, '0': 3, zw: 4 };

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * p) - 1)]!;
};
const ms = (x: number) => `${Math.round(x)} ms`;
const summary = (xs: number[]) => `median ${ms(pct(xs, 0.5))}, p95 ${ms(pct(xs, 0.95))}, max ${ms(Math.max(...xs))}`;

const printer = await startPosnetEmulator();
try {
  // ---- the printer's session, in process -------------------------------------------------------
  const receipt: Receipt = {
    lines: ITEMS.map(([name, price, vat, quantity]) => {
      const unitGross = Math.round(price * 100);
      return { name, quantity, unitGross, gross: unitGross * quantity, vatSlot: SLOT[String(vat)]! };
    }),
    nip: '5260250274',
    paymentType: 0,
  };
  const session: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const conn = await PosnetConnection.connect(printer.host, printer.port);
    try {
      await readDevice(conn);
      await readCounters(conn);
      await readRates(conn);
      await printReceipt(conn, receipt);
      await readCounters(conn);
    } finally {
      conn.close();
    }
    session.push(performance.now() - t0);
  }
  if (printer.receipts.length !== RUNS || printer.receipts.some((r) => r.lines.length !== 10))
    throw new Error('the emulator did not print every receipt with 10 lines');
  console.log(`printer session, 10 lines, ${RUNS} receipts: ${summary(session)}`);

  // ---- through the API, on the real server -----------------------------------------------------
  const { env, dropDb } = await benchDatabase({ fresh: 'receiptprint' });
  const engine = env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  const login = createBenchOrg(env, { prefix: 'rcp', password: PASSWORD });
  const srv = await startBenchServer(env);
  try {
    const { headers } = await signIn(srv.base, login, PASSWORD);
    const call = apiCaller(srv.base, headers);
    for (const pluginId of ['invoicing', 'fiscal-printer']) {
      const res = await fetch(`${srv.base}/api/plugin_install`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: `pluginId=${pluginId}`,
      });
      if (res.status !== 204) throw new Error(`install ${pluginId}: ${res.status} ${await res.text()}`);
    }
    await call('PUT', '/api/plugins/fiscal-printer/settings', { values: { host: printer.host, port: printer.port } });
    const orders: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const order = await call('POST', '/api/orders', {
        stationary: true,
        deliveryCost: 0,
        deliveryVat: 23,
        clientData: { nameSurname: `Klient ${i}`, street: 'Długa', buildNr: '1', postCode: '00-001', city: 'Łódź' },
        items: ITEMS.map(([name, price, vat, quantity], j) => ({
          code: `T-${j}`,
          name,
          quantity,
          price,
          vat,
          itemId: null,
        })),
      });
      orders.push(order.id);
    }
    const before = printer.receipts.length;
    const api: number[] = [];
    for (const orderId of orders) {
      const t0 = performance.now();
      const a = await call('POST', '/api/plugins/invoicing/receipts', { orderId, buyerTaxId: '5260250274' });
      api.push(performance.now() - t0);
      if (!a.printed) throw new Error(`receipt of order ${orderId} not printed: ${a.printMessage}`);
    }
    if (printer.receipts.length - before !== RUNS) throw new Error('a receipt was printed twice or not at all');
    const poll = env.JOBS_POLL_MS ? `${env.JOBS_POLL_MS} ms` : '1 s (default)';
    console.log(`through the API (${engine}, POST /receipts until printed, JOBS_POLL_MS ${poll}): ${summary(api)}`);
  } finally {
    await srv.stop();
    await dropDb();
  }
} finally {
  await printer.close();
}
