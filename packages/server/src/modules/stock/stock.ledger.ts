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
import { type AlongsideUpdate, type ChangeRow, type ItemStock, stockRepository as repo } from './stock.repository';

/**
 * THE writer of stock (docs/decisions.md, Stock ledger; docs/rules/server-side-rules.md, Stock): every change of
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
  /** Orders only: honour the skip-zero options (docs/rules/server-side-rules.md). */
  fromOrder?: boolean;
}

export interface LedgerDeps {
  events: EventBus;
  now: () => Date;
}

/**
 * The ledger options, read once per transaction (an importer's batch of orders, a mass edit): kept
 * in the transaction, so a change of the options by another transaction is seen by the next one.
 */
const FLAGS = {};
async function organisationFlags(tdb: TenantDb) {
  const shared = tdb.transactionShared(FLAGS, () => ({ flags: undefined as Flags | undefined }));
  if (shared?.flags) return shared.flags;
  const flags = await readFlags(tdb);
  if (shared) shared.flags = flags;
  return flags;
}

type Flags = Awaited<ReturnType<typeof readFlags>>;
async function readFlags(tdb: TenantDb) {
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

/** Applies changes to items' stock in one statement; answers each item's stock after. */
async function apply(
  tdb: TenantDb,
  deltas: ReadonlyMap<number, number>,
  alongside?: AlongsideUpdate,
): Promise<Map<number, ItemStock>> {
  const after = await repo.applyToItems(tdb, deltas, alongside);
  for (const id of deltas.keys()) if (!after.has(id)) throw notFound(STOCK_MSG.itemNotFound);
  return after;
}

/** A request after the batch's decisions: nothing, pending, or committed with before/after. */
type Planned =
  | { kind: 'skip' }
  | { kind: 'pending'; req: ChangeRequest }
  | { kind: 'commit'; req: ChangeRequest; before: number; after: number };

/**
 * Decides each request in order, as if they ran one by one: the skip-zero options look at the
 * stock the earlier requests of the batch leave behind, and every committed row gets the stock
 * before and after it. `stock` is the items' stock when the batch starts (read under lock).
 */
function plan(
  reqs: readonly ChangeRequest[],
  stock: Map<number, number>,
  flags: Awaited<ReturnType<typeof organisationFlags>> | undefined,
): Planned[] {
  const running = new Map(stock);
  return reqs.map((req): Planned => {
    if (req.quantity === 0) return { kind: 'skip' };
    const before = running.get(req.itemId) ?? 0;
    if (req.fromOrder && flags && before === 0) {
      if (req.quantity < 0 && flags.skipZeroMinus) return { kind: 'skip' };
      if (req.quantity > 0 && flags.skipZeroPlus) return { kind: 'skip' };
    }
    if (!(req.commit === 'now' || (flags?.autoCommit ?? false))) return { kind: 'pending', req };
    const after = before + req.quantity;
    // The caller's transaction rolls everything back with this error.
    if (!inRange(after)) throw conflict(STOCK_MSG.stockOutOfRange);
    running.set(req.itemId, after);
    return { kind: 'commit', req, before, after };
  });
}

/**
 * Records a batch of changes with a constant number of statements (read the items under lock,
 * one stock update, multi-row inserts of the change rows), answering each request's row, or
 * undefined when nothing is recorded (quantity 0, or an order's change skipped by a skip-zero
 * option). `alongside`: the caller's other columns of its items, written in the same UPDATE. Requests are applied in order; an item may appear more than once. Needs a
 * transaction: the change rows and the stock move together.
 */
export async function recordChanges(
  deps: LedgerDeps,
  tdb: TenantDb,
  reqs: readonly ChangeRequest[],
  alongside?: AlongsideUpdate,
): Promise<(ChangeRow | undefined)[]> {
  const ids = [...new Set(reqs.filter((r) => r.quantity !== 0).map((r) => r.itemId))];
  if (ids.length === 0) {
    if (alongside) await repo.applyToItems(tdb, new Map(), alongside);
    return reqs.map(() => undefined);
  }
  const items = await repo.stocksOf(tdb, ids, true);
  if (items.size !== ids.length) throw notFound(STOCK_MSG.itemNotFound);
  const needFlags = reqs.some((r) => r.commit === 'option' || r.fromOrder);
  const flags = needFlags ? await organisationFlags(tdb) : undefined;
  const planned = plan(reqs, new Map([...items].map(([id, i]) => [id, i.count_ware])), flags);

  const deltas = new Map<number, number>();
  for (const p of planned)
    if (p.kind === 'commit') deltas.set(p.req.itemId, (deltas.get(p.req.itemId) ?? 0) + p.req.quantity);
  const after = await apply(tdb, deltas, alongside);
  for (const [id, total] of deltas) {
    // The rows are locked (PostgreSQL) or the writer is alone (SQLite), so nobody can move the
    // stock between the read and the update; if that ever breaks, fail rather than record a lie.
    if (after.get(id)?.count_ware !== items.get(id)!.count_ware + total)
      throw new Error(`stock of item ${id} moved under lock`);
  }

  const date = deps.now().toISOString();
  const recorded = planned.filter((p) => p.kind !== 'skip');
  const rows = await repo.insertMany(
    tdb,
    recorded.map((p) => {
      // Named as the item is after the statement (`alongside` may have renamed it).
      const item = after.get(p.req.itemId) ?? items.get(p.req.itemId)!;
      const committed = p.kind === 'commit';
      return {
        item_id: p.req.itemId,
        item_code: item.code,
        item_name: item.name,
        order_id: p.req.orderId ?? null,
        type: p.req.type,
        quantity: p.req.quantity,
        change_date: date,
        qty_before: committed ? p.before : null,
        qty_after: committed ? p.after : null,
        commit_date: committed ? date : null,
        committed: committed ? 1 : 0,
      };
    }),
  );
  const moved = rows.filter((row) => row.committed === 1);
  if (moved.length > 0)
    deps.events.emit(tdb, 'stock.changed', {
      items: moved.map((row) => ({ itemId: row.item_id!, delta: row.quantity, qty: row.qty_after! })),
    });
  let next = 0;
  return planned.map((p) => (p.kind === 'skip' ? undefined : rows[next++]));
}

/** An item this transaction has just inserted with its stock (`recordInsertedStock`). */
export interface InsertedStock {
  itemId: number;
  code: string;
  name: string;
  stock: number;
}

/** Refuses stock outside the ledger's range before it is written (an insert carries it directly). */
export function checkStockInRange(stock: number): void {
  if (!inRange(stock)) throw conflict(STOCK_MSG.stockOutOfRange);
}

/**
 * The ledger rows of the stock that items were inserted with in the caller's transaction (a batch
 * create writes the stock in its INSERT rather than moving each new row again with an UPDATE):
 * one committed change of `type` per item whose stock is not 0, from 0 to the stock, and the same
 * `stock.changed` event, as `recordChanges` writes for an item created with no stock and then set.
 * The items must be this transaction's own new rows (nobody else can have moved their stock).
 */
export async function recordInsertedStock(
  deps: LedgerDeps,
  tdb: TenantDb,
  items: readonly InsertedStock[],
  type: ChangeType,
): Promise<void> {
  const stocked = items.filter((i) => i.stock !== 0);
  if (stocked.length === 0) return;
  for (const i of stocked) checkStockInRange(i.stock);
  const date = deps.now().toISOString();
  await repo.insertMany(
    tdb,
    stocked.map((i) => ({
      item_id: i.itemId,
      item_code: i.code,
      item_name: i.name,
      order_id: null,
      type,
      quantity: i.stock,
      change_date: date,
      qty_before: 0,
      qty_after: i.stock,
      commit_date: date,
      committed: 1,
    })),
  );
  deps.events.emit(tdb, 'stock.changed', {
    items: stocked.map((i) => ({ itemId: i.itemId, delta: i.stock, qty: i.stock })),
  });
}

/** One change: `recordChanges` of one request. */
export async function recordChange(
  deps: LedgerDeps,
  tdb: TenantDb,
  req: ChangeRequest,
): Promise<ChangeRow | undefined> {
  return (await recordChanges(deps, tdb, [req]))[0];
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
  const item = (await repo.stocksOf(tdb, [itemId], true)).get(itemId);
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
    const after = (await apply(t, new Map([[change.item_id, change.quantity]]))).get(change.item_id)!.count_ware;
    // The caller's transaction rolls the update back with this error.
    if (!inRange(after)) throw conflict(STOCK_MSG.stockOutOfRange);
    const before = after - change.quantity;
    const commit_date = deps.now().toISOString();
    // A concurrent commit of the same change got there first: this one must not apply twice.
    if (!(await repo.markCommitted(t, id, { qty_before: before, qty_after: after, commit_date })))
      throw conflict(STOCK_MSG.alreadyCommitted);
    deps.events.emit(t, 'stock.changed', { items: [{ itemId: change.item_id, delta: change.quantity, qty: after }] });
    return { ...change, qty_before: before, qty_after: after, commit_date, committed: 1 };
  });
}

/**
 * Deletes a change: it leaves the screen and the export and never touches stock (docs/decisions.md,
 * Stock ledger). The row stays, hidden, so a deleted committed change still explains the stock it
 * moved and stock:verify still adds up.
 */
export async function deleteChange(deps: LedgerDeps, tdb: TenantDb, id: number): Promise<void> {
  if (!(await repo.remove(tdb, id, deps.now().toISOString()))) throw notFound(STOCK_MSG.changeNotFound);
}
