import {
  itemLookupSchema,
  itemSearchSchema,
  type Item,
  type ItemInputParsed,
  type ItemRow,
  type PhotoInput,
  type itemUpdateSchema,
} from '@zaplecze/contract';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import type { TenantDb } from '../../db/tenant';
import type { AppDeps, AuthContext, Log } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { recordChange, setStock } from '../stock';
import { claimFiles, copyFiles, deleteItemsFiles, releaseFiles } from '../files';
import { fileNames, photoSummary } from './item-photos';
import { findItemByScan } from './items.attributes';
import { toItem } from './items.mapper';
import { type ItemColumns, itemsRepository as repo } from './items.repository';
import { searchItems } from './items.search';
import { pluginFiltersOf, type ItemSearchQ } from './items.plugin-filters';
import { prewarmIndexes, type IndexOptions } from './item-index/item-index.registry';
import { checkDescs, checkParams, checkRefs } from './items.validate';
import { ITEMS_MSG } from './messages.pl';

type ItemUpdateParsed = z.output<typeof itemUpdateSchema>;

/** What an item write needs: the organisation's handle and the server's services (a route's ctx, or a plugin job's). */
export type ItemWriteContext = Pick<AuthContext, 'tdb' | 'deps'>;

export interface Paged<R> {
  items: R[];
  count: number;
  perPage: number;
}

/** GET /items: an exact lookup (id, fullcode, fullgtin, scanbarcode) or the search. */
export async function getItems(ctx: AuthContext, query: Record<string, unknown>): Promise<Paged<Item | ItemRow>> {
  const lookup = itemLookupSchema.safeParse(query);
  if (lookup.success) {
    const ids = await lookupIds(ctx.tdb, lookup.data);
    const items = await fullItems(ctx.tdb, ids);
    if ('id' in lookup.data && items.length === 0) throw notFound(ITEMS_MSG.notFound);
    return { items, count: items.length, perPage: Math.max(1, items.length) };
  }
  const search: ItemSearchQ = { ...itemSearchSchema.parse(query), plugins: await pluginFiltersOf(ctx, query) };
  const { rows, count } = await searchItems(ctx.tdb, search, indexOptions(ctx.deps, ctx.log));
  return { items: rows, count, perPage: search.perPage };
}

async function lookupIds(tdb: TenantDb, l: z.output<typeof itemLookupSchema>): Promise<number[]> {
  if ('id' in l) return [l.id];
  if ('fullcode' in l) return [await repo.idByCode(tdb, l.fullcode.toUpperCase())].filter((x) => x !== undefined);
  if ('fullgtin' in l) return repo.idsByGtin(tdb, l.fullgtin);
  // A reader sends a code or a GTIN: the code wins, a GTIN shared by several items finds the first.
  const found = await findItemByScan(tdb, l.scanbarcode);
  return found ? [found.id] : [];
}

async function fullItems(tdb: TenantDb, ids: number[]): Promise<Item[]> {
  const rows = await repo.rowsByIds(tdb, ids);
  return Promise.all(
    rows.map(async (r) => {
      const [description, photos, descs, params] = await Promise.all([
        repo.description(tdb, r.id),
        repo.photos(tdb, r.id),
        repo.descs(tdb, r.id),
        repo.params(tdb, r.id),
      ]);
      return toItem(r, { description, photos, descs, params });
    }),
  );
}

export async function getItem(tdb: TenantDb, id: number): Promise<Item> {
  const [item] = await fullItems(tdb, [id]);
  if (!item) throw notFound(ITEMS_MSG.notFound);
  return item;
}

/** The columns of an item's external (supplier's) data; null = none. */
export function externalColumns(ext: ItemInputParsed['externalData']) {
  return {
    has_ext: ext ? 1 : 0,
    ext_code: ext?.code ?? '',
    ext_url: ext?.url ?? '',
    ext_price: ext?.price ?? 0,
    ext_margin: ext?.customMargin ?? null,
  };
}

/** The item's own columns from a parsed body (stock is the ledger's). */
export function columnsOf(
  input: Omit<ItemInputParsed, 'countWare' | 'photos' | 'params' | 'additionalDescIds'>,
  now: string,
): Omit<ItemColumns, 'count_ware' | 'count_photos' | 'count_params'> {
  return {
    code: input.code,
    gtin: input.gtin,
    name: input.name,
    description: input.description,
    price: input.price,
    vat: input.vat,
    currency: input.currency,
    count_offer: input.countOffer,
    item_status_id: input.itemStatusId,
    delivery_price_list_id: input.deliveryPriceListId,
    delivery_time_id: input.deliveryTimeId,
    item_group_id: input.itemGroupId,
    category_id: input.categoryId,
    place_id: input.placeId,
    ...externalColumns(input.externalData),
    last_changed: now,
  };
}

async function checkInput(tdb: TenantDb, input: ItemInputParsed) {
  await checkRefs(tdb, input);
  await checkDescs(tdb, input.additionalDescIds);
  return checkParams(tdb, input.params, input.categoryId);
}

/** Maps the unique index on (org_id, code) to the Polish 409, whoever won the race. */
async function withUniqueCode<R>(code: string, run: () => Promise<R>): Promise<R> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ITEMS_MSG.codeTaken(code));
    throw err;
  }
}

/** POST /items: the item, its photos, descriptions and parameters, and its stock as a ledger row. */
export async function createItem(ctx: ItemWriteContext, input: ItemInputParsed): Promise<Item> {
  const now = ctx.deps.now().toISOString();
  const id = await withUniqueCode(input.code, () =>
    ctx.tdb.transaction(async (tdb) => {
      const params = await checkInput(tdb, input);
      if ((await repo.idByCode(tdb, input.code)) !== undefined) throw conflict(ITEMS_MSG.codeTaken(input.code));
      const itemId = await repo.insert(tdb, {
        ...columnsOf(input, now),
        count_ware: 0,
        ...photoSummary(input.photos),
        count_params: params.length,
        last_changed_photos: input.photos.length > 0 ? now : null,
      });
      await claimFiles(tdb, itemId, fileNames(input.photos));
      await repo.replacePhotos(tdb, itemId, input.photos);
      await repo.replaceDescs(tdb, itemId, input.additionalDescIds);
      await repo.replaceParams(tdb, itemId, params);
      await recordChange(ctx.deps, tdb, { itemId, quantity: input.countWare, type: 'INITIAL', commit: 'now' });
      ctx.deps.events.emit(tdb, 'items.saved', { itemIds: [itemId], createdIds: [itemId] });
      return itemId;
    }),
  );
  return getItem(ctx.tdb, id);
}

/**
 * PUT /items. Stock changes only when the body carries countWare (an explicit edit, recorded in
 * the ledger as the difference); photos, parameters and descriptions stay as stored when their
 * "unchanged" flag is set (docs/rules/catalogue-and-orders-rules.md §4).
 */
export async function updateItem(ctx: ItemWriteContext, input: ItemUpdateParsed): Promise<Item> {
  const now = ctx.deps.now().toISOString();
  await withUniqueCode(input.code, () =>
    ctx.tdb.transaction(async (tdb) => {
      const current = await repo.rowById(tdb, input.id);
      if (!current) throw notFound(ITEMS_MSG.notFound);
      const params = input.paramsUnchanged ? undefined : await checkParams(tdb, input.params, input.categoryId);
      await checkRefs(tdb, input);
      if (!input.descsUnchanged) await checkDescs(tdb, input.additionalDescIds);
      const other = await repo.idByCode(tdb, input.code);
      if (other !== undefined && other !== input.id) throw conflict(ITEMS_MSG.codeTaken(input.code));

      await repo.update(tdb, input.id, {
        ...columnsOf(input, now),
        ...(input.photosUnchanged ? {} : { ...photoSummary(input.photos), last_changed_photos: now }),
        ...(params ? { count_params: params.length } : {}),
      });
      if (!input.photosUnchanged) {
        const keep = fileNames(input.photos);
        await claimFiles(tdb, input.id, keep);
        // Photos dropped from the item go, with their files once the change is committed.
        await releaseFiles(tdb, input.id, keep, ctx.deps);
        await repo.replacePhotos(tdb, input.id, input.photos);
      }
      if (!input.descsUnchanged) await repo.replaceDescs(tdb, input.id, input.additionalDescIds);
      if (params) await repo.replaceParams(tdb, input.id, params);
      if (input.countWare !== undefined) await setStock(ctx.deps, tdb, input.id, input.countWare, 'ITEM_EDIT');
      ctx.deps.events.emit(tdb, 'items.saved', { itemIds: [input.id], createdIds: [] });
    }),
  );
  return getItem(ctx.tdb, input.id);
}

/** Deletes items in the caller's transaction; their ledger rows stay, without the link. */
export async function deleteInTransaction(ctx: AuthContext, tdb: TenantDb, id: number): Promise<string | undefined> {
  const row = await repo.rowById(tdb, id);
  if (!row) return undefined;
  await deleteItemsFiles(tdb, [id], ctx.deps);
  await ctx.deps.usage.release(tdb, 'items', id);
  await repo.remove(tdb, id);
  ctx.deps.events.emit(tdb, 'items.deleted', { itemIds: [id], codes: [row.code] });
  return row.code;
}

/** DELETE /items?id= */
export async function deleteItem(ctx: AuthContext, id: number): Promise<void> {
  await ctx.tdb.transaction(async (tdb) => {
    if ((await deleteInTransaction(ctx, tdb, id)) === undefined) throw notFound(ITEMS_MSG.notFound);
  });
}

/**
 * POST /items/copy: a new item with the same data under a new code. Stock is not copied: a copy
 * is a new product card, not goods on a shelf (docs/decisions.md, Items).
 */
export async function copyItem(ctx: AuthContext, id: number, newCode: string): Promise<Item> {
  const now = ctx.deps.now().toISOString();
  const newId = await withUniqueCode(newCode, () =>
    ctx.tdb.transaction(async (tdb) => {
      const src = await repo.rawById(tdb, id);
      if (!src) throw notFound(ITEMS_MSG.notFound);
      if ((await repo.idByCode(tdb, newCode)) !== undefined) throw conflict(ITEMS_MSG.codeTaken(newCode));
      const sourcePhotos = (await repo.photos(tdb, id)) as PhotoInput[];
      const { id: _id, org_id: _org, ...columns } = src;
      const copyId = await repo.insert(tdb, {
        ...columns,
        code: newCode,
        count_ware: 0,
        count_offer: src.count_offer === null ? null : 0,
        ...photoSummary(sourcePhotos),
        last_changed: now,
        last_changed_photos: sourcePhotos.length > 0 ? now : null,
      });
      // Uploaded photos get files of their own, so deleting either item leaves the other whole.
      const renamed = await copyFiles(ctx.deps, tdb, fileNames(sourcePhotos), copyId);
      const photos = sourcePhotos.map((p) => (p.type === 'file' ? { ...p, name: renamed.get(p.name) ?? p.name } : p));
      await repo.update(tdb, copyId, photoSummary(photos));
      await repo.replacePhotos(tdb, copyId, photos);
      await repo.replaceDescs(
        tdb,
        copyId,
        (await repo.descs(tdb, id)).map((d) => d.id),
      );
      await repo.replaceParams(
        tdb,
        copyId,
        (await repo.params(tdb, id)).map((p) => ({ paramId: p.param_id, values: JSON.parse(p.vals) as string[] })),
      );
      ctx.deps.events.emit(tdb, 'items.saved', { itemIds: [copyId], createdIds: [copyId] });
      return copyId;
    }),
  );
  return getItem(ctx.tdb, newId);
}

/** The item filter index's options from the server's configuration (item-index/). */
export function indexOptions(deps: Pick<AppDeps, 'db' | 'config'>, log: Pick<Log, 'info' | 'warn'>): IndexOptions {
  return {
    key: deps.db,
    minItems: deps.config.itemIndexMinItems,
    maxItems: deps.config.itemIndexMaxItems,
    log,
  };
}

/** Loads the item filter indexes of the big organisations at a worker's start (main.ts). */
export function prewarmItemIndexes(
  deps: Pick<AppDeps, 'db' | 'config'>,
  log: Pick<Log, 'info' | 'warn'>,
): Promise<void> {
  return prewarmIndexes(deps.db, indexOptions(deps, log));
}
