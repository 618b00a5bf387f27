import { describe, expect, it } from 'vitest';

import { defaultActionLabel, defaultActions, defaultBadgeText, listColumns } from './list-columns';
import type { DefaultSpec } from './list-config';
import { uiText } from './texts';

const ids = (cols: { id: string }[]) => cols.map((c) => c.id);

describe('listColumns', () => {
  it('draws ID, name and actions for a user who may change the list', () => {
    expect(ids(listColumns({}, { multi: false, canEdit: true }))).toEqual(['id', 'name', 'actions']);
  });

  it('puts the checkbox column first in multi-select mode', () => {
    const cols = listColumns({}, { multi: true, canEdit: true });
    expect(ids(cols)).toEqual(['select', 'id', 'name', 'actions']);
    expect(cols[0]?.hiddenHeader).toBe(true);
  });

  it('leaves the actions out for a read-only user', () => {
    expect(ids(listColumns({}, { multi: false, canEdit: false }))).toEqual(['id', 'name']);
  });

  it("adds the config's own columns after the name, with their headers", () => {
    const cols = listColumns(
      { columns: [{ id: 'sizeA', header: () => 'A [mm]', cell: () => null, className: 'text-end' }] },
      { multi: false, canEdit: true },
    );
    expect(ids(cols)).toEqual(['id', 'name', 'sizeA', 'actions']);
    expect(cols[2]).toEqual({ id: 'sizeA', header: 'A [mm]', className: 'text-end', cellClassName: undefined });
    expect(cols[0]?.header).toBe(uiText().list.colId);
  });
});

describe('defaultActions (the defaults menu of a row)', () => {
  const specs: DefaultSpec[] = [
    { flag: 'isDefault', option: 'DEFAULT_ORDER_STATUS_ID' },
    { flag: 'isDefaultStationary', option: 'DEFAULT_ORDER_STATUS_ID_STATIONARY' },
  ];

  it('offers to set each default the row is not', () => {
    expect(defaultActions({ id: 7, name: 'Nowe', isDefault: false, isDefaultStationary: false }, specs)).toEqual([
      { flag: 'isDefault', option: 'DEFAULT_ORDER_STATUS_ID', kind: 'set', value: '7' },
      { flag: 'isDefaultStationary', option: 'DEFAULT_ORDER_STATUS_ID_STATIONARY', kind: 'set', value: '7' },
    ]);
  });

  it("offers to remove the defaults the row is, with the empty value ('' = none)", () => {
    const actions = defaultActions({ id: 7, name: 'Nowe', isDefault: true, isDefaultStationary: false }, specs);
    expect(actions.map((a) => [a.kind, a.value])).toEqual([
      ['remove', ''],
      ['set', '7'],
    ]);
  });

  it('has no entries for a list without defaults', () => {
    expect(defaultActions({ id: 1, name: 'Grupa' })).toEqual([]);
  });

  it('labels the entries and badges in Polish', () => {
    const t = uiText().list;
    expect(defaultActionLabel({ flag: 'isDefault', kind: 'set' })).toBe(t.setDefault);
    expect(defaultActionLabel({ flag: 'isDefault', kind: 'remove' })).toBe(t.removeDefault);
    expect(defaultActionLabel({ flag: 'isDefaultStationary', kind: 'set' })).toBe(t.setDefaultStationary);
    expect(defaultActionLabel({ flag: 'isDefaultStationary', kind: 'remove' })).toBe(t.removeDefaultStationary);
    expect(defaultBadgeText('isDefault')).toBe('Domyślny');
    expect(defaultBadgeText('isDefaultStationary')).toBe('Domyślny stacjonarny');
  });
});
