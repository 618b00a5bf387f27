import {
  ITEM_COUNT_MAX,
  readBooleanOption,
  WAREHOUSE_CHANGE_TYPES,
  type WarehouseChangeType,
} from '@zaplecze/contract';
import type { TenantDb } from '../../db/tenant';
import { conflict, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import { optionsRepository } from '../options';
import { STOCK_MSG } from './messages.pl';
import { type ChangeRow, stockRepository as repo } from './stock.repository';

/**
 * THE writer of stock (docs/decisions.md, Stock ledger; server-rules.md, Stock): every change of
 * an item's countWare is a warehouse-change row, so the committed rows of an item always add up to
 * its stock. Callers pass a TenantDb inside their transaction.
 */

/** Where a change comes from (the Typ column of the warehouse-changes screen); the contract's list. */
export const CHANGE_TYPES = WAREHOUSE_CHANGE_TYPES;
export type ChangeType = WarehouseChangeType;

export interface ChangeRequest {
  itemId: number;
  /** Signed pieces; 0 records nothing. */
  quantity: number;
  type: ChangeType;
  orderId?: number | null;
  /**
   * 'now': committed at once (an edit made by hand, generation, mass edit);
   * 'option': committed at once only when the organisation's auto-commit option is on (reader, orders).
   */
  commit: 'now' | 'option';
  /** Orders only: honour the skip-zero options (server-rules.md). */
  fromOrder?: boolean;
}

export interface LedgerDeps {
  events: EventBus;
  now: () => Date;
}

async function organisationFlags(tdb: TenantDb) {
  const stored = await optionsRepository.read(tdb, [
    'WAREHOUSE_AUTO_COMMIT',
    'WAREHOUSE_SKIP_ZERO_MINUS',
    'WAREHOUSE_SKIP_ZERO_PLUS',
  ]);
  return {
    autoCommit: readBooleanOption(stored.get('WAREHOUSE_AUTO_COMMIT')),
    skipZeroMinus: readBooleanOption(stored.get('WAREHOUSE_SKIP_ZERO_MINUS')),
    skipZeroPlus: readBooleanOption(stored.get('WAREHOUSE_SKIP_ZERO_PLUS')),
  };
}

function inRange(n: number): boolean {
  return n >= -ITEM_COUNT_MAX && n <= ITEM_COUNT_MAX;
}

/** Applies a change to the item's stock and returns before/after; 409 when out of range. */
async function apply(tdb: TenantDb, itemId: number, quantity: number): Promise<{ before: number; after: number }> {
  const after = await repo.applyToItem(tdb, itemId, quantity);
  if (after === undefined) throw notFound(STOCK_MSG.itemNotFound);
  // The caller's transaction rolls the update back with this error.
  if (!inRange(after)) throw conflict(STOCK_MSG.stockOutOfRange);
  return { before: after - quantity, after };
}

/**
 * Records one change; undefined when nothing is recorded (quantity 0, or an order's change
 * skipped by a skip-zero option). Needs a transaction: the change row and the stock move together.
 */
export async function recordChange(
  deps: LedgerDeps,
  tdb: TenantDb,
  req: ChangeRequest,
): Promise<ChangeRow | undefined> {
  if (req.quantity === 0) return undefined;
  const item = await repo.stockOf(tdb, req.itemId);
  if (!item) throw notFound(STOCK_MSG.itemNotFound);
  const flags = req.commit === 'option' || req.fromOrder ? await organisationFlags(tdb) : undefined;
  if (req.fromOrder && flags && item.count_ware === 0) {
    if (req.quantity < 0 && flags.skipZeroMinus) return undefined;
    if (req.quantity > 0 && flags.skipZeroPlus) return undefined;
  }
  const commitNow = req.commit === 'now' || (flags?.autoCommit ?? false);
  const date = deps.now().toISOString();
  const base = {
    item_id: req.itemId,
    item_code: item.code,
    item_name: item.name,
    order_id: req.orderId ?? null,
    type: req.type,
    quantity: req.quantity,
    change_date: date,
  };
  if (!commitNow) {
    return repo.insert(tdb, { ...base, qty_before: null, qty_after: null, commit_date: null, committed: 0 });
  }
  const { before, after } = await apply(tdb, req.itemId, req.quantity);
  const row = await repo.insert(tdb, {
    ...base,
    qty_before: before,
    qty_after: after,
    commit_date: date,
    committed: 1,
  });
  deps.events.emitAfterCommit(tdb, 'stock.changed', {
    orgId: tdb.orgId,
    itemId: req.itemId,
    changeId: row.id,
    qtyBefore: before,
    qtyAfter: after,
  });
  return row;
}

/**
 * Sets an item's stock to `target` by recording the difference (an explicit edit of the item,
 * committed at once). Reads the current stock inside the caller's transaction.
 */
export async function setStock(
  deps: LedgerDeps,
  tdb: TenantDb,
  itemId: number,
  target: number,
  type: ChangeType,
): Promise<ChangeRow | undefined> {
  const item = await repo.stockOf(tdb, itemId, true);
  if (!item) throw notFound(STOCK_MSG.itemNotFound);
  return recordChange(deps, tdb, { itemId, quantity: target - item.count_ware, type, commit: 'now' });
}

/** Commits a pending change: stock += quantity atomically, before/after and date recorded. */
export async function commitChange(deps: LedgerDeps, tdb: TenantDb, id: number): Promise<ChangeRow> {
  return tdb.transaction(async (t) => {
    const change = await repo.findById(t, id);
    if (!change) throw notFound(STOCK_MSG.changeNotFound);
    if (change.committed === 1) throw conflict(STOCK_MSG.alreadyCommitted);
    if (change.item_id === null) throw conflict(STOCK_MSG.itemDeleted);
    const { before, after } = await apply(t, change.item_id, change.quantity);
    const commit_date = deps.now().toISOString();
    // A concurrent commit of the same change got there first: this one must not apply twice.
    if (!(await repo.markCommitted(t, id, { qty_before: before, qty_after: after, commit_date })))
      throw conflict(STOCK_MSG.alreadyCommitted);
    deps.events.emitAfterCommit(t, 'stock.changed', {
      orgId: t.orgId,
      itemId: change.item_id,
      changeId: id,
      qtyBefore: before,
      qtyAfter: after,
    });
    return { ...change, qty_before: before, qty_after: after, commit_date, committed: 1 };
  });
}

/** Deletes a change; never touches stock (platform.md §2, Warehouse changes). */
export async function deleteChange(tdb: TenantDb, id: number): Promise<void> {
  if (!(await repo.remove(tdb, id))) throw notFound(STOCK_MSG.changeNotFound);
}
