import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** At most `max` attempts per key within a window of `windowMs` that starts at its first attempt. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * Counts one attempt under `key` (e.g. `buyer:{address}`) and answers the key's attempts in its
 * current window, this one included. One statement, an upsert that answers the new count: parallel
 * attempts (other requests, other worker processes, either engine) each get a different count, so
 * exactly `max` of them can see room under a limit. The counters live in `rate_counters` (one row per
 * key, migration 0020); a window ends `windowMs` after its first attempt, and the next attempt
 * starts a new one.
 */
export async function countAttempt(db: Kysely<DB>, key: string, windowMs: number, now: Date): Promise<number> {
  return (await countAttempts(db, key, 1, windowMs, now)).attempts;
}

/**
 * Counts `n` attempts under `key` at once (countAttempt's one statement) and answers the key's
 * attempts in its current window, these included, and when that window ends: a caller that takes
 * its allowance in blocks (modules/auth/api-token-limit.ts) and the Retry-After of a refusal need both.
 */
export async function countAttempts(
  db: Kysely<DB>,
  key: string,
  n: number,
  windowMs: number,
  now: Date,
): Promise<{ attempts: number; windowEnd: Date }> {
  const nowIso = now.toISOString();
  const row = await db
    .insertInto('rate_counters')
    .values({ key, attempts: n, expires_at: new Date(now.getTime() + windowMs).toISOString() })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        attempts: sql<number>`case when rate_counters.expires_at <= ${nowIso} then ${n} else rate_counters.attempts + ${n} end`,
        expires_at: sql<string>`case when rate_counters.expires_at <= ${nowIso} then excluded.expires_at else rate_counters.expires_at end`,
      }),
    )
    .returning(['attempts', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { attempts: Number(row.attempts), windowEnd: new Date(row.expires_at) };
}

/** Counts one attempt and answers whether it is within the limit (a refused one stays counted). */
export async function takeAttempt(db: Kysely<DB>, key: string, limit: RateLimit, now: Date): Promise<boolean> {
  return (await countAttempt(db, key, limit.windowMs, now)) <= limit.max;
}

/**
 * Takes back `n` counted attempts of the current window (never below 0): sign-in counts failures
 * only, so an attempt refused before its password was checked gives its count back, and a success
 * gives back its own and the failures it forgives.
 */
export async function refundAttempts(db: Kysely<DB>, key: string, now: Date, n = 1): Promise<void> {
  await db
    .updateTable('rate_counters')
    .set({ attempts: sql<number>`case when attempts > ${n} then attempts - ${n} else 0 end` })
    .where('key', '=', key)
    .where('expires_at', '>', now.toISOString())
    .execute();
}

/** Forgets a key's attempts and answers how many its current window held. */
export async function resetAttempts(db: Kysely<DB>, key: string, now: Date): Promise<number> {
  const row = await db
    .deleteFrom('rate_counters')
    .where('key', '=', key)
    .returning(['attempts', 'expires_at'])
    .executeTakeFirst();
  return row && new Date(row.expires_at).getTime() > now.getTime() ? Number(row.attempts) : 0;
}

/** Housekeeping: counters whose window has ended. */
export async function purgeAttempts(db: Kysely<DB>, now: Date): Promise<void> {
  await db.deleteFrom('rate_counters').where('expires_at', '<=', now.toISOString()).execute();
}
