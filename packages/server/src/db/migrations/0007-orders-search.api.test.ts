/**
 * Migration 0007 on a database that has orders already (written before it): their search keys,
 * invoice state, line summary and the organisations' order counters are filled in, on the run's
 * engine, and the counter's triggers keep counting afterwards.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScratchDatabase } from '../../../test/harness';
import { type Database } from '../database';
import { migrate, MIGRATIONS } from '../migrate';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openScratchDatabase('m0007'));
});
afterAll(() => drop());

describe('migration 0007 on existing orders', () => {
  it('fills the keys, the invoice state, the line summary and the counter, and the triggers keep counting', async () => {
    const before = MIGRATIONS.findIndex((m) => m.name === '0007_orders_search');
    await migrate(database, MIGRATIONS.slice(0, before));
    const db = database.db;
    const now = new Date().toISOString();
    const org = await sql<{ id: number }>`insert into organizations (prefix, name, tax_id, address, post_code_city,
      country_code, registered_at) values ('mig', 'Mig', '', '', '', 'PL', ${now}) returning id`.execute(db);
    const orgId = org.rows[0]!.id;
    const status = await sql<{ id: number }>`insert into order_statuses (org_id, name, color)
      values (${orgId}, 'Nowe', 'ffffff') returning id`.execute(db);
    const source = await sql<{ id: number }>`insert into income_sources (org_id, name)
      values (${orgId}, 'Allegro') returning id`.execute(db);
    const order = async (values: {
      tel: string;
      city: string;
      post: string;
      bol: string | null;
      inv: [number, string | null];
    }) =>
      (
        await sql<{ id: number }>`insert into orders (org_id, uuid, add_date, last_mod_date, order_date, stationary,
          order_status_id, income_source_id, currency, delivery_cost, delivery_vat, cash_on_delivery, shipping_method,
          bill_of_lading, client_tel, client_city, client_post_code, client_email, has_invoice, invoice_number)
          values (${orgId}, ${crypto.randomUUID()}, ${now}, ${now}, ${now}, 0, ${status.rows[0]!.id},
          ${source.rows[0]!.id}, 'PLN', 1500, 2300, 0, 'ADDRESS', ${values.bol}, ${values.tel}, ${values.city},
          ${values.post}, 'Jan@Example.PL', ${values.inv[0]}, ${values.inv[1]}) returning id`.execute(db)
      ).rows[0]!.id;
    const first = await order({
      tel: '+48 600-100-200',
      city: 'ŁÓDŹ',
      post: '90-001',
      bol: 'AB 123',
      inv: [1, 'FV 1'],
    });
    const second = await order({ tel: '', city: 'Kraków', post: '30-001', bol: null, inv: [1, null] });
    const third = await order({ tel: '500', city: '', post: '', bol: null, inv: [0, null] });
    for (const [position, code, quantity, price] of [
      [0, 'A', 2, 1050],
      [1, '', 1, 105],
      [2, 'A', 3, 10],
    ] as const) {
      await sql`insert into order_lines (org_id, order_id, position, code, name, quantity, price, vat)
        values (${orgId}, ${first}, ${position}, ${code}, 'Pozycja', ${quantity}, ${price}, 2300)`.execute(db);
    }

    // 0007 and every migration after it (later ones meet the orders 0007 filled in).
    expect(await migrate(database)).toEqual(MIGRATIONS.slice(before).map((m) => m.name));

    const rows = await db
      .selectFrom('orders')
      .select([
        'id',
        'search_tel',
        'search_email',
        'search_city',
        'search_post_code',
        'search_bol',
        'invoice_state',
        'lines_sum',
        'lines_count',
        'lines_codes',
      ])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => ({ ...r, lines_sum: Number(r.lines_sum), invoice_state: Number(r.invoice_state) }))).toEqual(
      [
        {
          id: first,
          search_tel: '600100200',
          search_email: 'jan@example.pl',
          search_city: 'lodz',
          search_post_code: '90001',
          search_bol: 'ab123',
          invoice_state: 2,
          lines_sum: 2 * 1050 + 105 + 3 * 10,
          lines_count: 6,
          lines_codes: JSON.stringify([{ code: 'A', quantity: 5 }]),
        },
        {
          id: second,
          search_tel: '',
          search_email: 'jan@example.pl',
          search_city: 'krakow',
          search_post_code: '30001',
          search_bol: '',
          invoice_state: 1,
          lines_sum: 0,
          lines_count: 0,
          lines_codes: '[]',
        },
        {
          id: third,
          search_tel: '500',
          search_email: 'jan@example.pl',
          search_city: '',
          search_post_code: '',
          search_bol: '',
          invoice_state: 0,
          lines_sum: 0,
          lines_count: 0,
          lines_codes: '[]',
        },
      ],
    );
    const counter = async () =>
      (await db.selectFrom('order_counts').select('orders').where('org_id', '=', orgId).executeTakeFirst())?.orders;
    expect(await counter()).toBe(3);
    await order({ tel: '', city: '', post: '', bol: null, inv: [0, null] });
    expect(await counter()).toBe(4);
    await db.deleteFrom('orders').where('id', 'in', [first, second]).execute();
    expect(await counter()).toBe(2);
  });
});
