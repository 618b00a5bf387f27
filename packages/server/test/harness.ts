import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { AUTH_HEADER, XSRF_COOKIE, XSRF_HEADER, type TokenObject } from '@zaplecze/contract';
import { loadConfig, type Config } from '../src/config';
import { openPostgres, openSqlite, type Database, type PostgresLimits } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import type { LogDestination, RouteInfo } from '../src/platform/app';
import type { AnswerCheck } from '../src/platform/answer-check';
import type { OpenApiDocument } from '../src/platform/openapi';
import type { RouteDef } from '../src/platform/route';
import { createApp, createDeps, servingLimits } from '../src/server';
import { forgetPluginHost, migratePlugins, setPluginLog } from '../src/modules/plugins';
import type { CaptchaGenerator } from '../src/platform/captcha';
import type { AppDeps } from '../src/platform/context';

/**
 * The test seam for captchas: the harness knows every answer it handed out, so tests can
 * register without any production switch. Nothing like this exists outside tests.
 */
export class KnownCaptcha implements CaptchaGenerator {
  last = '';
  create() {
    this.last = randomBytes(3).toString('hex').toUpperCase();
    return {
      text: this.last,
      image:
        'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSIxNjAiIGhlaWdodD0iNjAiPjxyZWN0IHdpZHRoPSIxNjAiIGhlaWdodD0iNjAiIGZpbGw9IiNlZWUiLz48L3N2Zz4=',
    };
  }
}

/** Which engine this test run uses: TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL. */
export function testEngine(): 'sqlite' | 'postgres' {
  return process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
}

/**
 * A fresh, empty PostgreSQL database next to TEST_DATABASE_URL; `drop` removes it (even while a
 * server still holds connections).
 */
export async function createScratchPostgres(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `zaplecze_${label}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await run(`create database ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * An empty database of the test's engine, not migrated (migration and seed tests drive it
 * themselves): a scratch PostgreSQL database, or a SQLite file in a temporary directory. `drop`
 * closes it and removes it.
 */
export async function openScratchDatabase(label: string): Promise<{ database: Database; drop(): Promise<void> }> {
  if (testEngine() === 'postgres') {
    const scratch = await createScratchPostgres(label);
    const database = openPostgres(scratch.url, 3);
    return {
      database,
      async drop() {
        await database.destroy();
        await scratch.drop();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `zaplecze-${label}-`));
  const database = openSqlite(path.join(dir, 'zaplecze.sqlite'));
  return {
    database,
    async drop() {
      await database.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function createTestDatabase(
  limits: PostgresLimits,
  postgresVia: (url: string) => string = (url) => url,
): Promise<{ database: Database; cliEnv: NodeJS.ProcessEnv; drop(): Promise<void> }> {
  if (testEngine() === 'postgres') {
    const scratch = await createScratchPostgres('t');
    const database = openPostgres(postgresVia(scratch.url), 5, limits);
    return {
      database,
      cliEnv: { ...process.env, DATABASE_URL: scratch.url },
      async drop() {
        await database.destroy();
        await scratch.drop();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-test-'));
  // The name the server's config gives it, so the CLI finds it through DATA_DIR.
  const database = openSqlite(path.join(dir, 'zaplecze.sqlite'));
  return {
    database,
    cliEnv: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
    async drop() {
      await database.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestServer {
  url: string;
  deps: AppDeps;
  /** The server's database (for calls that need the engine's own handle, e.g. the demo seed). */
  database: Database;
  routes: RouteInfo[];
  captcha: KnownCaptcha;
  /** Moves the server's clock (token expiry, captcha expiry, rate-limit windows). */
  clock: { offsetMs: number };
  /** Environment that points the admin CLI (test/cli.ts runCli) at this server's database. */
  cliEnv: NodeJS.ProcessEnv;
  /** The server's log lines (parsed JSON) when started with `captureLogs` (warnings and worse). */
  logs: Record<string, unknown>[];
  /**
   * The answer check (platform/answer-check.ts): every answer is checked against the OpenAPI
   * document; `close()` fails when any was not described (a test that breaks it on purpose clears
   * `failures`).
   */
  answers: AnswerCheck;
  /** The server's OpenAPI document. */
  openApi: () => OpenApiDocument;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** PostgreSQL: the address the server connects through (a test's TCP proxy), given the real one. */
  postgresVia?: (url: string) => string;
  /** Keeps the server's warnings and errors in `logs`. */
  captureLogs?: boolean;
  /** Turns the logger on (at `overrides.logLevel`, default info) and gives it its JSON lines. */
  logStream?: LogDestination;
  /** Routes of the test itself, beside the modules' (e.g. one that fails in a particular way). */
  extraRoutes?: RouteDef[];
}

/** A real server on a random port with a fresh database of the run's engine. */
export async function startTestServer(
  overrides: Partial<Config> = {},
  opts: TestServerOptions = {},
): Promise<TestServer> {
  const captcha = new KnownCaptcha();
  const clock = { offsetMs: 0 };
  // Uploaded files go to a directory of this server only, never to the checkout's data/.
  const ownDataDir = overrides.dataDir ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'zaplecze-data-'));
  const config: Config = {
    ...loadConfig({}),
    isTest: true,
    logLevel: opts.logStream ? 'info' : opts.captureLogs ? 'warn' : 'silent',
    // Test files register many organisations from one address; the limit has its own test.
    captchaRateLimit: 100_000,
    // Every answer of every API test is checked against the OpenAPI document (docs/decisions.md, Public API).
    checkAnswers: true,
    ...(ownDataDir ? { dataDir: ownDataDir } : {}),
    ...overrides,
  };
  const { database, cliEnv, drop } = await createTestDatabase(servingLimits(config), opts.postgresVia);
  const logs: Record<string, unknown>[] = [];
  await migrate(database);
  // The fixture plugins that fail on purpose (plugins-fixtures/) are not reported: GET /plugin_info
  // shows them broken, and tests that count the server's errors stay exact.
  setPluginLog(() => undefined);
  // A fresh plugin host, as a new process has: the files of a vitest worker share one module graph
  // (vitest.config.ts, isolate: false), and an earlier server's start must not leave its marks.
  forgetPluginHost();
  await migratePlugins(database);
  const deps: AppDeps = createDeps(config, database, {
    captcha,
    now: () => new Date(Date.now() + clock.offsetMs),
  });
  const { app, routes, answerCheck, openApi } = await createApp(deps, {
    ...(opts.logStream
      ? { logger: true, logStream: opts.logStream }
      : opts.captureLogs
        ? { logStream: { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) } }
        : { logger: false }),
    ...(opts.extraRoutes ? { extraRoutes: opts.extraRoutes } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  if (!answerCheck) throw new Error('the test server checks its answers (checkAnswers)');
  return {
    url: `http://127.0.0.1:${port}`,
    deps,
    database,
    routes,
    captcha,
    clock,
    cliEnv,
    logs,
    answers: answerCheck,
    openApi,
    async close() {
      await app.close();
      await drop();
      if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
      if (answerCheck.failures.length > 0) {
        throw new Error(
          `answers not described by the OpenAPI document (platform/answer-check.ts):\n${answerCheck.failures.join('\n')}`,
        );
      }
    },
  };
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A client that behaves like the web app: keeps the XSRF cookie, sends X-XSRF-TOKEN on changes,
 * X-Auth-Bearer once signed in, and JSON or form bodies.
 */
export class ApiClient {
  token: string | undefined;
  private xsrf: string | undefined;

  constructor(readonly baseUrl: string) {}

  async request<T = Record<string, unknown>>(
    method: string,
    url: string,
    opts: {
      json?: unknown;
      form?: Record<string, string>;
      /** A multipart body; fetch sets its content type with the boundary. */
      multipart?: FormData;
      headers?: Record<string, string>;
      xsrf?: boolean;
    } = {},
  ): Promise<ApiResponse<T>> {
    if (!this.xsrf && method !== 'GET') await this.request('GET', '/api/');
    const headers: Record<string, string> = { 'accept-language': 'pl', ...opts.headers };
    if (this.token) headers[AUTH_HEADER] = this.token;
    if (this.xsrf) headers.cookie = `${XSRF_COOKIE}=${this.xsrf}`;
    if (method !== 'GET' && opts.xsrf !== false && this.xsrf) headers[XSRF_HEADER] = this.xsrf;
    let body: string | FormData | undefined;
    if (opts.multipart) {
      body = opts.multipart;
    } else if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    }
    const res = await fetch(this.baseUrl + url, { method, headers, body });
    const set = res.headers.getSetCookie().find((c) => c.startsWith(`${XSRF_COOKIE}=`));
    if (set) this.xsrf = set.slice(XSRF_COOKIE.length + 1).split(';')[0];
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  /** A GET whose answer is binary (an image): the bytes as they came. */
  async getBytes(
    url: string,
    opts: { headers?: Record<string, string> } = {},
  ): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
    const headers: Record<string, string> = { 'accept-language': 'pl', ...opts.headers };
    if (this.token) headers[AUTH_HEADER] = this.token;
    const res = await fetch(this.baseUrl + url, { headers });
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
  }

  get<T = Record<string, unknown>>(url: string) {
    return this.request<T>('GET', url);
  }
  post<T = Record<string, unknown>>(url: string, json: unknown) {
    return this.request<T>('POST', url, { json });
  }
  put<T = Record<string, unknown>>(url: string, json: unknown) {
    return this.request<T>('PUT', url, { json });
  }
  delete<T = Record<string, unknown>>(url: string) {
    return this.request<T>('DELETE', url);
  }

  async login(login: string, pass: string, longtoken = false): Promise<TokenObject> {
    const res = await this.request<TokenObject>('POST', '/api/login', {
      form: { login, pass, longtoken: String(longtoken) },
    });
    if (res.status !== 200) throw new Error(`login ${login} failed: ${res.status} ${JSON.stringify(res.body)}`);
    this.token = res.body.token;
    return res.body;
  }
}
