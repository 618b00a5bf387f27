import { pluginTable, sql, type Generated, type TenantDb } from '@zaplecze/plugin-sdk';
import type { MotoType } from '../schemas';

/** The moto plugin's tables (migration 0001_catalogue). */
export const MAKES = pluginTable('moto', 'makes') as 'p_moto_makes';
export const MODELS = pluginTable('moto', 'models') as 'p_moto_models';
export const FITMENTS = pluginTable('moto', 'fitments') as 'p_moto_fitments';
export const VERSIONS = pluginTable('moto', 'versions') as 'p_moto_versions';

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
  /** Bumped in every transaction that changes fitments (the search filter's version). */
  p_moto_versions: { org_id: number; v: number };
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

/** Bumps the organisation's fitments version (in the caller's transaction). */
export async function bumpVersion(tdb: TenantDb): Promise<void> {
  await motoDb(tdb)
    .insertInto(VERSIONS, { v: 1 })
    .onConflict((oc) => oc.column('org_id').doUpdateSet({ v: sql<number>`${sql.ref(`${VERSIONS}.v`)} + 1` }))
    .execute();
}

/** The organisation's fitments version (0 before the first change). */
export async function fitmentsVersion(tdb: TenantDb): Promise<number> {
  const row = await motoDb(tdb).selectFrom(VERSIONS).select('v').executeTakeFirst();
  return Number(row?.v ?? 0);
}
