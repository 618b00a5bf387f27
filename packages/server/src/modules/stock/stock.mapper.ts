import type { WarehouseChange, WarehouseChangeType } from '@zaplecze/contract';
import { toIso } from '../../db/database';
import type { ChangeRow } from './stock.repository';

/** A stored change as the API answers it (docs/rules/platform-rules.md §2 Warehouse change). */
export function toWarehouseChange(r: ChangeRow): WarehouseChange {
  return {
    id: r.id,
    order: r.order_id === null ? null : { id: r.order_id },
    item: { id: r.item_id, code: r.item_code, name: r.item_name },
    // Only the ledger writes this column, and only from the contract's list (ChangeType).
    type: r.type as WarehouseChangeType,
    quantity: r.quantity,
    qtyBefore: r.qty_before,
    qtyAfter: r.qty_after,
    changeDate: toIso(r.change_date),
    commitDate: r.commit_date === null ? null : toIso(r.commit_date),
    commited: r.committed === 1,
  };
}
