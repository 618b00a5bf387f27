import { badRequest, conflict, NO_CONTENT, notFound, route, type TenantDb } from '@zaplecze/plugin-sdk';
import {
  createdAnswer,
  idQuery,
  makeIdQuery,
  makeInput,
  makesAnswer,
  makeUpdate,
  type Model,
  type ModelInput,
  modelInput,
  modelsAnswer,
  modelUpdate,
} from '../schemas';
import { FITMENTS, inMotoLock, MAKES, MODELS, motoDb, recordFitmentChange, type MotoDb } from './tables';
import { STARTER_CATALOGUE } from './starter';
import { MOTO_MSG } from './messages.pl';

/** Makes and models (docs/plugins.md, "The moto plugin"): list, add, change, delete. */

const EDIT = 'plugin.moto.catalogue' as const;

/** The organisation's models (of one make), by make and name. */
export async function listModels(tdb: TenantDb, makeId?: number): Promise<Model[]> {
  const rows = await motoDb(tdb)
    .selectFrom(MODELS)
    .innerJoin(MAKES, `${MAKES}.id`, `${MODELS}.make_id`)
    .select([
      `${MODELS}.id as id`,
      `${MODELS}.make_id as makeId`,
      `${MAKES}.name as makeName`,
      `${MODELS}.name as name`,
      `${MODELS}.capacity as capacity`,
      `${MODELS}.year_from as yearFrom`,
      `${MODELS}.year_to as yearTo`,
      `${MODELS}.type as type`,
    ])
    .$if(makeId !== undefined, (q) => q.where(`${MODELS}.make_id`, '=', makeId!))
    .orderBy(`${MAKES}.name`)
    .orderBy(`${MODELS}.name`)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), makeId: Number(r.makeId) }));
}

async function makeExists(db: MotoDb, id: number): Promise<boolean> {
  return (await db.selectFrom(MAKES).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Adds a make; a name the organisation has already is a 409. */
async function addMake(db: MotoDb, name: string): Promise<number> {
  const same = await db.selectFrom(MAKES).select('id').where('name', '=', name).executeTakeFirst();
  if (same) throw conflict(MOTO_MSG.makeTaken(name));
  const row = await db.insertInto(MAKES, { name }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

function modelColumns(m: ModelInput) {
  return {
    make_id: m.makeId,
    name: m.name,
    capacity: m.capacity,
    year_from: m.yearFrom,
    year_to: m.yearTo,
    type: m.type,
  };
}

async function checkModelName(db: MotoDb, m: ModelInput, id?: number): Promise<void> {
  if (!(await makeExists(db, m.makeId))) throw badRequest(MOTO_MSG.unknownMake(m.makeId));
  const same = await db
    .selectFrom(MODELS)
    .select('id')
    .where('make_id', '=', m.makeId)
    .where('name', '=', m.name)
    .$if(id !== undefined, (q) => q.where('id', '<>', id!))
    .executeTakeFirst();
  if (same) throw conflict(MOTO_MSG.modelTaken(m.name));
}

/**
 * The starter catalogue (starter.ts), inserted when an organisation installs the plugin and has
 * no make yet: a reinstall keeps the catalogue the organisation left.
 */
export async function insertStarterCatalogue(tdb: TenantDb): Promise<void> {
  const db = motoDb(tdb);
  if (await db.selectFrom(MAKES).select('id').limit(1).executeTakeFirst()) return;
  for (const [make, models] of STARTER_CATALOGUE) {
    const makeId = await addMake(db, make);
    await db
      .insertInto(
        MODELS,
        models.map(([name, capacity, yearFrom, yearTo, type]) => ({
          make_id: makeId,
          name,
          capacity,
          year_from: yearFrom,
          year_to: yearTo,
          type,
        })),
      )
      .execute();
  }
}

/** Adds or updates a model found by make and name (the CSV import). */
export async function upsertModel(db: MotoDb, m: ModelInput): Promise<'added' | 'updated'> {
  const same = await db
    .selectFrom(MODELS)
    .select('id')
    .where('make_id', '=', m.makeId)
    .where('name', '=', m.name)
    .executeTakeFirst();
  if (same) {
    await db.updateTable(MODELS).set(modelColumns(m)).where('id', '=', same.id).execute();
    return 'updated';
  }
  await db.insertInto(MODELS, modelColumns(m)).execute();
  return 'added';
}

/** The make's id by name, added when missing (the CSV import). */
export async function makeIdByName(db: MotoDb, name: string): Promise<{ id: number; added: boolean }> {
  const row = await db.selectFrom(MAKES).select('id').where('name', '=', name).executeTakeFirst();
  return row ? { id: Number(row.id), added: false } : { id: await addMake(db, name), added: true };
}

export const catalogueRoutes = [
  route({
    method: 'GET',
    url: '/makes',
    access: 'authenticated',
    summary: 'Marki motocykli z liczbą modeli',
    response: makesAnswer,
    handler: async (ctx) => {
      const db = motoDb(ctx.tdb);
      const [makes, counts] = await Promise.all([
        db.selectFrom(MAKES).select(['id', 'name']).orderBy('name').execute(),
        db
          .selectFrom(MODELS)
          .select(['make_id', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('make_id')
          .execute(),
      ]);
      const byMake = new Map(counts.map((c) => [Number(c.make_id), Number(c.n)]));
      return {
        makes: makes
          .map((m) => ({ id: Number(m.id), name: m.name, models: byMake.get(Number(m.id)) ?? 0 }))
          // Polish alphabetical order whatever the database's collation (BMW after Benelli).
          .sort((x, y) => x.name.localeCompare(y.name, 'pl')),
      };
    },
  }),
  route({
    method: 'POST',
    url: '/makes',
    access: EDIT,
    summary: 'Nowa marka',
    response: createdAnswer,
    body: makeInput,
    handler: async (ctx, { body }) => inMotoLock(ctx.tdb, async (db) => ({ id: await addMake(db, body.name) })),
  }),
  route({
    method: 'PUT',
    url: '/makes',
    access: EDIT,
    summary: 'Zmiana nazwy marki',
    response: NO_CONTENT,
    body: makeUpdate,
    handler: async (ctx, { body }) =>
      inMotoLock(ctx.tdb, async (db) => {
        if (!(await makeExists(db, body.id))) throw notFound(MOTO_MSG.makeNotFound);
        const same = await db
          .selectFrom(MAKES)
          .select('id')
          .where('name', '=', body.name)
          .where('id', '<>', body.id)
          .executeTakeFirst();
        if (same) throw conflict(MOTO_MSG.makeTaken(body.name));
        await db.updateTable(MAKES).set({ name: body.name }).where('id', '=', body.id).execute();
      }),
  }),
  route({
    method: 'DELETE',
    url: '/makes',
    access: EDIT,
    summary: 'Usunięcie marki (bez modeli)',
    response: NO_CONTENT,
    query: idQuery,
    handler: async (ctx, { query }) =>
      inMotoLock(ctx.tdb, async (db) => {
        if (!(await makeExists(db, query.id))) throw notFound(MOTO_MSG.makeNotFound);
        // A make with models stays (docs/decisions.md, Moto plugin): delete its models first.
        const models = await db
          .selectFrom(MODELS)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('make_id', '=', query.id)
          .executeTakeFirstOrThrow();
        if (Number(models.n) > 0) throw conflict(MOTO_MSG.makeHasModels(Number(models.n)));
        await db.deleteFrom(MAKES).where('id', '=', query.id).execute();
      }),
  }),
  route({
    method: 'GET',
    url: '/models',
    access: 'authenticated',
    summary: 'Modele motocykli (wszystkie albo jednej marki)',
    response: modelsAnswer,
    query: makeIdQuery,
    handler: async (ctx, { query }) => ({ models: await listModels(ctx.tdb, query.makeId) }),
  }),
  route({
    method: 'POST',
    url: '/models',
    access: EDIT,
    summary: 'Nowy model',
    response: createdAnswer,
    body: modelInput,
    handler: async (ctx, { body }) =>
      inMotoLock(ctx.tdb, async (db) => {
        await checkModelName(db, body);
        const row = await db.insertInto(MODELS, modelColumns(body)).returning('id').executeTakeFirstOrThrow();
        return { id: Number(row.id) };
      }),
  }),
  route({
    method: 'PUT',
    url: '/models',
    access: EDIT,
    summary: 'Zmiana modelu',
    response: NO_CONTENT,
    body: modelUpdate,
    handler: async (ctx, { body }) =>
      inMotoLock(ctx.tdb, async (db, tdb) => {
        const old = await db.selectFrom(MODELS).select('make_id').where('id', '=', body.id).executeTakeFirst();
        if (!old) throw notFound(MOTO_MSG.modelNotFound);
        await checkModelName(db, body, body.id);
        await db.updateTable(MODELS).set(modelColumns(body)).where('id', '=', body.id).execute();
        // The fitments carry their model's make (the make filter's index).
        if (Number(old.make_id) !== body.makeId) {
          await db.updateTable(FITMENTS).set({ make_id: body.makeId }).where('model_id', '=', body.id).execute();
          // The items' rows keep their model: only the model's make moved (read again by the index).
          await recordFitmentChange(tdb, []);
        }
      }),
  }),
  route({
    method: 'DELETE',
    url: '/models',
    access: EDIT,
    summary: 'Usunięcie modelu (bez dopasowań)',
    response: NO_CONTENT,
    query: idQuery,
    handler: async (ctx, { query }) =>
      inMotoLock(ctx.tdb, async (db) => {
        const model = await db.selectFrom(MODELS).select('name').where('id', '=', query.id).executeTakeFirst();
        if (!model) throw notFound(MOTO_MSG.modelNotFound);
        // A model items fit stays (docs/decisions.md, Moto plugin): remove its fitments first.
        const used = await db
          .selectFrom(FITMENTS)
          .select('item_id')
          .where('model_id', '=', query.id)
          .limit(1)
          .execute();
        if (used.length > 0) throw conflict(MOTO_MSG.modelInUse(model.name));
        await db.deleteFrom(MODELS).where('id', '=', query.id).execute();
      }),
  }),
];
