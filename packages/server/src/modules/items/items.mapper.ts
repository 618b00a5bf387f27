import { fromHundredths, vatFromStored, type Item, type ItemRow, type Photo, type PhotoKind } from '@zaplecze/contract';
import { isoOfUtcText } from '../../db/database';
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

/**
 * A row with its references' names, as the list shows it (docs/rules/catalogue-and-orders-rules.md §2.1, §3): read as an
 * object (pageRowsQuery, the lookups) or gathered from a big page's array (toItemRowFromArray).
 */
export function toItemRow(r: ItemRowData): ItemRow {
  const mainPhoto = r.main_photo;
  return {
    id: r.id,
    code: r.code,
    gtin: r.gtin,
    name: r.name,
    price: fromHundredths(Number(r.price)),
    vat: vatFromStored(r.vat),
    currency: r.currency,
    countWare: r.count_ware,
    countOffer: r.count_offer,
    itemStatus:
      r.status_name !== null ? { id: r.item_status_id, name: r.status_name, color: r.status_color ?? 'ffffff' } : null,
    deliveryPriceList: ref(r.delivery_price_list_id, r.dpl_name),
    deliveryTime: ref(r.delivery_time_id, r.dt_name),
    itemGroup: ref(r.item_group_id, r.group_name),
    category: tree(r.category_id, r.cat_name, r.cat_number, r.cat_full_number, r.cat_full_name),
    place: tree(r.place_id, r.place_name, r.place_number, r.place_full_number, r.place_full_name),
    externalData:
      r.has_ext === 1
        ? {
            code: r.ext_code,
            url: r.ext_url,
            price: fromHundredths(Number(r.ext_price)),
            customMargin: r.ext_margin === null ? null : fromHundredths(r.ext_margin),
          }
        : null,
    itemSummary: {
      mainPhoto:
        mainPhoto !== null ? ({ type: (r.main_photo_type ?? 'file') as PhotoKind, name: mainPhoto } as Photo) : null,
      countPhotos: r.count_photos,
      countParams: r.count_params,
    },
    // PostgreSQL reads them as UTC text (items.repository pageItems), SQLite stores ISO text.
    lastChanged: isoOfUtcText(r.last_changed),
    lastChangedPhotos: r.last_changed_photos === null ? null : isoOfUtcText(r.last_changed_photos),
  };
}

/** Position of each own column in a big page's array row (items.repository ITEM_ROW_FIELDS). */
const AT = Object.fromEntries(ITEM_ROW_FIELDS.map((name, i) => [name, i])) as Record<
  (typeof ITEM_ROW_FIELDS)[number],
  number
>;

/**
 * A big page's row read as an array (items.search readPage, db/database.ts ARRAY_ROWS): the item's
 * own columns by position, its references' names from `refs` (read once for the page), gathered
 * into the object row toItemRow reads (every field of ItemRowData, checked by the compiler). Runs 10,000 times for a big page: no closure per row,
 * and no named object from the driver (docs/performance.md).
 */
export function toItemRowFromArray(a: readonly unknown[], refs: ReferenceNames): ItemRow {
  const status = refs.statuses.get(a[AT.item_status_id] as number);
  const cat = refs.categories.get(a[AT.category_id] as number);
  const place = refs.places.get(a[AT.place_id] as number);
  const row = {
    id: a[AT.id],
    code: a[AT.code],
    gtin: a[AT.gtin],
    name: a[AT.name],
    price: a[AT.price],
    vat: a[AT.vat],
    currency: a[AT.currency],
    count_ware: a[AT.count_ware],
    count_offer: a[AT.count_offer],
    item_status_id: a[AT.item_status_id],
    delivery_price_list_id: a[AT.delivery_price_list_id],
    delivery_time_id: a[AT.delivery_time_id],
    item_group_id: a[AT.item_group_id],
    category_id: a[AT.category_id],
    place_id: a[AT.place_id],
    has_ext: a[AT.has_ext],
    ext_code: a[AT.ext_code],
    ext_url: a[AT.ext_url],
    ext_price: a[AT.ext_price],
    ext_margin: a[AT.ext_margin],
    count_photos: a[AT.count_photos],
    count_params: a[AT.count_params],
    main_photo: a[AT.main_photo],
    main_photo_type: a[AT.main_photo_type],
    last_changed: a[AT.last_changed],
    last_changed_photos: a[AT.last_changed_photos],
    status_name: status?.name ?? null,
    status_color: status?.color ?? null,
    dpl_name: refs.dpl.get(a[AT.delivery_price_list_id] as number)?.name ?? null,
    dt_name: refs.dt.get(a[AT.delivery_time_id] as number)?.name ?? null,
    group_name: refs.groups.get(a[AT.item_group_id] as number)?.name ?? null,
    cat_name: cat?.name ?? null,
    cat_number: cat?.number ?? null,
    cat_full_number: cat?.full_number ?? null,
    cat_full_name: cat?.full_name ?? null,
    place_name: place?.name ?? null,
    place_number: place?.number ?? null,
    place_full_number: place?.full_number ?? null,
    place_full_name: place?.full_name ?? null,
  } satisfies Record<keyof ItemRowData, unknown>;
  return toItemRow(row as unknown as ItemRowData);
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
