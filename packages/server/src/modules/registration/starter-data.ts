import type { OptionKey } from '@zaplecze/contract';
import type { TenantDb } from '../../db/tenant';
import { optionsRepository } from '../options';

/**
 * What a new organisation starts with, so that its first item and its first order can be saved
 * at once (docs/decisions.md, Starter data of a new organisation). Every row and option is an
 * ordinary one: the seller renames, recolours, deletes or re-points them like any other.
 */

/**
 * The VAT rates a Polish seller uses, ';'-joined as the VAT_VALUES option stores them.
 * With 'zw' (exempt): many small sellers are exempt on every item (docs/decisions.md, VAT rates
 * that are not numbers).
 */
export const STARTER_VAT_VALUES = '23;8;5;0;zw';
/** The default rate of items, order lines and both kinds of delivery. */
const STARTER_VAT_DEFAULT = '23';
const STARTER_CURRENCY = 'PLN';

export const STARTER_ITEM_STATUSES = [{ name: 'Aktywny', color: '2e9e44', isDefault: true }] as const;

/** Order statuses in their usual order; 'Nowe' is the default of new and of stationary orders. */
export const STARTER_ORDER_STATUSES = [
  { name: 'Nowe', color: 'cfe2ff', isDefault: true, isStationaryDefault: true },
  { name: 'W realizacji', color: 'fff3cd', isDefault: false, isStationaryDefault: false },
  { name: 'Wysłane', color: 'd1e7dd', isDefault: false, isStationaryDefault: false },
  { name: 'Anulowane', color: 'f8d7da', isDefault: false, isStationaryDefault: false },
  { name: 'Zwrócone', color: 'e2e3e5', isDefault: false, isStationaryDefault: false },
] as const;

export const STARTER_INCOME_SOURCES = [
  { name: 'Sklep internetowy', isDefault: true, isStationaryDefault: false },
  { name: 'Sprzedaż stacjonarna', isDefault: false, isStationaryDefault: true },
] as const;

/** Writes the starter lists and options of organisation `tdb` (inside its creating transaction). */
export async function seedStarterData(tdb: TenantDb): Promise<void> {
  const itemStatuses = await tdb
    .insertInto(
      'item_statuses',
      STARTER_ITEM_STATUSES.map((s) => ({ name: s.name, color: s.color })),
    )
    .returning(['id', 'name'])
    .execute();
  const orderStatuses = await tdb
    .insertInto(
      'order_statuses',
      STARTER_ORDER_STATUSES.map((s) => ({ name: s.name, color: s.color })),
    )
    .returning(['id', 'name'])
    .execute();
  const sources = await tdb
    .insertInto(
      'income_sources',
      STARTER_INCOME_SOURCES.map((s) => ({ name: s.name })),
    )
    .returning(['id', 'name'])
    .execute();
  const idOf = (rows: readonly { id: number; name: string }[], name: string | undefined) =>
    String(rows.find((r) => r.name === name)?.id ?? '');
  const options: [OptionKey, string][] = [
    ['VAT_VALUES', STARTER_VAT_VALUES],
    ['VAT_DEFAULT_ITEM', STARTER_VAT_DEFAULT],
    ['VAT_DEFAULT_ORDER_ITEM', STARTER_VAT_DEFAULT],
    ['VAT_DEFAULT_ORDER_DELIVERY', STARTER_VAT_DEFAULT],
    ['VAT_DEFAULT_STATIONARY_DELIVERY', STARTER_VAT_DEFAULT],
    ['CURRENCY_VALUES', STARTER_CURRENCY],
    ['CURRENCY_DEFAULT', STARTER_CURRENCY],
    ['DEFAULT_ITEM_STATUS_ID', idOf(itemStatuses, STARTER_ITEM_STATUSES.find((s) => s.isDefault)?.name)],
    ['DEFAULT_ORDER_STATUS_ID', idOf(orderStatuses, STARTER_ORDER_STATUSES.find((s) => s.isDefault)?.name)],
    [
      'DEFAULT_ORDER_STATUS_ID_STATIONARY',
      idOf(orderStatuses, STARTER_ORDER_STATUSES.find((s) => s.isStationaryDefault)?.name),
    ],
    ['DEFAULT_INCOME_SOURCE_ID', idOf(sources, STARTER_INCOME_SOURCES.find((s) => s.isDefault)?.name)],
    [
      'DEFAULT_INCOME_SOURCE_ID_STATIONARY',
      idOf(sources, STARTER_INCOME_SOURCES.find((s) => s.isStationaryDefault)?.name),
    ],
  ];
  for (const [key, value] of options) await optionsRepository.write(tdb, key, value);
}
