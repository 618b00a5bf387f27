import type { ItemsSummary } from '@zaplecze/contract';
import { sql } from 'kysely';
import type { AuthContext } from '../../platform/context';
import { storageQuotaBytes, storageUse } from '../files';

/**
 * GET /items/summary_homepage (docs/rules/platform-rules.md §2 Home, items widget): number of items, pieces in
 * stock (items with negative stock count as 0), photos, the space the organisation's files use and
 * the storage quota it counts against (null: unlimited).
 */
export async function itemsSummary(ctx: AuthContext): Promise<ItemsSummary> {
  const [items, files] = await Promise.all([
    ctx.tdb
      .selectFrom('items')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        sql<number>`coalesce(sum(case when count_ware > 0 then count_ware else 0 end), 0)`.as('ware'),
      ])
      .executeTakeFirstOrThrow(),
    storageUse(ctx.tdb),
  ]);
  return {
    itemsCount: Number(items.n),
    countWareAll: Number(items.ware),
    ...files,
    storageQuotaBytes: storageQuotaBytes(ctx.deps.config),
  };
}
