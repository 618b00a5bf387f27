import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisterRequest } from '@zaplecze/contract';
import { ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { registrationData, withCaptcha } from '../../../test/factories';

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  client = new ApiClient(server.url);
});
afterAll(() => server.close());

/** Posts a registration with a fresh, correct captcha. */
async function register(overrides: Partial<RegisterRequest> = {}, drop: (keyof RegisterRequest)[] = []) {
  const data: Record<string, unknown> = { ...(await withCaptcha(server, client, registrationData())), ...overrides };
  for (const k of drop) delete data[k];
  return client.post<{ login?: string; message?: string; field?: string }>('/api/register', data);
}

async function orgCount(prefix: string): Promise<number> {
  const rows = await server.deps.db.selectFrom('organizations').select('id').where('prefix', '=', prefix).execute();
  return rows.length;
}

describe('POST /api/register: success', () => {
  it('creates the organisation and its administrator, who can sign in', async () => {
    const res = await register({ orgPrefix: 'acme', adminUser: 'jan.kowalski' });
    expect(res.status).toBe(200);
    expect(res.body.login).toBe('acme_jan.kowalski');
    const c = new ApiClient(server.url);
    const t = await c.login('acme_jan.kowalski', 'Tajne-Hasło-123');
    expect(t.user.permissions).toBe('main.admin');
    expect(t.user.organization).toMatchObject({ prefix: 'acme', countryCode: 'PL', taxId: '5260250995' });
  });

  it('accepts a form post as the browser sends it, with an empty tax id', async () => {
    const data = await withCaptcha(server, client, registrationData({ taxId: '' }));
    const form = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));
    const res = await client.request('POST', '/api/register', { form });
    expect(res.status).toBe(200);
  });

  it('accepts Unicode passwords of 8 to 128 characters', async () => {
    const pass = 'zażółćgę';
    const res = await register({ adminPass: pass, adminPassRepeat: pass });
    expect(res.status).toBe(200);
    await new ApiClient(server.url).login(String(res.body.login), pass);
    const long = 'ł'.repeat(128);
    expect((await register({ adminPass: long, adminPassRepeat: long })).status).toBe(200);
  });

  it('refuses a taken prefix with 409', async () => {
    expect((await register({ orgPrefix: 'dwa2' })).status).toBe(200);
    const again = await register({ orgPrefix: 'dwa2' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Ten prefiks organizacji jest już zajęty.');
    expect(await orgCount('dwa2')).toBe(1);
  });
});

describe('POST /api/register: every required field', () => {
  const required: [keyof RegisterRequest, string][] = [
    ['companyName', 'Podaj nazwę firmy.'],
    ['address', 'Podaj adres do faktury.'],
    ['postcodeCity', 'Podaj kod pocztowy i miejscowość.'],
    ['country', 'Wybierz kraj.'],
    ['orgPrefix', 'Prefiks organizacji musi mieć od 3 do 20 znaków.'],
    ['adminUser', 'Podaj nazwę użytkownika.'],
    ['adminPass', 'Hasło musi mieć od 8 do 128 znaków.'],
    ['adminPassRepeat', 'Hasła się nie zgadzają!'],
    ['adminEmail', 'Niepoprawny adres e-mail.'],
    ['adminTel', 'Podaj numer telefonu.'],
    ['captcha', 'Przepisz kod z obrazka.'],
    ['captchaUUID', 'Przepisz kod z obrazka.'],
    ['acceptedRegulations', 'Musisz zaakceptować regulamin i politykę prywatności.'],
  ];
  it.each(required)('missing %s answers 400 "%s"', async (field, message) => {
    const prefix = `miss${field.toLowerCase().slice(0, 12)}`;
    const res = await register({ orgPrefix: prefix }, [field]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await orgCount(prefix)).toBe(0);
  });

  it.each(required.filter(([f]) => f !== 'acceptedRegulations'))('blank %s answers 400', async (field) => {
    const res = await register({ [field]: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/[a-ząćęłńóśźż]/i);
  });

  it('needs the terms accepted', async () => {
    const res = await register({ acceptedRegulations: false });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Musisz zaakceptować regulamin i politykę prywatności.');
  });

  it('takes the tax id as optional', async () => {
    expect((await register({}, ['taxId'])).status).toBe(200);
  });

  it('checks the NIP of a Polish company by its check digit; a foreign tax number is taken as typed', async () => {
    const wrong = await register({ orgPrefix: 'nipzly', taxId: '525-000-10-09' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      field: 'taxId',
      message: 'Nieprawidłowy NIP: sprawdź cyfry, ostatnia cyfra kontrolna się nie zgadza.',
    });
    expect((await register({ orgPrefix: 'nipdobry', taxId: 'PL 526-025-09-95' })).status).toBe(200);
    expect((await register({ orgPrefix: 'nipobcy', taxId: 'DE123456789', country: 'DE' })).status).toBe(200);
  });
});

describe('POST /api/register: field rules', () => {
  const bad: [string, Partial<RegisterRequest>, string][] = [
    ['prefix of 2 characters', { orgPrefix: 'ab' }, 'Prefiks organizacji musi mieć od 3 do 20 znaków.'],
    ['prefix of 21 characters', { orgPrefix: 'a'.repeat(21) }, 'Prefiks organizacji musi mieć od 3 do 20 znaków.'],
    ['prefix with "_"', { orgPrefix: 'ab_c' }, 'Prefiks organizacji może zawierać tylko małe litery i cyfry.'],
    ['prefix with "-"', { orgPrefix: 'ab-c' }, 'Prefiks organizacji może zawierać tylko małe litery i cyfry.'],
    [
      'prefix with a Polish letter',
      { orgPrefix: 'żabka' },
      'Prefiks organizacji może zawierać tylko małe litery i cyfry.',
    ],
    [
      'user part with "_"',
      { adminUser: 'jan_k' },
      'Nazwa użytkownika może zawierać tylko małe litery, cyfry, kropkę i myślnik.',
    ],
    [
      'user part with a space',
      { adminUser: 'jan k' },
      'Nazwa użytkownika może zawierać tylko małe litery, cyfry, kropkę i myślnik.',
    ],
    ['user part of 41 characters', { adminUser: 'a'.repeat(41) }, 'Nazwa użytkownika może mieć najwyżej 40 znaków.'],
    [
      'password of 7 characters',
      { adminPass: 'zażółć1', adminPassRepeat: 'zażółć1' },
      'Hasło musi mieć od 8 do 128 znaków.',
    ],
    [
      'password of 129 characters',
      { adminPass: 'ł'.repeat(129), adminPassRepeat: 'ł'.repeat(129) },
      'Hasło musi mieć od 8 do 128 znaków.',
    ],
    ['repeat that differs', { adminPassRepeat: 'Tajne-Hasło-124' }, 'Hasła się nie zgadzają!'],
    ['e-mail without @', { adminEmail: 'admin.example.pl' }, 'Niepoprawny adres e-mail.'],
    ['e-mail without domain', { adminEmail: 'admin@' }, 'Niepoprawny adres e-mail.'],
    ['phone with letters', { adminTel: 'zadzwoń' }, 'Niepoprawny numer telefonu.'],
    ['unknown country', { country: 'XX' }, 'Nieznany kod kraju.'],
    ['country of 3 letters', { country: 'POL' }, 'Wybierz kraj.'],
  ];
  it.each(bad)('%s answers 400', async (_name, overrides, message) => {
    const res = await register({ orgPrefix: `bad${Math.floor(Math.random() * 1e9)}`, ...overrides });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('accepts the limits: prefix of 3 and 20, user part of 40 with "." and "-"', async () => {
    expect((await register({ orgPrefix: 'a1b' })).status).toBe(200);
    expect((await register({ orgPrefix: 'a'.repeat(19) + '9' })).status).toBe(200);
    const user = `j.k-${'x'.repeat(36)}`;
    const res = await register({ orgPrefix: 'userlimit', adminUser: user });
    expect(res.status).toBe(200);
    expect(res.body.login).toBe(`userlimit_${user}`);
  });

  it('lower-cases the prefix and user part given in capitals', async () => {
    const res = await register({ orgPrefix: 'WIELKIE', adminUser: 'Admin' });
    expect(res.status).toBe(200);
    expect(res.body.login).toBe('wielkie_admin');
  });
});
