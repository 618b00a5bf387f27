// JPK_V7M(3) of a month of 100,000 invoices (docs/plugins.md, "Plugin: jpk"; target: built and
// validated in <= 30 s). A demo organisation gets 100,000 invoices of 1-5 lines at mixed rates
// (a third to companies) and 5,000 receipts in one month, written straight into the core's tables
// (not timed); then the plugin's own job `jpk.build` runs in a job worker, in a process of its own
// (so the memory measured is the job's), exactly as in production: the month read in pages
// through the SDK's documentsOfMonth, the XML written as it goes, validated against the official
// schema (xmllint-wasm, streaming mode), stored. Timed: the whole job and its phases (reading and
// writing / validating and storing, from the file row's `phase`), the peak resident memory of that
// process meanwhile (the validator's WebAssembly runs in a worker thread of it). Then the stored file is validated again in child processes,
// once in streaming mode (what the job does) and once as a tree (the SDK's validateAgainstXsd),
// each reporting its own peak memory: the figure behind choosing the streaming mode.
// Usage: npm run bench:jpk [-- --invoices 100000 --receipts 5000]; BENCH_JOB_NODE_ARGS passes Node
// options to the job's process (e.g. --max-old-space-size=128: the live set is small, the rest of
// the peak is garbage the collector has not taken yet).
// SQLite in a temporary DATA_DIR by default; PostgreSQL when BENCH_DATABASE_URL is set (a fresh
// database next to it, dropped afterwards).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { validateAgainstXsd, validateXmlStream } from '@zaplecze/plugin-sdk';
import { benchDatabase } from './bench-db.mjs';
import { loadConfig } from '../packages/server/src/config.ts';
import { TenantDb } from '../packages/server/src/db/tenant.ts';
import { seedDemo } from '../packages/server/src/demo/demo-seed.ts';
import { pluginsModule } from '../packages/server/src/modules/plugins/index.ts';
import { JobWorker } from '../packages/server/src/platform/jobs/index.ts';
import { writePluginSettings } from '../packages/server/src/platform/plugin-settings/index.ts';
import { pluginFiles } from '../packages/server/src/plugin-sdk/files.ts';
import { enqueuePluginJob } from '../packages/server/src/plugin-sdk/index.ts';
import { openAndMigrate } from '../packages/server/src/server.ts';
import { manifest } from '../plugins/jpk/manifest.ts';
import { firstDayOf, lastDayOf } from '../plugins/jpk/schemas.ts';
import { V7M3_SET, v7m3Dir } from '../plugins/jpk/server/schemas.ts';
import { FILES, jpkDb } from '../plugins/jpk/server/tables.ts';
import { COMPANY_SETTINGS, insertDocuments, SELLER_NIP, snapshot } from '../plugins/jpk/test/documents.ts';

const { values: args } = parseArgs({
  options: {
    invoices: { type: 'string', default: '100000' },
    receipts: { type: 'string', default: '5000' },
    // Internal: validate one stored file in this (child) process and print its peak memory.
    'validate-only': { type: 'string' },
    mode: { type: 'string', default: 'stream' },
    // Internal: run the file's job in this (child) process.
    'run-job': { type: 'string' },
    org: { type: 'string' },
  },
});

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

if (args['validate-only']) {
  // A child process: one validation of the file, its time and this process's peak memory.
  const xml = fs.readFileSync(args['validate-only']);
  const before = process.memoryUsage().rss;
  const t0 = performance.now();
  const errors =
    args.mode === 'stream'
      ? await validateXmlStream(v7m3Dir(), V7M3_SET, { name: 'JPK_V7M', xml })
      : await validateAgainstXsd(v7m3Dir(), V7M3_SET, [{ name: 'JPK_V7M', xml: xml.toString('utf8') }]);
  const ms = performance.now() - t0;
  if (errors.length > 0) throw new Error(`invalid: ${JSON.stringify(errors.slice(0, 3))}`);
  console.log(JSON.stringify({ ms, maxRss: process.resourceUsage().maxRSS * 1024, before, file: xml.length }));
  process.exit(0);
}

if (args['run-job']) {
  // A child process: the job worker runs the file's job; its time, phases and this process's peak memory.
  const { database, deps } = await openAndMigrate(loadConfig(process.env));
  const tdb = new TenantDb(database.db, Number(args.org));
  const fileId = Number(args['run-job']);
  const worker = new JobWorker({
    db: database.db,
    engine: database.engine,
    kinds: pluginsModule.jobs!(deps),
    log: () => undefined,
  });
  const before = process.memoryUsage().rss;
  let peak = before;
  const phases: { phase: string; at: number }[] = [];
  const t0 = performance.now();
  const peaks = { heapUsed: 0, external: 0, arrayBuffers: 0 };
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    peaks.heapUsed = Math.max(peaks.heapUsed, m.heapUsed);
    peaks.external = Math.max(peaks.external, m.external);
    peaks.arrayBuffers = Math.max(peaks.arrayBuffers, m.arrayBuffers);
    void jpkDb(tdb)
      .selectFrom(FILES)
      .select('phase')
      .where('id', '=', fileId)
      .executeTakeFirst()
      .then((r) => {
        const phase = r?.phase ?? 'end';
        if (phases.at(-1)?.phase !== phase) phases.push({ phase, at: performance.now() - t0 });
      });
  }, 25);
  const ran = await worker.drain();
  const total = performance.now() - t0;
  clearInterval(sampler);
  await database.destroy();
  if (ran !== 1) throw new Error(`ran ${ran} jobs`);
  console.log(
    JSON.stringify({ total, phases, peak: Math.max(peak, process.resourceUsage().maxRSS * 1024), before, peaks }),
  );
  process.exit(0);
}

const INVOICES = Number(args.invoices);
const RECEIPTS = Number(args.receipts);
const YEAR = 2026;
const MONTH = 10;
const RATES = [23, 23, 23, 8, 5, 0, 'zw', 'np'] as const;

function document(n: number, kind: 'invoice' | 'receipt') {
  return snapshot({
    kind,
    n,
    year: YEAR,
    month: MONTH,
    day: 1 + (n % 31),
    lines: Array.from({ length: 1 + (n % 5) }, (_, i) => ({
      name: `Towar ${n}-${i} „żółty”`,
      quantity: 1 + ((n + i) % 4),
      unitGross: 199 + ((n * 37 + i * 101) % 60_000),
      vat: RATES[(n + i) % (kind === 'receipt' ? 6 : RATES.length)]!,
    })),
    buyer:
      kind === 'invoice' && n % 3 === 0
        ? { isCompany: true, name: `Hurtownia ${n} sp. z o.o.`, taxId: '5260250995', countryCode: 'PL' }
        : {},
    sellerNip: SELLER_NIP,
  });
}

const { env, dropDb } = await benchDatabase({ fresh: 'jpk' });
const { database, deps } = await openAndMigrate(loadConfig(env));
const engine = database.engine === 'postgres' ? 'PostgreSQL' : 'SQLite';
try {
  const seeded = await seedDemo(database, deps, { prefix: 'jpk', password: 'Bench-Haslo-1', items: 10, orders: 0 });
  const tdb = new TenantDb(database.db, seeded.orgId);
  await tdb.insertInto('plugin_installs', { plugin_id: 'jpk', installed_at: new Date().toISOString() }).execute();
  await writePluginSettings(tdb, deps.config, 'jpk', manifest.settings!, { values: COMPANY_SETTINGS, secrets: {} });
  const s0 = performance.now();
  for (let i = 0; i < INVOICES; i += 5000)
    await insertDocuments(
      database.db,
      seeded.orgId,
      'invoices',
      Array.from({ length: Math.min(5000, INVOICES - i) }, (_, k) => ({ snapshot: document(i + k + 1, 'invoice') })),
    );
  await insertDocuments(
    database.db,
    seeded.orgId,
    'receipts',
    Array.from({ length: RECEIPTS }, (_, k) => ({ snapshot: document(k + 1, 'receipt') })),
  );
  console.log(
    `${engine}: ${INVOICES} invoices and ${RECEIPTS} receipts of ${MONTH}/${YEAR} written in ${((performance.now() - s0) / 1000).toFixed(1)} s (not timed below)`,
  );

  // The file as POST /files leaves it: a row and its job.
  const file = await jpkDb(tdb)
    .insertInto(FILES, {
      job_id: null,
      kind: 'V7M',
      correction: 0,
      year: YEAR,
      month: MONTH,
      date_from: firstDayOf(YEAR, MONTH),
      date_to: lastDayOf(YEAR, MONTH),
      phase: null,
      documents: null,
      file_name: null,
      bytes: null,
      sha256: null,
      summary: null,
      error: null,
      created_at: new Date().toISOString(),
      created_by: 'bench',
      finished_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueuePluginJob(tdb, 'jpk', 'build', { payload: { fileId: Number(file.id) } });

  const job = JSON.parse(
    execFileSync(
      process.execPath,
      [
        ...(process.env.BENCH_JOB_NODE_ARGS ?? '').split(' ').filter(Boolean),
        '--import',
        'tsx',
        'bench/jpk.ts',
        '--run-job',
        String(file.id),
        '--org',
        String(seeded.orgId),
      ],
      {
        encoding: 'utf8',
        env: { ...process.env, ...env },
        maxBuffer: 1 << 20,
      },
    ).trim(),
  ) as {
    total: number;
    phases: { phase: string; at: number }[];
    peak: number;
    before: number;
    peaks: { heapUsed: number; external: number };
  };
  const row = await jpkDb(tdb).selectFrom(FILES).selectAll().where('id', '=', file.id).executeTakeFirstOrThrow();
  if (!row.file_name) throw new Error(`the job did not make the file: ${row.error ?? 'no row'}`);
  const summary = JSON.parse(row.summary!) as { rows: number };
  const at = (p: string) => job.phases.find((x) => x.phase === p)?.at;
  const span = (from: string, to: string) => {
    const a = at(from);
    const b = at(to) ?? job.total;
    return a === undefined ? 'n/a' : `${((b - a) / 1000).toFixed(1)} s`;
  };
  console.log(
    `${engine}: JPK_V7M of ${INVOICES} invoices + ${RECEIPTS} receipts (${summary.rows} rows, ${mb(Number(row.bytes))}): ` +
      `job ${(job.total / 1000).toFixed(1)} s (target <= 30 s: ${job.total <= 30_000 ? 'met' : 'MISSED'}): ` +
      `reading and writing ${span('reading', 'validating')}, validating and storing ${span('validating', 'end')}; ` +
      `the job process's peak RSS ${mb(job.peak)} (${mb(job.before)} before the job; peak JS heap ${mb(job.peaks.heapUsed)}, ` +
      `buffers ${mb(job.peaks.external)}) (load ${load()})`,
  );

  // The validator alone, in fresh processes: streaming (the job's) against a tree (the SDK's default).
  const stored = await pluginFiles.read(deps.config, 'jpk', seeded.orgId, row.file_name);
  const tmp = path.join(env.DATA_DIR!, 'jpk-bench.xml');
  fs.writeFileSync(tmp, stored);
  const child = (mode: string) =>
    JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', 'bench/jpk.ts', '--validate-only', tmp, '--mode', mode], {
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      }).trim(),
    ) as { ms: number; maxRss: number; before: number };
  for (const mode of ['stream', 'tree']) {
    const r = child(mode);
    console.log(
      `validator alone, ${mode === 'stream' ? 'streaming (the job)' : 'as a tree (validateAgainstXsd)'}: ${(r.ms / 1000).toFixed(1)} s, ` +
        `peak RSS ${mb(r.maxRss)} (${mb(r.before)} before it, file ${mb(stored.length)}) (load ${load()})`,
    );
  }
} finally {
  await database.destroy();
  await dropDb();
  fs.rmSync(env.DATA_DIR!, { recursive: true, force: true });
}
