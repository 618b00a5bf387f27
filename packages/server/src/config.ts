import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { BUYER_INFO_MAX_PER_ADDRESS, CAPTCHA_MAX_PER_ADDRESS } from '@zaplecze/contract';
import { parseS3Url, type S3Location } from './platform/file-storage/s3-url';
import { parseSecretKeys, type SecretKey } from './platform/plugin-settings/key-ring';

/** Server configuration read once from the environment. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /**
   * S3-compatible storage of the application's files (FILES_S3_URL, platform/file-storage/s3-url.ts);
   * undefined: files in DATA_DIR. Holds the secret key: never logged.
   */
  filesS3: S3Location | undefined;
  /** postgres://... selects PostgreSQL; otherwise SQLite under dataDir. */
  databaseUrl: string | undefined;
  isTest: boolean;
  registrationEnabled: boolean;
  registerText: string;
  loginInfo: string;
  /** Download address of the desktop app, shown in the menu when set. */
  desktopAppUrl: string;
  webConcurrency: number;
  /** Directory with the built web app (index.html and assets). */
  webDist: string;
  /**
   * The reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY): false, or their addresses
   * and networks. The client address of every per-address limit comes from here.
   */
  trustProxy: false | string[];
  logLevel: string;
  /** Captchas one address may ask for in 10 minutes (CAPTCHA_RATE_LIMIT; tests of other things raise it). */
  captchaRateLimit: number;
  /** Buyer page lookups one address may make in 10 minutes (BUYER_INFO_RATE_LIMIT). */
  buyerInfoRateLimit: number;
  /** Calls one address may make to plugins' webhooks in a minute (PLUGIN_HOOK_RATE_LIMIT, default 600; docs/plugins.md, Webhooks). */
  pluginHookRateLimit: number;
  /**
   * SMTP server for e-mailed invoices (SMTP_URL, e.g. smtps://user:pass@mail.example.com:465); it
   * carries the password, so it is never logged. Without it, or without mailFrom, e-mailing answers
   * 400.
   */
  smtpUrl: string | undefined;
  /** Sender of e-mailed invoices (MAIL_FROM, e.g. "Sklep <faktury@example.com>"). */
  mailFrom: string | undefined;
  /**
   * Space one organisation's stored files may take, in MB of 1024 x 1024 bytes
   * (ORG_STORAGE_QUOTA_MB); undefined (unset, empty or 0) is unlimited. Uploads past it answer 413.
   */
  orgStorageQuotaMb: number | undefined;
  /**
   * PostgreSQL: how long opening a connection may take before the request answers 503
   * (DB_CONNECT_TIMEOUT_MS; 0 is no limit). docs/operations.md, Database outage.
   */
  dbConnectTimeoutMs: number;
  /**
   * PostgreSQL: how long one statement of the HTTP server may run before it is cancelled and the
   * request answers 503 (DB_STATEMENT_TIMEOUT_MS; 0 is no limit). Migrations and the admin CLI run
   * without it.
   */
  dbStatementTimeoutMs: number;
  /**
   * The item filter index (docs/decisions.md "The item filter index"): organisations with at least
   * this many items are searched in each worker's memory (ITEM_INDEX_MIN_ITEMS; 0: every one).
   */
  itemIndexMinItems: number;
  /** Items the filter indexes of one worker may hold in all (ITEM_INDEX_MAX_ITEMS; 0: no index). */
  itemIndexMaxItems: number;
  /**
   * PostgreSQL: how long a connection of the HTTP server may sit idle inside an open transaction
   * before the server ends that session (DB_IDLE_IN_TRANSACTION_TIMEOUT_MS; 0 is no limit), so a
   * stuck request cannot hold row locks for ever. Migrations and the admin CLI run without it.
   */
  dbIdleInTransactionTimeoutMs: number;
  /** Jobs (docs/operations.md, Jobs): whether `npm start` forks a job worker process (JOBS_WORKER, default on). */
  jobsWorker: boolean;
  /**
   * The job worker's CPU priority as a nice value, 0-19 (JOBS_NICE, default 10): on a machine whose
   * cores are all busy, the HTTP workers' requests go first and a big import takes what is left.
   */
  jobsNice: number;
  /** Job handlers one job worker runs at once (JOBS_CONCURRENCY, default 8). */
  jobsConcurrency: number;
  /** How often an idle job worker looks for due jobs, ms (JOBS_POLL_MS, default 1000). */
  jobsPollMs: number;
  /** How often the job worker fires due schedules, ms (JOBS_SCHEDULE_TICK_MS, default 15000). */
  jobsScheduleTickMs: number;
  /** How long a taken job is leased, seconds; renewed while it runs (JOBS_LEASE_SECONDS, default 60). */
  jobsLeaseSeconds: number;
  /**
   * How long a worker keeps an organisation's installed plugins, ms (PLUGINS_CACHE_MS, default 1000):
   * a change made by another server on the same database is seen within this time.
   */
  pluginsCacheMs: number;
  /**
   * The key ring of plugin secrets (SECRETS_KEYS: `id:base64key,...`, the first is current;
   * docs/operations.md, Plugin secrets); undefined: the key generated into DATA_DIR/secrets.key.
   * Key material: never logged.
   */
  secretKeys: SecretKey[] | undefined;
  /**
   * Calls one API token may make in a minute, over all processes (API_TOKEN_RATE_PER_MINUTE, default
   * 600); past it 429 with Retry-After (docs/decisions.md, API tokens).
   */
  apiTokenRatePerMinute: number;
  /**
   * Prometheus metrics at GET /metrics (METRICS_ENABLED; on by default when METRICS_TOKEN is set,
   * off otherwise; docs/operations.md, Metrics). Off: /metrics answers 404 and nothing is counted.
   */
  metricsEnabled: boolean;
  /**
   * The token a scraper sends as `Authorization: Bearer <token>` (METRICS_TOKEN, 16 or more
   * printable characters); undefined: /metrics answers without one (a private network only).
   * Never logged.
   */
  metricsToken: string | undefined;
  /**
   * After SIGTERM (SHUTDOWN_TIMEOUT_MS, default 30000): how long requests in flight and running jobs
   * get to finish before their connections are closed and the jobs given back to the queue.
   */
  shutdownTimeoutMs: number;
  /**
   * After SIGTERM and before the HTTP workers stop taking connections (SHUTDOWN_DELAY_MS, default 0):
   * /api/ready answers 503 meanwhile while everything else is served, so that a load balancer that
   * polls it takes the node out before its connections are refused.
   */
  shutdownDelayMs: number;
  /**
   * Checks every answer against the OpenAPI document (API_CHECK_ANSWERS, default off; the tests turn
   * it on: platform/answer-check.ts). Never in production: it parses and walks every answer again.
   */
  checkAnswers: boolean;
}

/** The shortest METRICS_TOKEN accepted. */
export const METRICS_TOKEN_MIN_LENGTH = 16;

/**
 * METRICS_TOKEN: unset or empty is none; otherwise at least METRICS_TOKEN_MIN_LENGTH printable
 * ASCII characters without spaces (it travels in a header). A bad one stops the start with a
 * message that never repeats it.
 */
export function parseMetricsToken(value: string | undefined): string | undefined {
  const token = value?.trim() ?? '';
  if (token === '') return undefined;
  if (token.length < METRICS_TOKEN_MIN_LENGTH || !/^[\x21-\x7e]+$/.test(token)) {
    throw new Error(
      `METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} printable characters without spaces, e.g. the output of: openssl rand -hex 24`,
    );
  }
  return token;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** proxy-addr's (Fastify's) names of address ranges: 127.0.0.1/8 and ::1; link-local; private. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: `false` (the default), or a comma-separated list of the reverse proxies' addresses
 * and networks (`127.0.0.1,10.0.0.0/8,::1`). X-Forwarded-For is then read from the right, and the
 * client is the first address that is not a listed proxy, so a header a client forged itself is
 * never believed. `true` (trust anyone's header) is refused: every per-address limit could be
 * evaded by sending the header (docs/operations.md, Reverse proxy).
 */
export function parseTrustProxy(value: string | undefined): false | string[] {
  const text = value?.trim() ?? '';
  if (['', '0', 'false', 'no', 'off'].includes(text.toLowerCase())) return false;
  if (['1', 'true', 'yes', 'on'].includes(text.toLowerCase())) {
    throw new Error(
      `TRUST_PROXY=${text} would believe an X-Forwarded-For header sent by anyone; list the addresses or networks of your reverse proxies instead, e.g. TRUST_PROXY=127.0.0.1 (docs/operations.md)`,
    );
  }
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!isProxyEntry(entry)) {
      throw new Error(
        `TRUST_PROXY: "${entry}" is not an IP address, a network (address/prefix) or one of ${PROXY_RANGE_NAMES.join(', ')}`,
      );
    }
  }
  return entries;
}

function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

function nonNegativeInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isInteger(n) && n >= 0 ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port: positiveInt(env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(root, 'data')),
    filesS3: env.FILES_S3_URL?.trim() ? parseS3Url(env.FILES_S3_URL) : undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    isTest: env.APP_ENV === 'test',
    registrationEnabled: flag(env.REGISTRATION_ENABLED, true),
    registerText: env.REGISTER_TEXT ?? 'Rejestracja jest wyłączona. Skontaktuj się z dostawcą usługi.',
    loginInfo: env.LOGIN_INFO ?? '',
    desktopAppUrl: env.DESKTOP_APP_URL ?? '',
    webConcurrency: positiveInt(env.WEB_CONCURRENCY, availableParallelism()),
    webDist: path.resolve(env.WEB_DIST || path.join(root, 'packages/web/dist')),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || 'info',
    captchaRateLimit: positiveInt(env.CAPTCHA_RATE_LIMIT, CAPTCHA_MAX_PER_ADDRESS),
    buyerInfoRateLimit: positiveInt(env.BUYER_INFO_RATE_LIMIT, BUYER_INFO_MAX_PER_ADDRESS),
    pluginHookRateLimit: positiveInt(env.PLUGIN_HOOK_RATE_LIMIT, 600),
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM?.trim() || undefined,
    orgStorageQuotaMb: positiveInt(env.ORG_STORAGE_QUOTA_MB, 0) || undefined,
    dbConnectTimeoutMs: nonNegativeInt(env.DB_CONNECT_TIMEOUT_MS, 5000),
    dbStatementTimeoutMs: nonNegativeInt(env.DB_STATEMENT_TIMEOUT_MS, 30_000),
    itemIndexMinItems: nonNegativeInt(env.ITEM_INDEX_MIN_ITEMS, 20_000),
    itemIndexMaxItems: nonNegativeInt(env.ITEM_INDEX_MAX_ITEMS, 4_000_000),
    dbIdleInTransactionTimeoutMs: nonNegativeInt(env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS, 60_000),
    jobsWorker: flag(env.JOBS_WORKER, true),
    jobsNice: Math.min(19, nonNegativeInt(env.JOBS_NICE, 10)),
    jobsConcurrency: positiveInt(env.JOBS_CONCURRENCY, 8),
    jobsPollMs: positiveInt(env.JOBS_POLL_MS, 1000),
    jobsScheduleTickMs: positiveInt(env.JOBS_SCHEDULE_TICK_MS, 15_000),
    jobsLeaseSeconds: positiveInt(env.JOBS_LEASE_SECONDS, 60),
    pluginsCacheMs: nonNegativeInt(env.PLUGINS_CACHE_MS, 1000),
    secretKeys: env.SECRETS_KEYS?.trim() ? parseSecretKeys(env.SECRETS_KEYS) : undefined,
    apiTokenRatePerMinute: positiveInt(env.API_TOKEN_RATE_PER_MINUTE, 600),
    metricsEnabled: flag(env.METRICS_ENABLED, Boolean(env.METRICS_TOKEN?.trim())),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    shutdownTimeoutMs: nonNegativeInt(env.SHUTDOWN_TIMEOUT_MS, 30_000),
    shutdownDelayMs: nonNegativeInt(env.SHUTDOWN_DELAY_MS, 0),
    checkAnswers: flag(env.API_CHECK_ANSWERS, false),
  };
}
