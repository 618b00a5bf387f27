import type { RegisterRequest, TokenObject } from '@zaplecze/contract';
import { ApiClient, type TestServer } from './harness';

let seq = 0;

/** A valid registration payload; the prefix is unique per call. */
export function registrationData(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  seq += 1;
  return {
    companyName: `Firma ${seq} sp. z o.o.`,
    taxId: '5260250995',
    address: 'ul. Długa 1',
    postcodeCity: '00-001 Warszawa',
    country: 'PL',
    orgPrefix: `org${seq}${Math.floor(Math.random() * 1e6)}`,
    adminUser: 'admin',
    adminPass: 'Tajne-Hasło-123',
    adminPassRepeat: 'Tajne-Hasło-123',
    adminEmail: 'admin@example.pl',
    adminTel: '+48 600 100 200',
    captcha: '',
    acceptedRegulations: true,
    captchaUUID: '',
    ...overrides,
  };
}

/** Fetches a captcha and fills in its known answer. */
export async function withCaptcha(
  server: TestServer,
  client: ApiClient,
  data: RegisterRequest,
): Promise<RegisterRequest> {
  const c = await client.get<{ uuid: string }>('/api/captcha');
  return { ...data, captchaUUID: c.body.uuid, captcha: server.captcha.last };
}

export interface TestOrg {
  prefix: string;
  adminLogin: string;
  adminPass: string;
  admin: ApiClient;
  token: TokenObject;
}

/** The organisation's id, as its administrator's sign-in answered it (no query). */
export const orgIdOf = (org: TestOrg): number => org.token.user.organization.id;

/** Registers an organisation through the API and signs its administrator in. */
export async function createOrg(server: TestServer, overrides: Partial<RegisterRequest> = {}): Promise<TestOrg> {
  const client = new ApiClient(server.url);
  const data = await withCaptcha(server, client, registrationData(overrides));
  const res = await client.post<{ login: string }>('/api/register', data);
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const token = await client.login(res.body.login, data.adminPass);
  return { prefix: data.orgPrefix, adminLogin: res.body.login, adminPass: data.adminPass, admin: client, token };
}

/** Creates a user in the org (by its admin) and returns a signed-in client for it. */
export async function createUser(
  server: TestServer,
  org: TestOrg,
  user: { login: string; permissions?: string; pass?: string },
): Promise<{ client: ApiClient; id: number; login: string; pass: string }> {
  const pass = user.pass ?? 'Haslo-uzytkownika-1';
  const res = await org.admin.post<{ id: number; login: string }>('/api/users', {
    login: user.login,
    pass,
    permissions: user.permissions ?? '',
    name: user.login,
    email: `${user.login}@example.pl`,
    tel: '123456789',
  });
  if (res.status !== 200) throw new Error(`create user failed: ${res.status} ${JSON.stringify(res.body)}`);
  const client = new ApiClient(server.url);
  await client.login(res.body.login, pass);
  return { client, id: res.body.id, login: res.body.login, pass };
}
