import type { TenantDb } from '../../db/tenant';
import type { EventBus } from '../../platform/events';
import { itemsRepository as repo } from './items.repository';

/**
 * Small lookups and single-attribute edits of an item for the barcode reader (and anyone else
 * that scans): the items module keeps every write of the items table, except stock (the ledger).
 */

export interface ItemBrief {
  id: number;
  code: string;
  name: string;
}

/** References the reader sets by scanning their code, keyed like the reader-code kinds. */
const REFERENCES = {
  item_status: { column: 'item_status_id', table: 'item_statuses' },
  item_group: { column: 'item_group_id', table: 'item_groups' },
  delivery_price_list: { column: 'delivery_price_list_id', table: 'delivery_price_lists' },
  delivery_time: { column: 'delivery_time_id', table: 'delivery_times' },
  category: { column: 'category_id', table: 'categories' },
  place: { column: 'place_id', table: 'places' },
} as const;
export type ItemReferenceKind = keyof typeof REFERENCES;
export const ITEM_REFERENCE_KINDS = Object.keys(REFERENCES) as ItemReferenceKind[];

/** An item by its exact code (codes are stored upper-case). */
export async function findItemByCode(tdb: TenantDb, code: string): Promise<ItemBrief | undefined> {
  const id = await repo.idByCode(tdb, code.toUpperCase());
  return id === undefined ? undefined : repo.brief(tdb, id);
}

/**
 * What a reader's text names: the item with that code, else the first item (by id) with that
 * GTIN. The same rule as GET /items?scanbarcode= (docs/rules/catalogue-and-orders-rules.md §7.2).
 */
export async function findItemByScan(tdb: TenantDb, text: string): Promise<ItemBrief | undefined> {
  const byCode = await findItemByCode(tdb, text);
  if (byCode) return byCode;
  const [id] = await repo.idsByGtin(tdb, text);
  return id === undefined ? undefined : repo.brief(tdb, id);
}

/** The display name of a reference of the caller's organisation (trees: the full path). */
async function referenceName(tdb: TenantDb, kind: ItemReferenceKind, id: number): Promise<string | undefined> {
  const { table } = REFERENCES[kind];
  if (table === 'categories' || table === 'places') {
    return (await tdb.selectFrom(table).select('full_name').where('id', '=', id).executeTakeFirst())?.full_name;
  }
  return (await tdb.selectFrom(table).select('name').where('id', '=', id).executeTakeFirst())?.name;
}

/**
 * Sets one reference of an item (a scanned status, group, price list, delivery time, category or
 * place), keeps lastChanged current and emits 'items.saved'. Answers the
 * reference's name, or undefined when the organisation has no such reference (another
 * organisation's id included). Call it inside a transaction of `tdb`.
 */
export async function setItemReference(
  deps: { events: EventBus; now: () => Date },
  tdb: TenantDb,
  itemId: number,
  kind: ItemReferenceKind,
  refId: number,
): Promise<string | undefined> {
  const name = await referenceName(tdb, kind, refId);
  if (name === undefined) return undefined;
  const updated = await repo.update(tdb, itemId, {
    [REFERENCES[kind].column]: refId,
    last_changed: deps.now().toISOString(),
  });
  if (!updated) return undefined;
  deps.events.emit(tdb, 'items.saved', { itemIds: [itemId], createdIds: [] });
  return name;
}
