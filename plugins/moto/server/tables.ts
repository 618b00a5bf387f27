import { pluginTable, sql, type Generated, type TenantDb } from '@zaplecze/plugin-sdk';
import type { MotoType } from '../schemas';

/** The moto plugin's tables (migration 0001_catalogue). */
export const MAKES = pluginTable('moto', 'makes') as 'p_moto_makes';
export const MODELS = pluginTable('moto', 'models') as 'p_moto_models';
export const FITMENTS = pluginTable('moto', 'fitments') as 'p_moto_fitments';
export const VERSIONS = pluginTable('moto', 'versions') as 'p_moto_versions';
export const CHANGES = pluginTable('moto', 'changes') as 'p_moto_changes';

export interface MotoTables {
  p_moto_makes: { id: Generated<number>; org_id: number; name: string };
  p_moto_models: {
    id: Generated<number>;
    org_id: number;
    make_id: number;
    name: string;
    capacity: number;
    year_from: number;
    year_to: number | null;
    type: MotoType;
  };
  /** One row per (item, model, years); `make_id` is the model's, kept for the make filter. */
  p_moto_fitments: {
    org_id: number;
    item_id: number;
    make_id: number;
    model_id: number;
    year_from: number;
    year_to: number;
  };
  /**
   * Bumped in every transaction that changes fitments (the search filter's version). `floor`: the
   * change log no longer holds the changes of versions up to it (a process behind it reloads).
   */
  p_moto_versions: { org_id: number; v: number; floor: Generated<number> };
  /** The items whose fitments version `v` changed (fitment-index.ts catches up from it). */
  p_moto_changes: { org_id: number; v: number; item_id: number };
}

/** The organisation's handle, typed to know the plugin's tables. */
export const motoDb = (tdb: TenantDb) => tdb.withTables<MotoTables>();
export type MotoDb = ReturnType<typeof motoDb>;

/**
 * Runs `fn` in a transaction holding the organisation's `moto` lock: every write of the catalogue
 * and the fitments is serialised by it (docs/decisions.md, Moto plugin).
 */
export function inMotoLock<T>(tdb: TenantDb, fn: (db: MotoDb, tdb: TenantDb) => Promise<T>): Promise<T> {
  return tdb.transaction(async (t) => {
    await t.lock('moto');
    return fn(motoDb(t), t);
  });
}

export const changeLogTuning = {
  /** The change log keeps the changes of this many latest versions (older ones: a full reload). */
  keptVersions: 1000,
  /** A change of more items than this is logged as "everything changed" (a full reload). */
  loggedItemsMax: 5000,
};

/**
 * Records, in the caller's transaction (which holds the organisation's 'moto' lock, so versions
 * commit in order), that the fitments of `items` changed: 'all' when any number of them may have
 * (a demo seed, deleted data), [] when only the catalogue did (a model moved to another make).
 * Bumps the version and logs the items for the in-memory fitment index (fitment-index.ts).
 */
export async function recordFitmentChange(tdb: TenantDb, items: readonly number[] | 'all'): Promise<void> {
  const m = motoDb(tdb);
  const row = await m
    .insertInto(VERSIONS, { v: 1 })
    .onConflict((oc) => oc.column('org_id').doUpdateSet({ v: sql<number>`${sql.ref(`${VERSIONS}.v`)} + 1` }))
    .returning('v')
    .executeTakeFirstOrThrow();
  const v = Number(row.v);
  const all = items === 'all' || items.length > changeLogTuning.loggedItemsMax;
  const floor = all ? v : v - changeLogTuning.keptVersions;
  await m.deleteFrom(CHANGES).where('v', '<=', floor).execute();
  if (floor > 0) await m.updateTable(VERSIONS).set({ floor }).where('floor', '<', floor).execute();
  if (all) return;
  const distinct = [...new Set(items)];
  for (let i = 0; i < distinct.length; i += 500)
    await m
      .insertInto(
        CHANGES,
        distinct.slice(i, i + 500).map((item_id) => ({ v, item_id })),
      )
      .execute();
}

/** The organisation's fitments version (0 before the first change). */
export async function fitmentsVersion(tdb: TenantDb): Promise<number> {
  return (await fitmentsVersionRow(tdb)).v;
}

/** The organisation's fitments version and its change log's floor (0, 0 before the first change). */
export async function fitmentsVersionRow(tdb: TenantDb): Promise<{ v: number; floor: number }> {
  const row = await motoDb(tdb).selectFrom(VERSIONS).select(['v', 'floor']).executeTakeFirst();
  return { v: Number(row?.v ?? 0), floor: Number(row?.floor ?? 0) };
}
