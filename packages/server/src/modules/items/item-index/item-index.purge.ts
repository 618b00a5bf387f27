import { sql } from 'kysely';
import type { AppDeps } from '../../../platform/context';

/** Log rows older than this are pruned (an index that has not refreshed since reloads). */
export const ITEM_INDEX_LOG_TTL_MS = 60 * 60 * 1000;

/**
 * Prunes the item filter index's change log (migration 0023) of rows older than an hour, and
 * records the newest pruned position so that an index that had not read them reloads instead of
 * missing them. Run by the maintenance purge (docs/operations.md). Answers the rows deleted.
 */
export async function purgeItemIndexLog(deps: Pick<AppDeps, 'db' | 'engine' | 'now'>): Promise<number> {
  const before = new Date(deps.now().getTime() - ITEM_INDEX_LOG_TTL_MS);
  return deps.db.transaction().execute(async (trx) => {
    if (deps.engine === 'postgres') {
      // Only rows of transactions older than every running one: an index loaded from now on never
      // has one of those in progress in its snapshot, so it never takes itself for having missed them.
      const last = await sql<{ tx: string }>`select tx::text as tx from item_index_log where at < ${before}
        and tx < pg_snapshot_xmin(pg_current_snapshot()) order by tx desc limit 1`.execute(trx);
      const tx = last.rows[0]?.tx;
      if (tx === undefined) return 0;
      await sql`update item_index_log_pruned set tx = greatest(tx, ${tx}::xid8) where id = 1`.execute(trx);
      const gone = await sql`delete from item_index_log where tx <= ${tx}::xid8`.execute(trx);
      return Number(gone.numAffectedRows ?? 0);
    }
    const last = await sql<{ seq: number | null }>`select max(seq) as seq from item_index_log
      where at < ${before.toISOString()}`.execute(trx);
    const seq = last.rows[0]?.seq;
    if (seq === null || seq === undefined) return 0;
    await sql`update item_index_log_pruned set seq = max(seq, ${seq}) where id = 1`.execute(trx);
    const gone = await sql`delete from item_index_log where seq <= ${seq}`.execute(trx);
    return Number(gone.numAffectedRows ?? 0);
  });
}
