// Invoices as one PDF (docs/performance.md, Invoices): "100 invoices as one PDF <= 1 s".
// 1. renderInvoicesPdf of 100 issued snapshots straight (no HTTP, no database);
// 2. POST /orders/print_invoice_many of 100 orders over real HTTP: the first call issues all 100
//    (numbers, snapshots, print log, one transaction) and prints them; later calls reprint.
// Usage: npm run bench:invoices [-- --runs 7 --count 100 --lines 5]
// SQLite in a temporary DATA_DIR by default; PostgreSQL when BENCH_DATABASE_URL is set (a fresh
// database next to it, dropped afterwards).
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { benchDatabase } from './bench-db.mjs';
import { apiCaller, signIn } from './bench-server.mjs';
import { loadConfig } from '../packages/server/src/config.ts';
import { renderInvoicesPdf } from '../packages/server/src/modules/invoices/index.ts';
import { createApp, openAndMigrate } from '../packages/server/src/server.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    count: { type: 'string', default: '100' },
    lines: { type: 'string', default: '5' },
  },
});
const RUNS = Number(args.runs);
const COUNT = Number(args.count);
const LINES = Number(args.lines);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
/** CPU milliseconds of this process (server and client share it): less skewed by a loaded machine. */
const cpuMs = (since) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const { env, dropDb } = await benchDatabase({ fresh: 'invoices' });
const { database, deps } = await openAndMigrate(loadConfig(env));
const engine = database.engine === 'postgres' ? 'PostgreSQL' : 'SQLite';
const { app } = await createApp({ ...deps, config: { ...deps.config, logLevel: 'silent' } }, { logger: false });
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // An organisation through the CLI's path would need a captcha; the registration seam is for
  // tests, so the organisation and its administrator come from the demo seed's single step.
  const { seedDemo } = await import('../packages/server/src/demo/demo-seed.ts');
  const seeded = await seedDemo(database, deps, { prefix: 'fakt', password: 'Bench-Haslo-1', items: 10, orders: 0 });
  const call = apiCaller(base, (await signIn(base, seeded.login, 'Bench-Haslo-1')).headers);
  const status = await call('POST', '/api/order_statuses', { name: 'Nowe', color: '0000ff' });
  const source = await call('POST', '/api/income_sources', { name: 'Sklep' });
  const ids = [];
  for (let i = 0; i < COUNT; i++) {
    const order = await call('POST', '/api/orders', {
      orderStatusId: status.id,
      incomeSourceId: source.id,
      deliveryCost: 15.99,
      deliveryVat: 23,
      clientData: { nameSurname: 'Zofia Wiśniewska', city: 'Kraków', email: 'zofia@example.pl' },
      invoice:
        i % 2
          ? { isCompany: true, companyName: `Żółta Gęś ${i} sp. z o.o.`, companyTaxId: '5260250274', city: 'Łódź' }
          : { nameSurname: `Jan Kowalski ${i}`, address: 'Długa 1', postCode: '00-001', city: 'Warszawa' },
      items: Array.from({ length: LINES }, (_, k) => ({
        code: `KOD-${k}`,
        name: `Kubek ceramiczny źdźbło ${k}`,
        quantity: 1 + (k % 3),
        price: 19.99 + k,
        vat: [23, 8, 5, 0][k % 4],
      })),
    });
    ids.push(order.id);
  }

  const renderTimes = [];
  const many = async () => {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const answer = await call('POST', '/api/orders/print_invoice_many', { ids });
    const ms = performance.now() - t0;
    const cpu = cpuMs(c0);
    if (answer.ok.length !== COUNT || !answer.pdf)
      throw new Error(`print_invoice_many: ${JSON.stringify(answer).slice(0, 300)}`);
    return { ms, cpu, bytes: Buffer.from(answer.pdf, 'base64').length };
  };
  const issue = await many();
  console.log(
    `${engine}: print_invoice_many issuing ${COUNT} invoices + PDF: ${issue.ms.toFixed(0)} ms (CPU ${issue.cpu.toFixed(0)} ms) (load ${load()})`,
  );
  const reprints = [];
  const reprintCpu = [];
  for (let r = 0; r < RUNS; r++) {
    const run = await many();
    reprints.push(run.ms);
    reprintCpu.push(run.cpu);
  }
  console.log(
    `${engine}: print_invoice_many reprint of ${COUNT} (${(issue.bytes / 1024).toFixed(0)} kB PDF): median ` +
      `${median(reprints).toFixed(0)} ms (CPU ${median(reprintCpu).toFixed(0)} ms) over ${RUNS} runs, target <= 1000 ms: ${median(reprints) <= 1000 ? 'OK' : 'MISSED'} (load ${load()})`,
  );

  const rows = await deps.db.selectFrom('invoices').select('snapshot').orderBy('id').limit(COUNT).execute();
  const snapshots = rows.map((r) => JSON.parse(r.snapshot));
  const renderCpu = [];
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await renderInvoicesPdf(snapshots);
    renderTimes.push(performance.now() - t0);
    renderCpu.push(cpuMs(c0));
  }
  console.log(
    `renderInvoicesPdf of ${COUNT} snapshots (${LINES + 1} lines each): median ${median(renderTimes).toFixed(0)} ms (CPU ${median(renderCpu).toFixed(0)} ms) over ${RUNS} runs (load ${load()})`,
  );
} finally {
  await app.close();
  await database.destroy();
  await dropDb();
  fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
}
