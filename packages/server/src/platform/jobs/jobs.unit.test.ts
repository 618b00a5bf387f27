import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { FileStorageUnavailable } from '../file-storage/file-storage';
import { backoffMs, jobErrorText, redactError } from './rules';
import { badRequest } from '../errors';
import { MSG } from '../messages.pl';
import { checkSchedule, latestDue } from './schedules';
import { RetryAfterError } from './types';

const job = { kind: 'p.sync' };
const none = () => Promise.resolve([]);

describe('the job engine rules', () => {
  it('backs off exponentially up to the cap, jittered into the upper half', () => {
    const policy = { firstSeconds: 10, maxSeconds: 60 };
    expect([1, 2, 3, 4, 9].map((a) => backoffMs(a, policy, () => 1))).toEqual([10_000, 20_000, 40_000, 60_000, 60_000]);
    expect([1, 2, 3, 4].map((a) => backoffMs(a, policy, () => 0))).toEqual([5_000, 10_000, 20_000, 30_000]);
    for (let i = 0; i < 100; i++) {
      const d = backoffMs(2, policy);
      expect(d).toBeGreaterThanOrEqual(10_000);
      expect(d).toBeLessThanOrEqual(20_000);
    }
  });

  it('keeps no secret, no stack and at most 1,000 characters of an error', () => {
    const err = new Error(
      'GET https://shop:Haslo-1@api.example.pl/x?token=abc123&page=2 failed; Authorization: Bearer eyJhbGci.x.y; api_key=K3Y password: "p@ss"',
    );
    const text = redactError(err, ['SekretnyKlucz']);
    expect(text).not.toMatch(/Haslo-1|abc123|eyJhbGci|K3Y|p@ss/);
    expect(text).toContain('page=2');
    expect(text).not.toContain('at ');
    expect(redactError(new Error('klucz SekretnyKlucz odrzucony'), ['SekretnyKlucz'])).toBe('klucz *** odrzucony');
    expect(redactError(new Error('x'.repeat(5000)))).toHaveLength(1000);
    expect(redactError({ not: 'an error' })).toBe('Nieznany błąd');
  });
});

describe("a failed job's error as its seller sees it", () => {
  it("keeps the job's own Polish message, and puts a Polish sentence with the code for a database's or the runtime's error", () => {
    const db = new Database(':memory:');
    db.exec('create table t (code text unique)');
    db.prepare('insert into t values (?)').run('A');
    let unique: unknown;
    try {
      db.prepare('insert into t values (?)').run('A');
    } catch (err) {
      unique = err;
    }
    let missing: unknown;
    try {
      db.prepare('select * from p_plugin_missing').all();
    } catch (err) {
      missing = err;
    }
    db.close();
    expect((unique as Error).message).toMatch(/UNIQUE constraint failed/);
    expect(jobErrorText(unique)).toBe(MSG.jobDatabaseError('SQLITE_CONSTRAINT_UNIQUE'));
    expect(jobErrorText(missing)).toBe(MSG.jobDatabaseError('SQLITE_ERROR'));
    expect(
      jobErrorText(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' })),
    ).toBe(MSG.jobDatabaseError('23505'));
    expect(jobErrorText(Object.assign(new Error('Connection terminated unexpectedly'), {}))).toBe(MSG.dbUnavailable);
    // A file storage that fails (S3 down): the seller reads Polish, not the endpoint and bucket.
    expect(
      jobErrorText(new FileStorageUnavailable('S3 http://10.1.2.3:9000, bucket b: GetObject failed: TimeoutError')),
    ).toBe(MSG.filesUnavailable);
    let bug: unknown;
    try {
      (undefined as unknown as { x: () => void }).x();
    } catch (err) {
      bug = err;
    }
    expect(jobErrorText(bug)).toBe(MSG.jobInternal);
    expect(jobErrorText(badRequest('Wiersz 3: brak kodu.'))).toBe('Wiersz 3: brak kodu.');
    expect(jobErrorText(new Error('Usługa odpowiedziała: token=abc123 wygasł'))).toBe(
      'Usługa odpowiedziała: token=*** wygasł',
    );
  });
});

describe('Retry-After', () => {
  it('reads seconds or an HTTP date, falls back when missing, and keeps the pause between 1 s and a day', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    expect(RetryAfterError.fromHeader('120', now).seconds).toBe(120);
    expect(RetryAfterError.fromHeader('Fri, 27 Nov 2026 10:05:00 GMT', now).seconds).toBe(300);
    expect(RetryAfterError.fromHeader(null, now).seconds).toBe(60);
    expect(RetryAfterError.fromHeader('wkrótce', now, 30).seconds).toBe(30);
    expect(RetryAfterError.fromHeader('0', now).seconds).toBe(1);
    expect(RetryAfterError.fromHeader('Thu, 26 Nov 2026 10:00:00 GMT', now).seconds).toBe(1);
    expect(RetryAfterError.fromHeader('99999999', now).seconds).toBe(86_400);
  });
});

describe('schedules', () => {
  it('every N minutes: the latest multiple of N minutes since 00:00 UTC', () => {
    const s = { everyMinutes: 15 };
    expect(latestDue(s, new Date('2026-11-27T10:07:30Z')).toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect(latestDue(s, new Date('2026-11-27T10:15:00Z')).toISOString()).toBe('2026-11-27T10:15:00.000Z');
  });

  it('cron in Europe/Warsaw, in winter and in summer time', () => {
    const s = { cron: '0 3 * * *' };
    // 03:00 in Warsaw is 02:00 UTC in winter (CET) and 01:00 UTC in summer (CEST).
    expect(latestDue(s, new Date('2026-01-15T12:00:00Z')).toISOString()).toBe('2026-01-15T02:00:00.000Z');
    expect(latestDue(s, new Date('2026-07-15T12:00:00Z')).toISOString()).toBe('2026-07-15T01:00:00.000Z');
    // Before 03:00 Polish time: yesterday's.
    expect(latestDue(s, new Date('2026-07-15T00:30:00Z')).toISOString()).toBe('2026-07-14T01:00:00.000Z');
    // Exactly at the due time: that one.
    expect(latestDue(s, new Date('2026-07-15T01:00:00Z')).toISOString()).toBe('2026-07-15T01:00:00.000Z');
  });

  it('refuses a schedule that is not well formed', () => {
    expect(() => checkSchedule({ key: 'a', job, organisations: none })).toThrow(/exactly one/);
    expect(() => checkSchedule({ key: 'a', everyMinutes: 5, cron: '* * * * *', job, organisations: none })).toThrow(
      /exactly one/,
    );
    expect(() => checkSchedule({ key: 'a', everyMinutes: 0, job, organisations: none })).toThrow(/positive/);
    expect(() => checkSchedule({ key: 'a', cron: 'co godzinę', job, organisations: none })).toThrow();
    expect(() => checkSchedule({ key: 'a', cron: '*/15 * * * *', job, organisations: none })).not.toThrow();
  });
});
