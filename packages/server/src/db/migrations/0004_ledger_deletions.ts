import { sql } from 'kysely';
import type { Migration } from './helpers';
import { columns } from './helpers';

/**
 * Deleting a warehouse change hides it instead of erasing it (docs/decisions.md, Stock ledger):
 * the screen and the export no longer show it and stock stays as it is, while stock:verify still
 * counts a deleted committed change, so the ledger explains every stock value after any sequence
 * of calls. The month index covers only the rows still shown, so month pages and counts never read
 * hidden rows.
 */
export const m0004LedgerDeletions: Migration = {
  name: '0004_ledger_deletions',
  async up(db, engine) {
    const c = columns(engine);
    await db.schema.alterTable('warehouse_changes').addColumn('deleted_at', c.timestamp).execute();
    await db.schema.dropIndex('warehouse_changes_date_idx').execute();
    await db.schema
      .createIndex('warehouse_changes_date_idx')
      .on('warehouse_changes')
      .columns(['org_id', 'change_date', 'id'])
      .where(sql.ref('deleted_at'), 'is', null)
      .execute();
  },
};
