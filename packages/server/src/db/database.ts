import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  sql,
  PostgresDialect,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
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
    driver.rollbackTransaction = async (connection: DatabaseConnection) => {
      try {
        await rollback(connection);
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
  const db = new Kysely<DB>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, engine: 'sqlite', sqlite, destroy: () => db.destroy() };
}

export function openPostgres(url: string, max = 10): Database {
  // No JIT compilation: the application's statements are short and interactive, and a plan whose
  // estimated cost passes jit_above_cost (a 10,000-row page, a broad search) spent 3-7 ms compiling
  // expressions it then ran once (docs/decisions.md, "PostgreSQL sessions").
  const pool = new pg.Pool({ connectionString: url, max, options: '-c jit=off' });
  // An idle connection the server closes (a restart, an administrator, a dropped test database)
  // is an 'error' event on the pool; without a listener Node turns it into an uncaught exception
  // that ends the process. The pool has already discarded that connection and opens a new one on
  // the next query, so a warning is all that is left to do.
  pool.on('error', (err) => process.emitWarning(`PostgreSQL connection lost while idle: ${err.message}`));
  // ARRAY_ROWS: Kysely calls client.query(text, values); a marked text goes out in array row mode.
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    Object.assign(client, {
      query: (text: unknown, ...rest: unknown[]) =>
        typeof text === 'string' && text.includes(ARRAY_ROWS_TEXT)
          ? query({ text, values: rest[0], rowMode: 'array' }, ...rest.slice(1))
          : query(text, ...rest),
    });
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', pgPool: pool, destroy: () => db.destroy() };
}

/** The PostgreSQL URL when the configuration selects PostgreSQL, else undefined (SQLite). */
export function postgresUrl(opts: { databaseUrl?: string | undefined }): string | undefined {
  return opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl) ? opts.databaseUrl : undefined;
}

/** The SQLite database file of a data directory. */
export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, 'zaplecze.sqlite');
}

export function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string }): Database {
  const url = postgresUrl(opts);
  return url ? openPostgres(url) : openSqlite(sqliteFile(opts.dataDir));
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
