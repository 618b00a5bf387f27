import {
  addPercent,
  massResultSchema,
  randomEan13,
  type MassEditDataParsed,
  type MassResult,
} from '@zaplecze/contract';
import { isUniqueViolation } from '../../db/errors';
import type { TenantDb } from '../../db/tenant';
import type { AuthContext } from '../../platform/context';
import { AppError, badRequest } from '../../platform/errors';
import { parametersRepository } from '../parameters';
import { recordChange } from '../stock';
import { itemsRepository as repo, type ItemChanges } from './items.repository';
import { deleteInTransaction } from './items.service';
import { checkDescs, checkParams, checkRefs, type CheckedParam } from './items.validate';
import { ITEMS_MSG } from './messages.pl';

/**
 * Mass delete and mass edit (goods-and-orders.md §2.6, §3, §4): each call is one transaction and
 * answers per item: ok (codes), err (code and reason), notFound (ids). A refusal of one item (a
 * price that would go negative, say) does not stop the others; a broken payload refuses the call.
 */

const emptyResult = (): MassResult => ({ ok: [], err: [], notFound: [] });

/** Runs `fn` under an idempotency key: a retried call answers the first run's result. */
async function idempotent(
  ctx: AuthContext,
  key: string | undefined,
  fn: (tdb: TenantDb) => Promise<MassResult>,
): Promise<MassResult> {
  if (!key) return ctx.tdb.transaction(fn);
  const stored = async () => {
    const row = await ctx.tdb.selectFrom('idempotency_keys').select('answer').where('key', '=', key).executeTakeFirst();
    return row ? massResultSchema.parse(JSON.parse(row.answer)) : undefined;
  };
  const first = await stored();
  if (first) return first;
  try {
    return await ctx.tdb.transaction(async (tdb) => {
      const result = await fn(tdb);
      // Inserted in the same transaction: the key exists exactly when the batch was applied.
      await tdb
        .insertInto('idempotency_keys', {
          key,
          answer: JSON.stringify(result),
          created_at: ctx.deps.now().toISOString(),
        })
        .execute();
      return result;
    });
  } catch (err) {
    // The same batch ran concurrently and committed first: answer its result.
    if (isUniqueViolation(err)) {
      const other = await stored();
      if (other) return other;
    }
    throw err;
  }
}

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

async function uniqueRandomGtin(tdb: TenantDb, prefix: string | undefined, used: Set<string>): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const code = randomEan13(prefix ?? '');
    if (!used.has(code) && !(await repo.gtinTaken(tdb, code))) {
      used.add(code);
      return code;
    }
  }
  throw new ItemRefused(ITEMS_MSG.randomGtinExhausted);
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

async function editOne(
  ctx: AuthContext,
  tdb: TenantDb,
  id: number,
  d: MassEditDataParsed,
  usedGtins: Set<string>,
): Promise<string | undefined> {
  const item = await repo.rawById(tdb, id);
  if (!item) return undefined;
  const changes: ItemChanges = { last_changed: ctx.deps.now().toISOString() };

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
    changes.price = next;
  }
  if (d.vat !== undefined) changes.vat = d.vat;

  let gtin = item.gtin;
  if (d.gtinType === 'DELETE') gtin = '';
  else if (d.gtinType && (d.gtinMode === 'OVERRIDE' || item.gtin === '')) {
    gtin = d.gtinType === 'SET' ? (d.gtin ?? '') : await uniqueRandomGtin(tdb, d.gtin, usedGtins);
  }
  if (gtin !== item.gtin) changes.gtin = gtin;

  if (d.countOffer) {
    const base = item.count_offer ?? item.count_ware;
    const v = d.countOffer.value;
    const next = { SET: v, INC: base + v, DEC: base - v, DEL: null }[d.countOffer.type];
    if (next !== null && next < 0) throw new ItemRefused(ITEMS_MSG.offerNegative);
    changes.count_offer = next;
  }
  if (d.itemStatusId !== undefined) changes.item_status_id = d.itemStatusId;
  if (d.deliveryPriceListId !== undefined) changes.delivery_price_list_id = d.deliveryPriceListId;
  if (d.deliveryTimeId !== undefined) changes.delivery_time_id = d.deliveryTimeId;
  if (d.itemGroupId !== undefined) changes.item_group_id = d.itemGroupId;
  if (d.categoryId !== undefined) changes.category_id = d.categoryId;
  if (d.placeId !== undefined) changes.place_id = d.placeId;

  const categoryId = changes.category_id !== undefined ? changes.category_id : item.category_id;
  let params: CheckedParam[] | undefined;
  if (d.paramsEditType && d.params) {
    const current = (await repo.params(tdb, id)).map((p) => ({
      paramId: p.param_id,
      values: JSON.parse(p.vals) as string[],
    }));
    try {
      params = mergeParams(d.paramsEditType, current, await checkParams(tdb, d.params, categoryId));
    } catch (err) {
      if (err instanceof AppError) throw new ItemRefused(err.message);
      throw err;
    }
  }
  if (d.gtinAsParam !== undefined && gtin !== '') {
    const base =
      params ??
      (await repo.params(tdb, id)).map((p) => ({ paramId: p.param_id, values: JSON.parse(p.vals) as string[] }));
    params = mergeParams('APPEND_OVERRIDE', base, [{ paramId: d.gtinAsParam, values: [gtin] }]);
  }
  if (params) changes.count_params = params.length;

  // Every per-item refusal comes before the first write, so a refused item stays as it was.
  let stockDelta = 0;
  if (d.countWare) {
    const v = d.countWare.value;
    stockDelta = { SET: v - item.count_ware, INC: v, DEC: -v }[d.countWare.type];
    if (item.count_ware + stockDelta < 0) throw new ItemRefused(ITEMS_MSG.stockNegative);
  }

  await repo.update(tdb, id, changes);
  if (params) await repo.replaceParams(tdb, id, params);
  if (d.descEditType && d.additionalDescs) {
    const current = (await repo.descs(tdb, id)).map((x) => x.id);
    const next =
      d.descEditType === 'OVERRIDE'
        ? d.additionalDescs
        : [...current, ...d.additionalDescs.filter((x) => !current.includes(x))];
    await repo.replaceDescs(tdb, id, next);
  }
  if (stockDelta !== 0) {
    await recordChange(ctx.deps, tdb, { itemId: id, quantity: stockDelta, type: 'MASS_EDIT', commit: 'now' });
  }
  ctx.deps.events.emitAfterCommit(tdb, 'item.saved', { orgId: tdb.orgId, itemId: id, created: false });
  return item.code;
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
  return idempotent(ctx, idempotencyKey, async (tdb) => {
    await prepare(tdb, data);
    const result = emptyResult();
    const usedGtins = new Set<string>();
    for (const id of [...new Set(ids)]) {
      try {
        const code = await editOne(ctx, tdb, id, data, usedGtins);
        if (code === undefined) result.notFound.push(id);
        else result.ok.push(code);
      } catch (err) {
        if (!(err instanceof ItemRefused)) throw err;
        const code = (await repo.rawById(tdb, id))?.code ?? String(id);
        result.err.push({ code, reason: err.message });
      }
    }
    return result;
  });
}
