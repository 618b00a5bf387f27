/**
 * The catalogue face of the plugin SDK (docs/plugins.md, The SDK surface): what a plugin that
 * imports or syncs goods needs from the core, over the core's own services, so every write goes
 * the way the items screen's does (validation, unique codes, the item filter index's change log
 * and caches, `item.saved` events) and stock moves only through the ledger.
 *
 * Every function takes a `CatalogScope`: a route's `ctx` or a plugin job's context (both carry
 * `tdb` and `deps`). Writes join the caller's transaction when `scope.tdb` is in one.
 */
import {
  fromHundredths,
  itemUpdateSchema,
  splitOptionList,
  vatFromStored,
  type CatalogReferences,
  type ItemInputParsed,
} from '@zaplecze/contract';
import type { TenantDb } from '../db/tenant';
import type { AppDeps } from '../platform/context';
import { badRequest, notFound } from '../platform/errors';
import {
  createItem,
  createItems,
  itemsRepository,
  updateItem,
  updateItems,
  type BareItemInput,
  ITEMS_MSG,
  type StoredItem,
} from '../modules/items';
import { readOptions } from '../modules/options';
import { setStock } from '../modules/stock';
import { jobsAdminRepository } from '../modules/jobs-admin';

export interface CatalogScope {
  tdb: TenantDb;
  deps: AppDeps;
}

/** An item as a sync compares it: money in grosze, VAT as stored (hundredths or a code's number). */
export interface CatalogItem {
  id: number;
  code: string;
  gtin: string;
  name: string;
  price: number;
  vat: number;
  currency: string;
  countWare: number;
  /** The external (supplier's) data; `hasExt` false means the item has none. */
  hasExt: boolean;
  extCode: string;
  extUrl: string;
  extPrice: number;
  extMargin: number | null;
}

/** Which column `findCatalogItems` matches on. */
export type CatalogKey = 'code' | 'gtin' | 'extCode';
const KEY_COLUMN = { code: 'code', gtin: 'gtin', extCode: 'ext_code' } as const;
const CHUNK = 500;

/**
 * The organisation's items whose code, GTIN or external code is one of `values` (exact match; codes
 * are stored upper-case). Several items may share a GTIN or an external code: all are answered.
 */
export async function findCatalogItems(
  tdb: TenantDb,
  key: CatalogKey,
  values: readonly string[],
): Promise<CatalogItem[]> {
  const out: CatalogItem[] = [];
  const unique = [...new Set(values.filter((v) => v !== ''))];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await tdb
      .selectFrom('items')
      .select([
        'id',
        'code',
        'gtin',
        'name',
        'price',
        'vat',
        'currency',
        'count_ware',
        'has_ext',
        'ext_code',
        'ext_url',
        'ext_price',
        'ext_margin',
      ])
      .where(KEY_COLUMN[key], 'in', unique.slice(i, i + CHUNK))
      .orderBy('id')
      .execute();
    for (const r of rows)
      out.push({
        id: r.id,
        code: r.code,
        gtin: r.gtin,
        name: r.name,
        price: r.price,
        vat: r.vat,
        currency: r.currency,
        countWare: r.count_ware,
        hasExt: r.has_ext === 1,
        extCode: r.ext_code,
        extUrl: r.ext_url,
        extPrice: r.ext_price,
        extMargin: r.ext_margin,
      });
  }
  return out;
}

/**
 * Creates an item exactly as `POST /items` does (the contract's parsed input: money in grosze, VAT
 * stored), with no stock: set it afterwards with `setCatalogStock`, naming the source. Refusals
 * (a taken code, a missing status or category) throw the core's Polish AppError. Answers the id.
 */
export async function createCatalogItem(
  scope: CatalogScope,
  input: Omit<ItemInputParsed, 'countWare'>,
): Promise<number> {
  return (await createItem(scope, { ...input, countWare: 0 })).id;
}

/** The fields `updateCatalogItem` may change (parsed: grosze, stored VAT); the rest stay as stored. */
export type CatalogChanges = Partial<
  Pick<ItemInputParsed, 'gtin' | 'name' | 'price' | 'vat' | 'currency' | 'externalData'>
>;

/**
 * The stored item as the body of `PUT /items` with photos, parameters and descriptions unchanged,
 * parsed by the contract: an item stored before a rule tightened (a code or GTIN the form would
 * refuse now) is refused the way the items screen would refuse saving it (400 naming its code).
 */
function storedBody(item: StoredItem) {
  const parsed = itemUpdateSchema.safeParse({
    id: item.id,
    code: item.code,
    gtin: item.gtin,
    name: item.name,
    description: item.description,
    price: fromHundredths(Number(item.price)),
    vat: vatFromStored(item.vat),
    currency: item.currency,
    countOffer: item.count_offer,
    itemStatusId: item.item_status_id,
    deliveryPriceListId: item.delivery_price_list_id,
    deliveryTimeId: item.delivery_time_id,
    itemGroupId: item.item_group_id,
    categoryId: item.category_id,
    placeId: item.place_id,
    externalData:
      item.has_ext === 1
        ? {
            code: item.ext_code,
            url: item.ext_url,
            price: fromHundredths(Number(item.ext_price)),
            customMargin: item.ext_margin === null ? null : fromHundredths(item.ext_margin),
          }
        : null,
    photosUnchanged: true,
    paramsUnchanged: true,
    descsUnchanged: true,
  });
  if (!parsed.success) throw badRequest(`${item.code}: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}

/**
 * Changes some fields of an item through `PUT /items`'s service: the item is read, the changes laid
 * over it, photos, parameters, descriptions and stock left as stored. Throws the core's AppError
 * (404 for a missing item, 400 when the stored item no longer passes the item rules).
 */
export async function updateCatalogItem(scope: CatalogScope, id: number, changes: CatalogChanges): Promise<void> {
  const item = await itemsRepository.rawById(scope.tdb, id);
  if (!item) throw notFound(ITEMS_MSG.notFound);
  await updateItem(scope, { ...storedBody(item), ...changes });
}

/** A new item of `writeCatalogBatch`: no photos, parameters or descriptions; stock to set, if any. */
export interface CatalogCreate {
  input: BareItemInput;
  stock?: number;
}

/** A change of `writeCatalogBatch`: fields to change (may be none) and stock to set, if any. */
export interface CatalogUpdate {
  id: number;
  changes: CatalogChanges;
  stock?: number;
}

/**
 * The batch path of imports (docs/plugins.md, The SDK surface): creates and changes many items in
 * one transaction (the caller's when it is in one) with a constant number of statements, under the
 * rules of `createCatalogItem`, `updateCatalogItem` and `setCatalogStock` (stock as committed
 * IMPORT ledger changes). All or nothing: the first refusal throws the core's AppError and nothing
 * of the batch stays; a caller that wants the other rows applies them again one by one. Answers
 * the created items' ids in order.
 */
export async function writeCatalogBatch(
  scope: CatalogScope,
  batch: { create: readonly CatalogCreate[]; update: readonly CatalogUpdate[] },
): Promise<number[]> {
  return scope.tdb.transaction(async (tdb) => {
    const ctx = { tdb, deps: scope.deps };
    await updateItems(
      ctx,
      batch.update.map((u) => ({ id: u.id, changes: u.changes, ...(u.stock !== undefined ? { stock: u.stock } : {}) })),
      'IMPORT',
      (stored) => void storedBody(stored),
    );
    return createItems(
      ctx,
      batch.create.map((c) => ({ input: c.input, stock: c.stock ?? 0 })),
      'IMPORT',
    );
  });
}

/**
 * Sets an item's stock to `target` through the stock ledger (one committed change of the
 * difference, type IMPORT: 'Import z pliku' on the warehouse-changes screen). Records nothing and
 * answers false when the stock already is `target`. Needs a transaction (the caller's).
 */
export async function setCatalogStock(scope: CatalogScope, itemId: number, target: number): Promise<boolean> {
  return (await setStock(scope.deps, scope.tdb, itemId, target, 'IMPORT')) !== undefined;
}

/** The reference lists an item needs, as the organisation keeps them (contract catalogReferencesSchema). */
export type { CatalogReferences };

/** Item statuses, categories, the VAT rates and currencies of the settings, and their defaults. */
export async function catalogReferences(tdb: TenantDb): Promise<CatalogReferences> {
  const [statuses, categories, options] = await Promise.all([
    tdb.selectFrom('item_statuses').select(['id', 'name']).orderBy('name').orderBy('id').execute(),
    tdb.selectFrom('categories').select(['id', 'full_name']).orderBy('full_number').orderBy('id').execute(),
    readOptions(tdb, [
      'DEFAULT_ITEM_STATUS_ID',
      'VAT_VALUES',
      'VAT_DEFAULT_ITEM',
      'CURRENCY_VALUES',
      'CURRENCY_DEFAULT',
    ]),
  ]);
  const opt = new Map(options.map((o) => [o.key, o.value]));
  const statusId = Number(opt.get('DEFAULT_ITEM_STATUS_ID'));
  return {
    itemStatuses: statuses,
    defaultItemStatusId: statuses.some((s) => s.id === statusId) ? statusId : null,
    categories: categories.map((c) => ({ id: c.id, fullName: c.full_name })),
    vatRates: splitOptionList(opt.get('VAT_VALUES')),
    defaultVat: opt.get('VAT_DEFAULT_ITEM') ?? '',
    currencies: splitOptionList(opt.get('CURRENCY_VALUES')),
    defaultCurrency: opt.get('CURRENCY_DEFAULT') ?? '',
  };
}

/** The state and progress of one of the plugin's jobs of the organisation, or undefined. */
export async function pluginJobStatus(tdb: TenantDb, pluginId: string, jobId: number) {
  const job = await jobsAdminRepository.pluginJob(tdb, pluginId, jobId);
  return job && { state: job.state, done: job.progressDone, total: job.progressTotal, lastError: job.lastError };
}
