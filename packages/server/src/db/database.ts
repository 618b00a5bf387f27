import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  type LogEvent,
  sql,
  PostgresDialect,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import { DatabaseUnavailableError, isConnectionError, isTimeoutError } from './errors';
import { localDayOfText } from './local-day';
import { takesWriteTurns, takeWriteTurn } from './write-turn';
import type { DB } from './schema';

export type Engine = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /**
   * The better-sqlite3 handle behind `db` (SQLite only), for bulk tools such as the demo seed whose
   * prepared statements skip Kysely's per-query compilation. Business code never uses it.
   */
  sqlite?: SQLite.Database;
  /**
   * The node-postgres pool behind `db` (PostgreSQL only), for bulk tools that need a connection of
   * their own, such as the demo seed's COPY. Business code never uses it.
   */
  pgPool?: pg.Pool;
  destroy(): Promise<void>;
}

/**
 * Where the time of every statement goes when metrics are on (platform/metrics.ts): Kysely's log
 * hook, set on the databases opened after `observeQueries` (the server's processes turn it on before
 * they open theirs). Without it Kysely does not time statements at all.
 */
let queryObserver: ((engine: Engine, event: LogEvent) => void) | undefined;

/** Times every statement of the databases opened from now on (docs/operations.md, Metrics). */
export function observeQueries(observer: (engine: Engine, event: LogEvent) => void): void {
  queryObserver = observer;
}

function kyselyLog(engine: Engine): { log?: (event: LogEvent) => void } {
  const observer = queryObserver;
  return observer ? { log: (event) => observer(engine, event) } : {};
}

/** A PostgreSQL pool of this process while it is open, with its role (the metrics' `pool` label). */
export interface OpenPool {
  name: string;
  pool: pg.Pool;
  max: number;
}

const openPools = new Set<OpenPool>();

/** The PostgreSQL pools this process has open now (platform/metrics.ts reads their counts). */
export function postgresPools(): Iterable<OpenPool> {
  return openPools;
}

// int8 (count(*), bigint ids) as numbers: our counts and ids stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
// numeric stays a string (exact money); callers convert.

/**
 * SQLite write transactions must take the write lock at BEGIN: a deferred transaction that
 * upgrades later can fail with SQLITE_BUSY when several processes write at once. A worker of the
 * cluster first waits for its turn (write-turn.ts), so the workers' writes queue instead of
 * sleeping in SQLite's busy handler.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(
    config: ConstructorParameters<typeof SqliteDialect>[0],
    private readonly sqlite: SQLite.Database,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const commit = driver.commitTransaction.bind(driver);
    const rollback = driver.rollbackTransaction.bind(driver);
    const turns = new Map<DatabaseConnection, () => void>();
    const endTurn = (connection: DatabaseConnection) => {
      turns.get(connection)?.();
      turns.delete(connection);
    };
    driver.beginTransaction = async (connection: DatabaseConnection, _settings: TransactionSettings) => {
      if (takesWriteTurns()) turns.set(connection, await takeWriteTurn());
      try {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      } catch (err) {
        endTurn(connection);
        throw err;
      }
    };
    driver.commitTransaction = async (connection: DatabaseConnection) => {
      try {
        await commit(connection);
      } finally {
        endTurn(connection);
      }
    };
    // Kysely rolls back when the transaction's body fails and then throws what the rollback threw,
    // if it threw. SQLite has often rolled back by itself already (SQLITE_FULL, SQLITE_IOERR, ...),
    // so ROLLBACK answers 'cannot rollback - no transaction is active' and that would be logged
    // instead of the real cause. A rollback that finds no transaction has nothing left to do; one
    // that fails with the transaction still open is a real failure and is thrown.
    driver.rollbackTransaction = async (connection: DatabaseConnection) => {
      try {
        await rollback(connection);
      } catch (err) {
        if (this.sqlite.inTransaction) throw err;
      } finally {
        endTurn(connection);
      }
    };
    return driver;
  }
}

/**
 * A select whose SQL carries this comment (`query.modifyFront(ARRAY_ROWS)`) answers its rows as
 * arrays of the selected values, in select order, instead of objects: better-sqlite3's
 * `raw(true)`, pg's `rowMode: 'array'`. Building an object per row with named fields is most of the
 * cost of a 10,000-row page on both drivers (docs/performance.md, Order search); a list that reads
 * that many rows maps them by position.
 */
export const ARRAY_ROWS = sql.raw('/*rows:array*/');
const ARRAY_ROWS_TEXT = '/*rows:array*/';

/** Prepared statements kept per connection: every distinct query text of the app, with room to spare. */
const STATEMENT_CACHE = 500;

/**
 * The connection as Kysely sees it, keeping its prepared statements (the most recently used
 * STATEMENT_CACHE). Kysely prepares every query afresh, and preparing the item search (a
 * recursive subtree walk, six joins) cost a fifth of running it. A statement is reused for the
 * same SQL text only, its values bound on each run; Kysely runs one query at a time on the
 * connection, so a statement is never busy with another run; SQLite re-prepares a kept statement
 * by itself after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const kept = statements.get(sql);
      if (kept) {
        // Re-inserted: the Map's order is the order of last use.
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = sqlite.prepare(sql);
      if (sql.includes(ARRAY_ROWS_TEXT)) statement.raw(true);
      statements.set(sql, statement);
      if (statements.size > STATEMENT_CACHE) {
        const oldest = statements.keys().next();
        if (!oldest.done) statements.delete(oldest.value);
      }
      return statement;
    },
  };
}

export function openSqlite(file: string): Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 10000');
  // SQLite's lower() and LIKE fold ASCII only; searches shorter than a trigram fold Polish letters too.
  sqlite.function('unicode_fold', { deterministic: true }, (v: unknown) =>
    typeof v === 'string' ? v.toLocaleLowerCase('pl') : v,
  );
  // The organisations' calendar day of a stored timestamp (db/local-day.ts): PostgreSQL has time
  // zones built in, SQLite gets this function for the order roll-ups and their rebuild.
  sqlite.function('local_day', { deterministic: true }, localDayOfText);
  // Reads of a big catalogue straight from the OS page cache, shared by every worker process,
  // instead of copying pages into each connection's own cache (docs/performance.md).
  sqlite.pragma('mmap_size = 4294967296');
  sqlite.pragma('cache_size = -65536');
  const db = new Kysely<DB>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }, sqlite),
    ...kyselyLog('sqlite'),
  });
  return { db, engine: 'sqlite', sqlite, destroy: () => db.destroy() };
}

/**
 * Time limits of a PostgreSQL pool, in milliseconds; 0 is no limit (docs/operations.md, Database
 * outage).
 */
export interface PostgresLimits {
  /**
   * Opening a connection (the client's connectionTimeoutMillis): a server that accepts the
   * connection and never answers is given up. A request's wait for a free connection of the pool
   * is limited to this plus the statement limit (poolWaitMs): the connections it waits for are busy
   * with statements that end within their limit, so only a stalled database waits that long, and a
   * burst of requests on a busy but healthy database is served rather than turned away.
   */
  connectTimeoutMs: number;
  /**
   * One statement: the server cancels it at statement_timeout (57014), and the client itself gives
   * up STATEMENT_GRACE_MS later, for a server that no longer answers at all (a stalled host or
   * network); that connection is then closed, never reused.
   */
  statementTimeoutMs: number;
  /**
   * A connection idle inside an open transaction: the server ends the session at
   * idle_in_transaction_session_timeout (25P03), releasing the transaction's locks; the request
   * that held it answers 503 and the pool opens a new connection.
   */
  idleInTransactionTimeoutMs: number;
}

/** Without limits: migrations, the admin CLI, the demo seed (their big statements run for minutes). */
export const NO_LIMITS: PostgresLimits = { connectTimeoutMs: 0, statementTimeoutMs: 0, idleInTransactionTimeoutMs: 0 };

/** How much longer than statement_timeout the client waits before it gives a statement up itself. */
export const STATEMENT_GRACE_MS = 1000;

/**
 * Reconnect backoff: after a failed connection attempt, requests fail at once (503) for this long,
 * doubling with each further failure up to the maximum, instead of each waiting out its own
 * connect attempt; the first connection that opens ends it.
 */
export const RECONNECT_BACKOFF_MS = { first: 200, max: 5000 } as const;

/** The reconnect backoff of one pool (RECONNECT_BACKOFF_MS). */
class ReconnectBackoff {
  private failures = 0;
  private until = 0;

  /** Throws while the pool waits out its backoff. */
  check(): void {
    if (Date.now() < this.until)
      throw new DatabaseUnavailableError('PostgreSQL unavailable: waiting to reconnect after a failed connection');
  }

  failed(): void {
    // Many requests fail together when the server goes away: one backoff step for all of them.
    if (Date.now() < this.until) return;
    this.failures++;
    this.until = Date.now() + Math.min(RECONNECT_BACKOFF_MS.first * 2 ** (this.failures - 1), RECONNECT_BACKOFF_MS.max);
  }

  succeeded(): void {
    this.failures = 0;
    this.until = 0;
  }
}

/** What node-postgres says of a statement on a client whose connection broke earlier. */
const NOT_QUERYABLE = 'Client has encountered a connection error';

/** The error that broke a client's connection (its 'error' event), for the statements after it. */
const lostWith = new WeakMap<pg.ClientBase, Error>();

/** PostgreSQL cancelled the statement at statement_timeout (57014). */
const isServerCancel = (err: unknown) => (err as { code?: unknown } | null)?.code === '57014';

/**
 * The pool as Kysely sees it. node-postgres leaves three things to its user that decide whether a
 * lost connection costs a request or the whole process:
 * - a client that breaks while checked out emits 'error' with no listener of the pool's: Node makes
 *   that an uncaught exception and the worker died (every worker, at the same moment). Every client
 *   gets a listener of its own; the query in flight fails with the error anyway.
 * - Kysely releases a client without saying it broke, and a client whose statement the client-side
 *   limit gave up is still waiting for that answer: either would go back to the pool and fail (or
 *   hang) the next request. A client that met a connection error or a timeout, or whose ROLLBACK
 *   failed, is released with the error, which makes the pool close it and open a new one.
 * - a failed connect: the reconnect backoff (ReconnectBackoff) answers the next requests at once.
 * ARRAY_ROWS: Kysely calls client.query(text, values); a marked text goes out in array row mode.
 */
function kyselyPool(pool: pg.Pool, limits: PostgresLimits): PostgresPool {
  const backoff = new ReconnectBackoff();
  const queryTimeout = limits.statementTimeoutMs > 0 ? limits.statementTimeoutMs + STATEMENT_GRACE_MS : undefined;
  return {
    async connect(): Promise<PostgresPoolClient> {
      backoff.check();
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        backoff.failed();
        const reason = err instanceof Error ? err.message : String(err);
        throw new DatabaseUnavailableError(`PostgreSQL unavailable: ${reason}`, { cause: err });
      }
      backoff.succeeded();
      let broken: Error | undefined;
      const query = (text: string, values: ReadonlyArray<unknown>) =>
        client
          .query({
            text,
            values: [...values],
            ...(text.includes(ARRAY_ROWS_TEXT) ? { rowMode: 'array' as const } : {}),
            ...(queryTimeout ? { query_timeout: queryTimeout } : {}),
          })
          .catch((err: unknown) => {
            // 57014 (the server cancelled at statement_timeout) leaves a healthy connection; the
            // client's own timeout leaves one still waiting for its answer.
            if (isConnectionError(err) || (isTimeoutError(err) && !isServerCancel(err)) || text === 'rollback')
              broken ??= err instanceof Error ? err : new Error(String(err));
            // A connection that broke between two statements fails the next one with 'not
            // queryable'; what broke it (57P01, ECONNRESET) is the cause worth logging.
            const lost = lostWith.get(client);
            throw lost && text !== 'rollback' && err instanceof Error && err.message.startsWith(NOT_QUERYABLE)
              ? lost
              : err;
          });
      return {
        query: query as unknown as PostgresPoolClient['query'],
        release: () => client.release(broken),
      };
    },
    end: () => pool.end(),
  };
}

/**
 * Kysely throws what a failed ROLLBACK threw instead of the error that made it roll back. On
 * PostgreSQL a rollback fails when the connection is gone (the cause then is the lost
 * connection, already thrown by the statement) and that connection is closed, not reused
 * (kyselyPool): nothing is lost by letting the cause through.
 */
class PostgresCauseDialect extends PostgresDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection: DatabaseConnection) => {
      await rollback(connection).catch(() => undefined);
    };
    return driver;
  }
}

/** At most one warning about idle connections lost in this time (per pool). */
const IDLE_LOSS_WARN_EVERY_MS = 10_000;

/** A request's longest wait for a free pool connection (PostgresLimits.connectTimeoutMs); 0: none. */
export function poolWaitMs(limits: PostgresLimits): number {
  return limits.connectTimeoutMs > 0 && limits.statementTimeoutMs > 0
    ? limits.connectTimeoutMs + limits.statementTimeoutMs + STATEMENT_GRACE_MS
    : 0;
}

/**
 * A PostgreSQL pool of at most `max` connections. `name` is its role in the metrics (`app`: the
 * server's and the CLI's, `jobs`: the job engine's bookkeeping).
 */
export function openPostgres(url: string, max = 10, limits: PostgresLimits = NO_LIMITS, name = 'app'): Database {
  // node-postgres has one connectionTimeoutMillis for the pool (the wait for a free connection,
  // which also covers opening one) and reads the same option in each client (opening only); the
  // clients get the connect limit, the pool the longer wait.
  const connectTimeoutMillis = limits.connectTimeoutMs;
  class LimitedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectTimeoutMillis });
    }
  }
  // No JIT compilation: the application's statements are short and interactive, and a plan whose
  // estimated cost passes jit_above_cost (a 10,000-row page, a broad search) spent 3-7 ms compiling
  // expressions it then ran once (docs/decisions.md, "PostgreSQL sessions").
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options: '-c jit=off',
    Client: LimitedClient as unknown as new () => pg.ClientBase,
    connectionTimeoutMillis: poolWaitMs(limits),
    ...(limits.statementTimeoutMs > 0 ? { statement_timeout: limits.statementTimeoutMs } : {}),
    ...(limits.idleInTransactionTimeoutMs > 0
      ? { idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs }
      : {}),
  });
  // An idle connection the server closes (a restart, an administrator, a dropped test database)
  // is an 'error' event on the pool; without a listener Node turns it into an uncaught exception
  // that ends the process. The pool has already discarded that connection and opens a new one on
  // the next query, so a warning is all that is left to do: one for all the idle connections a
  // restart or a dropped network takes at once (one per IDLE_LOSS_WARN_EVERY_MS).
  let idleLossWarnedAt = -Infinity;
  pool.on('error', (err) => {
    if (performance.now() - idleLossWarnedAt < IDLE_LOSS_WARN_EVERY_MS) return;
    idleLossWarnedAt = performance.now();
    process.emitWarning(`PostgreSQL connection lost while idle: ${err.message}`);
  });
  // The same for a connection that breaks while checked out (kyselyPool): the statement in flight
  // fails with the error, and the request that ran it answers 503.
  pool.on('connect', (client) => client.on('error', (err) => lostWith.set(client, err)));
  const db = new Kysely<DB>({
    dialect: new PostgresCauseDialect({ pool: kyselyPool(pool, limits) }),
    ...kyselyLog('postgres'),
  });
  const open: OpenPool = { name, pool, max };
  openPools.add(open);
  return {
    db,
    engine: 'postgres',
    pgPool: pool,
    destroy: () => {
      openPools.delete(open);
      return db.destroy();
    },
  };
}

/** The PostgreSQL URL when the configuration selects PostgreSQL, else undefined (SQLite). */
export function postgresUrl(opts: { databaseUrl?: string | undefined }): string | undefined {
  return opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl) ? opts.databaseUrl : undefined;
}

/** The SQLite database file of a data directory. */
export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, 'zaplecze.sqlite');
}

/**
 * Opens the configured database. `limits` are the PostgreSQL time limits (the HTTP server gives
 * its configured ones; migrations and the admin CLI run without a statement limit).
 */
export function openDatabase(
  opts: { databaseUrl?: string | undefined; dataDir: string },
  limits: PostgresLimits = NO_LIMITS,
): Database {
  const url = postgresUrl(opts);
  return url ? openPostgres(url, 10, limits) : openSqlite(sqliteFile(opts.dataDir));
}

/** The form Date.toISOString prints (years 0000-9999). */
const CANONICAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Timestamps come back as Date (PostgreSQL) or ISO text (SQLite). */
export function toIso(value: string | Date): string {
  if (value instanceof Date) return value.toISOString();
  // What nowIso wrote comes back as it was: parsing and printing it again took 15-20 ms of a
  // 10,000-row item page (docs/performance.md).
  return CANONICAL_ISO.test(value) ? value : new Date(value).toISOString();
}

/** 'YYYY-MM-DD HH:MM:SS[.ffffff]', the UTC text `utcText` reads a PostgreSQL timestamp as. */
const UTC_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?$/;

/**
 * PostgreSQL: a timestamp column read as its UTC text ('2026-03-01 09:15:00.123'), which
 * `isoOfUtcText` turns into ISO text with a few string operations. As timestamptz, node-postgres
 * parses every value into a Date with a regular expression and the mapper prints it again: a fifth
 * of the JavaScript time of a 10,000-row page (docs/performance.md, Order search). The text does
 * not depend on the session's time zone.
 */
export function utcText<A extends string>(column: string, alias: A) {
  return sql<string>`cast(${sql.ref(column)} at time zone 'UTC' as text)`.as(alias);
}

/**
 * A timestamp as ISO text, however it was read: the UTC text of `utcText` by string operations
 * (milliseconds, as a Date would keep them), a Date or stored ISO text through toIso.
 */
export function isoOfUtcText(value: unknown): string {
  if (typeof value === 'string' && UTC_TEXT.test(value)) {
    const ms = value.length > 20 ? `${value.slice(20, 23)}00`.slice(0, 3) : '000';
    return `${value.slice(0, 10)}T${value.slice(11, 19)}.${ms}Z`;
  }
  return toIso(value as string | Date);
}

/** What we write into timestamp columns: ISO text works on both engines. */
export function nowIso(offsetMs = 0): string {
  return new Date(Date.now() + offsetMs).toISOString();
}
