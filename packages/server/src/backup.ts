import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from './config';
import { openDatabase, postgresUrl, sqliteFile } from './db/database';
import { migrate } from './db/migrate';
import { badRequest } from './platform/errors';
import { takeRestoreLock } from './server-lock';

/**
 * `backup --out FILE` and `restore --from FILE` (docs/operations.md). SQLite: the online backup of
 * better-sqlite3, one consistent snapshot while the server keeps writing; restore writes the copy
 * into the configured database file through the same backup API and keeps the previous database
 * beside it. PostgreSQL: `pg_dump` (custom format, one snapshot) and `pg_restore` through `psql`
 * in one transaction that first empties the schema, so a failed restore changes nothing. Both
 * migrate the restored database afterwards (a copy made by an older release).
 */

/** sqlite3_backup_step's page count: every page in one step, so the copy is one snapshot. */
const ALL_PAGES = 0x7fffffff;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** Writes a backup of the configured database to `out` (a new file); answers the summary line. */
export async function backupDatabase(config: Config, out: string): Promise<string> {
  const target = path.resolve(out);
  if (fs.existsSync(target)) throw badRequest(`Plik "${target}" już istnieje: podaj nową nazwę kopii.`);
  if (!fs.existsSync(path.dirname(target))) throw badRequest(`Katalog "${path.dirname(target)}" nie istnieje.`);
  // Written under another name first: a file with the requested name is always a whole backup.
  const part = `${target}.part-${process.pid}`;
  const url = postgresUrl(config);
  try {
    if (url) await pgDump(url, part);
    else await sqliteBackup(sqliteFile(config.dataDir), part);
    fs.renameSync(part, target);
  } finally {
    fs.rmSync(part, { force: true });
  }
  return `Kopia zapasowa zapisana: ${target} (${mb(fs.statSync(target).size)}, ${url ? 'PostgreSQL' : 'SQLite'})`;
}

/**
 * Replaces the configured database's contents with the backup in `from`, then migrates it.
 * The server must be stopped: a running one is detected (server-lock.ts) and the restore refused,
 * and a server started meanwhile refuses to start. Answers the lines to print.
 */
export async function restoreDatabase(config: Config, from: string): Promise<string[]> {
  const source = path.resolve(from);
  if (!fs.existsSync(source) || !fs.statSync(source).isFile()) throw badRequest(`Plik kopii "${source}" nie istnieje.`);
  const lock = await takeRestoreLock(config);
  try {
    return await restoreLocked(config, source);
  } finally {
    await lock.release();
  }
}

async function restoreLocked(config: Config, source: string): Promise<string[]> {
  const url = postgresUrl(config);
  const lines: string[] = [];
  if (url) {
    await pgRestore(url, source);
  } else {
    const kept = await sqliteRestore(sqliteFile(config.dataDir), source);
    if (kept) lines.push(`Poprzednia baza danych zachowana w: ${kept}`);
  }
  const database = openDatabase(config);
  try {
    const applied = await migrate(database);
    if (applied.length > 0) lines.push(`Uzupełniono migracje: ${applied.join(', ')}`);
  } finally {
    await database.destroy();
  }
  lines.unshift(`Przywrócono bazę danych (${url ? 'PostgreSQL' : 'SQLite'}) z kopii: ${source}`);
  return lines;
}

// ---- SQLite ------------------------------------------------------------------------------------

async function sqliteBackup(file: string, part: string): Promise<void> {
  if (!fs.existsSync(file)) throw badRequest(`Baza danych "${file}" nie istnieje.`);
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 10000');
    await db.backup(part, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
  // One self-contained file (no -wal beside it), checked before it gets its name.
  const copy = new SQLite(part);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  if (!isSqliteBackup(part)) throw new Error(`kopia "${part}" nie przeszła sprawdzenia spójności`);
}

/** Whether `file` is a whole SQLite database of this application (integrity and migrations table). */
function isSqliteBackup(file: string): boolean {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    const check = db.pragma('integrity_check', { simple: true });
    const migrations = db.prepare("select count(*) as n from sqlite_master where name = 'schema_migrations'").get() as {
      n: number;
    };
    return check === 'ok' && migrations.n === 1;
  } catch {
    return false;
  } finally {
    db?.close();
  }
}

/**
 * Writes the backup into the database file (the backup API, one write transaction: never half old
 * and half new), after copying the current database to `<file>.before-restore-<time>`.
 */
async function sqliteRestore(file: string, source: string): Promise<string | undefined> {
  if (!isSqliteBackup(source)) throw badRequest(`Plik "${source}" nie jest kopią zapasową bazy SQLite Zaplecza.`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let kept: string | undefined;
  if (fs.existsSync(file)) {
    kept = `${file}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    const current = new SQLite(file, { fileMustExist: true });
    try {
      current.pragma('busy_timeout = 10000');
      await current.backup(kept, { progress: () => ALL_PAGES });
    } finally {
      current.close();
    }
  }
  const backup = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await backup.backup(file, { progress: () => ALL_PAGES });
  } finally {
    backup.close();
  }
  const restored = new SQLite(file);
  try {
    restored.pragma('journal_mode = WAL');
  } finally {
    restored.close();
  }
  return kept;
}

// ---- PostgreSQL --------------------------------------------------------------------------------

/**
 * The URL without its password, and the password for PGPASSWORD: a password on a command line
 * is visible to every user of the machine (ps).
 */
function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

interface Exit {
  code: number;
  stderr: string;
}

function missingTool(tool: string): Error {
  return new Error(`brak programu ${tool}: zainstaluj pakiet postgresql-client (apt-get install postgresql-client)`);
}

/** Runs a tool to its end; its standard error is kept for the message. */
function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err: NodeJS.ErrnoException) => reject(err.code === 'ENOENT' ? missingTool(tool) : err));
    child.on('close', (code) => resolve({ code: code ?? 1, stderr }));
  });
}

async function pgDump(url: string, part: string): Promise<void> {
  const { dbname, env } = pgConnection(url);
  const r = await run(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', '--file', part, '--dbname', dbname],
    env,
  );
  if (r.code !== 0) throw new Error(`pg_dump: ${r.stderr.trim()}`);
}

/**
 * pg_restore turns the archive into SQL, which psql runs in one transaction after emptying the
 * schema: BEGIN is sent first and COMMIT only once pg_restore has ended well, so a broken
 * archive or a failing statement (ON_ERROR_STOP) leaves the database as it was.
 */
async function pgRestore(url: string, source: string): Promise<void> {
  const { dbname, env } = pgConnection(url);
  const list = await run('pg_restore', ['--list', source], env);
  if (list.code !== 0)
    throw badRequest(`Plik "${source}" nie jest kopią zapasową PostgreSQL (pg_dump, format custom).`);

  const restore = spawn('pg_restore', ['--no-owner', '--no-privileges', '--file', '-', source], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const psql = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--dbname', dbname, '-f', '-'], {
    env,
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let restoreErr = '';
  let psqlErr = '';
  restore.stderr.on('data', (d: Buffer) => (restoreErr += d.toString()));
  psql.stderr.on('data', (d: Buffer) => (psqlErr += d.toString()));
  // psql may stop early (ON_ERROR_STOP): the write then fails, which its exit code reports.
  psql.stdin.on('error', () => undefined);

  const exited = (child: ReturnType<typeof spawn>, tool: string) =>
    new Promise<number>((resolve, reject) => {
      child.on('error', (err: NodeJS.ErrnoException) => reject(err.code === 'ENOENT' ? missingTool(tool) : err));
      child.on('close', (code) => resolve(code ?? 1));
    });
  const restoreDone = exited(restore, 'pg_restore');
  const psqlDone = exited(psql, 'psql');
  // A psql that stopped reads no more: pg_restore would wait on a full pipe for ever.
  psql.on('close', () => {
    if (restore.exitCode === null) restore.kill();
  });

  psql.stdin.write('begin;\ndrop schema public cascade;\ncreate schema public;\n');
  restore.stdout.pipe(psql.stdin, { end: false });
  const restoreCode = await restoreDone;
  if (restoreCode === 0) psql.stdin.write('commit;\n');
  psql.stdin.end();
  const psqlCode = await psqlDone;
  if (restoreCode !== 0) throw new Error(`pg_restore: ${restoreErr.trim()}`);
  if (psqlCode !== 0) throw new Error(`psql: ${psqlErr.trim()}`);
}
