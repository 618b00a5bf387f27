import { badRequest, notFound, route, type PluginItemFilter, type TenantDb } from '@zaplecze/plugin-sdk';
import {
  fitmentsAnswer,
  fitmentsPut,
  itemIdQuery,
  massFitment,
  massFitmentAnswer,
  searchFilter,
  type FitmentInput,
  type SearchFilter,
} from '../schemas';
import { fitmentIds } from './fitment-index';
import {
  FITMENTS,
  fitmentsVersion,
  inMotoLock,
  MAKES,
  MODELS,
  motoDb,
  recordFitmentChange,
  type MotoDb,
} from './tables';
import { MOTO_MSG } from './messages.pl';

/**
 * Which items fit which motorcycles (docs/plugins.md, "The moto plugin"): an item's list (GET,
 * PUT the whole list), the mass change of a selection, and the item search filter.
 */

/** At most this many fitment rows written by one mass change (items × fitments). */
export const MASS_ROWS_MAX = 100_000;
/** Rows per INSERT (6 columns: well within both engines' bound-parameter limits). */
const CHUNK = 500;

type FitmentRow = { item_id: number; make_id: number; model_id: number; year_from: number; year_to: number };

/** The models' makes, by model id; a model the organisation does not have is a 400. */
async function makesOf(db: MotoDb, fitments: readonly FitmentInput[]): Promise<Map<number, number>> {
  const ids = [...new Set(fitments.map((f) => f.modelId))];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom(MODELS).select(['id', 'make_id']).where('id', 'in', ids).execute();
  const makes = new Map(rows.map((r) => [Number(r.id), Number(r.make_id)]));
  const unknown = ids.filter((id) => !makes.has(id));
  if (unknown.length > 0) throw badRequest(MOTO_MSG.unknownModels(unknown));
  return makes;
}

/** The ids of `ids` that are not the organisation's items (404 when any). */
async function checkItems(tdb: TenantDb, ids: readonly number[]): Promise<void> {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += 1000) {
    const part = ids.slice(i, i + 1000);
    for (const r of await tdb.selectFrom('items').select('id').where('id', 'in', part).execute())
      found.add(Number(r.id));
  }
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw notFound(ids.length === 1 ? MOTO_MSG.itemNotFound : MOTO_MSG.itemsNotFound(missing));
}

const rowKey = (r: Omit<FitmentRow, 'make_id'>) => `${r.item_id}:${r.model_id}:${r.year_from}:${r.year_to}`;

function rowsFor(ids: readonly number[], fitments: readonly FitmentInput[], makes: Map<number, number>): FitmentRow[] {
  const rows = new Map<string, FitmentRow>();
  for (const item_id of ids)
    for (const f of fitments) {
      const row = {
        item_id,
        make_id: makes.get(f.modelId)!,
        model_id: f.modelId,
        year_from: f.yearFrom,
        year_to: f.yearTo,
      };
      rows.set(rowKey(row), row);
    }
  return [...rows.values()];
}

/** Inserts the rows, those already there skipped (the unique item index). */
async function insertRows(db: MotoDb, rows: readonly FitmentRow[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const r = await db
      .insertInto(FITMENTS, rows.slice(i, i + CHUNK))
      .onConflict((oc) => oc.columns(['item_id', 'model_id', 'year_from', 'year_to']).doNothing())
      .executeTakeFirst();
    added += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

/** An item's fitments with the names of their makes and models. */
export async function fitmentsOf(tdb: TenantDb, itemId: number) {
  const rows = await motoDb(tdb)
    .selectFrom(FITMENTS)
    .innerJoin(MODELS, `${MODELS}.id`, `${FITMENTS}.model_id`)
    .innerJoin(MAKES, `${MAKES}.id`, `${FITMENTS}.make_id`)
    .select([
      `${FITMENTS}.model_id as modelId`,
      `${FITMENTS}.make_id as makeId`,
      `${MAKES}.name as makeName`,
      `${MODELS}.name as modelName`,
      `${MODELS}.capacity as capacity`,
      `${FITMENTS}.year_from as yearFrom`,
      `${FITMENTS}.year_to as yearTo`,
    ])
    .where(`${FITMENTS}.item_id`, '=', itemId)
    .orderBy(`${MAKES}.name`)
    .orderBy(`${MODELS}.name`)
    .orderBy(`${FITMENTS}.year_from`)
    .execute();
  return rows.map((r) => ({ ...r, modelId: Number(r.modelId), makeId: Number(r.makeId) }));
}

/** The item search filter (PluginServer.itemFilters): the items fitting a make or model (and year). */
export const motoItemFilter: PluginItemFilter<SearchFilter> = {
  params: ['motoMakeId', 'motoModelId', 'motoYear'],
  schema: searchFilter,
  version: fitmentsVersion,
  ids: fitmentIds,
  itemIds(tdb, f) {
    if (f.motoMakeId === undefined && f.motoModelId === undefined) return undefined;
    // fitments_model_idx / fitments_make_idx hold every column read here.
    return motoDb(tdb)
      .selectFrom(FITMENTS)
      .select('item_id')
      .$if(f.motoModelId !== undefined, (q) => q.where('model_id', '=', f.motoModelId!))
      .$if(f.motoMakeId !== undefined, (q) => q.where('make_id', '=', f.motoMakeId!))
      .$if(f.motoYear !== undefined, (q) =>
        q.where('year_from', '<=', f.motoYear!).where('year_to', '>=', f.motoYear!),
      );
  },
};

export const fitmentRoutes = [
  route({
    method: 'GET',
    url: '/fitments',
    access: 'main.items.show',
    summary: 'Dopasowania towaru do motocykli',
    response: fitmentsAnswer,
    query: itemIdQuery,
    handler: async (ctx, { query }) => {
      await checkItems(ctx.tdb, [query.itemId]);
      return { fitments: await fitmentsOf(ctx.tdb, query.itemId) };
    },
  }),
  route({
    method: 'PUT',
    url: '/fitments',
    access: 'main.items.edit',
    summary: 'Zapis dopasowań towaru',
    response: fitmentsAnswer,
    body: fitmentsPut,
    handler: async (ctx, { body }) =>
      inMotoLock(ctx.tdb, async (db, tdb) => {
        await checkItems(tdb, [body.itemId]);
        const makes = await makesOf(db, body.fitments);
        await db.deleteFrom(FITMENTS).where('item_id', '=', body.itemId).execute();
        await insertRows(db, rowsFor([body.itemId], body.fitments, makes));
        await recordFitmentChange(tdb, [body.itemId]);
        return { fitments: await fitmentsOf(tdb, body.itemId) };
      }),
  }),
  route({
    method: 'POST',
    url: '/mass_fitment',
    access: 'main.items.edit',
    summary: 'Dopasowania wielu towarów naraz (dodanie, zastąpienie, usunięcie)',
    response: massFitmentAnswer,
    body: massFitment,
    handler: async (ctx, { body }) => {
      const ids = [...new Set(body.ids)];
      if (ids.length * Math.max(1, body.fitments.length) > MASS_ROWS_MAX)
        throw badRequest(MOTO_MSG.tooMany(MASS_ROWS_MAX));
      return inMotoLock(ctx.tdb, async (db, tdb) => {
        await checkItems(tdb, ids);
        const makes = await makesOf(db, body.fitments);
        let removed = 0;
        let added = 0;
        for (let i = 0; i < ids.length; i += 1000) {
          const part = ids.slice(i, i + 1000);
          if (body.mode === 'OVERRIDE' || body.mode === 'REMOVE') {
            // REMOVE takes the given models off the items whatever their years.
            const models = [...makes.keys()];
            if (body.mode === 'REMOVE' && models.length === 0) break;
            const r = await db
              .deleteFrom(FITMENTS)
              .where('item_id', 'in', part)
              .$if(body.mode === 'REMOVE', (q) => q.where('model_id', 'in', models))
              .executeTakeFirst();
            removed += Number(r.numDeletedRows);
          }
          if (body.mode !== 'REMOVE') added += await insertRows(db, rowsFor(part, body.fitments, makes));
        }
        await recordFitmentChange(tdb, ids);
        return { items: ids.length, added, removed };
      });
    },
  }),
];
