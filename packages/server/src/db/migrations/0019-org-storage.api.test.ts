/**
 * Migration 0019 on a database that has files already: each organisation's running totals are
 * added up from its rows, and the triggers keep them equal to the rows through inserts, claims,
 * releases, the `ON DELETE SET NULL` of a deleted item and deletes, on the run's engine.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScratchDatabase } from '../../../test/harness';
import { type Database } from '../database';
import { migrate, MIGRATIONS } from '../migrate';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openScratchDatabase('m0019'));
});
afterAll(() => drop());

const name = (n: number) => `${String(n).padStart(32, '0')}.jpg`;

describe('migration 0019 on existing files', () => {
  it('adds up the totals of each organisation, and the triggers keep them equal to the rows', async () => {
    const before = MIGRATIONS.findIndex((m) => m.name === '0019_org_storage');
    await migrate(database, MIGRATIONS.slice(0, before));
    const db = database.db;
    const now = new Date().toISOString();
    const newOrg = async (prefix: string) =>
      (
        await sql<{ id: number }>`insert into organizations (prefix, name, tax_id, address, post_code_city,
          country_code, registered_at) values (${prefix}, ${prefix}, '', '', '', 'PL', ${now}) returning id`.execute(db)
      ).rows[0]!.id;
    const [a, b, empty] = [await newOrg('pierwsza'), await newOrg('druga'), await newOrg('pusta')];
    const status = await db
      .insertInto('item_statuses')
      .values({ org_id: a, name: 'Nowy', color: 'ffffff' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const newItem = async (code: string) =>
      (
        await db
          .insertInto('items')
          .values({
            org_id: a,
            code,
            gtin: '',
            name: 'Towar',
            description: '',
            price: 100,
            vat: 2300,
            currency: 'PLN',
            count_ware: 0,
            item_status_id: status.id,
            has_ext: 0,
            ext_code: '',
            ext_url: '',
            ext_price: 0,
            count_photos: 0,
            count_params: 0,
            last_changed: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const item = await newItem('A1');
    const file = (n: number, org: number, bytes: number, itemId: number | null) => ({
      name: name(n),
      org_id: org,
      item_id: itemId,
      bytes,
      created_at: now,
    });
    await db
      .insertInto('files')
      .values([file(1, a, 1000, item), file(2, a, 200, item), file(3, a, 30, null), file(4, b, 5, null)])
      .execute();

    await migrate(database);
    const totals = async () =>
      (await db.selectFrom('org_storage').selectAll().orderBy('org_id').execute()).map((r) => ({
        org: r.org_id,
        used: Number(r.used_bytes),
        count: Number(r.photo_count),
        bytes: Number(r.photo_bytes),
      }));
    /** The same totals summed from the rows: what the running totals must always equal. */
    const summed = async () =>
      (
        await sql<{ org_id: number; used: string | number; count: string | number; bytes: string | number }>`
          select org_id, sum(bytes) as used, count(item_id) as count,
            sum(case when item_id is null then 0 else bytes end) as bytes
          from files group by org_id order by org_id`.execute(db)
      ).rows.map((r) => ({ org: r.org_id, used: Number(r.used), count: Number(r.count), bytes: Number(r.bytes) }));

    expect(await totals()).toEqual([
      { org: a, used: 1230, count: 2, bytes: 1200 },
      { org: b, used: 5, count: 0, bytes: 0 },
    ]);

    // A first file of an organisation makes its row; a claim and a release move the photo totals.
    await db
      .insertInto('files')
      .values(file(5, empty, 7, null))
      .execute();
    await db.updateTable('files').set({ item_id: item }).where('name', '=', name(3)).execute();
    await db.updateTable('files').set({ item_id: null }).where('name', '=', name(2)).execute();
    expect(await totals()).toEqual(await summed());
    expect((await totals()).find((t) => t.org === a)).toEqual({ org: a, used: 1230, count: 2, bytes: 1030 });

    // A claim moved to another item changes nothing; a deleted item leaves its files unclaimed.
    const other = await newItem('A2');
    await db.updateTable('files').set({ item_id: other }).where('name', '=', name(3)).execute();
    await db.deleteFrom('items').where('id', '=', item).execute();
    expect(await totals()).toEqual(await summed());
    expect((await totals()).find((t) => t.org === a)).toEqual({ org: a, used: 1230, count: 1, bytes: 30 });

    await db.deleteFrom('files').where('org_id', '=', a).execute();
    expect((await totals()).find((t) => t.org === a)).toEqual({ org: a, used: 0, count: 0, bytes: 0 });
    expect(await totals()).toEqual([
      { org: a, used: 0, count: 0, bytes: 0 },
      ...(await summed()).filter((t) => t.org !== a),
    ]);
  });
});
