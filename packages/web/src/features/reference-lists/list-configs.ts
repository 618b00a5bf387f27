import {
  additionalDescInputSchema,
  DEFAULT_STATUS_COLOR,
  itemStatusInputSchema,
  namedInputSchema,
  orderStatusInputSchema,
  type AdditionalDesc,
  type IncomeSource,
  type ItemStatus,
  type Named,
  type OrderStatus,
} from '@zaplecze/contract';
import type { z } from 'zod';

import type { FieldSpec, ListConfig } from '@web/ui/list-config';
import { descriptionPreview } from './description-preview';
import { listResources } from './lists.api';
import { listsText } from './texts';
import { uiText } from '@web/ui/texts';

type NamedValues = z.input<typeof namedInputSchema>;
type NamedBody = z.output<typeof namedInputSchema>;
type DescValues = z.input<typeof additionalDescInputSchema>;
type DescBody = z.output<typeof additionalDescInputSchema>;
type StatusValues = z.input<typeof itemStatusInputSchema>;
type StatusBody = z.output<typeof itemStatusInputSchema>;

const f = () => listsText().fields;
const nameField = <V extends { name: string }>(md = 12): FieldSpec<V> => ({
  name: 'name' as FieldSpec<V>['name'],
  kind: 'text',
  label: () => f().name,
  md,
});

/** A list with a name only (price lists, times, groups, income sources). */
const namedForm = {
  schema: namedInputSchema,
  empty: { name: '' },
  toValues: (row: Named) => ({ name: row.name }),
  fields: [nameField<NamedValues>()],
};

/** A status: a name and a colour (default ffffff). */
const statusForm = {
  schema: itemStatusInputSchema,
  empty: { name: '', color: DEFAULT_STATUS_COLOR },
  toValues: (row: ItemStatus | OrderStatus) => ({ name: row.name, color: row.color || DEFAULT_STATUS_COLOR }),
  fields: [
    nameField<StatusValues>(8),
    { name: 'color', kind: 'color', label: () => f().color, md: 4 } satisfies FieldSpec<StatusValues>,
  ],
};

export const additionalDescsConfig: ListConfig<AdditionalDesc, DescValues, DescBody> = {
  id: 'additional-descs',
  icon: 'bi-card-text',
  texts: () => listsText().additionalDescs,
  resource: listResources.additionalDescs,
  editPermission: 'main.items.edit',
  form: {
    schema: additionalDescInputSchema,
    empty: { name: '', description: '' },
    toValues: (row) => ({ name: row.name, description: row.description }),
    fields: [
      nameField<DescValues>(),
      { name: 'description', kind: 'textarea', label: () => f().description, counter: true },
    ],
  },
  columns: [
    {
      id: 'description',
      header: () => uiText().list.colDescription,
      cellClassName: 'small text-secondary text-break',
      cell: (row) => descriptionPreview(row.description, undefined, uiText().list.more),
    },
  ],
};

export const deliveryPriceListsConfig: ListConfig<Named, NamedValues, NamedBody> = {
  id: 'delivery-price-lists',
  icon: 'bi-cash-stack',
  texts: () => listsText().deliveryPriceLists,
  resource: listResources.deliveryPriceLists,
  editPermission: 'main.items.edit',
  form: namedForm,
  codes: { kind: 'delivery_price_list', fileName: 'delivery_price_lists.pdf' },
};

export const deliveryTimesConfig: ListConfig<Named, NamedValues, NamedBody> = {
  id: 'delivery-times',
  icon: 'bi-clock',
  texts: () => listsText().deliveryTimes,
  resource: listResources.deliveryTimes,
  editPermission: 'main.items.edit',
  form: namedForm,
  codes: { kind: 'delivery_time', fileName: 'delivery_times.pdf' },
};

export const itemGroupsConfig: ListConfig<Named, NamedValues, NamedBody> = {
  id: 'item-groups',
  icon: 'bi-collection',
  texts: () => listsText().itemGroups,
  resource: listResources.itemGroups,
  editPermission: 'main.items.edit',
  form: namedForm,
  codes: { kind: 'item_group', fileName: 'item_groups.pdf' },
};

export const itemStatusesConfig: ListConfig<ItemStatus, StatusValues, StatusBody> = {
  id: 'item-statuses',
  icon: 'bi-tag',
  texts: () => listsText().itemStatuses,
  resource: listResources.itemStatuses,
  editPermission: 'main.items.edit',
  form: statusForm,
  codes: { kind: 'item_status', fileName: 'item_statuses.pdf' },
  defaults: [{ flag: 'isDefault', option: 'DEFAULT_ITEM_STATUS_ID' }],
};

export const incomeSourcesConfig: ListConfig<IncomeSource, NamedValues, NamedBody> = {
  id: 'income-sources',
  icon: 'bi-wallet2',
  texts: () => listsText().incomeSources,
  resource: listResources.incomeSources,
  editPermission: 'main.order.edit',
  form: namedForm,
  codes: { kind: 'income_source', fileName: 'income_sources.pdf' },
  defaults: [
    { flag: 'isDefault', option: 'DEFAULT_INCOME_SOURCE_ID' },
    { flag: 'isDefaultStationary', option: 'DEFAULT_INCOME_SOURCE_ID_STATIONARY' },
  ],
};

export const orderStatusesConfig: ListConfig<OrderStatus, StatusValues, StatusBody> = {
  id: 'order-statuses',
  icon: 'bi-flag',
  texts: () => listsText().orderStatuses,
  resource: listResources.orderStatuses,
  editPermission: 'main.order.edit',
  form: { ...statusForm, schema: orderStatusInputSchema },
  codes: { kind: 'order_status', fileName: 'order_statuses.pdf' },
  defaults: [
    { flag: 'isDefault', option: 'DEFAULT_ORDER_STATUS_ID' },
    { flag: 'isDefaultStationary', option: 'DEFAULT_ORDER_STATUS_ID_STATIONARY' },
  ],
};
