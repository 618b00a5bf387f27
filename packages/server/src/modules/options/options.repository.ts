import type { OptionKey } from '@zaplecze/contract';
import type { TenantDb } from '../../db/tenant';

/** Stored option values of one organisation (absent = unset). */
export const optionsRepository = {
  async read(tdb: TenantDb, keys: readonly OptionKey[]): Promise<Map<string, string>> {
    if (keys.length === 0) return new Map();
    const rows = await tdb
      .selectFrom('options')
      .select(['key', 'value'])
      .where('key', 'in', [...keys])
      .execute();
    return new Map(rows.map((r) => [r.key, r.value]));
  },

  /** Insert or replace; the primary key (org_id, key) makes it one row per option. */
  async write(tdb: TenantDb, key: OptionKey, value: string): Promise<void> {
    await tdb
      .insertInto('options', { key, value })
      .onConflict((oc) => oc.columns(['org_id', 'key']).doUpdateSet({ value }))
      .execute();
  },

  /** Clears every given option that points at `id` (a deleted status or income source). */
  async clearPointingAt(tdb: TenantDb, keys: readonly OptionKey[], id: number): Promise<void> {
    if (keys.length === 0) return;
    await tdb
      .updateTable('options')
      .set({ value: '' })
      .where('key', 'in', [...keys])
      .where('value', '=', String(id))
      .execute();
  },
};
