/**
 * Whether a database error is a unique-constraint violation (PostgreSQL 23505, SQLite
 * SQLITE_CONSTRAINT_UNIQUE / PRIMARYKEY). Services turn it into 409: a check-then-insert can
 * still lose a race against a parallel request on PostgreSQL.
 */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false;
  const code = String(err.code);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** The code an error carries (pg's SQLSTATE, a socket's errno name, SQLite's result code), if any. */
function codeOf(err: unknown): string {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : '';
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : '';
}

/**
 * The code of DatabaseUnavailableError: no connection to PostgreSQL could be had (it failed or took
 * longer than DB_CONNECT_TIMEOUT_MS, or the pool is waiting out its reconnect backoff).
 */
export const DB_UNAVAILABLE = 'DB_UNAVAILABLE';

/** No connection to the database could be had; `cause` is what the driver said, if anything. */
export class DatabaseUnavailableError extends Error {
  readonly code = DB_UNAVAILABLE;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Socket errors of a connection that broke or could not be opened. */
const SOCKET_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs that mean the session is gone or cannot be had: 57P01 admin_shutdown, 57P02
 * crash_shutdown, 57P03 cannot_connect_now (starting up, recovering), 53300
 * too_many_connections, 25P03 idle_in_transaction_session_timeout (the server ended a session
 * idle in its transaction), and class 08 (connection exceptions).
 */
const LOST_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '25P03']);

/** What node-postgres and its pool say when a connection ends under them (they carry no code). */
const LOST_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'timeout expired',
];

/**
 * Whether an error means the database connection was lost or could not be opened: the request
 * that met it answers 503 (docs/operations.md, Database outage), never 500.
 */
export function isConnectionError(err: unknown): boolean {
  const code = codeOf(err);
  if (code === DB_UNAVAILABLE || SOCKET_CODES.has(code) || LOST_SQLSTATES.has(code)) return true;
  if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  const message = messageOf(err);
  return LOST_MESSAGES.some((m) => message.startsWith(m));
}

/**
 * Whether the database did not answer in time: PostgreSQL cancelled the statement at
 * statement_timeout (57014), or the server did not answer at all within the client's own limit
 * (node-postgres' 'Query read timeout'). 503 as well, with its own message.
 */
export function isTimeoutError(err: unknown): boolean {
  return codeOf(err) === '57014' || messageOf(err) === 'Query read timeout';
}

/**
 * PostgreSQL's SQLSTATEs of a write that lost to another one and may simply be repeated:
 * 40P01 deadlock_detected, 40001 serialization_failure, 55P03 lock_not_available.
 */
const BUSY_SQLSTATES = new Set(['40P01', '40001', '55P03']);

/**
 * Whether the database was busy with other writes: SQLite's SQLITE_BUSY (and its extended codes,
 * e.g. SQLITE_BUSY_SNAPSHOT) after the busy timeout, i.e. another process held the write lock that
 * long, or one of PostgreSQL's BUSY_SQLSTATES. Nothing was written; the client gets 503 with
 * Retry-After and may repeat the request (docs/operations.md, Database outage).
 */
export function isBusyError(err: unknown): boolean {
  const code = codeOf(err);
  return code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || BUSY_SQLSTATES.has(code);
}

/**
 * Whether the database (or any file write) failed for want of disk space: SQLite's SQLITE_FULL,
 * PostgreSQL's 53100 disk_full, the system's ENOSPC. The client gets 507 with a Polish message.
 */
export function isStorageFull(err: unknown): boolean {
  const code = codeOf(err);
  return code === 'SQLITE_FULL' || code === '53100' || code === 'ENOSPC';
}

/**
 * Whether PostgreSQL refused a value (SQLSTATE class 22, data exception: a number out of its
 * column's range, text it cannot read as the type, text too long, an impossible date, a character
 * the encoding has no room for). The schemas refuse bad input first; a value one of them lets
 * through is still the client's input, so the request answers 400, not 500, and the gap is logged
 * as a warning (docs/decisions.md, Hardening).
 */
export function isBadValueError(err: unknown): boolean {
  return /^22[0-9A-Z]{3}$/.test(codeOf(err));
}
