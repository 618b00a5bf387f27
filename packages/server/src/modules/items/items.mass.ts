import {
  addPercent,
  massResultSchema,
  randomEan13,
  type MassEditDataParsed,
  type MassResult,
} from '@zaplecze/contract';
import type { TenantDb } from '../../db/tenant';
import type { AuthContext } from '../../platform/context';
import { AppError, badRequest } from '../../platform/errors';
import { idempotent } from '../../platform/idempotency';
import { parametersRepository } from '../parameters';
import { recordChanges } from '../stock';
import { batchSet, itemsRepository as repo, type BatchChanges, type ItemChanges } from './items.repository';
import { deleteInTransaction } from './items.service';
import { checkDescs, checkParams, checkRefs, type CheckedParam } from './items.validate';
import { ITEMS_MSG } from './messages.pl';

/**
 * Mass delete and mass edit (docs/rules/catalogue-and-orders-rules.md §2.6, §3, §4): each call is one transaction and
 * answers per item: ok (codes), err (code and reason), notFound (ids). A refusal of one item (a
 * price that would go negative, say) does not stop the others; a broken payload refuses the call.
 */

const emptyResult = (): MassResult => ({ ok: [], err: [], notFound: [] });

/** POST /items/mass_delete */
export async function massDelete(ctx: AuthContext, ids: number[]): Promise<MassResult> {
  return ctx.tdb.transaction(async (tdb) => {
    const result = emptyResult();
    for (const id of [...new Set(ids)]) {
      const code = await deleteInTransaction(ctx, tdb, id);
      if (code === undefined) result.notFound.push(id);
      else result.ok.push(code);
    }
    return result;
  });
}

/** A per-item refusal: reported in `err`, the batch goes on. */
class ItemRefused extends Error {}

/** Checks of the payload done once per batch; a bad payload refuses the whole call with 400. */
async function prepare(tdb: TenantDb, d: MassEditDataParsed) {
  await checkRefs(tdb, d);
  if (d.additionalDescs) await checkDescs(tdb, d.additionalDescs);
  if (d.gtinAsParam !== undefined) {
    const [param] = await parametersRepository.byIds(tdb, [d.gtinAsParam]);
    if (!param || param.category_id !== null || param.type === 'DICT')
      throw badRequest(ITEMS_MSG.gtinAsParamInvalid, 'gtinAsParam');
  }
}

/**
 * `n` random EAN-13 codes (with the payload's prefix) that no item of the organisation carries:
 * candidates are checked in one query a round; fewer than `n` only when the prefix leaves too
 * few free codes (those items are refused).
 */
async function randomGtins(tdb: TenantDb, prefix: string | undefined, n: number): Promise<string[]> {
  const found = new Set<string>();
  for (let round = 0; round < 50 && found.size < n; round++) {
    const candidates = new Set<string>();
    for (let tries = 0; tries < 20 * n && candidates.size < n - found.size; tries++) {
      const code = randomEan13(prefix ?? '');
      if (!found.has(code)) candidates.add(code);
    }
    const taken = await repo.gtinsTaken(tdb, [...candidates]);
    for (const code of candidates) if (!taken.has(code)) found.add(code);
  }
  return [...found];
}

function mergeParams(
  mode: NonNullable<MassEditDataParsed['paramsEditType']>,
  current: CheckedParam[],
  given: CheckedParam[],
): CheckedParam[] {
  if (mode === 'OVERRIDE') return given;
  const out = current.map((p) => ({ ...p }));
  for (const g of given) {
    const at = out.findIndex((p) => p.paramId === g.paramId);
    if (at === -1) out.push(g);
    else if (mode === 'APPEND_OVERRIDE') out[at] = g;
  }
  return out;
}

type StoredItem = NonNullable<Awaited<ReturnType<typeof repo.rawById>>>;
type StoredParams = { param_id: number; vals: string }[];

/** What one item of the batch becomes; written together with the others. */
interface PlannedItem {
  id: number;
  code: string;
  price?: number;
  gtin?: string;
  countOffer?: number | null;
  params?: CheckedParam[];
  descs?: number[];
  stockDelta: number;
}

/** What a batch reads once for all its items. */
interface BatchContext {
  d: MassEditDataParsed;
  /** The payload's parameters checked against a category (per category: the checks are the same). */
  checkedParams: (categoryId: number | null) => Promise<CheckedParam[]>;
  currentParams: Map<number, StoredParams>;
  currentDescs: Map<number, number[]>;
  /** Random GTINs not yet handed out. */
  freeGtins: string[];
}

const toChecked = (stored: StoredParams | undefined): CheckedParam[] =>
  (stored ?? []).map((p) => ({ paramId: p.param_id, values: JSON.parse(p.vals) as string[] }));

/**
 * The new values of one item, or ItemRefused: every per-item rule is checked here, before any
 * write of the batch, so a refused item stays exactly as it was.
 */
async function planItem(item: StoredItem, b: BatchContext): Promise<PlannedItem> {
  const { d } = b;
  const planned: PlannedItem = { id: item.id, code: item.code, stockDelta: 0 };
  if (d.price) {
    const p = Number(item.price);
    const v = d.price.value;
    const next = {
      SET: v,
      INC: p + v,
      DEC: p - v,
      PLUSPERCENT: addPercent(p, v),
      MINUSPERCENT: addPercent(p, -v),
    }[d.price.type];
    if (next < 0) throw new ItemRefused(ITEMS_MSG.priceNegative);
    planned.price = next;
  }

  let gtin = item.gtin;
  if (d.gtinType === 'DELETE') gtin = '';
  else if (d.gtinType && (d.gtinMode === 'OVERRIDE' || item.gtin === '')) {
    if (d.gtinType === 'SET') gtin = d.gtin ?? '';
    else {
      const random = b.freeGtins.pop();
      if (random === undefined) throw new ItemRefused(ITEMS_MSG.randomGtinExhausted);
      gtin = random;
    }
  }
  if (gtin !== item.gtin) planned.gtin = gtin;

  if (d.countOffer) {
    const base = item.count_offer ?? item.count_ware;
    const v = d.countOffer.value;
    const next = { SET: v, INC: base + v, DEC: base - v, DEL: null }[d.countOffer.type];
    if (next !== null && next < 0) throw new ItemRefused(ITEMS_MSG.offerNegative);
    planned.countOffer = next;
  }

  const categoryId = d.categoryId !== undefined ? d.categoryId : item.category_id;
  if (d.paramsEditType && d.params) {
    let given: CheckedParam[];
    try {
      given = await b.checkedParams(categoryId);
    } catch (err) {
      if (err instanceof AppError) throw new ItemRefused(err.message);
      throw err;
    }
    planned.params = mergeParams(d.paramsEditType, toChecked(b.currentParams.get(item.id)), given);
  }
  if (d.gtinAsParam !== undefined && gtin !== '') {
    const base = planned.params ?? toChecked(b.currentParams.get(item.id));
    planned.params = mergeParams('APPEND_OVERRIDE', base, [{ paramId: d.gtinAsParam, values: [gtin] }]);
  }

  if (d.descEditType && d.additionalDescs) {
    const current = b.currentDescs.get(item.id) ?? [];
    planned.descs =
      d.descEditType === 'OVERRIDE'
        ? d.additionalDescs
        : [...current, ...d.additionalDescs.filter((x) => !current.includes(x))];
  }

  if (d.countWare) {
    const v = d.countWare.value;
    planned.stockDelta = { SET: v - item.count_ware, INC: v, DEC: -v }[d.countWare.type];
    if (item.count_ware + planned.stockDelta < 0) throw new ItemRefused(ITEMS_MSG.stockNegative);
  }
  return planned;
}

/** Reads what the batch needs in a constant number of queries (not a query per item). */
async function batchContext(tdb: TenantDb, d: MassEditDataParsed, items: StoredItem[]): Promise<BatchContext> {
  const ids = items.map((i) => i.id);
  const needParams = (d.paramsEditType && d.params) || d.gtinAsParam !== undefined;
  const checked = new Map<number | null, Promise<CheckedParam[]>>();
  const randomWanted =
    d.gtinType === 'RANDOM' ? items.filter((i) => d.gtinMode === 'OVERRIDE' || i.gtin === '').length : 0;
  return {
    d,
    checkedParams: (categoryId) => {
      let result = checked.get(categoryId);
      if (!result) checked.set(categoryId, (result = checkParams(tdb, d.params ?? [], categoryId)));
      return result;
    },
    currentParams: needParams ? await repo.paramsOf(tdb, ids) : new Map(),
    currentDescs: d.descEditType === 'APPEND' && d.additionalDescs ? await repo.descIdsOf(tdb, ids) : new Map(),
    freeGtins: randomWanted > 0 ? await randomGtins(tdb, d.gtin, randomWanted) : [],
  };
}

/** Writes the planned items: one update, then parameters, descriptions and stock, each set-based. */
async function writeBatch(
  ctx: AuthContext,
  tdb: TenantDb,
  d: MassEditDataParsed,
  planned: PlannedItem[],
  items: Map<number, StoredItem>,
) {
  const ids = planned.map((p) => p.id);
  const perItem: BatchChanges['perItem'] = {};
  const column = <T>(pick: (p: PlannedItem) => T | undefined, current: (i: StoredItem) => T) =>
    planned.some((p) => pick(p) !== undefined)
      ? new Map(planned.map((p) => [p.id, pick(p) ?? current(items.get(p.id)!)]))
      : undefined;
  perItem.price = column(
    (p) => p.price,
    (i) => Number(i.price),
  );
  perItem.gtin = column(
    (p) => p.gtin,
    (i) => i.gtin,
  );
  perItem.count_offer = d.countOffer ? new Map(planned.map((p) => [p.id, p.countOffer ?? null])) : undefined;
  perItem.count_params = column(
    (p) => p.params?.length,
    (i) => i.count_params,
  );
  for (const key of Object.keys(perItem) as (keyof typeof perItem)[]) if (!perItem[key]) delete perItem[key];

  const common: ItemChanges = { last_changed: ctx.deps.now().toISOString() };
  if (d.vat !== undefined) common.vat = d.vat;
  if (d.itemStatusId !== undefined) common.item_status_id = d.itemStatusId;
  if (d.deliveryPriceListId !== undefined) common.delivery_price_list_id = d.deliveryPriceListId;
  if (d.deliveryTimeId !== undefined) common.delivery_time_id = d.deliveryTimeId;
  if (d.itemGroupId !== undefined) common.item_group_id = d.itemGroupId;
  if (d.categoryId !== undefined) common.category_id = d.categoryId;
  if (d.placeId !== undefined) common.place_id = d.placeId;
  const changes: BatchChanges = { common, perItem };

  const params = new Map(planned.flatMap((p) => (p.params ? [[p.id, p.params] as const] : [])));
  if (params.size > 0) await repo.replaceParamsMany(tdb, params);
  const descs = new Map(planned.flatMap((p) => (p.descs ? [[p.id, p.descs] as const] : [])));
  if (descs.size > 0) await repo.replaceDescsMany(tdb, descs);
  // The ledger writes the stock and these columns in one UPDATE of each row (stock.repository.ts,
  // AlongsideUpdate).
  await recordChanges(
    ctx.deps,
    tdb,
    planned.map((p) => ({ itemId: p.id, quantity: p.stockDelta, type: 'MASS_EDIT', commit: 'now' })),
    { ids, set: (part) => batchSet(changes, part) },
  );
  ctx.deps.events.emit(tdb, 'items.saved', { itemIds: planned.map((p) => p.id), createdIds: [] });
}

/**
 * POST /items/mass_edit: the ticked groups of the payload applied to each item. An item refused
 * for its own reason (err) is left exactly as it was: every check runs before its first write.
 */
export async function massEdit(
  ctx: AuthContext,
  ids: number[],
  data: MassEditDataParsed,
  idempotencyKey: string | undefined,
): Promise<MassResult> {
  return idempotent(ctx, idempotencyKey, { ids, data }, massResultSchema, async (tdb) => {
    await prepare(tdb, data);
    const result = emptyResult();
    const unique = [...new Set(ids)];
    const items = await repo.rawByIds(tdb, unique, true);
    const found = unique.flatMap((id) => items.get(id) ?? []);
    const batch = await batchContext(tdb, data, found);
    const planned: PlannedItem[] = [];
    for (const id of unique) {
      const item = items.get(id);
      if (!item) {
        result.notFound.push(id);
        continue;
      }
      try {
        planned.push(await planItem(item, batch));
        result.ok.push(item.code);
      } catch (err) {
        if (!(err instanceof ItemRefused)) throw err;
        result.err.push({ code: item.code, reason: err.message });
      }
    }
    if (planned.length > 0) await writeBatch(ctx, tdb, data, planned, items);
    return result;
  });
}
