import { describe, expect, it } from 'vitest';
import { VALIDATION as V } from './messages';
import { clientDataInputSchema } from './orders';
import {
  emailSchema,
  formBoolean,
  idSchema,
  loginRequestSchema,
  optionalEmailSchema,
  orgPrefixSchema,
  passwordSchema,
  registerRequestSchema,
  userCreateSchema,
  userUpdateSchema,
} from './schemas';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

const registration = {
  companyName: 'Firma',
  taxId: '',
  address: 'ul. Długa 1',
  postcodeCity: '00-001 Warszawa',
  country: 'pl',
  orgPrefix: 'acme',
  adminUser: 'admin',
  adminPass: 'Tajne-Hasło-1',
  adminPassRepeat: 'Tajne-Hasło-1',
  adminEmail: 'a@b.pl',
  adminTel: '600100200',
  captcha: 'ABCDE',
  acceptedRegulations: 'on',
  captchaUUID: 'u',
};

describe('formBoolean', () => {
  it('reads form values and JSON booleans', () => {
    for (const v of [true, 'true', '1', 'on', 1]) expect(formBoolean.parse(v)).toBe(true);
    for (const v of [false, 'false', '0', '', 'off', 0]) expect(formBoolean.parse(v)).toBe(false);
  });
});

describe('idSchema', () => {
  it('takes positive integers, also from query strings', () => {
    expect(idSchema.parse('42')).toBe(42);
    expect(idSchema.parse(7)).toBe(7);
  });
  it.each(['abc', '-1', '0', '1.5', '1e99', '', 2 ** 31])('refuses %s with a Polish message', (v) => {
    expect(firstMessage(idSchema.safeParse(v))).toBe(V.idInvalid);
  });
});

describe('orgPrefixSchema', () => {
  it('takes 3 to 20 letters and digits, lower-cased', () => {
    expect(orgPrefixSchema.parse('abc')).toBe('abc');
    expect(orgPrefixSchema.parse(' Acme1 ')).toBe('acme1');
    expect(orgPrefixSchema.parse('a'.repeat(20))).toBe('a'.repeat(20));
  });
  it.each([
    ['ab', V.prefixLength],
    ['a'.repeat(21), V.prefixLength],
    ['ab_c', V.prefixChars],
    ['łódź', V.prefixChars],
  ])('refuses %s', (v, message) => {
    expect(firstMessage(orgPrefixSchema.safeParse(v))).toBe(message);
  });
});

describe('passwordSchema', () => {
  it('counts characters, not bytes, from 8 to 128, any Unicode', () => {
    expect(passwordSchema.safeParse('ąęśćżźół').success).toBe(true);
    expect(passwordSchema.safeParse('😀'.repeat(8)).success).toBe(true);
    expect(passwordSchema.safeParse('😀'.repeat(128)).success).toBe(true);
    expect(passwordSchema.safeParse('😀'.repeat(129)).success).toBe(false);
    expect(passwordSchema.safeParse('1234567').success).toBe(false);
    expect(passwordSchema.safeParse('  spacje  ').success).toBe(true);
  });
});

describe('registerRequestSchema', () => {
  it('accepts a form post and normalises it', () => {
    const r = registerRequestSchema.parse(registration);
    expect(r).toMatchObject({ country: 'PL', acceptedRegulations: true, taxId: '' });
  });
  it('refuses differing passwords on the repeat field', () => {
    const r = registerRequestSchema.safeParse({ ...registration, adminPassRepeat: 'inne-haslo-1' });
    expect(r.error?.issues[0]).toMatchObject({ message: V.passwordsDiffer, path: ['adminPassRepeat'] });
  });
  it('needs the terms accepted, also when the field is missing', () => {
    expect(firstMessage(registerRequestSchema.safeParse({ ...registration, acceptedRegulations: 'false' }))).toBe(
      V.regulationsRequired,
    );
    const { acceptedRegulations: _, ...without } = registration;
    expect(firstMessage(registerRequestSchema.safeParse(without))).toBe(V.regulationsRequired);
  });
});

describe('login and user schemas', () => {
  it('lower-cases the login and defaults longtoken to false', () => {
    expect(loginRequestSchema.parse({ login: ' ACME_Admin ', pass: 'x' })).toEqual({
      login: 'acme_admin',
      pass: 'x',
      longtoken: false,
    });
    expect(loginRequestSchema.parse({ login: 'a', pass: 'x', longtoken: 'true' }).longtoken).toBe(true);
  });
  it('creates users with the user part only and known permissions', () => {
    expect(userCreateSchema.parse({ login: 'Jan.K', pass: '12345678' })).toMatchObject({
      login: 'jan.k',
      permissions: '',
      email: '',
    });
    expect(firstMessage(userCreateSchema.safeParse({ login: 'acme_jan', pass: '12345678' }))).toBe(V.userChars);
    expect(firstMessage(userCreateSchema.safeParse({ login: 'jan', pass: '12345678', permissions: 'main.root' }))).toBe(
      V.permissionUnknown,
    );
  });
  it('updates need a valid id and leave other fields optional', () => {
    expect(userUpdateSchema.parse({ id: '3' })).toEqual({ id: 3 });
    expect(userUpdateSchema.safeParse({ name: 'x' }).success).toBe(false);
  });
});

describe('e-mail addresses', () => {
  it.each(['a@b.pl', 'jan.kowalski+sklep@firma.com.pl', 'x_y-z@sub-domena.example.org', "o'brien@żółw.pl"])(
    'accepts %j',
    (e) => expect(emailSchema.safeParse(e).success).toBe(true),
  );
  it.each([
    'a@b.pl,c',
    'a@b.pl, c@d.pl',
    'a@b.pl;c@d.pl',
    'a b@c.pl',
    'a@b@c.pl',
    'a@b',
    '@b.pl',
    'a@.pl',
    'a@b..pl',
    '.a@b.pl',
    'a.@b.pl',
    'a..b@c.pl',
    'a@-b.pl',
    'a@b-.pl',
    'a@1.2',
    '"a"@b.pl',
    '<a@b.pl>',
    'a@b.pl\u0000',
    `${'a'.repeat(65)}@b.pl`,
    `a@${'b'.repeat(250)}.pl`,
  ])('refuses %j', (e) => {
    expect(emailSchema.safeParse(e).success).toBe(false);
    expect(optionalEmailSchema.safeParse(e).success).toBe(false);
  });
  it('the order buyer e-mail follows the same rule', () => {
    expect(clientDataInputSchema.safeParse({ email: 'a@b.pl,c' }).success).toBe(false);
    expect(clientDataInputSchema.safeParse({ email: '' }).success).toBe(true);
    expect(clientDataInputSchema.parse({ email: ' a@b.pl ' }).email).toBe('a@b.pl');
  });
});
