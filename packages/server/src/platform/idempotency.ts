import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { isUniqueViolation } from '../db/errors';
import type { TenantDb } from '../db/tenant';
import type { AuthContext } from './context';
import { AppError } from './errors';
import { MSG } from './messages.pl';

/**
 * JSON with every object's keys sorted, so that two requests that mean the same compare equal
 * whatever order their fields came in. Arrays keep their order (ids are processed in it).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

const hashOf = (payload: unknown) => createHash('sha256').update(canonicalJson(payload)).digest('hex');

/**
 * Runs `fn` in one transaction under an idempotency key: a retried call with the same key
 * answers the first run's result (parsed back with `schema`) instead of applying it again. The
 * key is stored in the same transaction, so it exists exactly when the batch was applied. Keys are
 * per organisation; `scope` keeps the keys of different calls apart (items and orders mass edits).
 * Without a key the call simply runs in one transaction.
 *
 * The key also remembers a hash of `payload` (the parsed request without the key): the same key
 * with other data is a client's mistake, and answering the first run's result would report rows
 * the request did not name while applying nothing, so it is refused with 422 (docs/decisions.md,
 * Idempotency keys). Keys stored before the hash existed answer as before.
 */
export async function idempotent<T>(
  ctx: AuthContext,
  key: string | undefined,
  payload: unknown,
  schema: z.ZodType<T>,
  fn: (tdb: TenantDb) => Promise<T>,
  scope = '',
): Promise<T> {
  if (!key) return ctx.tdb.transaction(fn);
  const scoped = scope + key;
  const hash = hashOf(payload);
  const stored = async () => {
    const row = await ctx.tdb
      .selectFrom('idempotency_keys')
      .select(['answer', 'payload_hash'])
      .where('key', '=', scoped)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.payload_hash !== null && row.payload_hash !== hash) throw new AppError(422, MSG.idempotencyKeyReused);
    return schema.parse(JSON.parse(row.answer));
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
          payload_hash: hash,
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
