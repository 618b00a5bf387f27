import { describe, expect, it } from 'vitest';
import {
  ADMIN_PERMISSION,
  PERMISSIONS,
  hasPermissionExact,
  hasPermissionForScreen,
  joinPermissions,
  parsePermissions,
} from './permissions';

describe('PERMISSIONS', () => {
  it('holds every key of docs/rules/server-side-rules.md, once', () => {
    const required = [
      'main.admin',
      'main.misc.homepage.show',
      'main.items.show',
      'main.items.edit',
      'main.order.show',
      'main.order.edit',
      'main.order.summary.show',
      'main.warehouse.edit',
      'main.settings.edit',
      'main.users.edit',
      'main.plugins.manage',
    ];
    expect(PERMISSIONS).toEqual(expect.arrayContaining(required));
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    expect(ADMIN_PERMISSION).toBe('main.admin');
  });
});

describe('parsePermissions / joinPermissions', () => {
  it('splits on ";" and drops blanks and spaces', () => {
    expect(parsePermissions(' main.items.show ;;main.order.show; ')).toEqual(['main.items.show', 'main.order.show']);
    expect(parsePermissions('')).toEqual([]);
    expect(parsePermissions(null)).toEqual([]);
    expect(parsePermissions(undefined)).toEqual([]);
  });

  it('joins sorted, without duplicates or blanks', () => {
    expect(joinPermissions(['main.order.show', ' main.items.show', 'main.order.show', ''])).toBe(
      'main.items.show;main.order.show',
    );
    expect(joinPermissions([])).toBe('');
  });
});

describe('hasPermissionExact (the server check)', () => {
  it('matches whole keys only, case-insensitively', () => {
    expect(hasPermissionExact('main.items.show;main.order.show', 'main.order.show')).toBe(true);
    expect(hasPermissionExact('main.items.show', 'MAIN.ITEMS.SHOW')).toBe(true);
    expect(hasPermissionExact('main.order.summary.show', 'main.order.show')).toBe(false);
    expect(hasPermissionExact('main.items.show.extra', 'main.items.show')).toBe(false);
    expect(hasPermissionExact('', 'main.items.show')).toBe(false);
  });

  it('lets main.admin pass every check', () => {
    expect(hasPermissionExact('main.admin', 'main.plugins.manage')).toBe(true);
    expect(hasPermissionExact('main.items.show;main.admin', 'main.users.edit')).toBe(true);
    expect(hasPermissionExact('main.administrator', 'main.users.edit')).toBe(false);
  });
});

describe('hasPermissionForScreen (docs/rules/platform-rules.md §6)', () => {
  it('is a case-insensitive substring match, main.admin passes', () => {
    expect(hasPermissionForScreen('MAIN.ORDER.SUMMARY.SHOW', 'main.order')).toBe(true);
    expect(hasPermissionForScreen('main.items.show', 'main.order.show')).toBe(false);
    expect(hasPermissionForScreen('main.admin', 'anything')).toBe(true);
    expect(hasPermissionForScreen('', 'main.items.show')).toBe(false);
  });
});
