import {
  REFERENCE_LISTS,
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
  type ReferenceListDef,
  type SimpleListKey,
} from '@zaplecze/contract';
import type { z } from 'zod';
import type { DefaultSpec, FieldSpec, ListConfig, ListRow } from '@web/ui/list-config';
import { descriptionPreview } from './description-preview';
import { listResources } from '@web/data/lists.api';
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

/**
 * What the contract says of a list (REFERENCE_LISTS): who may change it, its code sheet and the
 * default options pointing at its rows. The configs below add only screen matters.
 */
function contractFacts(
  key: SimpleListKey,
): Pick<ListConfig<ListRow, never, never>, 'editPermission' | 'codes' | 'defaults'> {
  const def: ReferenceListDef = REFERENCE_LISTS[key];
  const defaults: DefaultSpec[] = [];
  if (def.defaults) defaults.push({ flag: 'isDefault', option: def.defaults.default });
  if (def.defaults?.stationary) defaults.push({ flag: 'isDefaultStationary', option: def.defaults.stationary });
  return { editPermission: def.editPermission, codes: def.codes, ...(defaults.length ? { defaults } : {}) };
}

export const additionalDescsConfig: ListConfig<AdditionalDesc, DescValues, DescBody> = {
  id: 'additional-descs',
  icon: 'bi-card-text',
  texts: () => listsText().additionalDescs,
  resource: listResources.additionalDescs,
  ...contractFacts('additionalDescs'),
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
  ...contractFacts('deliveryPriceLists'),
  form: namedForm,
};

export const deliveryTimesConfig: ListConfig<Named, NamedValues, NamedBody> = {
  id: 'delivery-times',
  icon: 'bi-clock',
  texts: () => listsText().deliveryTimes,
  resource: listResources.deliveryTimes,
  ...contractFacts('deliveryTimes'),
  form: namedForm,
};

export const itemGroupsConfig: ListConfig<Named, NamedValues, NamedBody> = {
  id: 'item-groups',
  icon: 'bi-collection',
  texts: () => listsText().itemGroups,
  resource: listResources.itemGroups,
  ...contractFacts('itemGroups'),
  form: namedForm,
};

export const itemStatusesConfig: ListConfig<ItemStatus, StatusValues, StatusBody> = {
  id: 'item-statuses',
  icon: 'bi-tag',
  texts: () => listsText().itemStatuses,
  resource: listResources.itemStatuses,
  ...contractFacts('itemStatuses'),
  form: statusForm,
};

export const incomeSourcesConfig: ListConfig<IncomeSource, NamedValues, NamedBody> = {
  id: 'income-sources',
  icon: 'bi-wallet2',
  texts: () => listsText().incomeSources,
  resource: listResources.incomeSources,
  ...contractFacts('incomeSources'),
  form: namedForm,
};

export const orderStatusesConfig: ListConfig<OrderStatus, StatusValues, StatusBody> = {
  id: 'order-statuses',
  icon: 'bi-flag',
  texts: () => listsText().orderStatuses,
  resource: listResources.orderStatuses,
  ...contractFacts('orderStatuses'),
  form: { ...statusForm, schema: orderStatusInputSchema },
};
