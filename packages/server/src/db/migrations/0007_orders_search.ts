import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import type { Migration } from './helpers';
import { linesSummary, SEARCH_KEYS } from '../order-keys';

/** The low-cardinality filters every covering index carries, so a count never reads the table. */
const LOW = ['order_status_id', 'income_source_id', 'invoice_state'] as const;

/**
 * Indexes of the order search: [name, key columns, payload columns]. The payload is INCLUDE on
 * PostgreSQL (with the id) and trailing key columns on SQLite (where the rowid, the order id, ends
 * every index).
 * docs/performance.md (Order search) explains the choice.
 */
const INDEXES: [string, string[], string[]][] = [
  // Sort by number; the count of any mix of status, income source and invoice state. The date
  // rides along so that a page walking this index checks a date range without reading the table.
  ['orders_number_idx', ['org_id', 'id'], [...LOW, 'order_date']],
  // Sort by date and the date range, replacing 0006's (org_id, order_date, id).
  ['orders_date_idx', ['org_id', 'order_date', 'id'], [...LOW]],
  // One equality filter first, each with the date range after it; the others ride along.
  ['orders_status_cov_idx', ['org_id', 'order_status_id', 'income_source_id', 'invoice_state', 'order_date'], []],
  ['orders_source_cov_idx', ['org_id', 'income_source_id', 'invoice_state', 'order_date'], ['order_status_id']],
  ['orders_invoice_cov_idx', ['org_id', 'invoice_state', 'order_status_id', 'order_date'], ['income_source_id']],
  // Text filters: a prefix range on the key. City, post code and pickup point match thousands of
  // orders (a big city, a region's first digits, a city's lockers), so they carry the other filters
  // and each other's keys; phone, e-mail and waybill are near-unique.
  ['orders_city_idx', ['org_id', 'search_city'], [...LOW, 'order_date', 'search_post_code', 'search_pickup_point']],
  [
    'orders_post_code_idx',
    ['org_id', 'search_post_code'],
    [...LOW, 'order_date', 'search_city', 'search_pickup_point'],
  ],
  ['orders_pickup_idx', ['org_id', 'search_pickup_point'], [...LOW, 'order_date', 'search_city', 'search_post_code']],
  ['orders_email_idx', ['org_id', 'search_email'], []],
  ['orders_tel_idx', ['org_id', 'search_tel'], []],
  ['orders_search_bol_idx', ['org_id', 'search_bol'], []],
];

/** The statements that create the search indexes on `engine` (the demo seed drops and rebuilds them too). */
export function orderSearchIndexes(engine: Engine): string[] {
  return INDEXES.map(([name, key, payload]) => {
    if (engine === 'sqlite') return `create index ${name} on orders (${[...key, ...payload].join(', ')})`;
    // PostgreSQL's index entries point at the row, not at its id: the id rides along, so a page
    // that collects its matches from a filter index (orders.search, FilterStyle fence) reads no row.
    const include = key.includes('id') ? payload : [...payload, 'id'];
    return `create index ${name} on orders (${key.join(', ')}) include (${include.join(', ')})`;
  });
}

/**
 * The counter of each organisation's orders (the count of the unfiltered list), kept by triggers
 * on `orders`. PostgreSQL: a deferred constraint trigger, so the counter row is locked at commit,
 * after every other lock the transaction takes (items' stock, the order row): two transactions
 * can then never hold one and wait for the other. SQLite runs one writer at a time. The demo seed
 * turns them off around its bulk insert and sets the counter itself (orderCountTriggers).
 */
export function orderCountTriggers(engine: Engine): { create: string[]; drop: string[] } {
  if (engine === 'postgres')
    return {
      create: [
        `create or replace function order_counts_keep() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            insert into order_counts (org_id, orders) values (new.org_id, 1)
              on conflict (org_id) do update set orders = order_counts.orders + 1;
          else
            update order_counts set orders = orders - 1 where org_id = old.org_id;
          end if;
          return null;
        end $$`,
        `create constraint trigger orders_count_keep after insert or delete on orders
          deferrable initially deferred for each row execute function order_counts_keep()`,
      ],
      drop: ['drop trigger orders_count_keep on orders'],
    };
  return {
    create: [
      `create trigger orders_count_insert after insert on orders begin
        insert into order_counts (org_id, orders) values (new.org_id, 1)
          on conflict (org_id) do update set orders = orders + 1;
      end`,
      `create trigger orders_count_delete after delete on orders begin
        update order_counts set orders = orders - 1 where org_id = old.org_id;
      end`,
    ],
    drop: ['drop trigger orders_count_insert', 'drop trigger orders_count_delete'],
  };
}

/**
 * Order search (docs/rules/catalogue-and-orders-rules.md §3 Order search) and the list rows: normalised search keys,
 * the invoice state, the organisation's order counter, the lines' sum, count and codes kept on the order
 * (written with the lines), and the indexes of every filter. Existing orders get their keys, state
 * and summaries here.
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
      // 0 none, 1 present without a number (not issued), 2 issued (contract INVOICE_STATE),
      // written by the orders repository with the invoice. Not a generated column: SQLite can add
      // only virtual ones to a table, and reads them from the table even when an index holds them,
      // so no count filtered by the invoice would be index-only.
      `invoice_state smallint not null default 0`,
    ];
    for (const c of columns) await sql.raw(`alter table orders add column ${c}`).execute(db);
    await sql`update orders set invoice_state = case when has_invoice = 0 then 0
      when coalesce(invoice_number, '') = '' then 1 else 2 end`.execute(db);

    await backfill(db);

    await db.schema
      .createTable('order_counts')
      .addColumn('org_id', 'integer', (col) => col.primaryKey().references('organizations.id').onDelete('cascade'))
      .addColumn('orders', 'integer', (col) => col.notNull())
      .execute();
    await sql`insert into order_counts (org_id, orders) select org_id, count(*) from orders group by org_id`.execute(
      db,
    );
    for (const statement of orderCountTriggers(engine).create) await sql.raw(statement).execute(db);

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
