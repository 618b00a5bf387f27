import type { ItemInputParsed } from '@zaplecze/contract';
import { sql } from 'kysely';
import { isUniqueViolation } from '../../db/errors';
import type { TenantDb } from '../../db/tenant';
import { conflict, notFound } from '../../platform/errors';
import { checkStockInRange, recordChanges, recordInsertedStock, type ChangeType } from '../stock';
import { photoSummary } from './item-photos';
import { batchSet, itemsRepository as repo, type BatchChanges, type PerItemColumn } from './items.repository';
import { columnsOf, externalColumns, type ItemWriteContext } from './items.service';
import { checkRefs, type Refs } from './items.validate';
import { ITEMS_MSG } from './messages.pl';

/**
 * Batch writes of many items for imports (docs/decisions.md, Batch item writes): what `createItem`
 * and `updateItem` do for one item, done for a batch of a few hundred with a constant number of
 * statements. The rules are the same (references of the organisation, codes unique per
 * organisation, stock only through the ledger, `item.saved` after the commit; the item filter
 * index's change log is written by the table's triggers whatever the path). All or nothing: one
 * refusal throws the core's AppError and the caller's transaction rolls the whole batch back.
 */

/** An item created by a batch: no photos, parameters or additional descriptions. */
export type BareItemInput = Omit<ItemInputParsed, 'countWare' | 'photos' | 'params' | 'additionalDescIds'>;

/** The fields a batch update may change; the others stay as stored. */
export type ItemFieldChanges = Partial<
  Pick<ItemInputParsed, 'gtin' | 'name' | 'price' | 'vat' | 'currency' | 'externalData'>
>;

export type StoredItem = NonNullable<Awaited<ReturnType<typeof repo.rawById>>>;

/** The items' references checked once per distinct set (an import's items share them). */
async function checkRefsOnce(tdb: TenantDb, inputs: readonly Refs[]): Promise<void> {
  const seen = new Set<string>();
  for (const r of inputs) {
    const refs: Refs = {
      itemStatusId: r.itemStatusId,
      deliveryPriceListId: r.deliveryPriceListId,
      deliveryTimeId: r.deliveryTimeId,
      itemGroupId: r.itemGroupId,
      categoryId: r.categoryId,
      placeId: r.placeId,
    };
    const key = JSON.stringify(refs);
    if (seen.has(key)) continue;
    seen.add(key);
    await checkRefs(tdb, refs);
  }
}

/**
 * Creates the items in one transaction (the caller's when it is in one), each with the stock given
 * as one committed ledger change of `stockType`; answers their ids in order. A code taken (in the
 * organisation or twice in the batch) refuses the batch with the 409 of `createItem`.
 */
export async function createItems(
  ctx: ItemWriteContext,
  items: readonly { input: BareItemInput; stock: number }[],
  stockType: ChangeType,
): Promise<number[]> {
  if (items.length === 0) return [];
  const now = ctx.deps.now().toISOString();
  try {
    return await ctx.tdb.transaction(async (tdb) => {
      await checkRefsOnce(
        tdb,
        items.map((i) => i.input),
      );
      const codes = items.map((i) => i.input.code);
      const twice = codes.find((c, at) => codes.indexOf(c) !== at);
      if (twice !== undefined) throw conflict(ITEMS_MSG.codeTaken(twice));
      const [taken] = await repo.existingCodes(tdb, codes);
      if (taken !== undefined) throw conflict(ITEMS_MSG.codeTaken(taken));
      for (const i of items) checkStockInRange(i.stock);
      // The stock is written with the row, and its ledger rows after (recordInsertedStock): a
      // second UPDATE of every new row would move its entries in the stock indexes again.
      const columns = items.map(({ input, stock }) => ({
        ...columnsOf(input, now),
        count_ware: stock,
        ...photoSummary([]),
        count_params: 0,
        last_changed_photos: null,
      }));
      const created = await repo.insertMany(tdb, columns);
      const ids = created.map((c) => c.id);
      await recordInsertedStock(
        ctx.deps,
        tdb,
        created.map((c, at) => ({ itemId: c.id, code: c.code, name: columns[at]!.name, stock: items[at]!.stock })),
        stockType,
      );
      ctx.deps.events.emit(tdb, 'items.saved', { itemIds: ids, createdIds: ids });
      return ids;
    });
  } catch (err) {
    // A parallel writer took one of the codes between the check and the insert.
    if (isUniqueViolation(err)) throw conflict(ITEMS_MSG.codesRace);
    throw err;
  }
}

/** The stored columns a change of these fields writes. */
function changedColumns(c: ItemFieldChanges): Partial<Record<PerItemColumn, string | number | null>> {
  const { externalData, ...plain } = c;
  return { ...plain, ...(externalData !== undefined ? externalColumns(externalData) : {}) };
}

/**
 * Changes some fields of the items and sets the stock of those given a target (the difference as
 * one committed ledger change of `stockType`), in one transaction: one UPDATE per chunk of items
 * for the fields, one `recordChanges` for the stock. `check` sees each stored item (read under
 * lock) before any write and may refuse it by throwing. A missing item refuses the batch with 404.
 */
export async function updateItems(
  ctx: ItemWriteContext,
  updates: readonly { id: number; changes: ItemFieldChanges; stock?: number }[],
  stockType: ChangeType,
  check?: (stored: StoredItem) => void,
): Promise<void> {
  if (updates.length === 0) return;
  await ctx.tdb.transaction(async (tdb) => {
    const ids = updates.map((u) => u.id);
    const stored = await repo.rawByIds(tdb, ids, true);
    for (const id of ids) {
      const item = stored.get(id);
      if (!item) throw notFound(ITEMS_MSG.notFound);
      check?.(item);
    }
    // Only what differs from the stored item is written: a column no item of the batch changes
    // stays out of the statement (and out of the triggers of its indexes).
    const columns = updates.map((u) => {
      const item = stored.get(u.id)!;
      const set = Object.fromEntries(
        Object.entries(changedColumns(u.changes)).filter(([c, v]) => String(v) !== String(item[c as PerItemColumn])),
      ) as Partial<Record<PerItemColumn, string | number | null>>;
      return { id: u.id, set };
    });
    const perItem: BatchChanges['perItem'] = {};
    const touched = new Set(columns.flatMap((c) => Object.keys(c.set) as PerItemColumn[]));
    for (const column of touched) {
      // An item that keeps this column is given its stored value (one statement writes all).
      const values = new Map(
        columns.map((c) => [c.id, c.set[column] !== undefined ? c.set[column] : stored.get(c.id)![column]]),
      );
      (perItem as Record<PerItemColumn, Map<number, unknown>>)[column] = values;
    }
    const changes: BatchChanges = { common: {}, perItem };
    const changed = columns.filter((c) => Object.keys(c.set).length > 0).map((c) => c.id);
    const isChanged = new Set(changed);
    const now = ctx.deps.now().toISOString();
    // The statement also carries items whose stock alone moves: they keep their lastChanged.
    const set = (part: readonly number[]) => {
      const mine = part.filter((id) => isChanged.has(id));
      const lastChanged =
        mine.length === part.length
          ? now
          : sql`case when ${sql.ref('id')} in (${sql.join(mine)}) then ${now} else ${sql.ref('last_changed')} end`;
      return { ...batchSet(changes, part), ...(mine.length > 0 ? { last_changed: lastChanged } : {}) };
    };
    // The fields and the stock in one UPDATE of each row (the ledger's AlongsideUpdate).
    await recordChanges(
      ctx.deps,
      tdb,
      updates.flatMap((u) =>
        u.stock === undefined
          ? []
          : [
              {
                itemId: u.id,
                quantity: u.stock - stored.get(u.id)!.count_ware,
                type: stockType,
                commit: 'now' as const,
              },
            ],
      ),
      changed.length > 0 ? { ids: changed, set } : undefined,
    );
    if (changed.length > 0) ctx.deps.events.emit(tdb, 'items.saved', { itemIds: changed, createdIds: [] });
  });
}
