import type { ParamValue } from '@zaplecze/contract';
import type { TenantDb } from '../../db/tenant';
import { badRequest } from '../../platform/errors';
import { lineageOf, treeRepository } from '../catalog-trees';
import { parametersRepository } from '../parameters';
import { ITEMS_MSG } from './messages.pl';

/**
 * Every reference an item carries must be a row of the caller's organisation
 * (docs/decisions.md, Items): an id of another organisation is refused like a missing one.
 */
const REF_TABLES = {
  itemStatusId: 'item_statuses',
  deliveryPriceListId: 'delivery_price_lists',
  deliveryTimeId: 'delivery_times',
  itemGroupId: 'item_groups',
  categoryId: 'categories',
  placeId: 'places',
} as const;
export type RefField = keyof typeof REF_TABLES;
export type Refs = Partial<Record<RefField, number | null>>;

export async function checkRefs(tdb: TenantDb, refs: Refs): Promise<void> {
  for (const field of Object.keys(REF_TABLES) as RefField[]) {
    const id = refs[field];
    if (id === undefined || id === null) continue;
    const row = await tdb.selectFrom(REF_TABLES[field]).select('id').where('id', '=', id).executeTakeFirst();
    if (!row) throw badRequest(ITEMS_MSG.refNotFound[field], field);
  }
}

export async function checkDescs(tdb: TenantDb, ids: readonly number[]): Promise<void> {
  if (new Set(ids).size !== ids.length) throw badRequest(ITEMS_MSG.descRepeated, 'additionalDescIds');
  if (ids.length === 0) return;
  const found = new Set(
    (
      await tdb
        .selectFrom('additional_descs')
        .select('id')
        .where('id', 'in', [...ids])
        .execute()
    ).map((r) => r.id),
  );
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw badRequest(ITEMS_MSG.descNotFound(missing), 'additionalDescIds');
}

export interface CheckedParam {
  paramId: number;
  values: string[];
}

/**
 * Parameter values (docs/rules/catalogue-and-orders-rules.md §2.3, §5): the parameter exists; one with a category fits
 * the item's category (that category or one above it); a single-value parameter has one value;
 * integers, real numbers and dictionary entries are what their type says. Entries left without
 * values are dropped. Real numbers are stored with a dot.
 */
export async function checkParams(
  tdb: TenantDb,
  params: readonly ParamValue[],
  categoryId: number | null,
): Promise<CheckedParam[]> {
  const ids = params.map((p) => p.paramId);
  if (new Set(ids).size !== ids.length) throw badRequest(ITEMS_MSG.paramRepeated, 'params');
  if (ids.length === 0) return [];
  const defs = new Map((await parametersRepository.byIds(tdb, ids)).map((p) => [p.id, p]));
  const lineage =
    categoryId === null ? [] : (lineageOf(await treeRepository.links(tdb, 'categories'), categoryId) ?? []);
  const out: CheckedParam[] = [];
  for (const p of params) {
    const def = defs.get(p.paramId);
    if (!def) throw badRequest(ITEMS_MSG.paramNotFound(p.paramId), 'params');
    if (def.category_id !== null && !lineage.includes(def.category_id))
      throw badRequest(ITEMS_MSG.paramNotInCategory(def.name), 'params');
    const values = (p.values ?? []).map((v) => v.trim()).filter((v) => v !== '');
    if (values.length === 0) continue;
    if (def.is_multi !== 1 && values.length > 1) throw badRequest(ITEMS_MSG.paramNotMulti(def.name), 'params');
    const dictionary = def.type === 'DICT' ? (JSON.parse(def.dictionary) as string[]) : [];
    out.push({
      paramId: p.paramId,
      values: values.map((v) => {
        switch (def.type) {
          case 'NUMBER_INT':
            if (!/^-?\d{1,15}$/.test(v)) throw badRequest(ITEMS_MSG.paramNotInt(def.name, v), 'params');
            return String(Number(v));
          case 'NUMBER_REAL': {
            const n = Number(v.replace(',', '.'));
            if (!/^-?\d+([.,]\d+)?$/.test(v) || !Number.isFinite(n))
              throw badRequest(ITEMS_MSG.paramNotReal(def.name, v), 'params');
            return v.replace(',', '.');
          }
          case 'DICT':
            if (!dictionary.includes(v)) throw badRequest(ITEMS_MSG.paramNotInDict(def.name, v), 'params');
            return v;
          default:
            return v;
        }
      }),
    });
  }
  return out;
}
