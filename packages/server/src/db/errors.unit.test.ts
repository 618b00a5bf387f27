import { describe, expect, it } from 'vitest';
import {
  DatabaseUnavailableError,
  isBadValueError,
  isBusyError,
  isConnectionError,
  isStorageFull,
  isTimeoutError,
} from './errors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('database error classes', () => {
  it('a lost or refused connection', () => {
    for (const err of [
      withCode('ECONNRESET'),
      withCode('ECONNREFUSED'),
      withCode('EPIPE'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('08006'),
      withCode('08P01'),
      withCode('53300', 'sorry, too many clients already'),
      withCode('25P03', 'terminating connection due to idle-in-transaction timeout'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      new DatabaseUnavailableError('PostgreSQL unavailable: waiting to reconnect'),
    ])
      expect(isConnectionError(err), err.message).toBe(true);
    for (const err of [withCode('23505'), withCode('57014'), withCode('SQLITE_FULL'), new Error('boom'), 'text'])
      expect(isConnectionError(err)).toBe(false);
  });

  it('a statement the server cancelled at statement_timeout, or that the client gave up', () => {
    expect(isTimeoutError(withCode('57014', 'canceling statement due to statement timeout'))).toBe(true);
    expect(isTimeoutError(new Error('Query read timeout'))).toBe(true);
    expect(isTimeoutError(withCode('ECONNRESET'))).toBe(false);
  });

  it('a full disk: SQLite, PostgreSQL (53100 disk_full) and the system', () => {
    expect(isStorageFull(withCode('SQLITE_FULL', 'database or disk is full'))).toBe(true);
    expect(isStorageFull(withCode('53100', 'could not extend file: No space left on device'))).toBe(true);
    expect(isStorageFull(withCode('ENOSPC'))).toBe(true);
    expect(isStorageFull(withCode('SQLITE_IOERR_WRITE'))).toBe(false);
    expect(isStorageFull(withCode('23505'))).toBe(false);
  });

  it('a database busy with other writes: SQLite past its busy timeout, PostgreSQL lock conflicts', () => {
    for (const err of [
      withCode('SQLITE_BUSY', 'database is locked'),
      withCode('SQLITE_BUSY_SNAPSHOT'),
      withCode('40P01', 'deadlock detected'),
      withCode('40001', 'could not serialize access due to concurrent update'),
      withCode('55P03', 'could not obtain lock on row in relation "items"'),
    ])
      expect(isBusyError(err), err.message).toBe(true);
    for (const err of [withCode('SQLITE_LOCKED'), withCode('SQLITE_FULL'), withCode('23505'), new Error('busy'), null])
      expect(isBusyError(err)).toBe(false);
  });

  it('a value PostgreSQL refused (class 22, data exception)', () => {
    for (const code of ['22003', '22P02', '22001', '22007', '22008', '22021', '22P05'])
      expect(isBadValueError(withCode(code)), code).toBe(true);
    for (const err of [withCode('23505'), withCode('2200'), withCode('SQLITE_MISMATCH'), new Error('22003')])
      expect(isBadValueError(err)).toBe(false);
  });
});
