import type { ItemsSummary } from '@zaplecze/contract';
import { sql } from 'kysely';
import type { AuthContext } from '../../platform/context';

/**
 * GET /items/summary_homepage (platform.md §2 Home, items widget): number of items, pieces in
 * stock (items with negative stock count as 0), photos and the space the organisation's files use.
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
    ctx.tdb
      .selectFrom('files')
      .select([
        sql<number>`count(item_id)`.as('photos'),
        sql<number>`coalesce(sum(case when item_id is not null then bytes else 0 end), 0)`.as('photo_bytes'),
        sql<number>`coalesce(sum(bytes), 0)`.as('all_bytes'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    itemsCount: Number(items.n),
    countWareAll: Number(items.ware),
    photosCount: Number(files.photos),
    photosDirSize: Number(files.photo_bytes),
    userDirSize: Number(files.all_bytes),
  };
}
