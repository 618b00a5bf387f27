import type { PermissionsInfo } from '@zaplecze/contract';
import { describe, expect, it } from 'vitest';
import { permissionNames, stateVariant } from './ApiTokensTable';

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

describe('permissionNames', () => {
  it('names known keys in Polish and shows an unknown one as its key', () => {
    expect(permissionNames(['main.items.edit', 'plugin.moto.edit'], info)).toEqual([
      'Edycja towarów',
      'plugin.moto.edit',
    ]);
    expect(permissionNames(['main.items.show'], undefined)).toEqual(['main.items.show']);
  });
});

describe('stateVariant', () => {
  it('colours the states', () => {
    expect([stateVariant('active'), stateVariant('expired'), stateVariant('revoked')]).toEqual([
      'success',
      'secondary',
      'danger',
    ]);
  });
});
