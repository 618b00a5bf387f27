import { describe, expect, it } from 'vitest';
import { userSizesConfig } from '@web/features/user-sizes/user-sizes-config';

import { listColumns } from '@web/ui/list-columns';
import {
  additionalDescsConfig,
  deliveryPriceListsConfig,
  deliveryTimesConfig,
  incomeSourcesConfig,
  itemGroupsConfig,
  itemStatusesConfig,
  orderStatusesConfig,
} from './list-configs';
import { uiText } from '@web/ui/texts';

const columnIds = (config: Parameters<typeof listColumns>[0]) =>
  listColumns(config, { multi: false, canEdit: true }).map((c) => c.id);

describe('list configurations', () => {
  it('print reader codes of the kinds and file names of the spec', () => {
    const codes = [
      deliveryPriceListsConfig,
      deliveryTimesConfig,
      itemGroupsConfig,
      itemStatusesConfig,
      incomeSourcesConfig,
      orderStatusesConfig,
      userSizesConfig,
    ].map((c) => c.codes);
    expect(codes).toEqual([
      { kind: 'delivery_price_list', fileName: 'delivery_price_lists.pdf' },
      { kind: 'delivery_time', fileName: 'delivery_times.pdf' },
      { kind: 'item_group', fileName: 'item_groups.pdf' },
      { kind: 'item_status', fileName: 'item_statuses.pdf' },
      { kind: 'income_source', fileName: 'income_sources.pdf' },
      { kind: 'order_status', fileName: 'order_statuses.pdf' },
      { kind: 'user_size', fileName: 'user_sizes.pdf' },
    ]);
    expect(additionalDescsConfig.codes).toBeUndefined();
  });

  it('store defaults in the option keys of the spec', () => {
    expect(itemStatusesConfig.defaults).toEqual([{ flag: 'isDefault', option: 'DEFAULT_ITEM_STATUS_ID' }]);
    expect(incomeSourcesConfig.defaults?.map((d) => d.option)).toEqual([
      'DEFAULT_INCOME_SOURCE_ID',
      'DEFAULT_INCOME_SOURCE_ID_STATIONARY',
    ]);
    expect(orderStatusesConfig.defaults?.map((d) => d.option)).toEqual([
      'DEFAULT_ORDER_STATUS_ID',
      'DEFAULT_ORDER_STATUS_ID_STATIONARY',
    ]);
    expect(itemGroupsConfig.defaults).toBeUndefined();
  });

  it('need main.items.edit for goods lists and main.order.edit for order lists', () => {
    for (const c of [
      additionalDescsConfig,
      deliveryPriceListsConfig,
      deliveryTimesConfig,
      itemGroupsConfig,
      itemStatusesConfig,
    ])
      expect(c.editPermission).toBe('main.items.edit');
    for (const c of [incomeSourcesConfig, orderStatusesConfig, userSizesConfig])
      expect(c.editPermission).toBe('main.order.edit');
  });

  it('give each list its own columns', () => {
    expect(columnIds(itemGroupsConfig)).toEqual(['id', 'name', 'actions']);
    expect(columnIds(additionalDescsConfig)).toEqual(['id', 'name', 'description', 'actions']);
    expect(columnIds(userSizesConfig)).toEqual(['id', 'name', 'sizeA', 'sizeB', 'sizeC', 'actions']);
  });

  it('preview a description in the table at 300 characters', () => {
    const cell = additionalDescsConfig.columns?.[0]?.cell({ id: 1, name: 'Opis', description: 'a'.repeat(400) });
    expect(cell).toBe(`${'a'.repeat(300)}${uiText().list.more}`);
  });

  it('give statuses a colour field defaulting to white and a counted description field', () => {
    expect(itemStatusesConfig.form.empty).toEqual({ name: '', color: 'ffffff' });
    expect(itemStatusesConfig.form.fields.map((f) => f.kind)).toEqual(['text', 'color']);
    expect(orderStatusesConfig.form.fields.map((f) => f.kind)).toEqual(['text', 'color']);
    expect(additionalDescsConfig.form.fields.find((f) => f.name === 'description')?.counter).toBe(true);
    expect(userSizesConfig.form.empty).toEqual({ name: '', sizeA: 0, sizeB: 0, sizeC: 0 });
  });

  it("validate forms with the contract's schemas", () => {
    expect(itemGroupsConfig.form.schema.safeParse({ name: '  ' }).success).toBe(false);
    expect(additionalDescsConfig.form.schema.safeParse({ name: 'A', description: '' }).success).toBe(false);
    expect(additionalDescsConfig.form.schema.safeParse({ name: 'A', description: 'B' }).success).toBe(true);
    expect(userSizesConfig.form.schema.parse({ name: 'Mała', sizeA: '10', sizeB: 20, sizeC: 0 })).toEqual({
      name: 'Mała',
      sizeA: 10,
      sizeB: 20,
      sizeC: 0,
    });
  });
});
