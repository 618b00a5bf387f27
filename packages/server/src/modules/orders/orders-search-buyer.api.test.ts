import {
  orderSchema,
  ordersAnswerSchema,
  orderSearchSchema,
  orderToUpdate,
  type Order,
  type OrdersAnswer,
} from '@zaplecze/contract';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TenantDb } from '../../db/tenant';
import { startTestServer, testEngine, type TestServer } from '../../../test/harness';
import { countQuery, pageIdsQuery } from './orders.search';
import { createOrg, type TestOrg } from '../../../test/factories';
import { createOrderRefs, line, orderBody } from '../../../test/orders';

/**
 * GET /orders filters of issue 17 through HTTP: buyer name or company, NIP, item code, the problem
 * flag, cities and names without Polish letters ('krakow' finds 'Kraków'), every sort in both
 * directions paged without gaps or repeats, another organisation's orders never found, and the
 * indexes of migration 0021 serving the new filters (docs/decisions.md, Order search: buyer, NIP,
 * item code, problem, accents).
 */

let server: TestServer;
let org: TestOrg;
let other: TestOrg;
const o: Record<'a' | 'b' | 'c' | 'd', Order> = {} as never;

beforeAll(async () => {
  server = await startTestServer();
  org = await createOrg(server);
  other = await createOrg(server);
  await createOrderRefs(org.admin);
  await createOrderRefs(other.admin);
  o.a = await create(org, {
    orderDate: '2026-03-05T10:00:00+01:00',
    hasProblem: true,
    problem: '',
    clientData: { nameSurname: 'Łukasz Żółć', city: 'Kraków' },
    items: [line(null, 1, { code: 'KUB-1' })],
  });
  o.b = await create(org, {
    orderDate: '2026-03-01T10:00:00+01:00',
    clientData: { nameSurname: 'Anna Nowak', companyName: 'Kowalski Sp. z o.o.', city: 'KRAKÓW' },
    items: [line(null, 1, { code: 'abc-1' }), line(null, 2, { code: 'abc-1' })],
  });
  o.c = await create(org, {
    orderDate: '2026-03-05T10:00:00+01:00',
    clientData: { nameSurname: 'Jan Kowalski', city: 'Łódź' },
    invoice: { isCompany: true, companyName: 'Kowalski i syn', companyTaxId: 'PL 777-000-11-11' },
  });
  o.d = await create(org, {
    orderDate: '2026-02-20T10:00:00+01:00',
    hasProblem: true,
    problem: 'Brak towaru',
    clientData: { nameSurname: 'Ola', city: 'Krakow' },
    invoice: { isCompany: true, companyName: 'Żuraw', companyTaxId: '9510002221' },
    items: [line(null, 1, { code: 'ABC-1' })],
  });
  // Another organisation's order that every new filter below would find.
  await create(other, {
    hasProblem: true,
    problem: 'x',
    clientData: { nameSurname: 'Łukasz Kowalski', companyName: 'Kowalski', city: 'Kraków' },
    invoice: { isCompany: true, companyName: 'Kowalski', companyTaxId: '7770001111' },
    items: [line(null, 1, { code: 'KUB-1' }), line(null, 1, { code: 'ABC-1' })],
  });
});
afterAll(() => server.close());

async function create(owner: TestOrg, body: Record<string, unknown>): Promise<Order> {
  const res = await owner.admin.post<Order>('/api/orders', orderBody(body));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return orderSchema.parse(res.body);
}

async function search(query: Record<string, string | number>): Promise<OrdersAnswer> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await org.admin.get<OrdersAnswer>(`/api/orders?${params}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ordersAnswerSchema.parse(res.body);
}

/** The fixture's orders found, by name, in the answer's order; the count agrees with the rows. */
async function found(query: Record<string, string | number>): Promise<string[]> {
  const answer = await search({ perPage: 10000, ...query });
  expect(answer.count, JSON.stringify(query)).toBe(answer.orders.length);
  const names = new Map(Object.entries(o).map(([name, order]) => [order.id, name]));
  return answer.orders.map((r) => names.get(r.id) ?? `#${r.id}`);
}

describe('GET /orders: the filters of issue 17', () => {
  it('city: without Polish letters, any case, finds them written with them (and the other way)', async () => {
    for (const city of ['krakow', 'KRAKÓW', 'Kraków', 'krak', ' KrAkO '])
      expect(await found({ city })).toEqual(['d', 'b', 'a']);
    for (const city of ['lodz', 'Łódź', 'ŁÓDŹ', 'łó']) expect(await found({ city })).toEqual(['c']);
    expect(await found({ city: 'rakow' })).toEqual([]);
  });

  it('buyer: the beginning of the name and surname or of the company, without Polish letters', async () => {
    expect(await found({ buyer: 'kowal' })).toEqual(['b']);
    expect(await found({ buyer: 'jan kow' })).toEqual(['c']);
    expect(await found({ buyer: 'lukasz zolc' })).toEqual(['a']);
    expect(await found({ buyer: 'ŁUKASZ' })).toEqual(['a']);
    expect(await found({ buyer: 'anna' })).toEqual(['b']);
    expect(await found({ buyer: 'nowak' })).toEqual([]);
    expect(await found({ buyer: ' ' })).toEqual(['d', 'c', 'b', 'a']);
  });

  it("NIP: digits only, whole or its beginning, with or without dashes and PL; the invoice's company", async () => {
    expect(await found({ nip: '7770001111' })).toEqual(['c']);
    expect(await found({ nip: 'PL 777-000' })).toEqual(['c']);
    expect(await found({ nip: '951-000-22-21' })).toEqual(['d']);
    expect(await found({ nip: '7771' })).toEqual([]);
    expect(await found({ nip: 'brak' })).toEqual([]);
  });

  it('item code: a line with exactly that code, as typed or upper-cased; an order once however many lines', async () => {
    expect(await found({ itemCode: 'KUB-1' })).toEqual(['a']);
    expect(await found({ itemCode: 'kub-1' })).toEqual(['a']);
    expect(await found({ itemCode: 'abc-1' })).toEqual(['d', 'b']);
    expect(await found({ itemCode: 'ABC-1' })).toEqual(['d']);
    expect(await found({ itemCode: 'KUB' })).toEqual([]);
  });

  it('problem: with one marked (an empty text too), without one; the count of either is exact', async () => {
    expect(await found({ hasProblem: 'YES' })).toEqual(['d', 'a']);
    expect(await found({ hasProblem: 'NO' })).toEqual(['c', 'b']);
    expect(await found({ hasProblem: 'NO', city: 'krakow' })).toEqual(['b']);
    expect(await found({ hasProblem: 'YES', city: 'lodz' })).toEqual([]);
    expect(await found({ hasProblem: 'NO', number: o.a.id })).toEqual([]);
    expect(await found({ hasProblem: '' })).toEqual(['d', 'c', 'b', 'a']);
  });

  it('the new filters combine with each other and the old ones (AND)', async () => {
    expect(await found({ city: 'krakow', itemCode: 'abc-1', hasProblem: 'YES' })).toEqual(['d']);
    expect(await found({ buyer: 'kowal', city: 'krak', dateTo: '2026-03-02' })).toEqual(['b']);
    expect(await found({ nip: '9', buyer: 'ola', hasProblem: 'YES', itemCode: 'ABC-1' })).toEqual(['d']);
    expect(await found({ nip: '7', buyer: 'ola' })).toEqual([]);
  });

  it("another organisation's orders are never found by the new filters, and it finds its own", async () => {
    // found() names every row: another organisation's would show above as '#id'. Here the other side.
    const theirs = async (q: string) =>
      ordersAnswerSchema.parse((await other.admin.get<OrdersAnswer>(`/api/orders?${q}`)).body).count;
    for (const q of ['buyer=kowal', 'nip=777', 'itemCode=KUB-1', 'hasProblem=YES', 'city=krakow', 'hasProblem=NO'])
      expect(await theirs(q), q).toBe(q === 'hasProblem=NO' ? 0 : 1);
  });

  it('an edit moves the order to its new keys: name, company, NIP, city, lines and problem', async () => {
    const made = await create(org, {
      clientData: { nameSurname: 'Zenon Źdźbło', city: 'Żary' },
      items: [line(null, 1, { code: 'STARY-1' })],
    });
    expect(await found({ buyer: 'zenon zdz', city: 'zary', itemCode: 'STARY-1', hasProblem: 'NO' })).toEqual([
      `#${made.id}`,
    ]);
    const res = await org.admin.put<Order>('/api/orders', {
      ...orderToUpdate(made, true),
      hasProblem: true,
      problem: 'Zwrot',
      clientData: { ...made.clientData, nameSurname: 'Ewa Nowa', companyName: 'Świt', city: 'Śrem' },
      invoice: { isCompany: true, companyName: 'Świt', companyTaxId: '951-000-22-21' },
      items: [line(null, 1, { code: 'NOWY-1' })],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const now = { city: 'srem', itemCode: 'NOWY-1', hasProblem: 'YES', nip: '9510002221' };
    expect(await found({ ...now, buyer: 'ewa nowa' })).toEqual([`#${made.id}`]);
    expect(await found({ ...now, buyer: 'swit' })).toEqual([`#${made.id}`]);
    for (const old of [{ buyer: 'zenon' }, { city: 'zary' }, { itemCode: 'STARY-1' }] as Record<string, string>[])
      expect(await found({ ...old, number: made.id }), JSON.stringify(old)).toEqual([]);
    expect((await org.admin.delete(`/api/orders?id=${made.id}`)).status).toBe(204);
  });

  it('answers 400 for a problem flag or a sort it does not know', async () => {
    for (const q of ['hasProblem=TAK', 'sort=NUMBER_D', `buyer=${'x'.repeat(201)}`]) {
      const res = await org.admin.get<{ field?: string }>(`/api/orders?${q}`);
      expect(res.status, q).toBe(400);
    }
  });
});

describe('GET /orders: every sort both ways, paged', () => {
  /** Every page of 25 in turn: their rows one after another, with the count of each. */
  async function pages(query: Record<string, string | number>): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const answer = await search({ ...query, perPage: 25, page });
      if (answer.orders.length === 0) return ids;
      ids.push(...answer.orders.map((r) => r.id));
      expect(ids.length).toBeLessThanOrEqual(answer.count);
    }
  }

  it('NUMBER / NUMBER_A and DATE / DATE_A (ties by number the same way), pages without gaps or repeats', async () => {
    // 60 orders over 12 days, 5 a day at one instant: a date sort has to break ties by the number.
    const made: Order[] = [];
    for (let i = 0; i < 60; i++) {
      const day = String(1 + ((i * 7) % 12)).padStart(2, '0');
      made.push(await create(org, { orderDate: `2025-06-${day}T12:00:00+02:00`, clientData: { city: 'Sortowo' } }));
    }
    const byDate = (dir: 1 | -1) => (x: Order, y: Order) =>
      dir * (x.orderDate === y.orderDate ? x.id - y.id : x.orderDate < y.orderDate ? -1 : 1);
    const expected = {
      NUMBER: made.map((m) => m.id).sort((x, y) => y - x),
      NUMBER_A: made.map((m) => m.id).sort((x, y) => x - y),
      DATE: [...made].sort(byDate(-1)).map((m) => m.id),
      DATE_A: [...made].sort(byDate(1)).map((m) => m.id),
    };
    for (const [sort, ids] of Object.entries(expected)) {
      expect(await pages({ city: 'sortowo', sort }), sort).toEqual(ids);
      // The same with a filter on a new key and without any (the whole list, other orders too).
      expect(await pages({ city: 'sortowo', sort, hasProblem: 'NO' }), sort).toEqual(ids);
      const all = await pages({ sort });
      expect(new Set(all).size, sort).toBe(all.length);
      expect(
        all.filter((id) => ids.includes(id)),
        sort,
      ).toEqual(ids);
    }
    expect((await search({ city: 'sortowo', perPage: 25, page: 3 })).count).toBe(60);
  });
});

describe('the search inside: plans and indexes', () => {
  const tenant = async (prefix = org.prefix) => {
    const row = await server.deps.db
      .selectFrom('organizations')
      .select('id')
      .where('prefix', '=', prefix)
      .executeTakeFirstOrThrow();
    return new TenantDb(server.deps.db, row.id);
  };

  it('walking the sort index (SQLite) or fencing the matches (PostgreSQL) finds the same page, both ways', async () => {
    const tdb = await tenant();
    const style = testEngine() === 'sqlite' ? { walk: true } : { walk: false, fence: true };
    for (const sort of ['NUMBER', 'NUMBER_A', 'DATE', 'DATE_A'])
      for (const q of [{ buyer: 'kowal' }, { itemCode: 'abc-1' }, { hasProblem: 'NO', city: 'krak' }, { nip: '7' }]) {
        const s = orderSearchSchema.parse({ ...q, sort });
        const plain = await pageIdsQuery(tdb, s, { walk: false }).execute();
        const other = await pageIdsQuery(tdb, s, style).execute();
        expect(
          other.map((r) => r.id),
          JSON.stringify(s),
        ).toEqual(plain.map((r) => r.id));
      }
  });

  /** The plan of a statement as text (SQLite: explain query plan; PostgreSQL: explain, scans by index preferred). */
  async function planOf(compiled: CompiledQuery): Promise<string> {
    return server.deps.db.transaction().execute(async (trx) => {
      if (testEngine() === 'postgres') {
        // A handful of rows: PostgreSQL would read the table whatever the indexes. Asked to avoid
        // that, it shows which index it can use.
        await trx.executeQuery(CompiledQuery.raw('analyze orders, order_lines'));
        await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
        const r = await trx.executeQuery(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
        return (r.rows as Record<string, string>[]).map((row) => row['QUERY PLAN']).join('\n');
      }
      const r = await trx.executeQuery(
        CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
      );
      return (r.rows as { detail: string }[]).map((row) => row.detail).join('\n');
    });
  }

  it('each new filter is served by its index of migration 0021 on both engines (EXPLAIN)', async () => {
    const tdb = await tenant();
    const cases: [Record<string, string>, RegExp][] = [
      [{ buyer: 'kowal' }, /orders_name_idx[\s\S]*orders_company_idx|orders_company_idx[\s\S]*orders_name_idx/],
      [{ nip: '777' }, /orders_nip_idx/],
      [{ itemCode: 'KUB-1' }, /order_lines_code_idx/],
      [{ hasProblem: 'YES' }, /orders_problem_idx/],
      [{ hasProblem: 'NO', statusId: '1' }, /orders_problem_idx/],
      [{ city: 'krakow' }, /orders_city_idx/],
    ];
    for (const [q, index] of cases) {
      const s = orderSearchSchema.parse(q);
      const count = await planOf(countQuery(tdb, s).compile());
      expect(count, `count ${JSON.stringify(q)}`).toMatch(index);
      expect(count, `count ${JSON.stringify(q)}`).not.toMatch(/SCAN orders\b(?! USING)|Seq Scan on orders/);
      // Without a problem is most orders: its page checks the flag on the way (only its count uses the index).
      if (q.hasProblem === 'NO') continue;
      const page = await planOf(pageIdsQuery(tdb, s).compile());
      expect(page, `page ${JSON.stringify(q)}`).toMatch(index);
    }
  });
});
