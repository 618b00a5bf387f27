import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import type { Migration } from './helpers';
import { linesSummary, SEARCH_KEYS } from '../order-keys';

/** The low-cardinality filters every covering index carries, so a count never reads the table. */
const LOW = ['order_status_id', 'income_source_id', 'invoice_state'] as const;

/**
 * Indexes of the order search: [name, key columns, payload columns]. The payload is INCLUDE on
 * PostgreSQL and trailing key columns on SQLite (where the rowid, the order id, ends every index).
 * docs/performance.md (Order search) explains the choice.
 */
const INDEXES: [string, string[], string[]][] = [
  // Sort by number; the count of any mix of status, income source and invoice state.
  ['orders_number_idx', ['org_id', 'id'], [...LOW]],
  // Sort by date and the date range, replacing 0006's (org_id, order_date, id).
  ['orders_date_idx', ['org_id', 'order_date', 'id'], [...LOW]],
  // One equality filter first, each with the date range after it; the others ride along.
  ['orders_status_cov_idx', ['org_id', 'order_status_id', 'income_source_id', 'invoice_state', 'order_date'], []],
  ['orders_source_cov_idx', ['org_id', 'income_source_id', 'invoice_state', 'order_date'], ['order_status_id']],
  ['orders_invoice_cov_idx', ['org_id', 'invoice_state', 'order_status_id', 'order_date'], ['income_source_id']],
  // Text filters: a prefix range on the key. City and post code match thousands of orders (a big
  // city, a region's first digits), so they carry the other filters; the rest are near-unique.
  ['orders_city_idx', ['org_id', 'search_city'], [...LOW, 'order_date']],
  ['orders_post_code_idx', ['org_id', 'search_post_code'], [...LOW, 'order_date']],
  ['orders_email_idx', ['org_id', 'search_email'], []],
  ['orders_tel_idx', ['org_id', 'search_tel'], []],
  ['orders_pickup_idx', ['org_id', 'search_pickup_point'], []],
  ['orders_search_bol_idx', ['org_id', 'search_bol'], []],
];

/** The statements that create the search indexes on `engine` (the demo seed drops and rebuilds them too). */
export function orderSearchIndexes(engine: Engine): string[] {
  return INDEXES.map(([name, key, payload]) =>
    engine === 'postgres'
      ? `create index ${name} on orders (${key.join(', ')})${payload.length ? ` include (${payload.join(', ')})` : ''}`
      : `create index ${name} on orders (${[...key, ...payload].join(', ')})`,
  );
}

/**
 * Order search (goods-and-orders.md §3 Order search) and the list rows: normalised search keys,
 * the invoice state computed by the database, the lines' sum, count and codes kept on the order
 * (written with the lines), and the indexes of every filter. Existing orders get their keys and
 * summaries here.
 */
export const m0007OrdersSearch: Migration = {
  name: '0007_orders_search',
  async up(db: Kysely<unknown>, engine: Engine) {
    const pg = engine === 'postgres';
    // Byte order on PostgreSQL, as SQLite's BINARY: the prefix range (key >= t and key < t || U+FFFF)
    // must not depend on the database's locale.
    const text = (n: number) => (pg ? `varchar(${n}) collate "C" not null default ''` : `text not null default ''`);
    const columns = [
      `search_tel ${text(9)}`,
      `search_email ${text(200)}`,
      `search_city ${text(200)}`,
      `search_post_code ${text(200)}`,
      `search_pickup_point ${text(200)}`,
      `search_bol ${text(200)}`,
      `lines_sum ${pg ? 'bigint' : 'integer'} not null default 0`,
      `lines_count integer not null default 0`,
      `lines_codes text not null default '[]'`,
      // 0 none, 1 present without a number (not issued), 2 issued (contract INVOICE_STATE).
      `invoice_state ${pg ? 'smallint' : 'integer'} generated always as (case when has_invoice = 0 then 0
        when coalesce(invoice_number, '') = '' then 1 else 2 end) ${pg ? 'stored' : 'virtual'}`,
    ];
    for (const c of columns) await sql.raw(`alter table orders add column ${c}`).execute(db);

    await backfill(db);

    await sql`drop index orders_date_idx`.execute(db);
    for (const statement of orderSearchIndexes(engine)) await sql.raw(statement).execute(db);
    if (!pg) await sql`analyze orders`.execute(db);
  },
};

/** Keys and line summaries of the orders that exist already, a thousand at a time. */
async function backfill(db: Kysely<unknown>): Promise<void> {
  for (let after = 0; ;) {
    const orders = (
      await sql<Record<string, string | null> & { id: number }>`select id, client_tel, client_email, client_city,
        client_post_code, client_pickup_point, bill_of_lading from orders where id > ${after} order by id limit 1000`.execute(
        db,
      )
    ).rows;
    if (orders.length === 0) return;
    after = orders.at(-1)?.id ?? after;
    const lines = (
      await sql<{ order_id: number; code: string; quantity: number; price: number | string }>`select order_id, code,
        quantity, price from order_lines where order_id in (${sql.join(orders.map((o) => o.id))}) order by order_id, position`.execute(
        db,
      )
    ).rows;
    for (const o of orders) {
      const summary = linesSummary(lines.filter((l) => l.order_id === o.id));
      const keys = SEARCH_KEYS.map(([key, source, norm]) => sql`${sql.ref(key)} = ${norm(o[source] ?? '')}`);
      await sql`update orders set ${sql.join(keys)}, lines_sum = ${summary.lines_sum},
        lines_count = ${summary.lines_count}, lines_codes = ${summary.lines_codes} where id = ${o.id}`.execute(db);
    }
  }
}
