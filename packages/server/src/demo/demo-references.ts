import { TREE_NAME_SEPARATOR, TREE_NUMBER_SEPARATOR } from '@zaplecze/contract';
import type { TenantDb } from '../db/tenant';
import { optionsRepository } from '../modules/options';
import {
  ADDITIONAL_DESCS,
  CATEGORIES,
  COLOURS,
  DELIVERY_PRICE_LISTS,
  DELIVERY_TIMES,
  GROUPS,
  STATUSES,
} from './demo-data';
import type { Refs } from './demo-items';
import { INCOME_SOURCES, ORDER_STATUSES } from './demo-orders-data';
import type { OrderRefs } from './demo-orders';

/**
 * Rows of a status or income-source list by name: the organisation's starter rows of the same
 * name (modules/registration/starter-data.ts) are reused, the others inserted, so the demo has
 * no duplicates.
 */
async function ensureNamed(
  tdb: TenantDb,
  table: 'item_statuses' | 'order_statuses' | 'income_sources',
  rows: readonly { name: string; color?: string }[],
): Promise<{ id: number; name: string }[]> {
  const existing = await tdb.selectFrom(table).select(['id', 'name']).execute();
  const known = new Set(existing.map((r) => r.name));
  const missing = rows.filter((r) => !known.has(r.name));
  const inserted = missing.length === 0 ? [] : await tdb.insertInto(table, missing).returning(['id', 'name']).execute();
  return [...existing, ...inserted];
}

/** The demo's reference data: statuses, lists, trees, parameters, order statuses and sources. */
async function insertNamed(
  tdb: TenantDb,
  table: 'item_groups' | 'delivery_price_lists' | 'delivery_times',
  names: readonly string[],
): Promise<number[]> {
  const rows = await tdb
    .insertInto(
      table,
      names.map((name) => ({ name })),
    )
    .returning(['id', 'name'])
    .execute();
  const byName = new Map(rows.map((row) => [row.name, row.id]));
  return names.map((n) => byName.get(n) ?? 0);
}

interface TreeNode {
  parent: string | null;
  number: string;
  name: string;
}

/** Inserts a tree level by level; answers id by full number. */
async function insertTree(
  tdb: TenantDb,
  table: 'categories' | 'places',
  levels: TreeNode[][],
): Promise<Map<string, { id: number; fullName: string }>> {
  const done = new Map<string, { id: number; fullName: string }>();
  for (const level of levels) {
    const values = level.map((n) => {
      const parent = n.parent === null ? undefined : done.get(n.parent);
      return {
        parent_id: parent?.id ?? null,
        number: n.number,
        name: n.name,
        full_number: n.parent === null ? n.number : n.parent + TREE_NUMBER_SEPARATOR + n.number,
        full_name: parent ? parent.fullName + TREE_NAME_SEPARATOR + n.name : n.name,
      };
    });
    for (let i = 0; i < values.length; i += 500) {
      const rows = await tdb
        .insertInto(table, values.slice(i, i + 500))
        .returning(['id', 'full_number', 'full_name'])
        .execute();
      for (const row of rows) done.set(row.full_number, { id: row.id, fullName: row.full_name });
    }
  }
  return done;
}

export async function seedReferences(tdb: TenantDb): Promise<Refs> {
  const statusRows = await ensureNamed(
    tdb,
    'item_statuses',
    STATUSES.map((s) => ({ name: s.name, color: s.color })),
  );
  const statusIds = new Map(statusRows.map((s) => [s.name, s.id]));
  const descRows = await tdb
    .insertInto(
      'additional_descs',
      ADDITIONAL_DESCS.map(([name, description]) => ({ name, description })),
    )
    .returning('id')
    .execute();

  // Categories: numbers 1, 1-2, 1-2-3 under the Polish names.
  const catLevels: TreeNode[][] = [[], [], []];
  const catKeys: { path: string; fullNumber: string; leaves: string[] }[] = [];
  Object.entries(CATEGORIES).forEach(([top, subs], a) => {
    const n1 = String(a + 1);
    catLevels[0]?.push({ parent: null, number: n1, name: top });
    Object.entries(subs).forEach(([sub, leaves], b) => {
      const n2 = `${n1}${TREE_NUMBER_SEPARATOR}${b + 1}`;
      catLevels[1]?.push({ parent: n1, number: String(b + 1), name: sub });
      catKeys.push({ path: `${top}/${sub}`, fullNumber: n2, leaves: [] });
      leaves.forEach((leaf, c) => {
        catLevels[2]?.push({ parent: n2, number: String(c + 1), name: leaf });
        catKeys.at(-1)?.leaves.push(`${n2}${TREE_NUMBER_SEPARATOR}${c + 1}`);
      });
    });
  });
  const cats = await insertTree(tdb, 'categories', catLevels);

  // Places: two halls, 40 racks each, 24 shelves a rack: A, A-1, A-1-2 (2 + 80 + 1,920 nodes).
  const placeLevels: TreeNode[][] = [[], [], []];
  for (const hall of ['A', 'B']) {
    placeLevels[0]?.push({ parent: null, number: hall, name: `Hala ${hall}` });
    for (let rack = 1; rack <= 40; rack++) {
      placeLevels[1]?.push({ parent: hall, number: String(rack), name: `Regał ${rack}` });
      for (let shelf = 1; shelf <= 24; shelf++) {
        placeLevels[2]?.push({ parent: `${hall}-${rack}`, number: String(shelf), name: `Półka ${shelf}` });
      }
    }
  }
  const places = await insertTree(tdb, 'places', placeLevels);

  const idOf = (fullNumber: string) => cats.get(fullNumber)?.id ?? 0;
  const params = await tdb
    .insertInto('parameters', [
      { name: 'Kolor', category_id: null, type: 'DICT', is_multi: 0, dictionary: JSON.stringify(COLOURS) },
      {
        name: 'Materiał',
        category_id: null,
        type: 'DICT',
        is_multi: 1,
        dictionary: JSON.stringify(['bawełna', 'poliester', 'ceramika', 'stal', 'drewno', 'szkło', 'silikon']),
      },
      { name: 'Waga [kg]', category_id: null, type: 'NUMBER_REAL', is_multi: 0, dictionary: '[]' },
      { name: 'Producent', category_id: null, type: 'STRING', is_multi: 0, dictionary: '[]' },
      {
        name: 'Złącze',
        category_id: idOf('1'),
        type: 'DICT',
        is_multi: 1,
        dictionary: JSON.stringify(['USB-A', 'USB-C', 'Lightning', 'micro USB', 'HDMI', 'jack 3,5 mm']),
      },
      { name: 'Moc [W]', category_id: idOf('1'), type: 'NUMBER_INT', is_multi: 0, dictionary: '[]' },
      {
        name: 'Rozmiar',
        category_id: idOf('5'),
        type: 'DICT',
        is_multi: 0,
        dictionary: JSON.stringify(['XS', 'S', 'M', 'L', 'XL', 'XXL']),
      },
      { name: 'Pojemność [ml]', category_id: idOf('2'), type: 'NUMBER_INT', is_multi: 0, dictionary: '[]' },
    ])
    .returning(['id', 'name'])
    .execute();

  return {
    statuses: STATUSES.map((s) => statusIds.get(s.name) ?? 0),
    groups: await insertNamed(tdb, 'item_groups', GROUPS),
    priceLists: await insertNamed(tdb, 'delivery_price_lists', DELIVERY_PRICE_LISTS),
    times: await insertNamed(tdb, 'delivery_times', DELIVERY_TIMES),
    descs: descRows.map((d) => d.id),
    categories: new Map(catKeys.map((k) => [k.path, { id: idOf(k.fullNumber), leaves: k.leaves.map(idOf) }] as const)),
    shelves: placeLevels[2]?.map((n) => places.get(`${n.parent}-${n.number}`)?.id ?? 0) ?? [],
    colourParam: params.find((p) => p.name === 'Kolor')?.id ?? 0,
  };
}

/**
 * The order statuses and income sources of demo-orders-data.ts (the starter rows of the same
 * name reused), and the new-order defaults (options) pointing at 'Nowe' / 'Sklep internetowy',
 * stationary: 'Zrealizowane' / 'Sprzedaż stacjonarna'.
 */
export async function seedOrderReferences(tdb: TenantDb, login: string): Promise<OrderRefs> {
  const statuses = await ensureNamed(
    tdb,
    'order_statuses',
    ORDER_STATUSES.map((st) => ({ name: st.name, color: st.color })),
  );
  const sources = await ensureNamed(
    tdb,
    'income_sources',
    INCOME_SOURCES.map((src) => ({ name: src.name })),
  );
  const statusId = (name: string) => statuses.find((st) => st.name === name)?.id ?? 0;
  const sourceId = (name: string) => sources.find((src) => src.name === name)?.id ?? 0;
  await optionsRepository.write(tdb, 'DEFAULT_ORDER_STATUS_ID', String(statusId('Nowe')));
  await optionsRepository.write(tdb, 'DEFAULT_ORDER_STATUS_ID_STATIONARY', String(statusId('Zrealizowane')));
  await optionsRepository.write(tdb, 'DEFAULT_INCOME_SOURCE_ID', String(sourceId('Sklep internetowy')));
  await optionsRepository.write(tdb, 'DEFAULT_INCOME_SOURCE_ID_STATIONARY', String(sourceId('Sprzedaż stacjonarna')));
  return {
    statuses: ORDER_STATUSES.map((st) => statusId(st.name)),
    sources: INCOME_SOURCES.map((src) => sourceId(src.name)),
    login,
  };
}

/**
 * The demo's complete seller data for its invoices: a NIP and a bank account with correct check
 * digits (made up), the place of issue and the bank (docs/decisions.md, Seller's data on invoices).
 */
export const DEMO_SELLER = {
  taxId: '9512034515',
  address: 'ul. Przykładowa 1',
  postCodeCity: '00-001 Warszawa',
  placeOfIssue: 'Warszawa',
  bankName: 'PKO Bank Polski S.A.',
  bankAccount: '60102010260000123456789012',
} as const;

export async function seedSellerData(tdb: TenantDb): Promise<void> {
  await optionsRepository.write(tdb, 'INVOICE_PLACE_OF_ISSUE', DEMO_SELLER.placeOfIssue);
  await optionsRepository.write(tdb, 'INVOICE_BANK_NAME', DEMO_SELLER.bankName);
  await optionsRepository.write(tdb, 'INVOICE_BANK_ACCOUNT', DEMO_SELLER.bankAccount);
}
