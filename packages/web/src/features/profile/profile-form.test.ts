import { VALIDATION } from '@zaplecze/contract';
import { describe, expect, it } from 'vitest';
import { buildProfileUpdate, profileFormDefaults, profileFormSchema } from './profile-form';

const base = profileFormDefaults({ name: 'Jan', email: 'jan@acme.pl', tel: '123 456' });

describe('buildProfileUpdate', () => {
  it('sends name, e-mail and phone, and no password when none was entered', () => {
    expect(buildProfileUpdate(base)).toEqual({ name: 'Jan', email: 'jan@acme.pl', tel: '123 456' });
  });

  it('sends the new password together with the old one', () => {
    expect(buildProfileUpdate({ ...base, oldPass: 'Stare123!', pass: 'NoweHaslo1', passRepeat: 'NoweHaslo1' })).toEqual(
      {
        name: 'Jan',
        email: 'jan@acme.pl',
        tel: '123 456',
        pass: 'NoweHaslo1',
        oldPass: 'Stare123!',
      },
    );
  });
});

describe('profileFormSchema', () => {
  it('accepts the profile unchanged', () => {
    expect(profileFormSchema().safeParse(base).success).toBe(true);
  });

  it('needs the old password with a new one, and a long enough new one', () => {
    const r = profileFormSchema().safeParse({ ...base, pass: 'short', passRepeat: 'short' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual(
      expect.arrayContaining([
        ['pass', VALIDATION.passwordLength],
        ['oldPass', VALIDATION.oldPassRequired],
      ]),
    );
  });

  it('refuses a repeat that differs from the new password even when the old one is missing', () => {
    const r = profileFormSchema().safeParse({ ...base, pass: 'NoweHaslo1', passRepeat: 'NoweHaslo2' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual(
      expect.arrayContaining([
        ['passRepeat', VALIDATION.passwordsDiffer],
        ['oldPass', VALIDATION.oldPassRequired],
      ]),
    );
  });

  it('uses the contract rules for e-mail and phone', () => {
    const r = profileFormSchema().safeParse({ ...base, email: 'x@', tel: 'abc' });
    expect(r.error?.issues.map((i) => i.message).sort()).toEqual(
      [VALIDATION.emailInvalid, VALIDATION.telInvalid].sort(),
    );
  });
});
