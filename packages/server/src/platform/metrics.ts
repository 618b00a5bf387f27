import cluster, { type Worker } from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely, LogEvent } from 'kysely';
import type pg from 'pg';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { observeQueries, postgresPools } from '../db/database';
import type { DB } from '../db/schema';
import type { Config } from '../config';
import { queueDepth } from './jobs/store';
import { MSG } from './messages.pl';

/**
 * Prometheus metrics (docs/operations.md, Metrics), with prom-client. Off by default: nothing is
 * counted and GET /metrics answers 404 until `activateMetrics` runs (config.metricsEnabled).
 *
 * Each process counts into its own registry. Under `npm start` a scrape reaches one HTTP worker;
 * that worker asks the primary, which collects every worker's registry (the HTTP workers' and the
 * job worker's) over the cluster's IPC channel and sums them with prom-client's
 * `AggregatorRegistry.aggregate`: counters and histograms add up, gauges too (pool connections of
 * all workers), so one scrape describes the whole machine. What is read from the database (the job
 * queue's depth, the same for every process) is read once, by the worker that answers.
 *
 * Labels never carry a value of a request: the route is Fastify's pattern (`/api/users/:id`), a
 * path no route matched is `unmatched`, statements are named by their first keyword only.
 */

/** This process's metrics. */
const registry = new Registry();
let active = false;

/** Seconds: from a cached answer (0.5 ms) to a 10,000-row page (0.2 s) and a slow export. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: a primary-key read (0.05 ms) to a statement near the statement limit. */
const QUERY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 30];

const httpRequests = new Counter({
  name: 'zaplecze_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

const httpDuration = new Histogram({
  name: 'zaplecze_http_request_duration_seconds',
  help: 'Time from a request to its answer, by method and route pattern.',
  labelNames: ['method', 'route'] as const,
  buckets: HTTP_BUCKETS,
  registers: [registry],
});

const queryDuration = new Histogram({
  name: 'zaplecze_db_query_duration_seconds',
  help: 'Time of one database statement, by engine, first keyword and outcome.',
  labelNames: ['engine', 'statement', 'outcome'] as const,
  buckets: QUERY_BUCKETS,
  registers: [registry],
});

/** The counts of every open PostgreSQL pool of the process, read when scraped. */
function poolGauge(name: string, help: string, read: (p: { pool: pg.Pool; max: number }) => number) {
  return new Gauge({
    name,
    help,
    labelNames: ['pool'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const open of postgresPools()) this.inc({ pool: open.name }, read(open));
    },
  });
}

poolGauge(
  'zaplecze_db_pool_connections',
  'Open PostgreSQL connections of the pools (idle and in use).',
  (p) => p.pool.totalCount,
);
poolGauge('zaplecze_db_pool_idle_connections', 'Idle PostgreSQL connections of the pools.', (p) => p.pool.idleCount);
poolGauge(
  'zaplecze_db_pool_waiting_clients',
  'Requests waiting for a free PostgreSQL connection of the pools.',
  (p) => p.pool.waitingCount,
);
poolGauge('zaplecze_db_pool_max_connections', 'The most connections the pools may open.', (p) => p.max);

const jobRuns = new Counter({
  name: 'zaplecze_job_runs_total',
  help: 'Job runs ended, by plugin (core for the core) and outcome: done, retry and dead are failures counted by their result, paused (a 429), given_back (a shutdown).',
  labelNames: ['plugin', 'outcome'] as const,
  registers: [registry],
});

const readerScans = new Counter({
  name: 'zaplecze_reader_scans_total',
  help: 'Scans of the item and order readers, by reader and result (error: a red row).',
  labelNames: ['reader', 'result'] as const,
  registers: [registry],
});

/** Whether this process counts (config.metricsEnabled). */
export function metricsActive(): boolean {
  return active;
}

const STATEMENTS = new Set(['select', 'insert', 'update', 'delete', 'with', 'begin', 'commit', 'rollback']);

/** A statement's first keyword after leading comments (ARRAY_ROWS), or `other`. */
export function statementKind(text: string): string {
  const m = /^\s*(?:\/\*.*?\*\/\s*)*([A-Za-z]+)/.exec(text);
  const word = m?.[1]?.toLowerCase() ?? '';
  return STATEMENTS.has(word) ? word : 'other';
}

function observeQuery(engine: string, event: LogEvent): void {
  queryDuration.observe(
    {
      engine,
      statement: statementKind(event.query.sql),
      outcome: event.level === 'error' ? 'error' : 'ok',
    },
    event.queryDurationMillis / 1000,
  );
}

/**
 * Turns counting on in this process: the Node runtime's own metrics, the statements' time of every
 * database opened from now on (call before opening), and, in a worker of the cluster, the answer to
 * the primary's collection. Idempotent.
 */
export function activateMetrics(): void {
  if (active) return;
  active = true;
  collectDefaultMetrics({ register: registry });
  observeQueries(observeQuery);
  if (cluster.isWorker) answerCollections();
}

/** One run of a job ended (platform/jobs/worker.ts). */
export function countJobRun(
  pluginId: string | null,
  outcome: 'done' | 'retry' | 'dead' | 'paused' | 'given_back',
): void {
  if (active) jobRuns.inc({ plugin: pluginId ?? 'core', outcome });
}

/** One scan of a reader answered (modules/item-reader, modules/order-reader). */
export function countReaderScan(reader: 'item' | 'order', isError: boolean): void {
  if (active) readerScans.inc({ reader, result: isError ? 'error' : 'ok' });
}

/** Counts every answer of `app` by route pattern (app.ts installs it when metrics are on). */
export function installHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (req, reply, done) => {
    // The route's pattern, never the URL: ids, uuids and search terms stay out of the labels.
    const route = req.routeOptions.url ?? 'unmatched';
    httpDuration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
    httpRequests.inc({ method: req.method, route, status: String(reply.statusCode) });
    done();
  });
}

// The cluster: the primary collects every worker's registry for the worker that was scraped.

const COLLECT = 'zaplecze:metrics:collect';
const PART = 'zaplecze:metrics:part';
const HELLO = 'zaplecze:metrics:hello';
const SCRAPE = 'zaplecze:metrics:scrape';
const SCRAPED = 'zaplecze:metrics:scraped';
/** How long the primary waits for the workers' registries, and a worker for the primary's answer. */
const COLLECT_TIMEOUT_MS = 5000;

/** One registry as `getMetricsAsJSON` gives it (what `AggregatorRegistry.aggregate` takes). */
type MetricJson = object;

interface Message {
  type?: unknown;
  id?: number;
  metrics?: MetricJson[];
  text?: string;
  error?: string;
}

let answering = false;

/** A worker: hands its registry to the primary's collections, and says it is ready to. */
function answerCollections(): void {
  if (answering) return;
  answering = true;
  process.on('message', (m: Message) => {
    if (m?.type === COLLECT) {
      void registry.getMetricsAsJSON().then(
        (metrics) => process.send?.({ type: PART, id: m.id, metrics }),
        (err: unknown) => process.send?.({ type: PART, id: m.id, error: String(err) }),
      );
    } else if (m?.type === SCRAPED) {
      const waiting = scrapes.get(m.id ?? -1);
      scrapes.delete(m.id ?? -1);
      if (m.error !== undefined) waiting?.(new Error(m.error));
      else waiting?.(undefined, m.text ?? '');
    }
  });
  // Only workers that said so are asked: one still starting would never answer.
  process.send?.({ type: HELLO });
}

/**
 * The primary of `npm start` with metrics on: collects the registries of every worker that is
 * ready (HTTP workers and the job worker) whenever one of them is scraped, and answers it the
 * aggregate in the exposition format.
 */
export function collectForWorkers(): void {
  const ready = new Set<Worker>();
  let next = 0;
  const collections = new Map<number, { parts: MetricJson[][]; left: Set<Worker>; end(): void }>();
  cluster.on('exit', (w) => {
    ready.delete(w);
    for (const c of collections.values()) if (c.left.delete(w) && c.left.size === 0) c.end();
  });
  cluster.on('message', (worker: Worker, m: Message) => {
    if (m?.type === HELLO) ready.add(worker);
    else if (m?.type === PART) {
      const c = collections.get(m.id ?? -1);
      if (!c || !c.left.delete(worker)) return;
      if (m.metrics) c.parts.push(m.metrics);
      if (c.left.size === 0) c.end();
    } else if (m?.type === SCRAPE) {
      const reply = (answer: { text?: string; error?: string }) => {
        if (worker.isConnected()) worker.send({ type: SCRAPED, id: m.id, ...answer });
      };
      const id = next++;
      const asked = [...ready].filter((w) => w.isConnected());
      const timer = setTimeout(() => {
        collections.delete(id);
        reply({ error: 'workers did not hand over their metrics in time' });
      }, COLLECT_TIMEOUT_MS);
      const c = {
        parts: [] as MetricJson[][],
        left: new Set(asked),
        end() {
          clearTimeout(timer);
          collections.delete(id);
          AggregatorRegistry.aggregate(c.parts)
            .metrics()
            .then(
              (text) => reply({ text }),
              (err: unknown) => reply({ error: String(err) }),
            );
        },
      };
      collections.set(id, c);
      for (const w of asked) w.send({ type: COLLECT, id });
      if (asked.length === 0) c.end();
    }
  });
}

const scrapes = new Map<number, (err: Error | undefined, text?: string) => void>();
let scrapeId = 0;

/** A worker of the cluster: the whole machine's metrics, from the primary. */
function fromPrimary(): Promise<string> {
  return new Promise((resolve, reject) => {
    const id = scrapeId++;
    const timer = setTimeout(() => {
      scrapes.delete(id);
      reject(new Error('the primary process did not answer with the metrics in time'));
    }, COLLECT_TIMEOUT_MS * 2);
    scrapes.set(id, (err, text) => {
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(text ?? '');
    });
    process.send?.({ type: SCRAPE, id });
  });
}

/** The job queue's depth, read once per scrape (the same figure in every process). */
async function queueText(db: Kysely<DB>): Promise<string> {
  const once = new Registry();
  const gauge = new Gauge({
    name: 'zaplecze_jobs',
    help: 'Jobs not done, by plugin (core for the core) and state (pending, running, dead), of the whole database.',
    labelNames: ['plugin', 'state'] as const,
    registers: [once],
  });
  for (const state of ['pending', 'running', 'dead'] as const) gauge.set({ plugin: 'core', state }, 0);
  for (const row of await queueDepth(db)) gauge.set({ plugin: row.plugin, state: row.state }, row.jobs);
  return once.metrics();
}

/** Every metric of this machine in the exposition format (one process, or the cluster's sum). */
export async function metricsText(db: Kysely<DB>): Promise<string> {
  const own = cluster.isWorker && answering ? await fromPrimary() : await registry.metrics();
  return `${own.trimEnd()}\n\n${await queueText(db)}`;
}

export const METRICS_CONTENT_TYPE = registry.contentType;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `header` is `Bearer <token>` with the configured token (compared in constant time). */
export function metricsAuthorized(config: Pick<Config, 'metricsToken'>, header: string | undefined): boolean {
  if (config.metricsToken === undefined) return true;
  const m = /^Bearer[ \t]+(\S+)\s*$/i.exec(header ?? '');
  return m !== null && timingSafeEqual(digest(m[1]!), digest(config.metricsToken));
}

/**
 * GET /metrics (outside /api: a scraper's address, not the app's). 404 while metrics are off, 401
 * without the token; no request log line (a scrape every few seconds is noise).
 */
export function installMetricsRoute(app: FastifyInstance, config: Config, db: Kysely<DB>): void {
  app.get('/metrics', { logLevel: 'silent' }, async (req, reply) => {
    if (!config.metricsEnabled) return reply.code(404).send({ code: 404, message: MSG.routeNotFound });
    if (!metricsAuthorized(config, req.headers.authorization)) {
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer realm="metrics"')
        .send({ code: 401, message: MSG.metricsToken });
    }
    try {
      const text = await metricsText(db);
      return reply.type(METRICS_CONTENT_TYPE).header('Cache-Control', 'no-store').send(text);
    } catch (err) {
      req.log.warn({ err }, 'metrics: collecting failed');
      return reply.code(503).send({ code: 503, message: MSG.metricsUnavailable });
    }
  });
}
