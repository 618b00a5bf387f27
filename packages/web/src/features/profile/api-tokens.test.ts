import type { PermissionsInfo } from '@zaplecze/contract';
import { describe, expect, it } from 'vitest';
import { expiryChoices, grantableGroups } from './api-tokens';

const info: PermissionsInfo = {
  sections: [
    { key: 'items', name: 'Towary', desc: '' },
    { key: 'settings', name: 'Ustawienia', desc: '' },
  ],
  permissions: [
    { key: 'main.items.show', name: 'Podgląd towarów', desc: '', section: 'items' },
    { key: 'main.items.edit', name: 'Edycja towarów', desc: '', section: 'items' },
    { key: 'main.users.edit', name: 'Zarządzanie użytkownikami', desc: '', section: 'settings' },
  ],
};

describe('grantableGroups', () => {
  it('keeps only the keys the server allows, and drops sections left empty', () => {
    const groups = grantableGroups(info, ['main.items.show'], 'Pozostałe');
    expect(groups.map((g) => [g.section.key, g.permissions.map((p) => p.key)])).toEqual([
      ['items', ['main.items.show']],
    ]);
  });
});

describe('expiryChoices', () => {
  it('offers days up to a year', () => {
    expect(expiryChoices({ expiryDays: '{n} dni', expiryYear: '1 rok' }).map((c) => c.label)).toEqual([
      '7 dni',
      '30 dni',
      '90 dni',
      '180 dni',
      '1 rok',
    ]);
  });
});
