import { describe, expect, it } from 'vitest';
import { ApiError } from '@web/platform/api';
import {
  emptyRegisterForm,
  errorField,
  loginPreview,
  registerFormSchema,
  toRegisterForm,
  type RegisterFormValues,
} from './register-form';

const filled: RegisterFormValues = {
  ...emptyRegisterForm,
  companyName: ' ACME sp. z o.o. ',
  address: 'ul. Prosta 1',
  postcodeCity: '00-001 Warszawa',
  country: 'pl',
  orgPrefix: 'ACME',
  adminUser: 'Admin',
  adminPass: 'Secret123!',
  adminPassRepeat: 'Secret123!',
  adminEmail: 'admin@acme.pl',
  adminTel: '+48 600 000 000',
  captcha: 'abc12',
  acceptedRegulations: true,
  captchaUUID: 'uuid-1',
};

describe('registration form', () => {
  it('sends exactly the payload names of the spec, normalised as text', () => {
    const body = toRegisterForm(registerFormSchema.parse(filled));
    expect(Object.keys(body).sort()).toEqual(
      [
        'companyName',
        'taxId',
        'address',
        'postcodeCity',
        'country',
        'orgPrefix',
        'adminUser',
        'adminPass',
        'adminPassRepeat',
        'adminEmail',
        'adminTel',
        'captcha',
        'acceptedRegulations',
        'captchaUUID',
      ].sort(),
    );
    expect(body).toMatchObject({
      companyName: 'ACME sp. z o.o.',
      taxId: '',
      country: 'PL',
      orgPrefix: 'acme',
      adminUser: 'admin',
      acceptedRegulations: 'true',
    });
  });

  it('refuses an empty form with the Polish messages of the contract, tax id excepted', () => {
    const result = registerFormSchema.safeParse(emptyRegisterForm);
    expect(result.success).toBe(false);
    const fields = new Set(result.error?.issues.map((i) => String(i.path[0])));
    for (const f of [
      'companyName',
      'address',
      'postcodeCity',
      'country',
      'orgPrefix',
      'adminUser',
      'adminPass',
      'adminEmail',
      'adminTel',
      'captcha',
      'acceptedRegulations',
    ]) {
      expect(fields, f).toContain(f);
    }
    expect(fields).not.toContain('taxId');
    const prefixIssue = result.error?.issues.find((i) => i.path[0] === 'orgPrefix');
    expect(prefixIssue?.message).toMatch(/Prefiks organizacji/);
  });

  it('reports differing passwords on the repeat field', () => {
    const result = registerFormSchema.safeParse({ ...filled, adminPassRepeat: 'Other1234' });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['adminPassRepeat']);
  });

  it('maps server errors to the input they are about', () => {
    expect(errorField(new ApiError(400, 'Błędny kod', 'captcha'))).toBe('captcha');
    expect(errorField(new ApiError(400, 'Brak kodu', 'captchaUUID'))).toBe('captcha');
    expect(errorField(new ApiError(400, 'Nieznany kraj', 'country'))).toBe('country');
    expect(errorField(new ApiError(409, 'Prefiks zajęty'))).toBe('orgPrefix');
    expect(errorField(new ApiError(400, 'Zły typ', 'nested.thing'))).toBeUndefined();
    expect(errorField(new ApiError(403, 'Rejestracja wyłączona'))).toBeUndefined();
    expect(errorField(new Error('network'))).toBeUndefined();
  });

  it('previews the login the server will build, lower-cased, once both parts are typed', () => {
    expect(loginPreview(' Acme ', 'Jan.Kowalski')).toEqual({
      prefix: 'acme',
      user: 'jan.kowalski',
      login: 'acme_jan.kowalski',
    });
    expect(loginPreview('acme', '  ')).toEqual({ prefix: 'acme', user: null, login: null });
    expect(loginPreview(undefined, 'admin')).toEqual({ prefix: null, user: 'admin', login: null });
  });
});
