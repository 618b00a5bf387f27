import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** At most `max` attempts per key within `windowMs`. */
export interface RateLimit {
  max: number;
  /**
   * At most 15 minutes: the rows live in `login_failures`, whose rows older than the sign-in
   * failure window are purged (auth purgeExpired).
   */
  windowMs: number;
}

/**
 * Counts one attempt under `key` (e.g. `buyer:{address}`) and answers whether it is within the
 * limit. The attempts are rows of `login_failures` (key, time), shared by every worker process,
 * the same table that counts sign-in failures. A refused attempt is not stored, so one key never
 * holds more than `max` rows per window. Counting and storing are two statements: concurrent
 * attempts may pass a few over the limit, which a flood guard can afford.
 */
export async function takeAttempt(db: Kysely<DB>, key: string, limit: RateLimit, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - limit.windowMs).toISOString();
  const { n } = await db
    .selectFrom('login_failures')
    .select(db.fn.countAll<number>().as('n'))
    .where('key', '=', key)
    .where('failed_at', '>=', since)
    .executeTakeFirstOrThrow();
  if (Number(n) >= limit.max) return false;
  await db.insertInto('login_failures').values({ key, failed_at: now.toISOString() }).execute();
  return true;
}
