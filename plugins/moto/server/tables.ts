import { pluginTable, type Generated, type TenantDb } from '@zaplecze/plugin-sdk';
import type { MotoType } from '../schemas';

/** The moto plugin's tables (migration 0001_catalogue). */
export const MAKES = pluginTable('moto', 'makes') as 'p_moto_makes';
export const MODELS = pluginTable('moto', 'models') as 'p_moto_models';
export const FITMENTS = pluginTable('moto', 'fitments') as 'p_moto_fitments';

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
}

/** The organisation's handle, typed to know the plugin's tables. */
export const motoDb = (tdb: TenantDb) => tdb.withTables<MotoTables>();
export type MotoDb = ReturnType<typeof motoDb>;
