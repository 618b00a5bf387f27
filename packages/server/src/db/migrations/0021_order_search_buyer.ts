import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Engine } from '../database';
import type { Migration } from './helpers';
import { BUYER_SEARCH_KEYS, SEARCH_KEYS } from '../order-keys';
import { orderSearchIndexes } from './0007_orders_search';

/** The low-cardinality filters the covering indexes carry (as migration 0007's). */
const LOW = ['order_status_id', 'income_source_id', 'invoice_state'] as const;

/**
 * The indexes of the new filters, as migration 0007 writes its own: [name, table, key columns,
 * payload columns, partial-index condition]. The payload is INCLUDE on PostgreSQL (with the order
 * id) and trailing key columns on SQLite. docs/performance.md (Order search) explains the choice.
 */
const INDEXES: [string, string, string[], string[], string?][] = [
  // Buyer name or company: a prefix range on either key (an OR of two index ranges). A surname or a
  // common first name matches thousands, so both carry the low filters and the date, as the city's.
  ['orders_name_idx', 'orders', ['org_id', 'search_name'], [...LOW, 'order_date']],
  ['orders_company_idx', 'orders', ['org_id', 'search_company'], [...LOW, 'order_date']],
  // NIP: near-unique.
  ['orders_nip_idx', 'orders', ['org_id', 'search_nip'], []],
  // Orders with a problem: few, so a partial index holds just them (the count of "no problem" is
  // all minus these: orders.search countQuery). SQLite reads the table for the column of the
  // condition unless the index holds it (3.53), so there the problem text rides along too.
  ['orders_problem_idx', 'orders', ['org_id', 'id'], [...LOW, 'order_date'], 'problem is not null'],
  // Item code: the orders of the lines with that code.
  ['order_lines_code_idx', 'order_lines', ['org_id', 'code', 'order_id'], []],
];

/** The statements that create the indexes of the new filters on `engine`. */
export function buyerSearchIndexes(engine: Engine): string[] {
  return INDEXES.map(([name, table, key, payload, where]) => {
    const tail = where === undefined ? '' : ` where ${where}`;
    if (engine === 'sqlite') {
      const condition = where === undefined ? [] : ['problem'];
      return `create index ${name} on ${table} (${[...key, ...payload, ...condition].join(', ')})${tail}`;
    }
    if (payload.length === 0 && table !== 'orders') return `create index ${name} on ${table} (${key.join(', ')})`;
    const include = key.includes('id') ? payload : [...payload, 'id'];
    return `create index ${name} on ${table} (${key.join(', ')}) include (${include.join(', ')})${tail}`;
  });
}

/** Polish letters and their plain lower-case letter: the SQL part of contract orderSearchKey.plain. */
const POLISH = [...'ąćęłńóśźżĄĆĘŁŃÓŚŹŻ'].map((c) => [c, 'acelnoszzacelnoszz'['ąćęłńóśźżĄĆĘŁŃÓŚŹŻ'.indexOf(c)]!]);

/** orderSearchKey.plain in SQL for a text of Polish letters and printable ASCII (the rest: JS). */
function plainSql(column: string): RawBuilder<string> {
  let e: RawBuilder<unknown> = sql.ref(column);
  for (const [from, to] of POLISH) e = sql`replace(${e}, ${sql.lit(from)}, ${sql.lit(to)})`;
  return sql<string>`substr(lower(trim(${e})), 1, 200)`;
}

/** orderSearchKey.digits in SQL for the usual NIP spellings (the rest: JS). */
function digitsSql(column: string): RawBuilder<string> {
  let e: RawBuilder<unknown> = sql.ref(column);
  for (const c of [' ', '-', 'P', 'L', 'p', 'l', '.', '/']) e = sql`replace(${e}, ${sql.lit(c)}, '')`;
  return sql<string>`${e}`;
}

/** The keys the SQL above may have got wrong: anything but printable ASCII, two spaces, a non-digit in a NIP. */
function suspect(engine: Engine): RawBuilder<boolean> {
  const plain = ['search_city', 'search_name', 'search_company'].map((c) =>
    engine === 'postgres'
      ? sql`${sql.ref(c)} ~ '[^ -~]' or ${sql.ref(c)} like '%  %'`
      : sql`${sql.ref(c)} glob '*[^ -~]*' or ${sql.ref(c)} like '%  %'`,
  );
  const nip = engine === 'postgres' ? sql`search_nip ~ '[^0-9]'` : sql`search_nip glob '*[^0-9]*'`;
  return sql<boolean>`(${sql.join([...plain, nip], sql` or `)})`;
}

const BATCH = 50_000;

/**
 * Order search by buyer, NIP, item code and problem, and the city without accents (docs/decisions.md,
 * Order search: buyer, NIP, item code, problem, accents): the key columns `search_name`,
 * `search_company`, `search_nip`, the city key rewritten without diacritics, and the indexes of
 * every new filter. Existing orders get their keys by set-based updates of 50,000 orders at a time
 * (Polish letters replaced in SQL); the few whose texts hold other letters, tabs or double spaces
 * are then recomputed by the contract's own functions.
 */
export const m0021OrderSearchBuyer: Migration = {
  name: '0021_order_search_buyer',
  async up(db: Kysely<unknown>, engine: Engine) {
    const pg = engine === 'postgres';
    const text = pg ? `varchar(200) collate "C" not null default ''` : `text not null default ''`;
    for (const [key] of BUYER_SEARCH_KEYS) await sql.raw(`alter table orders add column ${key} ${text}`).execute(db);

    // The city key is carried by three indexes: rebuilt once after the update, not row by row.
    const carrying = ['orders_city_idx', 'orders_post_code_idx', 'orders_pickup_idx'];
    for (const name of carrying) await sql.raw(`drop index ${name}`).execute(db);

    const bounds = await sql<{ lo: number | null; hi: number | null }>`select min(id) as lo, max(id) as hi
      from orders`.execute(db);
    const lo = Number(bounds.rows[0]?.lo ?? 1);
    const hi = Number(bounds.rows[0]?.hi ?? 0);
    for (let from = lo; from <= hi; from += BATCH) {
      await sql`update orders set search_city = ${plainSql('client_city')},
        search_name = ${plainSql('client_name_surname')}, search_company = ${plainSql('client_company_name')},
        search_nip = ${digitsSql('invoice_company_tax_id')}
        where id >= ${from} and id < ${from + BATCH}`.execute(db);
    }
    await recomputeSuspects(db, engine);

    for (const statement of orderSearchIndexes(engine).filter((s) => carrying.some((n) => s.includes(` ${n} `))))
      await sql.raw(statement).execute(db);
    for (const statement of buyerSearchIndexes(engine)) await sql.raw(statement).execute(db);
    if (!pg) await sql`analyze orders`.execute(db);
    if (!pg) await sql`analyze order_lines`.execute(db);
  },
};

const KEYS = [SEARCH_KEYS.find(([key]) => key === 'search_city')!, ...BUYER_SEARCH_KEYS];

/** The keys of the orders the SQL could not normalise, by the contract's functions, a thousand at a time. */
async function recomputeSuspects(db: Kysely<unknown>, engine: Engine): Promise<void> {
  for (let after = 0; ;) {
    const rows = (
      await sql<Record<string, string> & { id: number }>`select id, client_city, client_name_surname,
        client_company_name, invoice_company_tax_id from orders where id > ${after} and ${suspect(engine)}
        order by id limit 1000`.execute(db)
    ).rows;
    if (rows.length === 0) return;
    after = rows.at(-1)?.id ?? after;
    for (const o of rows) {
      const keys = KEYS.map(([key, source, norm]) => sql`${sql.ref(key)} = ${norm(o[source] ?? '')}`);
      await sql`update orders set ${sql.join(keys)} where id = ${o.id}`.execute(db);
    }
  }
}
