import { VALIDATION, type PermissionsInfo, type User } from '@zaplecze/contract';
import { describe, expect, it } from 'vitest';
import {
  buildUserCreate,
  buildUserUpdate,
  canTogglePermission,
  groupPermissions,
  loginUserPart,
  permissionsChanged,
  togglePermission,
  userFormDefaults,
  userFormSchema,
  type UserFormValues,
} from './user-form';

const org = {
  id: 1,
  registrationDate: '2025-01-02T10:00:00.000Z',
  name: 'ACME',
  taxId: '',
  address: 'Ulica 1',
  postCodeCity: '00-001 Warszawa',
  countryCode: 'PL',
  prefix: 'acme',
};
const jan: User = {
  id: 7,
  login: 'acme_jan',
  name: 'Jan',
  email: 'jan@acme.pl',
  tel: '123',
  permissions: 'main.items.show;main.order.show',
  organization: org,
};

const values = (over: Partial<UserFormValues> = {}): UserFormValues => ({ ...userFormDefaults(jan), ...over });

describe('buildUserUpdate', () => {
  it('sends the plain fields and nothing else when nothing else changed', () => {
    expect(buildUserUpdate(values(), jan, { self: false, canSetPermissions: true })).toEqual({
      id: 7,
      name: 'Jan',
      email: 'jan@acme.pl',
      tel: '123',
    });
  });

  it('sends a new login only when one was entered and differs from the current one', () => {
    expect(buildUserUpdate(values({ login: 'janek' }), jan, { self: false, canSetPermissions: true }).login).toBe(
      'janek',
    );
    expect(buildUserUpdate(values({ login: 'jan' }), jan, { self: false, canSetPermissions: true })).not.toHaveProperty(
      'login',
    );
    expect(buildUserUpdate(values({ login: '' }), jan, { self: false, canSetPermissions: true })).not.toHaveProperty(
      'login',
    );
  });

  it('sends permissions only when the set changed, whatever the order', () => {
    const same = values({ permissions: ['main.order.show', 'main.items.show'] });
    expect(buildUserUpdate(same, jan, { self: false, canSetPermissions: true })).not.toHaveProperty('permissions');
    const more = values({ permissions: ['main.order.show', 'main.items.show', 'main.items.edit'] });
    expect(buildUserUpdate(more, jan, { self: false, canSetPermissions: true }).permissions).toBe(
      'main.items.edit;main.items.show;main.order.show',
    );
    const none = values({ permissions: [] });
    expect(buildUserUpdate(none, jan, { self: false, canSetPermissions: true }).permissions).toBe('');
  });

  it('never sends permissions for someone who may not change them', () => {
    const more = values({ permissions: ['main.admin'] });
    expect(buildUserUpdate(more, jan, { self: true, canSetPermissions: false })).not.toHaveProperty('permissions');
  });

  it('sends a new password, with the old one only when editing oneself', () => {
    const v = values({ pass: 'NoweHaslo1', passRepeat: 'NoweHaslo1', oldPass: 'Stare123!' });
    expect(buildUserUpdate(v, jan, { self: true, canSetPermissions: true })).toMatchObject({
      pass: 'NoweHaslo1',
      oldPass: 'Stare123!',
    });
    const other = buildUserUpdate(v, jan, { self: false, canSetPermissions: true });
    expect(other.pass).toBe('NoweHaslo1');
    expect(other).not.toHaveProperty('oldPass');
    expect(buildUserUpdate(values({ oldPass: 'x' }), jan, { self: true, canSetPermissions: true })).not.toHaveProperty(
      'pass',
    );
  });
});

describe('buildUserCreate', () => {
  it('always sends the permissions, joined in the stored form', () => {
    const v: UserFormValues = {
      ...userFormDefaults(undefined),
      login: 'ola',
      pass: 'Secret123!',
      passRepeat: 'Secret123!',
    };
    expect(buildUserCreate(v)).toEqual({
      login: 'ola',
      name: '',
      email: '',
      tel: '',
      pass: 'Secret123!',
      permissions: '',
    });
    expect(buildUserCreate({ ...v, permissions: ['main.order.show', 'main.items.show'] }).permissions).toBe(
      'main.items.show;main.order.show',
    );
  });
});

describe('userFormSchema', () => {
  it('requires a login and a password for a new user, with the contract messages', () => {
    const r = userFormSchema({ isNew: true, self: false }).safeParse(userFormDefaults(undefined));
    expect(r.success).toBe(false);
    // The form shows the first message of each field.
    const first = (field: string) => r.error?.issues.find((i) => i.path[0] === field)?.message;
    const messages = { login: first('login'), pass: first('pass') };
    expect(messages.login).toBe(VALIDATION.userRequired);
    expect(messages.pass).toBe(VALIDATION.passwordLength);
  });

  it('lets an existing user keep the login and password empty, but checks them when entered', () => {
    const schema = userFormSchema({ isNew: false, self: false });
    expect(schema.safeParse(values()).success).toBe(true);
    const bad = schema.safeParse(values({ login: 'Zły login', pass: 'short', passRepeat: 'short' }));
    expect(bad.error?.issues.map((i) => i.message).sort()).toEqual(
      [VALIDATION.passwordLength, VALIDATION.userChars].sort(),
    );
  });

  it('lower-cases and trims the login like the server', () => {
    const r = userFormSchema({ isNew: true, self: false }).parse({
      ...values(),
      login: '  Ola.K ',
      pass: 'Secret123!',
      passRepeat: 'Secret123!',
    });
    expect(r.login).toBe('ola.k');
  });

  it('asks for the old password with a new one only when editing oneself', () => {
    const v = values({ pass: 'NoweHaslo1', passRepeat: 'NoweHaslo1' });
    const self = userFormSchema({ isNew: false, self: true }).safeParse(v);
    expect(self.error?.issues).toEqual([
      expect.objectContaining({ path: ['oldPass'], message: VALIDATION.oldPassRequired }),
    ]);
    expect(userFormSchema({ isNew: false, self: false }).safeParse(v).success).toBe(true);
  });

  it('refuses a repeat that differs from the password, before any call', () => {
    const r = userFormSchema({ isNew: true, self: false }).safeParse({
      ...values(),
      login: 'ola',
      pass: 'Secret123!',
      passRepeat: 'Secret124!',
    });
    expect(r.error?.issues).toEqual([
      expect.objectContaining({ path: ['passRepeat'], message: VALIDATION.passwordsDiffer }),
    ]);
    const edit = userFormSchema({ isNew: false, self: false }).safeParse(values({ pass: '', passRepeat: 'x' }));
    expect(edit.error?.issues[0]?.path).toEqual(['passRepeat']);
  });

  it('rejects a bad e-mail with the contract message and accepts an empty one', () => {
    const schema = userFormSchema({ isNew: false, self: false });
    expect(schema.safeParse(values({ email: 'nie-mail' })).error?.issues[0]?.message).toBe(VALIDATION.emailInvalid);
    expect(schema.safeParse(values({ email: '' })).success).toBe(true);
  });
});

describe('permissions helpers', () => {
  const info: PermissionsInfo = {
    sections: [
      { key: 'admin', name: 'Administracja', desc: '' },
      { key: 'empty', name: 'Pusta', desc: '' },
      { key: 'items', name: 'Towary', desc: 'Katalog' },
    ],
    permissions: [
      { key: 'main.items.show', name: 'Podgląd', desc: '', section: 'items' },
      { key: 'main.admin', name: 'Administrator', desc: '', section: 'admin' },
      { key: 'main.items.edit', name: 'Edycja', desc: '', section: 'items' },
      { key: 'main.plugins.manage', name: 'Pluginy', desc: '', section: 'unknown' },
    ],
  };

  it('groups permissions by section in the server order, drops empty sections, collects the rest', () => {
    const groups = groupPermissions(info, 'Pozostałe');
    expect(groups.map((g) => g.section.name)).toEqual(['Administracja', 'Towary', 'Pozostałe']);
    expect(groups[1]?.permissions.map((p) => p.key)).toEqual(['main.items.show', 'main.items.edit']);
    expect(groups[2]?.permissions.map((p) => p.key)).toEqual(['main.plugins.manage']);
  });

  it('lets an administrator toggle anything and a manager only what they hold, never main.admin', () => {
    expect(canTogglePermission('main.admin', 'main.admin')).toBe(true);
    expect(canTogglePermission('main.admin', 'main.items.edit')).toBe(true);
    const manager = 'main.users.edit;main.items.show';
    expect(canTogglePermission(manager, 'main.items.show')).toBe(true);
    expect(canTogglePermission(manager, 'main.items.edit')).toBe(false);
    expect(canTogglePermission(manager, 'main.admin')).toBe(false);
    // exact keys: main.items.show does not grant main.items
    expect(canTogglePermission('main.items.show', 'main.items')).toBe(false);
  });

  it('toggles one key and tells a real change from a reordering', () => {
    expect(togglePermission(['a', 'b'], 'c', true)).toEqual(['a', 'b', 'c']);
    expect(togglePermission(['a', 'b'], 'a', false)).toEqual(['b']);
    expect(togglePermission(['a'], 'a', true)).toEqual(['a']);
    expect(permissionsChanged('b;a', ['a', 'b'])).toBe(false);
    expect(permissionsChanged('a; b ;', ['a'])).toBe(true);
  });

  it('takes the user part of a login', () => {
    expect(loginUserPart(jan)).toBe('jan');
    expect(loginUserPart({ ...jan, login: 'other_jan' })).toBe('other_jan');
  });
});
