import { REFERENCE_LISTS } from '@zaplecze/contract';
import type { z } from 'zod';
import type { DefaultFlags, ListDefinition, ListRow } from './list-definition';
import { LIST_MSG, LIST_TITLES } from './messages.pl';

const named = (row: ListRow) => ({ id: row.id, name: row.name });

function define<In extends z.ZodObject>(def: ListDefinition<In>): ListDefinition {
  return def as unknown as ListDefinition;
}

/** The eight simple lists of docs/rules/platform-rules.md §7 and docs/rules/catalogue-and-orders-rules.md §7.1. */
export const LISTS = {
  additionalDescs: define({
    ...REFERENCE_LISTS.additionalDescs,
    title: LIST_TITLES.additionalDescs,
    table: 'additional_descs',
    toColumns: (b) => ({ name: b.name, description: b.description }),
    toDto: (r) => ({ id: r.id, name: r.name, description: r.description }),
    notFound: LIST_MSG.additionalDescNotFound,
  }),
  deliveryPriceLists: define({
    ...REFERENCE_LISTS.deliveryPriceLists,
    title: LIST_TITLES.deliveryPriceLists,
    table: 'delivery_price_lists',
    toColumns: (b) => ({ name: b.name }),
    toDto: named,
    notFound: LIST_MSG.deliveryPriceListNotFound,
  }),
  deliveryTimes: define({
    ...REFERENCE_LISTS.deliveryTimes,
    title: LIST_TITLES.deliveryTimes,
    table: 'delivery_times',
    toColumns: (b) => ({ name: b.name }),
    toDto: named,
    notFound: LIST_MSG.deliveryTimeNotFound,
  }),
  itemGroups: define({
    ...REFERENCE_LISTS.itemGroups,
    title: LIST_TITLES.itemGroups,
    table: 'item_groups',
    toColumns: (b) => ({ name: b.name }),
    toDto: named,
    notFound: LIST_MSG.itemGroupNotFound,
  }),
  itemStatuses: define({
    ...REFERENCE_LISTS.itemStatuses,
    title: LIST_TITLES.itemStatuses,
    table: 'item_statuses',
    toColumns: (b) => ({ name: b.name, color: b.color }),
    toDto: (r, d: DefaultFlags) => ({ id: r.id, name: r.name, color: r.color, isDefault: d.isDefault }),
    notFound: LIST_MSG.itemStatusNotFound,
  }),
  incomeSources: define({
    ...REFERENCE_LISTS.incomeSources,
    title: LIST_TITLES.incomeSources,
    table: 'income_sources',
    toColumns: (b) => ({ name: b.name }),
    toDto: (r, d: DefaultFlags) => ({ id: r.id, name: r.name, ...d }),
    notFound: LIST_MSG.incomeSourceNotFound,
  }),
  orderStatuses: define({
    ...REFERENCE_LISTS.orderStatuses,
    title: LIST_TITLES.orderStatuses,
    table: 'order_statuses',
    toColumns: (b) => ({ name: b.name, color: b.color }),
    toDto: (r, d: DefaultFlags) => ({ id: r.id, name: r.name, color: r.color, ...d }),
    notFound: LIST_MSG.orderStatusNotFound,
  }),
  userSizes: define({
    ...REFERENCE_LISTS.userSizes,
    title: LIST_TITLES.userSizes,
    table: 'user_sizes',
    toColumns: (b) => ({ name: b.name, size_a: b.sizeA, size_b: b.sizeB, size_c: b.sizeC }),
    toDto: (r) => ({ id: r.id, name: r.name, sizeA: r.size_a, sizeB: r.size_b, sizeC: r.size_c }),
    notFound: LIST_MSG.userSizeNotFound,
  }),
};
