// Invoices to KSeF at scale (docs/plugins.md, "Plugin: invoicing"; issue 21 §4): 1,000 orders'
// invoices issued in one mass print, then the app's own job worker (npm start) builds each as
// FA(3), validates it against the official schema and sends it, encrypted, to the fake KSeF
// (plugins/invoicing/test/fake-ksef.ts) in one interactive session, then asks for the statuses,
// KSeF numbers and UPOs. Timed from the issue to the last invoice ACCEPTED; target <= 60 s.
// Usage: npm run bench:ksef [-- --count 1000 --latency 0]
// SQLite by default, PostgreSQL when BENCH_DATABASE_URL is set (a fresh database, dropped at the end).
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { benchDatabase } from './bench-db.mjs';
import { apiCaller, createBenchOrg, signIn, startBenchServer } from './bench-server.mjs';
import { startFakeKsef } from '../plugins/invoicing/test/fake-ksef.ts';

const { values: args } = parseArgs({
  options: { count: { type: 'string', default: '1000' }, latency: { type: 'string', default: '0' } },
});
const COUNT = Number(args.count);
const PASSWORD = 'Bench1234!';
const NIP = '5260250995';
const TOKEN = `20261129-EC-0A1B2C3D4E-5F6A7B8C9D-0E|nip-${NIP}|${'b3c4'.repeat(16)}`;

const { env, dropDb } = await benchDatabase({ fresh: 'ksefsend' });
const engine = env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const seller = createBenchOrg(env, { prefix: 'ksf', password: PASSWORD });
// The seller on the invoices: KSeF takes only invoices with the seller's NIP.
execFileSync(
  process.execPath,
  [
    'packages/server/dist/cli.mjs',
    'org:update',
    '--prefix',
    'ksf',
    '--name',
    'Sklep Bench sp. z o.o.',
    '--tax-id',
    NIP,
    '--address',
    'ul. Długa 1',
    '--post-code-city',
    '00-001 Warszawa',
  ],
  { env, stdio: 'inherit' },
);
const fake = await startFakeKsef({ processingMs: 1 });
fake.addToken(TOKEN, NIP);
fake.latencyMs = Number(args.latency);
const srv = await startBenchServer({ ...env, JOBS_POLL_MS: '200' });
try {
  const headers = (await signIn(srv.base, seller, PASSWORD)).headers;
  const call = apiCaller(srv.base, headers);
  const install = await fetch(`${srv.base}/api/plugin_install`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'pluginId=invoicing',
  });
  if (install.status !== 204) throw new Error(`install: ${install.status} ${await install.text()}`);
  await call('PUT', '/api/plugins/invoicing/settings', {
    values: { environment: 'TEST', apiUrl: fake.url, nip: NIP },
    secrets: { ksefToken: TOKEN },
  });
  const ids = [];
  for (let n = 0; n < COUNT; n++)
    ids.push(
      (
        await call('POST', '/api/orders', {
          deliveryCost: 12.99,
          deliveryVat: 23,
          currency: 'PLN',
          clientData: { nameSurname: `Klient ${n}`, street: 'Długa', buildNr: '1', postCode: '00-001', city: 'Kraków' },
          invoice:
            n % 3 === 0
              ? {
                  isCompany: false,
                  nameSurname: `Klient ${n}`,
                  address: 'Długa 1',
                  postCode: '00-001',
                  city: 'Kraków',
                  countryCode: 'PL',
                }
              : {
                  isCompany: true,
                  companyName: `Firma ${n} sp. z o.o.`,
                  companyTaxId: '5260250274',
                  address: 'ul. Świętokrzyska 12',
                  postCode: '00-916',
                  city: 'Łódź',
                  countryCode: 'PL',
                },
          items: [
            {
              code: `KUBEK-${n}`,
              name: 'Kubek ceramiczny',
              quantity: 1 + (n % 3),
              price: 19.99,
              vat: 23,
              itemId: null,
            },
            { code: `KS-${n}`, name: 'Książka', quantity: 1, price: 39.9, vat: 5, itemId: null },
            { code: `CH-${n}`, name: 'Chleb', quantity: 2, price: 6.5, vat: 8, itemId: null },
          ],
        })
      ).id,
    );
  const t0 = performance.now();
  for (let i = 0; i < ids.length; i += 500) {
    const res = await call('POST', '/api/orders/print_invoice_many', { ids: ids.slice(i, i + 500), noPrint: true });
    if (res.ok.length !== Math.min(500, ids.length - i))
      throw new Error(`issue: ${JSON.stringify(res.err).slice(0, 300)}`);
  }
  const issuedSeconds = (performance.now() - t0) / 1000;
  let counts = {};
  let firstSent = null;
  let allSent = null;
  for (const end = Date.now() + 300_000; Date.now() < end;) {
    counts = (await call('GET', '/api/plugins/invoicing/invoices?limit=1')).counts;
    if (firstSent === null && fake.invoices.length > 0) firstSent = (performance.now() - t0) / 1000;
    if (allSent === null && fake.invoices.length >= COUNT) allSent = (performance.now() - t0) / 1000;
    if ((counts.ACCEPTED ?? 0) + (counts.REJECTED ?? 0) >= COUNT) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const total = (performance.now() - t0) / 1000;
  const sessions = new Set(fake.invoices.map((i) => i.sessionReferenceNumber)).size;
  if (counts.REJECTED)
    console.log(
      (await call('GET', '/api/plugins/invoicing/invoices?state=REJECTED&limit=2')).invoices.map((i) => i.error),
    );
  console.log(`${engine}, fake KSeF answering in ${fake.latencyMs} ms:`);
  console.log(`  ${COUNT} invoices issued (mass print, no PDF): ${issuedSeconds.toFixed(1)} s`);
  console.log(
    `  from the issue to all ${COUNT} built, validated, sent and ACCEPTED with KSeF number and UPO: ${total.toFixed(1)} s ` +
      `(target 60 s; first invoice at KSeF after ${firstSent?.toFixed(1)} s, all ${COUNT} after ${allSent?.toFixed(1)} s)`,
  );
  console.log(
    `  states: ${JSON.stringify(counts)}; invoices received by KSeF: ${fake.invoices.length} in ${sessions} session(s)`,
  );
  if ((counts.ACCEPTED ?? 0) !== COUNT) process.exitCode = 1;
} finally {
  await srv.stop();
  await fake.close();
  await dropDb();
}
