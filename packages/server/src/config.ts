import { availableParallelism } from 'node:os';
import path from 'node:path';
import { BUYER_INFO_MAX_PER_ADDRESS, CAPTCHA_MAX_PER_ADDRESS } from '@zaplecze/contract';

/** Server configuration read once from the environment. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
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
  trustProxy: boolean;
  logLevel: string;
  /** Captchas one address may ask for in 10 minutes (CAPTCHA_RATE_LIMIT; tests of other things raise it). */
  captchaRateLimit: number;
  /** Buyer page lookups one address may make in 10 minutes (BUYER_INFO_RATE_LIMIT). */
  buyerInfoRateLimit: number;
  /**
   * SMTP server for e-mailed invoices (SMTP_URL, e.g. smtps://user:pass@mail.example.com:465); it
   * carries the password, so it is never logged. Without it, or without mailFrom, e-mailing answers
   * 400.
   */
  smtpUrl: string | undefined;
  /** Sender of e-mailed invoices (MAIL_FROM, e.g. "Sklep <faktury@example.com>"). */
  mailFrom: string | undefined;
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
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
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
    databaseUrl: env.DATABASE_URL || undefined,
    isTest: env.APP_ENV === 'test',
    registrationEnabled: flag(env.REGISTRATION_ENABLED, true),
    registerText: env.REGISTER_TEXT ?? 'Rejestracja jest wyłączona. Skontaktuj się z dostawcą usługi.',
    loginInfo: env.LOGIN_INFO ?? '',
    desktopAppUrl: env.DESKTOP_APP_URL ?? '',
    webConcurrency: positiveInt(env.WEB_CONCURRENCY, availableParallelism()),
    webDist: path.resolve(env.WEB_DIST || path.join(root, 'packages/web/dist')),
    trustProxy: flag(env.TRUST_PROXY, false),
    logLevel: env.LOG_LEVEL || 'info',
    captchaRateLimit: positiveInt(env.CAPTCHA_RATE_LIMIT, CAPTCHA_MAX_PER_ADDRESS),
    buyerInfoRateLimit: positiveInt(env.BUYER_INFO_RATE_LIMIT, BUYER_INFO_MAX_PER_ADDRESS),
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM?.trim() || undefined,
    dbConnectTimeoutMs: nonNegativeInt(env.DB_CONNECT_TIMEOUT_MS, 5000),
    dbStatementTimeoutMs: nonNegativeInt(env.DB_STATEMENT_TIMEOUT_MS, 30_000),
  };
}
