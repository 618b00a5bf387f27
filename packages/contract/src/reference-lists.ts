import type { z } from 'zod';
import type { OptionKey } from './options';
import type { PermissionKey } from './permissions';
import type { BarcodeKind } from './reader-codes';
import {
  additionalDescInputSchema,
  additionalDescSchema,
  incomeSourceSchema,
  itemStatusInputSchema,
  itemStatusSchema,
  namedInputSchema,
  namedSchema,
  orderStatusInputSchema,
  orderStatusSchema,
  treeNodeInputSchema,
  treeNodeSchema,
  userSizeInputSchema,
  userSizeSchema,
} from './reference';

/**
 * One reference list as every layer sees it: the server mounts it, the web app lists and edits it,
 * the tests walk it. docs/rules/catalogue-and-orders-rules.md §7.1 (paths and list keys), docs/rules/platform-rules.md §2 (routes) and
 * §9 (file names of the code sheets); docs/decisions.md (edit permissions, other file names).
 */
export interface ReferenceListDef {
  /** API path, e.g. '/item_groups'. */
  apiPath: string;
  /** The key of the list in GET's answer, e.g. 'itemGroups'. */
  listKey: string;
  /** The screen's route at the app root, e.g. 'item-groups'. */
  route: string;
  /** Who may add, change and delete rows (reading is open to every signed-in user). */
  editPermission: PermissionKey;
  /** Schema of one row in answers, and of the body of POST (PUT adds the id). */
  row: z.ZodType;
  input: z.ZodType;
  /** Reader-code sheet of the list's rows: POST /print/barcode/{kind}, saved as fileName. */
  codes?: { kind: BarcodeKind; fileName: string };
  /** Default options pointing at a row (statuses, income sources). */
  defaults?: { default: OptionKey; stationary?: OptionKey };
}

export const REFERENCE_LISTS = {
  additionalDescs: {
    apiPath: '/additional_descs',
    listKey: 'additionalDescs',
    route: 'additional-descs',
    editPermission: 'main.items.edit',
    row: additionalDescSchema,
    input: additionalDescInputSchema,
  },
  deliveryPriceLists: {
    apiPath: '/delivery_price_lists',
    listKey: 'deliveryPriceLists',
    route: 'delivery-price-lists',
    editPermission: 'main.items.edit',
    row: namedSchema,
    input: namedInputSchema,
    codes: { kind: 'delivery_price_list', fileName: 'delivery_price_lists.pdf' },
  },
  deliveryTimes: {
    apiPath: '/delivery_times',
    listKey: 'deliveryTimes',
    route: 'delivery-times',
    editPermission: 'main.items.edit',
    row: namedSchema,
    input: namedInputSchema,
    codes: { kind: 'delivery_time', fileName: 'delivery_times.pdf' },
  },
  itemGroups: {
    apiPath: '/item_groups',
    listKey: 'itemGroups',
    route: 'item-groups',
    editPermission: 'main.items.edit',
    row: namedSchema,
    input: namedInputSchema,
    codes: { kind: 'item_group', fileName: 'item_groups.pdf' },
  },
  itemStatuses: {
    apiPath: '/item_statuses',
    listKey: 'itemStatuses',
    route: 'item-statuses',
    editPermission: 'main.items.edit',
    row: itemStatusSchema,
    input: itemStatusInputSchema,
    codes: { kind: 'item_status', fileName: 'item_statuses.pdf' },
    defaults: { default: 'DEFAULT_ITEM_STATUS_ID' },
  },
  incomeSources: {
    apiPath: '/income_sources',
    listKey: 'incomeSources',
    route: 'income-sources',
    editPermission: 'main.order.edit',
    row: incomeSourceSchema,
    input: namedInputSchema,
    codes: { kind: 'income_source', fileName: 'income_sources.pdf' },
    defaults: { default: 'DEFAULT_INCOME_SOURCE_ID', stationary: 'DEFAULT_INCOME_SOURCE_ID_STATIONARY' },
  },
  orderStatuses: {
    apiPath: '/order_statuses',
    listKey: 'orderStatuses',
    route: 'order-statuses',
    editPermission: 'main.order.edit',
    row: orderStatusSchema,
    input: orderStatusInputSchema,
    codes: { kind: 'order_status', fileName: 'order_statuses.pdf' },
    defaults: { default: 'DEFAULT_ORDER_STATUS_ID', stationary: 'DEFAULT_ORDER_STATUS_ID_STATIONARY' },
  },
  userSizes: {
    apiPath: '/user_sizes',
    listKey: 'userSizes',
    route: 'user-sizes',
    editPermission: 'main.order.edit',
    row: userSizeSchema,
    input: userSizeInputSchema,
    codes: { kind: 'user_size', fileName: 'user_sizes.pdf' },
  },
  categories: {
    apiPath: '/categories',
    listKey: 'categories',
    route: 'categories',
    editPermission: 'main.items.edit',
    row: treeNodeSchema,
    input: treeNodeInputSchema,
    codes: { kind: 'category', fileName: 'categories.pdf' },
  },
  places: {
    apiPath: '/places',
    listKey: 'places',
    route: 'places',
    editPermission: 'main.items.edit',
    row: treeNodeSchema,
    input: treeNodeInputSchema,
    codes: { kind: 'place', fileName: 'places.pdf' },
  },
} as const satisfies Record<string, ReferenceListDef>;

export type ReferenceListKey = keyof typeof REFERENCE_LISTS;
/** The simple lists (one route factory on the server); the other two are the trees. */
export type SimpleListKey = Exclude<ReferenceListKey, 'categories' | 'places'>;
export type TreeListKey = 'categories' | 'places';
