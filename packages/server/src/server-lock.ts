import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from './config';
import { postgresUrl, sqliteFile } from './db/database';
import { DatabaseUnavailableError } from './db/errors';

/**
 * The guard between a running server and `restore` (docs/operations.md, Restore while the server
 * runs). A running server holds a SHARED lock on its database for as long as its primary process
 * lives; `restore` takes the same lock EXCLUSIVE, with no waiting, and keeps it to its end. So a
 * restore under a running server is refused (it would silently lose the writes the server makes
 * meanwhile), and a server started during a restore refuses to start. Both locks belong to the
 * operating system or the database server, never to a file's contents: a crashed server
 * (kill -9, power cut) leaves nothing behind that blocks the next restore, and no process id can
 * be mistaken for a live server.
 *
 * - SQLite: the locks are SQLite's own file locks (POSIX advisory locks) on a small lock database
 *   beside the data, `zaplecze.sqlite.server-lock`: the server keeps a read transaction open on it
 *   (SHARED), restore begins an exclusive transaction (EXCLUSIVE fails while any SHARED is held).
 * - PostgreSQL: session-level advisory locks on SERVER_LOCK_KEY, which PostgreSQL scopes to one
 *   database: `pg_try_advisory_lock_shared` on a dedicated connection of the server (several
 *   servers on one database share it), `pg_try_advisory_lock` for restore. The lock ends with the
 *   connection, so a killed server releases it when its connection closes.
 */

/** The advisory lock key of the guard (PostgreSQL); the migrations use 727001, the purge 727002. */
export const SERVER_LOCK_KEY = 727003;

/** A held lock; `release` lets it go (also when the process ends). */
export interface HeldLock {
  release(): Promise<void>;
}

/** The lock could not be taken: the other side holds it. */
export class LockBusy extends Error {}

export const SERVER_RUNNING =
  'Serwer Zaplecza działa na tej bazie danych: zatrzymaj go przed przywracaniem kopii (przywracanie pod działającym serwerem zgubiłoby zapisy zrobione w jego trakcie).';
export const RESTORE_RUNNING =
  'Trwa przywracanie bazy danych z kopii (restore): uruchom serwer dopiero po jego zakończeniu.';

/** The SQLite lock database of a data directory. */
export const sqliteLockFile = (dataDir: string): string => `${sqliteFile(dataDir)}.server-lock`;

const isBusy = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && String((err as { code?: unknown }).code).startsWith('SQLITE_BUSY');

function openLockDb(dataDir: string): SQLite.Database {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new SQLite(sqliteLockFile(dataDir));
  // Never wait: a lock held by the other side is an answer, not something to wait out.
  db.pragma('busy_timeout = 0');
  return db;
}

function sqliteLock(dataDir: string, mode: 'shared' | 'exclusive'): HeldLock {
  const db = openLockDb(dataDir);
  try {
    // A rollback journal (not WAL): its SHARED and EXCLUSIVE locks are plain file locks.
    db.pragma('journal_mode = DELETE');
    db.exec('create table if not exists guard (id integer primary key)');
    if (mode === 'shared') {
      db.exec('begin');
      // The first read of a deferred transaction takes SHARED; it stays until the rollback.
      db.prepare('select count(*) from guard').get();
    } else {
      db.exec('begin exclusive');
    }
  } catch (err) {
    db.close();
    throw isBusy(err) ? new LockBusy() : err;
  }
  return {
    release: async () => {
      if (!db.open) return;
      if (db.inTransaction) db.exec('rollback');
      db.close();
    },
  };
}

async function pgLock(
  url: string,
  mode: 'shared' | 'exclusive',
  connectTimeoutMs: number,
): Promise<{ client: pg.Client; lock: HeldLock }> {
  const client = new pg.Client({
    connectionString: url,
    application_name: `zaplecze-${mode}-lock`,
    // A database that accepts connections but does not answer must not hang the start.
    connectionTimeoutMillis: connectTimeoutMs,
  });
  // A lost connection loses the lock; the holder learns of it through onLost (see holdServerLock).
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    // The same error as the app's own pool: the start ends with the database-unavailable exit code.
    const reason = err instanceof Error ? err.message : String(err);
    throw new DatabaseUnavailableError(`PostgreSQL unavailable: ${reason}`, { cause: err });
  }
  try {
    const fn = mode === 'shared' ? 'pg_try_advisory_lock_shared' : 'pg_try_advisory_lock';
    const r = await client.query<{ ok: boolean }>(`select ${fn}($1) as ok`, [SERVER_LOCK_KEY]);
    if (!r.rows[0]?.ok) throw new LockBusy();
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  return { client, lock: { release: () => client.end().catch(() => undefined) } };
}

/**
 * Taken by `restore` before it touches the database and released at its end. Throws LockBusy
 * (message SERVER_RUNNING) while a server runs on the configured database.
 */
export async function takeRestoreLock(config: Config): Promise<HeldLock> {
  const url = postgresUrl(config);
  try {
    return url
      ? (await pgLock(url, 'exclusive', config.dbConnectTimeoutMs)).lock
      : sqliteLock(config.dataDir, 'exclusive');
  } catch (err) {
    throw err instanceof LockBusy ? new LockBusy(SERVER_RUNNING) : err;
  }
}

/** How long a server waits before taking its PostgreSQL lock again after losing the connection. */
const RETAKE_MS = 5000;

/**
 * Taken by the server's primary process at start-up and held while it runs. Throws LockBusy
 * (message RESTORE_RUNNING) during a restore. On PostgreSQL the lock's connection may drop (a
 * database restart): the server then takes it again every RETAKE_MS, telling `onLost` each time.
 */
export async function holdServerLock(config: Config, onLost: (err: unknown) => void = () => {}): Promise<HeldLock> {
  const url = postgresUrl(config);
  try {
    if (!url) return sqliteLock(config.dataDir, 'shared');
    let stopped = false;
    let current = await pgLock(url, 'shared', config.dbConnectTimeoutMs);
    const watch = (client: pg.Client) =>
      client.once('end', () => {
        if (stopped) return;
        onLost(new Error('the server lock connection ended'));
        const retake = () => {
          if (stopped) return;
          pgLock(url, 'shared', config.dbConnectTimeoutMs).then(
            (next) => {
              if (stopped) return void next.lock.release();
              current = next;
              watch(next.client);
            },
            (err: unknown) => {
              onLost(err);
              setTimeout(retake, RETAKE_MS).unref();
            },
          );
        };
        setTimeout(retake, RETAKE_MS).unref();
      });
    watch(current.client);
    return {
      release: async () => {
        stopped = true;
        await current.lock.release();
      },
    };
  } catch (err) {
    throw err instanceof LockBusy ? new LockBusy(RESTORE_RUNNING) : err;
  }
}
