import type { z } from 'zod';
import { isUniqueViolation } from '../db/errors';
import type { TenantDb } from '../db/tenant';
import type { AuthContext } from './context';

/**
 * Runs `fn` in one transaction under an idempotency key: a retried call with the same key
 * answers the first run's result (parsed back with `schema`) instead of applying it again. The
 * key is stored in the same transaction, so it exists exactly when the batch was applied. Keys are
 * per organisation; `scope` keeps the keys of different calls apart (items and orders mass edits).
 * Without a key the call simply runs in one transaction.
 */
export async function idempotent<T>(
  ctx: AuthContext,
  key: string | undefined,
  schema: z.ZodType<T>,
  fn: (tdb: TenantDb) => Promise<T>,
  scope = '',
): Promise<T> {
  if (!key) return ctx.tdb.transaction(fn);
  const scoped = scope + key;
  const stored = async () => {
    const row = await ctx.tdb
      .selectFrom('idempotency_keys')
      .select('answer')
      .where('key', '=', scoped)
      .executeTakeFirst();
    return row ? schema.parse(JSON.parse(row.answer)) : undefined;
  };
  const first = await stored();
  if (first !== undefined) return first;
  try {
    return await ctx.tdb.transaction(async (tdb) => {
      const result = await fn(tdb);
      await tdb
        .insertInto('idempotency_keys', {
          key: scoped,
          answer: JSON.stringify(result),
          created_at: ctx.deps.now().toISOString(),
        })
        .execute();
      return result;
    });
  } catch (err) {
    // The same batch ran concurrently and committed first: answer its result.
    if (isUniqueViolation(err)) {
      const other = await stored();
      if (other !== undefined) return other;
    }
    throw err;
  }
}
