import { fromHundredths, type Item, type ItemRow, type Photo, type PhotoKind } from '@zaplecze/contract';
import { toIso } from '../../db/database';
import type { ItemRowData } from './items.repository';

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

/** A stored row with its references' names, as the list shows it (goods-and-orders.md §2.1, §3). */
export function toItemRow(r: ItemRowData): ItemRow {
  const mainPhoto: Photo | null =
    r.main_photo !== null ? { type: (r.main_photo_type ?? 'file') as PhotoKind, name: r.main_photo } : null;
  return {
    id: r.id,
    code: r.code,
    gtin: r.gtin,
    name: r.name,
    price: fromHundredths(Number(r.price)),
    vat: fromHundredths(r.vat),
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
    itemSummary: { mainPhoto, countPhotos: r.count_photos, countParams: r.count_params },
    lastChanged: toIso(r.last_changed),
    lastChangedPhotos: r.last_changed_photos === null ? null : toIso(r.last_changed_photos),
  };
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
