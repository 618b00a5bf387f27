import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import type { Migration } from './helpers';

/**
 * `org_storage`: the running totals of each organisation's stored files (docs/decisions.md,
 * Storage quota): all bytes (unclaimed uploads included: the quota counts them) and the count and
 * bytes of the files items use (the home page's items widget). Kept by row triggers on `files` in
 * the transaction of every write, whatever code path wrote it (uploads, claims, copies, deletes,
 * the purge, `ON DELETE SET NULL` of a deleted item, the demo seed), so reading the use of an
 * organisation with a million photos is one primary-key lookup instead of a sum over its rows.
 * Existing files are added up once here. A row appears with an organisation's first file.
 */
export const m0019OrgStorage: Migration = {
  name: '0019_org_storage',
  async up(db: Kysely<unknown>, engine: Engine) {
    const big = engine === 'postgres' ? 'bigint' : 'integer';
    await db.schema
      .createTable('org_storage')
      .addColumn('org_id', 'integer', (col) => col.primaryKey().references('organizations.id').onDelete('cascade'))
      .addColumn('used_bytes', big, (col) => col.notNull().defaultTo(0))
      .addColumn('photo_count', big, (col) => col.notNull().defaultTo(0))
      .addColumn('photo_bytes', big, (col) => col.notNull().defaultTo(0))
      .execute();
    await sql`insert into org_storage (org_id, used_bytes, photo_count, photo_bytes)
      select org_id, sum(bytes), count(item_id), sum(case when item_id is null then 0 else bytes end)
      from files group by org_id`.execute(db);

    // One row's change of the totals: sign 1 adds a file, -1 takes it away.
    const delta = (row: 'new' | 'old', sign: '+' | '-') => ({
      used: `used_bytes ${sign} ${row}.bytes`,
      count: `photo_count ${sign} (case when ${row}.item_id is null then 0 else 1 end)`,
      bytes: `photo_bytes ${sign} (case when ${row}.item_id is null then 0 else ${row}.bytes end)`,
    });
    const apply = (row: 'new' | 'old', sign: '+' | '-') => {
      const d = delta(row, sign);
      return `update org_storage set used_bytes = ${d.used}, photo_count = ${d.count}, photo_bytes = ${d.bytes}
        where org_id = ${row}.org_id;`;
    };
    // Claimed or released (item_id null <-> not null): the photo totals move, the bytes stay.
    const claimChanged = '(old.item_id is null) <> (new.item_id is null)';

    if (engine === 'sqlite') {
      // Not `insert or ignore`: inside a trigger the outer statement's conflict policy wins, and
      // the ON DELETE SET NULL of a deleted item would make it a failing plain insert.
      const ensureRow = `insert into org_storage (org_id) select new.org_id
        where not exists (select 1 from org_storage where org_id = new.org_id);`;
      for (const statement of [
        `create trigger files_storage_insert after insert on files begin
          ${ensureRow}
          ${apply('new', '+')}
        end`,
        `create trigger files_storage_delete after delete on files begin ${apply('old', '-')} end`,
        `create trigger files_storage_update after update of item_id, bytes, org_id on files
          when ${claimChanged} or old.bytes <> new.bytes or old.org_id <> new.org_id begin
          ${apply('old', '-')}
          ${ensureRow}
          ${apply('new', '+')}
        end`,
      ])
        await sql.raw(statement).execute(db);
      return;
    }

    for (const statement of [
      `create function files_storage_change() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then
          ${apply('old', '-')}
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into org_storage (org_id) values (new.org_id) on conflict (org_id) do nothing;
          ${apply('new', '+')}
        end if;
        return null;
      end $$`,
      `create trigger files_storage_insert after insert on files
        for each row execute function files_storage_change()`,
      `create trigger files_storage_delete after delete on files
        for each row execute function files_storage_change()`,
      `create trigger files_storage_update after update of item_id, bytes, org_id on files
        for each row when (${claimChanged} or old.bytes <> new.bytes or old.org_id <> new.org_id)
        execute function files_storage_change()`,
    ])
      await sql.raw(statement).execute(db);
  },
};
