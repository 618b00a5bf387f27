import { sql, type Kysely } from 'kysely';
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

  /** Claimed files (count, bytes) and all files (bytes) of the organisation. */
  async usage(tdb: TenantDb): Promise<{ claimedCount: number; claimedBytes: number; allBytes: number }> {
    const row = await tdb
      .selectFrom('files')
      .select([
        sql<number | string>`count(files.item_id)`.as('claimed_count'),
        sql<number | string>`coalesce(sum(case when files.item_id is null then 0 else files.bytes end), 0)`.as(
          'claimed_bytes',
        ),
        sql<number | string>`coalesce(sum(files.bytes), 0)`.as('all_bytes'),
      ])
      .executeTakeFirst();
    // PostgreSQL answers count and sum of integers as bigint text.
    return {
      claimedCount: Number(row?.claimed_count ?? 0),
      claimedBytes: Number(row?.claimed_bytes ?? 0),
      allBytes: Number(row?.all_bytes ?? 0),
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
