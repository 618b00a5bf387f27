/**
 * Migration 0021 on a database that has orders already: the city key loses its accents and the
 * buyer name, company and NIP keys are filled in, by set-based SQL for Polish letters and by the
 * contract's own functions for any other text (other accents, tabs, double spaces, foreign tax
 * numbers), so every key equals what a save writes now (db/order-keys.ts searchKeysOf).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScratchDatabase, testEngine } from '../../../test/harness';
import { type Database } from '../database';
import { migrate, MIGRATIONS } from '../migrate';
import { searchKeysOf } from '../order-keys';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openScratchDatabase('m0021'));
});
afterAll(() => drop());

const TEXTS: [city: string, name: string, company: string, nip: string][] = [
  ['Kraków', 'Łukasz Żółć', '', ''],
  ['ŁÓDŹ', 'ANNA ŚWIĘCKA', 'Kowalski Sp. z o.o.', 'PL 526-025-09-95'],
  ['  Zielona   Góra ', 'Jan\tKowalski', 'Müller GmbH', 'DE 123 456 789'],
  ['Bielsko-Biała', '', 'Straße & Søn', '777.000.11/11'],
  ['', '', '', ''],
];

describe('migration 0021 on existing orders', () => {
  it('writes every new key and the accent-free city key as a save would', async () => {
    const before = MIGRATIONS.findIndex((m) => m.name === '0021_order_search_buyer');
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
    for (const [city, name, company, nip] of TEXTS) {
      await sql`insert into orders (org_id, uuid, add_date, last_mod_date, order_date, stationary,
        order_status_id, income_source_id, currency, delivery_cost, delivery_vat, cash_on_delivery, shipping_method,
        client_city, client_name_surname, client_company_name, invoice_company_tax_id, search_city)
        values (${orgId}, ${crypto.randomUUID()}, ${now}, ${now}, ${now}, 0, ${status.rows[0]!.id},
        ${source.rows[0]!.id}, 'PLN', 0, 2300, 0, 'ADDRESS', ${city}, ${name}, ${company}, ${nip},
        ${city.toLocaleLowerCase('pl')})`.execute(db);
    }

    expect(await migrate(database)).toEqual(MIGRATIONS.slice(before).map((m) => m.name));

    const rows = await db
      .selectFrom('orders')
      .select([
        'client_city',
        'client_name_surname',
        'client_company_name',
        'invoice_company_tax_id',
        'search_city',
        'search_name',
        'search_company',
        'search_nip',
      ])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.search_city, r.search_name, r.search_company, r.search_nip])).toEqual([
      ['krakow', 'lukasz zolc', '', ''],
      ['lodz', 'anna swiecka', 'kowalski sp. z o.o.', '5260250995'],
      ['zielona gora', 'jan kowalski', 'muller gmbh', '123456789'],
      ['bielsko-biala', '', 'strasse & son', '7770001111'],
      ['', '', '', ''],
    ]);
    for (const r of rows) {
      const { client_city, client_name_surname, client_company_name, invoice_company_tax_id, ...keys } = r;
      expect(searchKeysOf({ client_city, client_name_surname, client_company_name, invoice_company_tax_id })).toEqual(
        keys,
      );
    }
    const indexes =
      testEngine() === 'postgres'
        ? (
            await sql<{
              name: string;
            }>`select indexname as name from pg_indexes where tablename in ('orders', 'order_lines')`.execute(db)
          ).rows
        : (await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(db)).rows;
    const names = indexes.map((i) => i.name);
    for (const name of [
      'orders_city_idx',
      'orders_post_code_idx',
      'orders_pickup_idx',
      'orders_name_idx',
      'orders_company_idx',
      'orders_nip_idx',
      'orders_problem_idx',
      'order_lines_code_idx',
    ])
      expect(names).toContain(name);
  });
});
