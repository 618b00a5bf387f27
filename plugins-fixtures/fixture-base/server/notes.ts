import { pluginTable, type Generated, type TenantDb } from '@zaplecze/plugin-sdk';

/** The fixture's one table: `p_fixture_base_notes`. */
export const NOTES = pluginTable('fixture-base', 'notes') as 'p_fixture_base_notes';

export interface NotesTables {
  p_fixture_base_notes: { id: Generated<number>; org_id: number; text: string; created_at: string };
}

/** The organisation's handle, typed to know the fixture's table. */
export const notesDb = (tdb: TenantDb) => tdb.withTables<NotesTables>();
