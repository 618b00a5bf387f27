import { fromHundredths, type Item, type ItemRow, type Photo, type PhotoKind } from '@zaplecze/contract';
import { toIso } from '../../db/database';
import { ITEM_ROW_FIELDS, type ItemRowData, type ReferenceNames } from './items.repository';

const ref = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);
const tree = (
  id: number | null,
  name: string | null,
  number: string | null,
  fullNumber: string | null,
  fullName: string | null,
) =>
  id !== null && name !== null
    ? { id, name, number: number ?? '', fullNumber: fullNumber ?? '', fullName: fullName ?? '' }
    : null;

/** Reads one field of a page row, however the row was read (object or array). */
type Field = <K extends keyof ItemRowData>(name: K) => ItemRowData[K];

/** A row with its references' names, as the list shows it (goods-and-orders.md §2.1, §3). */
function buildItemRow(f: Field): ItemRow {
  const mainPhoto = f('main_photo');
  const statusName = f('status_name');
  return {
    id: f('id'),
    code: f('code'),
    gtin: f('gtin'),
    name: f('name'),
    price: fromHundredths(Number(f('price'))),
    vat: fromHundredths(f('vat')),
    currency: f('currency'),
    countWare: f('count_ware'),
    countOffer: f('count_offer'),
    itemStatus:
      statusName !== null ? { id: f('item_status_id'), name: statusName, color: f('status_color') ?? 'ffffff' } : null,
    deliveryPriceList: ref(f('delivery_price_list_id'), f('dpl_name')),
    deliveryTime: ref(f('delivery_time_id'), f('dt_name')),
    itemGroup: ref(f('item_group_id'), f('group_name')),
    category: tree(f('category_id'), f('cat_name'), f('cat_number'), f('cat_full_number'), f('cat_full_name')),
    place: tree(f('place_id'), f('place_name'), f('place_number'), f('place_full_number'), f('place_full_name')),
    externalData:
      f('has_ext') === 1
        ? {
            code: f('ext_code'),
            url: f('ext_url'),
            price: fromHundredths(Number(f('ext_price'))),
            customMargin: f('ext_margin') === null ? null : fromHundredths(f('ext_margin') as number),
          }
        : null,
    itemSummary: {
      mainPhoto:
        mainPhoto !== null ? ({ type: (f('main_photo_type') ?? 'file') as PhotoKind, name: mainPhoto } as Photo) : null,
      countPhotos: f('count_photos'),
      countParams: f('count_params'),
    },
    lastChanged: toIso(f('last_changed')),
    lastChangedPhotos: f('last_changed_photos') === null ? null : toIso(f('last_changed_photos') as string | Date),
  };
}

/** A row read as an object (pageRowsQuery, the lookups). */
export function toItemRow(r: ItemRowData): ItemRow {
  return buildItemRow((name) => r[name]);
}

/** Position of each own column in a big page's array row (items.repository ITEM_ROW_FIELDS). */
const AT = Object.fromEntries(ITEM_ROW_FIELDS.map((name, i) => [name, i])) as Record<string, number>;

/**
 * A big page's row read as an array (items.search readPage, db/database.ts ARRAY_ROWS): the item's
 * own columns by position, its references' names from `refs` (read once for the page). Mapping by
 * position skips the driver's object per row, most of a 10,000-row page (docs/performance.md).
 */
export function toItemRowFromArray(a: readonly unknown[], refs: ReferenceNames): ItemRow {
  const own = (name: string) => a[AT[name] as number];
  const status = refs.statuses.get(own('item_status_id') as number);
  const cat = refs.categories.get(own('category_id') as number);
  const place = refs.places.get(own('place_id') as number);
  const names: Record<string, unknown> = {
    status_name: status?.name ?? null,
    status_color: status?.color ?? null,
    dpl_name: refs.dpl.get(own('delivery_price_list_id') as number)?.name ?? null,
    dt_name: refs.dt.get(own('delivery_time_id') as number)?.name ?? null,
    group_name: refs.groups.get(own('item_group_id') as number)?.name ?? null,
    cat_name: cat?.name ?? null,
    cat_number: cat?.number ?? null,
    cat_full_number: cat?.full_number ?? null,
    cat_full_name: cat?.full_name ?? null,
    place_name: place?.name ?? null,
    place_number: place?.number ?? null,
    place_full_number: place?.full_number ?? null,
    place_full_name: place?.full_name ?? null,
  };
  return buildItemRow(((name: string) => (name in AT ? own(name) : names[name])) as Field);
}

export function toItem(
  r: ItemRowData,
  extra: {
    description: string;
    photos: { type: string; name: string }[];
    descs: { id: number; name: string; description: string }[];
    params: { param_id: number; vals: string }[];
  },
): Item {
  return {
    ...toItemRow(r),
    description: extra.description,
    photos: extra.photos.map((p) => ({ type: p.type as PhotoKind, name: p.name })),
    additionalDescs: extra.descs,
    params: extra.params.map((p) => ({ paramId: p.param_id, values: JSON.parse(p.vals) as string[] })),
  };
}
