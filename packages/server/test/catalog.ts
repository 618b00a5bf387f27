import type { ApiClient } from './harness';

/** Reference data an item needs, created through the API (test data factory for goods). */
export interface Catalog {
  statusId: number;
  status2Id: number;
  groupId: number;
  priceListId: number;
  timeId: number;
  descId: number;
  /** Elektronika (E) > Telefony (E-T) */
  categoryId: number;
  subCategoryId: number;
  /** Hala (H) > Regał 1 (H-1) */
  placeId: number;
  subPlaceId: number;
  /** A global STRING parameter, a NUMBER_INT one, a DICT multi one of Telefony. */
  paramText: number;
  paramInt: number;
  paramDict: number;
}

async function id(client: ApiClient, path: string, body: unknown): Promise<number> {
  const res = await client.post<{ id: number }>(`/api${path}`, body);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export async function createCatalog(admin: ApiClient): Promise<Catalog> {
  const categoryId = await id(admin, '/categories', { name: 'Elektronika', number: 'E', parentId: null });
  const subCategoryId = await id(admin, '/categories', { name: 'Telefony', number: 'T', parentId: categoryId });
  const placeId = await id(admin, '/places', { name: 'Hala', number: 'H', parentId: null });
  return {
    statusId: await id(admin, '/item_statuses', { name: 'Aktywny', color: '00aa00' }),
    status2Id: await id(admin, '/item_statuses', { name: 'Wyprzedaż', color: 'ff0000' }),
    groupId: await id(admin, '/item_groups', { name: 'Grupa A' }),
    priceListId: await id(admin, '/delivery_price_lists', { name: 'Kurier' }),
    timeId: await id(admin, '/delivery_times', { name: '24 h' }),
    descId: await id(admin, '/additional_descs', { name: 'Gwarancja', description: 'Dwa lata gwarancji.' }),
    categoryId,
    subCategoryId,
    placeId,
    subPlaceId: await id(admin, '/places', { name: 'Regał 1', number: '1', parentId: placeId }),
    paramText: await id(admin, '/parameters', { name: 'Kolor', type: 'STRING', categoryId: null, isMulti: false }),
    paramInt: await id(admin, '/parameters', {
      name: 'Pojemność',
      type: 'NUMBER_INT',
      categoryId: null,
      isMulti: false,
    }),
    paramDict: await id(admin, '/parameters', {
      name: 'Złącze',
      type: 'DICT',
      categoryId: subCategoryId,
      isMulti: true,
      dictionary: ['USB-C', 'Lightning', 'Jack'],
    }),
  };
}

/** A valid POST /items body. */
export function itemBody(c: Catalog, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    code: 'kub-1',
    name: 'Kubek ceramiczny biały 300 ml',
    price: 19.99,
    vat: 23,
    currency: 'PLN',
    countWare: 10,
    itemStatusId: c.statusId,
    ...overrides,
  };
}
