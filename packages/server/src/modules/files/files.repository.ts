import type { Kysely } from 'kysely';
import { chunks } from '../../db/per-row';
import type { DB } from '../../db/schema';
import type { TenantDb } from '../../db/tenant';

export interface FileRow {
  name: string;
  item_id: number | null;
  bytes: number;
}

export interface NewFileRow {
  name: string;
  bytes: number;
  itemId: number | null;
  createdAt: string;
}

/** Names or ids per query: far below the bound-parameter limits of SQLite and PostgreSQL. */
const CHUNK = 500;

export const filesRepository = {
  async insert(tdb: TenantDb, rows: readonly NewFileRow[]): Promise<void> {
    for (const part of chunks(rows, CHUNK)) {
      await tdb
        .insertInto(
          'files',
          part.map((r) => ({ name: r.name, bytes: r.bytes, item_id: r.itemId, created_at: r.createdAt })),
        )
        .execute();
    }
  },

  /** Whether the caller's organisation has this file (another organisation's file is simply absent). */
  async exists(tdb: TenantDb, name: string): Promise<boolean> {
    const row = await tdb.selectFrom('files').select('name').where('name', '=', name).executeTakeFirst();
    return row !== undefined;
  },

  async findByNames(tdb: TenantDb, names: readonly string[]): Promise<Map<string, FileRow>> {
    const found = new Map<string, FileRow>();
    for (const part of chunks(names, CHUNK)) {
      const rows = await tdb
        .selectFrom('files')
        .select(['name', 'item_id', 'bytes'])
        .where('name', 'in', part)
        .execute();
      for (const row of rows) found.set(row.name, row);
    }
    return found;
  },

  /** Claims unclaimed files for an item; answers how many rows changed. */
  async claim(tdb: TenantDb, itemId: number, names: readonly string[]): Promise<number> {
    let changed = 0;
    for (const part of chunks(names, CHUNK)) {
      const r = await tdb
        .updateTable('files')
        .set({ item_id: itemId })
        .where('name', 'in', part)
        .where('item_id', 'is', null)
        .executeTakeFirst();
      changed += Number(r.numUpdatedRows);
    }
    return changed;
  },

  /** Names of the files of these items. */
  async namesOfItems(tdb: TenantDb, itemIds: readonly number[]): Promise<string[]> {
    const names: string[] = [];
    for (const part of chunks(itemIds, CHUNK)) {
      const rows = await tdb.selectFrom('files').select('name').where('item_id', 'in', part).execute();
      names.push(...rows.map((r) => r.name));
    }
    return names;
  },

  async deleteByNames(tdb: TenantDb, names: readonly string[]): Promise<void> {
    for (const part of chunks(names, CHUNK)) await tdb.deleteFrom('files').where('name', 'in', part).execute();
  },

  /**
   * The organisation's running totals (migration 0019, kept by triggers on `files`): all bytes,
   * and the count and bytes of the files items use. One primary-key read; none before the first file.
   */
  async usage(tdb: TenantDb): Promise<{ claimedCount: number; claimedBytes: number; allBytes: number }> {
    const row = await tdb
      .selectFrom('org_storage')
      .select(['used_bytes', 'photo_count', 'photo_bytes'])
      .executeTakeFirst();
    // PostgreSQL answers bigint as text.
    return {
      claimedCount: Number(row?.photo_count ?? 0),
      claimedBytes: Number(row?.photo_bytes ?? 0),
      allBytes: Number(row?.used_bytes ?? 0),
    };
  },

  /**
   * Deletes the unclaimed uploads of every organisation created before `beforeIso` and answers
   * them. Works across organisations (a maintenance job), hence the raw handle. The `item_id is
   * null` test is made by the delete itself, so an upload claimed meanwhile is kept.
   */
  async deleteUnclaimedBefore(db: Kysely<DB>, beforeIso: string): Promise<{ name: string; org_id: number }[]> {
    return db
      .deleteFrom('files')
      .where('item_id', 'is', null)
      .where('created_at', '<', beforeIso)
      .returning(['name', 'org_id'])
      .execute();
  },
};
