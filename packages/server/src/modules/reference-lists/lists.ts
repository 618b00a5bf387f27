import {
  additionalDescInputSchema,
  itemStatusInputSchema,
  namedInputSchema,
  orderStatusInputSchema,
  userSizeInputSchema,
} from '@zaplecze/contract';
import type { z } from 'zod';
import type { DefaultFlags, ListDefinition, ListRow } from './list-definition';
import { LIST_MSG } from './messages.pl';

const named = (row: ListRow) => ({ id: row.id, name: row.name });

function define<In extends z.ZodObject>(def: ListDefinition<In>): ListDefinition {
  return def as unknown as ListDefinition;
}

/** The eight simple lists of platform.md §7 and goods-and-orders.md §7.1. */
export const LISTS = {
  additionalDescs: define({
    path: '/additional_descs',
    table: 'additional_descs',
    listKey: 'additionalDescs',
    editPermission: 'main.items.edit',
    input: additionalDescInputSchema,
    toColumns: (b) => ({ name: b.name, description: b.description }),
    toDto: (r) => ({ id: r.id, name: r.name, description: r.description }),
    notFound: LIST_MSG.additionalDescNotFound,
  }),
  deliveryPriceLists: define({
    path: '/delivery_price_lists',
    table: 'delivery_price_lists',
    listKey: 'deliveryPriceLists',
    editPermission: 'main.items.edit',
    input: namedInputSchema,
    toColumns: (b) => ({ name: b.name }),
    toDto: named,
    notFound: LIST_MSG.deliveryPriceListNotFound,
  }),
  deliveryTimes: define({
    path: '/delivery_times',
    table: 'delivery_times',
    listKey: 'deliveryTimes',
    editPermission: 'main.items.edit',
    input: namedInputSchema,
    toColumns: (b) => ({ name: b.name }),
    toDto: named,
    notFound: LIST_MSG.deliveryTimeNotFound,
  }),
  itemGroups: define({
    path: '/item_groups',
    table: 'item_groups',
    listKey: 'itemGroups',
    editPermission: 'main.items.edit',
    input: namedInputSchema,
    toColumns: (b) => ({ name: b.name }),
    toDto: named,
    notFound: LIST_MSG.itemGroupNotFound,
  }),
  itemStatuses: define({
    path: '/item_statuses',
    table: 'item_statuses',
    listKey: 'itemStatuses',
    editPermission: 'main.items.edit',
    input: itemStatusInputSchema,
    toColumns: (b) => ({ name: b.name, color: b.color }),
    toDto: (r, d: DefaultFlags) => ({ id: r.id, name: r.name, color: r.color, isDefault: d.isDefault }),
    defaults: { default: 'DEFAULT_ITEM_STATUS_ID' },
    notFound: LIST_MSG.itemStatusNotFound,
  }),
  incomeSources: define({
    path: '/income_sources',
    table: 'income_sources',
    listKey: 'incomeSources',
    editPermission: 'main.order.edit',
    input: namedInputSchema,
    toColumns: (b) => ({ name: b.name }),
    toDto: (r, d: DefaultFlags) => ({ id: r.id, name: r.name, ...d }),
    defaults: { default: 'DEFAULT_INCOME_SOURCE_ID', stationary: 'DEFAULT_INCOME_SOURCE_ID_STATIONARY' },
    notFound: LIST_MSG.incomeSourceNotFound,
  }),
  orderStatuses: define({
    path: '/order_statuses',
    table: 'order_statuses',
    listKey: 'orderStatuses',
    editPermission: 'main.order.edit',
    input: orderStatusInputSchema,
    toColumns: (b) => ({ name: b.name, color: b.color }),
    toDto: (r, d: DefaultFlags) => ({ id: r.id, name: r.name, color: r.color, ...d }),
    defaults: { default: 'DEFAULT_ORDER_STATUS_ID', stationary: 'DEFAULT_ORDER_STATUS_ID_STATIONARY' },
    notFound: LIST_MSG.orderStatusNotFound,
  }),
  userSizes: define({
    path: '/user_sizes',
    table: 'user_sizes',
    listKey: 'userSizes',
    editPermission: 'main.order.edit',
    input: userSizeInputSchema,
    toColumns: (b) => ({ name: b.name, size_a: b.sizeA, size_b: b.sizeB, size_c: b.sizeC }),
    toDto: (r) => ({ id: r.id, name: r.name, sizeA: r.size_a, sizeB: r.size_b, sizeC: r.size_c }),
    notFound: LIST_MSG.userSizeNotFound,
  }),
};
