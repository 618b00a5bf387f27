import { randomUUID } from 'node:crypto';
import { INVOICE_STATE, orderSearchKey } from '@zaplecze/contract';
import { localDay } from '../db/local-day';
import { invoiceState, linesSummary, searchKeyNorm } from '../db/order-keys';
import { lineGroupKey, RollupTotals, type RollupLine } from '../db/order-rollups';
import {
  ANNOTATIONS,
  CITIES,
  COMPANY_KINDS,
  COMPANY_WORDS,
  EXTRA_LINES,
  FIRST_NAMES_F,
  FIRST_NAMES_M,
  INCOME_SOURCES,
  MAIL_DOMAINS,
  MESSAGES,
  NOTES,
  ORDER_STATUSES,
  PROBLEMS,
  SHIPPED_STATUSES,
  STREETS,
  SURNAMES,
} from './demo-orders-data';
import { chunked, CHUNK_ROWS, type Random, type Row, type Value } from './demo-items';

/**
 * The demo orders (`demo:seed --orders N`, demo-seed.ts): three years of a Polish online shop's
 * orders, numbered in date order, with 1-5 lines each, most of them linked to the seeded items.
 * Plain code without database access: the generator worker runs it after the items, with a sample
 * of the items it made. The rows carry the columns the application writes on every save (search
 * keys, line summary: db/order-keys.ts), computed by the same functions.
 */

export const ORDER_COLUMNS = [
  ['id', 'int4'],
  ['org_id', 'int4'],
  ['uuid', 'text'],
  ['add_date', 'timestamptz'],
  ['last_mod_date', 'timestamptz'],
  ['order_date', 'timestamptz'],
  ['modified_by', 'text'],
  ['external_id', 'text'],
  ['stationary', 'int2'],
  ['order_status_id', 'int4'],
  ['income_source_id', 'int4'],
  ['currency', 'text'],
  ['message_to_seller', 'text'],
  ['comment', 'text'],
  ['invoice_annotations', 'text'],
  ['problem', 'text'],
  ['delivery_cost', 'int8'],
  ['delivery_vat', 'int4'],
  ['cash_on_delivery', 'int2'],
  ['shipping_method', 'text'],
  ['bill_of_lading', 'text'],
  ['size_a', 'int4'],
  ['size_b', 'int4'],
  ['size_c', 'int4'],
  ['weight_g', 'int4'],
  ['client_name_surname', 'text'],
  ['client_company_name', 'text'],
  ['client_street', 'text'],
  ['client_build_nr', 'text'],
  ['client_post_code', 'text'],
  ['client_city', 'text'],
  ['client_country_code', 'text'],
  ['client_pickup_point', 'text'],
  ['client_email', 'text'],
  ['client_tel', 'text'],
  ['has_invoice', 'int2'],
  ['invoice_is_company', 'int2'],
  ['invoice_number', 'text'],
  ['invoice_name_surname', 'text'],
  ['invoice_company_name', 'text'],
  ['invoice_company_tax_id', 'text'],
  ['invoice_address', 'text'],
  ['invoice_post_code', 'text'],
  ['invoice_city', 'text'],
  ['invoice_country_code', 'text'],
  ['invoice_mail_sent', 'int2'],
  ['invoice_state', 'int2'],
  ['search_tel', 'text'],
  ['search_email', 'text'],
  ['search_city', 'text'],
  ['search_post_code', 'text'],
  ['search_pickup_point', 'text'],
  ['search_bol', 'text'],
  ['search_name', 'text'],
  ['search_company', 'text'],
  ['search_nip', 'text'],
  ['lines_sum', 'int8'],
  ['lines_count', 'int4'],
  ['lines_codes', 'text'],
] as const;

export const LINE_COLUMNS = [
  ['org_id', 'int4'],
  ['order_id', 'int4'],
  ['position', 'int4'],
  ['item_id', 'int4'],
  ['code', 'text'],
  ['name', 'text'],
  ['quantity', 'int4'],
  ['price', 'int8'],
  ['vat', 'int4'],
  ['item_group_id', 'int4'],
] as const;

/** An item an order line may name: id, code, name, price (grosze), VAT (hundredths), group. */
export type PoolItem = [number, string, string, number, number, number | null];

/** Ids of the organisation's order statuses and income sources, in the order of demo-orders-data.ts. */
export interface OrderRefs {
  statuses: number[];
  sources: number[];
  /** The login that "last modified" the orders. */
  login: string;
}

export interface OrderBatch {
  orders: Value[][];
  lines: Value[][];
}

/** The columns of the roll-up tables (db/order-rollups.ts) in the order RollupTotals answers them. */
export const ROLLUP_DAY_COLUMNS = [
  ['org_id', 'int4'],
  ['day', 'int4'],
  ['order_status_id', 'int4'],
  ['income_source_id', 'int4'],
  ['orders_count', 'int4'],
  ['items_count', 'int8'],
  ['problem_count', 'int4'],
  ['unnumbered_count', 'int4'],
  ['delivery', 'int8'],
  ['goods', 'int8'],
] as const;
export const ROLLUP_GROUP_COLUMNS = [
  ['org_id', 'int4'],
  ['day', 'int4'],
  ['order_status_id', 'int4'],
  ['income_source_id', 'int4'],
  ['group_key', 'int4'],
  ['orders_count', 'int4'],
  ['items_count', 'int8'],
  ['delivery', 'int8'],
  ['goods', 'int8'],
] as const;

/** The daily roll-ups of every order made, as the writer binds them (chunks of flat rows). */
export interface RollupBatch {
  days: Value[][];
  groups: Value[][];
}

const cumulative = (weights: readonly number[]) => {
  let s = 0;
  return weights.map((w) => (s += w));
};

/** Position of each column in an order row. */
const COL = Object.fromEntries(ORDER_COLUMNS.map(([name], i) => [name, i])) as Record<
  (typeof ORDER_COLUMNS)[number][0],
  number
>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** `fn` with its answers kept per argument. */
function remembered(fn: (s: string) => string): (s: string) => string {
  const known = new Map<string, string>();
  return (s) => {
    let v = known.get(s);
    if (v === undefined) known.set(s, (v = fn(s)));
    return v;
  };
}

/**
 * Rows written into flat chunks of CHUNK_ROWS rows as they are made (what demo-items.ts chunked
 * makes of a finished list), so that each row's own array dies young.
 */
class FlatChunks {
  readonly chunks: Value[][] = [];
  private rows = CHUNK_ROWS;

  push(row: Row): void {
    if (this.rows === CHUNK_ROWS) {
      this.chunks.push([]);
      this.rows = 0;
    }
    const chunk = this.chunks[this.chunks.length - 1]!;
    for (const value of row) chunk.push(value);
    this.rows++;
  }
}
/** Three years of orders up to the seed's fixed "today", so the same seed gives the same data. */
const END = Date.parse('2026-11-20T20:00:00Z');
const START = END - 3 * 365 * DAY;
const LINES_CUM = cumulative([55, 25, 11, 6, 3]);
const QTY_CUM = cumulative([80, 12, 4, 2, 2]);

const ASCII: Record<string, string> = { ą: 'a', ć: 'c', ę: 'e', ł: 'l', ń: 'n', ó: 'o', ś: 's', ź: 'z', ż: 'z' };
const ascii = (s: string) => s.toLowerCase().replace(/[ąćęłńóśźż]/g, (c) => ASCII[c] ?? c);

/** Makes order rows and their line rows from the seeded random. */
export class OrderFactory {
  private readonly recentCum = cumulative(ORDER_STATUSES.map((s) => s.recent));
  private readonly oldCum = cumulative(ORDER_STATUSES.map((s) => s.old));
  private readonly sourceCum = cumulative(INCOME_SOURCES.map((s) => s.weight));
  private readonly cityCum = cumulative(CITIES.map((c) => c[3]));
  /** Invoice numbers per month ('MM/YYYY'): continuous, in date order like the real numbering. */
  private readonly invoiceSeq = new Map<string, number>();
  private readonly span: number;
  /** The daily roll-ups of the orders made so far (docs/decisions.md, Summaries). */
  private readonly totals = new RollupTotals();
  private dayHour = -1;
  private day = 0;
  /** The search keys of texts that repeat, each computed once (the contract's normalising is slow). */
  private readonly cityKey = remembered(searchKeyNorm('search_city'));
  private readonly companyKey = remembered(searchKeyNorm('search_company'));
  private readonly nameKey = searchKeyNorm('search_name');
  private readonly postCodeKey = remembered(orderSearchKey.compact);
  private readonly pickupKey = remembered(orderSearchKey.text);

  constructor(
    private readonly r: Random,
    private readonly orgId: number,
    private readonly refs: OrderRefs,
    private readonly pool: readonly PoolItem[],
    private readonly firstId: number,
    count: number,
  ) {
    this.span = (END - START) / Math.max(1, count);
  }

  batch(firstId: number, count: number): OrderBatch {
    const orders = new FlatChunks();
    const lines = new FlatChunks();
    for (let i = 0; i < count; i++) this.one(firstId + i, orders, lines);
    return { orders: orders.chunks, lines: lines.chunks };
  }

  /** The local day (db/local-day.ts) of an instant, computed once per hour of the three years. */
  private dayOf(t: number): number {
    const hour = Math.floor(t / HOUR);
    if (hour !== this.dayHour) {
      this.dayHour = hour;
      this.day = localDay(new Date(hour * HOUR));
    }
    return this.day;
  }

  /** The roll-up rows of every order made so far. */
  rollups(): RollupBatch {
    const withOrg = (rows: number[][]) => rows.map((row) => [this.orgId, ...row]);
    return { days: chunked(withOrg(this.totals.dayRows())), groups: chunked(withOrg(this.totals.groupRows())) };
  }

  private digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += Math.floor(this.r.next() * 10);
    return s;
  }

  private phone(): string {
    const n = `${this.r.pick(['5', '6', '7', '8'])}${this.digits(8)}`;
    switch (this.r.int(0, 3)) {
      case 0:
        return n;
      case 1:
        return `+48 ${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;
      case 2:
        return `${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6)}`;
      default:
        return `+48${n}`;
    }
  }

  private one(id: number, orders: FlatChunks, lines: FlatChunks): void {
    const { r, refs } = this;
    // Numbers follow dates; the shop grows a little over the years, so later days are busier.
    const t = START + (id - this.firstId) * this.span + Math.floor(r.next() * this.span);
    const orderDate = new Date(t).toISOString();
    const age = END - t;
    const statusIndex = r.weighted(age < 14 * DAY ? this.recentCum : this.oldCum);
    const status = ORDER_STATUSES[statusIndex] ?? ORDER_STATUSES[0];
    const sourceIndex = r.weighted(this.sourceCum);
    const source = INCOME_SOURCES[sourceIndex] ?? INCOME_SOURCES[0];
    const stationary = 'stationary' in source && source.stationary;

    const female = r.chance(0.52);
    const first = r.pick(female ? FIRST_NAMES_F : FIRST_NAMES_M);
    const surname = r.pick(SURNAMES)[female ? 1 : 0];
    const [city, cityCode, prefixes] = CITIES[r.weighted(this.cityCum)] ?? CITIES[0]!;
    const postCode = `${r.pick(prefixes)}-${this.digits(3)}`;
    const street = r.pick(STREETS);
    const buildNr = r.chance(0.4) ? `${r.int(1, 120)}/${r.int(1, 60)}` : String(r.int(1, 200));
    const company = r.chance(0.08) ? `${r.pick(COMPANY_WORDS)} ${surname} ${r.pick(COMPANY_KINDS)}`.trim() : '';
    const email =
      stationary && r.chance(0.7)
        ? ''
        : `${ascii(first)}.${ascii(surname)}${r.chance(0.5) ? r.int(1, 99) : ''}@${r.pick(MAIL_DOMAINS)}`;
    const tel = stationary && r.chance(0.6) ? '' : this.phone();

    const shipping = stationary
      ? 'PERSONAL_PICKUP'
      : r.chance(0.45)
        ? 'PICKUP_POINT'
        : r.chance(0.95)
          ? 'ADDRESS'
          : 'PERSONAL_PICKUP';
    const pickupPoint =
      shipping === 'PICKUP_POINT'
        ? `${cityCode}${String(r.int(1, 99)).padStart(2, '0')}${r.pick(['M', 'A', 'N', 'APP'])}`
        : '';
    const shipped = SHIPPED_STATUSES.has(status.name) && shipping !== 'PERSONAL_PICKUP';
    let bol: string | null = null;
    if (shipped && r.chance(0.97)) {
      bol =
        shipping === 'PICKUP_POINT'
          ? `6${this.digits(23)}`
          : r.chance(0.6)
            ? `0000${this.digits(10)}U`
            : `PX${this.digits(10)}`;
    }
    const deliveryCost =
      shipping === 'PERSONAL_PICKUP'
        ? 0
        : shipping === 'PICKUP_POINT'
          ? r.pick([1299, 1399, 1499, 1699])
          : r.pick([1499, 1699, 1999, 2499]);
    const weighed = shipped || r.chance(0.3);

    const invoice = r.chance(stationary ? 0.1 : 0.22);
    const invoiceCompany = invoice && (company !== '' || r.chance(0.6));
    let invoiceNumber: string | null = null;
    if (invoice && (age > 3 * DAY || r.chance(0.4)) && status.name !== 'Anulowane') {
      const month = `${orderDate.slice(5, 7)}/${orderDate.slice(0, 4)}`;
      const n = (this.invoiceSeq.get(month) ?? 0) + 1;
      this.invoiceSeq.set(month, n);
      invoiceNumber = `FV ${n}/${month}`;
    }

    const lineCount = r.weighted(LINES_CUM) + 1;
    const mine: { code: string; quantity: number; price: number }[] = [];
    const rolled: RollupLine[] = [];
    for (let position = 0; position < lineCount; position++) {
      const quantity = r.weighted(QTY_CUM) + 1;
      const pool = this.pool;
      if (pool.length > 0 && r.chance(0.93)) {
        // Popular goods sell more: the pool's first items come up most often.
        const item = pool[Math.floor(pool.length * r.next() ** 2.5)] ?? pool[0]!;
        const [itemId, code, name, price, vat, group] = item;
        lines.push([this.orgId, id, position, itemId, code, name, quantity, price, vat, group]);
        mine.push({ code, quantity, price });
        rolled.push({ groupKey: lineGroupKey(itemId, false, group), quantity, price });
      } else {
        const [code, name, price] = r.pick(EXTRA_LINES);
        lines.push([this.orgId, id, position, null, code, name, quantity, price, 2300, null]);
        mine.push({ code, quantity, price });
        rolled.push({ groupKey: lineGroupKey(null, false, null), quantity, price });
      }
    }
    const summary = linesSummary(mine);
    const modified = new Date(t + Math.floor(r.next() * 5 * DAY)).toISOString();
    const clientName = company !== '' && r.chance(0.3) ? '' : `${first} ${surname}`;

    const row: Row = [
      id,
      this.orgId,
      // Unique across organisations (the buyer page finds an order by it alone), so not from the seed.
      randomUUID(),
      orderDate,
      modified < orderDate ? orderDate : modified,
      orderDate,
      refs.login,
      source.name === 'Allegro' ? this.digits(11) : source.name === 'Sklep internetowy' ? `ZS-${id}` : null,
      stationary ? 1 : 0,
      refs.statuses[statusIndex] ?? null,
      refs.sources[sourceIndex] ?? null,
      'PLN',
      r.chance(0.15) ? r.pick(MESSAGES) : '',
      r.chance(0.08) ? r.pick(NOTES) : '',
      invoice && r.chance(0.1) ? r.pick(ANNOTATIONS) : '',
      r.chance(0.02) ? r.pick(PROBLEMS) : null,
      deliveryCost,
      2300,
      shipping === 'ADDRESS' && r.chance(0.12) ? 1 : 0,
      shipping,
      bol,
      weighed ? r.int(10, 60) * 10 : 0,
      weighed ? r.int(10, 40) * 10 : 0,
      weighed ? r.int(2, 30) * 10 : 0,
      weighed ? r.int(1, 300) * 100 : 0,
      clientName,
      company,
      shipping === 'ADDRESS' ? street : '',
      shipping === 'ADDRESS' ? buildNr : '',
      postCode,
      city,
      'PL',
      pickupPoint,
      email,
      tel,
      invoice ? 1 : 0,
      invoiceCompany ? 1 : 0,
      invoiceNumber,
      invoice && !invoiceCompany ? `${first} ${surname}` : '',
      invoiceCompany ? company || `${r.pick(COMPANY_WORDS)} ${surname}` : '',
      invoiceCompany ? this.digits(10) : '',
      invoice ? `${street} ${buildNr}` : '',
      invoice ? postCode : '',
      invoice ? city : '',
      invoice ? 'PL' : '',
      invoiceNumber !== null && r.chance(0.6) ? 1 : 0,
      invoiceState(invoice ? 1 : 0, invoiceNumber),
      orderSearchKey.tel(tel),
      orderSearchKey.text(email),
      this.cityKey(city),
      this.postCodeKey(postCode),
      this.pickupKey(pickupPoint),
      orderSearchKey.compact(bol ?? ''),
      this.nameKey(clientName),
      this.companyKey(company),
      '', // search_nip, below (the NIP is drawn in its place above)
      summary.lines_sum,
      summary.lines_count,
      summary.lines_codes,
    ];
    row[COL.search_nip] = orderSearchKey.digits(row[COL.invoice_company_tax_id] as string);
    orders.push(row);
    this.totals.add({
      day: this.dayOf(t),
      statusId: row[COL.order_status_id] as number,
      sourceId: row[COL.income_source_id] as number,
      problem: row[COL.problem] !== null,
      unnumberedInvoice: row[COL.invoice_state] === INVOICE_STATE.notIssued,
      delivery: deliveryCost,
      lines: rolled,
    });
  }
}
