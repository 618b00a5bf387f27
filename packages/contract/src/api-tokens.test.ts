import { describe, expect, it } from 'vitest';
import { apiTokenCreateSchema, grantableApiTokenPermissions } from './api-tokens';
import { PERMISSIONS } from './permissions';

describe('grantableApiTokenPermissions', () => {
  it('offers a user their own keys, never user management', () => {
    expect(grantableApiTokenPermissions('main.items.show;main.users.edit', PERMISSIONS)).toEqual(['main.items.show']);
    expect(grantableApiTokenPermissions('', PERMISSIONS)).toEqual([]);
  });

  it('offers an administrator every known key and their own plugin keys, but user management', () => {
    const keys = grantableApiTokenPermissions('main.admin;plugin.moto.edit', [...PERMISSIONS, 'plugin.moto.view']);
    expect(keys).toContain('main.admin');
    expect(keys).toContain('main.order.edit');
    expect(keys).toContain('plugin.moto.view');
    expect(keys).toContain('plugin.moto.edit');
    expect(keys).not.toContain('main.users.edit');
  });
});

describe('apiTokenCreateSchema', () => {
  it('takes a name, at least one permission key and 1 to 365 days', () => {
    expect(
      apiTokenCreateSchema.parse({ name: ' Eksport ', permissions: ['main.items.show'], expiresInDays: 365 }),
    ).toEqual({ name: 'Eksport', permissions: ['main.items.show'], expiresInDays: 365 });
    for (const bad of [
      { name: 'x', permissions: ['main.items.show'], expiresInDays: 366 },
      { name: 'x', permissions: ['main.items.show'], expiresInDays: 1.5 },
      { name: 'x', permissions: ['main.items.show'], expiresInDays: '30' },
      { name: 'x', permissions: [], expiresInDays: 30 },
      { name: 'x', permissions: ['nie.ma.takiego'], expiresInDays: 30 },
      { name: '', permissions: ['main.items.show'], expiresInDays: 30 },
    ])
      expect(apiTokenCreateSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
