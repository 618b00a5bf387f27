import type { TenantDb } from '../../db/tenant';
import { type LedgerDifference, stockRepository as repo } from './stock.repository';

/**
 * The ledger invariant (docs/decisions.md, Stock ledger): every item's stock equals the sum of its
 * committed changes. `npm run cli -- stock:verify` and the ledger tests both ask this.
 */
export async function verifyLedger(tdb: TenantDb): Promise<{ items: number; differences: LedgerDifference[] }> {
  const [items, differences] = await Promise.all([repo.itemCount(tdb), repo.ledgerDifferences(tdb)]);
  return { items, differences };
}
