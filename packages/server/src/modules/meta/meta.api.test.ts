import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, mainInfoSchema } from '@zaplecze/contract';
import { ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { createOrg } from '../../../test/factories';

let server: TestServer;
let anon: ApiClient;

beforeAll(async () => {
  server = await startTestServer({ loginInfo: 'Przerwa techniczna w niedzielę' });
  anon = new ApiClient(server.url);
});
afterAll(() => server.close());

describe('GET /api/ (main info)', () => {
  it('answers isTest, the configured login info and the package version without a token', async () => {
    const res = await anon.get('/api/');
    expect(res.status).toBe(200);
    const info = mainInfoSchema.parse(res.body);
    expect(info.isTest).toBe(true);
    expect(info.loginInfo).toBe('Przerwa techniczna w niedzielę');
    expect(info.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('says isTest false outside a test environment', async () => {
    const prod = await startTestServer({ isTest: false });
    try {
      const res = await new ApiClient(prod.url).get('/api/');
      expect(res.body).toMatchObject({ isTest: false, loginInfo: '' });
    } finally {
      await prod.close();
    }
  });

  it('sets the XSRF-TOKEN cookie on the first call', async () => {
    const res = await fetch(`${server.url}/api/`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
    expect(cookie).toMatch(/XSRF-TOKEN=[\w-]{20,};/);
    expect(cookie).toMatch(/SameSite=Strict/i);
  });
});

describe('GET /api/data/languages', () => {
  it('lists Polish first, each with a code and a name', async () => {
    const res = await anon.get<{ languages: { code: string; name: string }[] }>('/api/data/languages');
    expect(res.status).toBe(200);
    expect(res.body.languages[0]).toEqual({ code: 'pl', name: 'Polski' });
    for (const l of res.body.languages) expect(l.code).toMatch(/^[a-z]{2}$/);
  });
});

describe('GET /api/data/countries', () => {
  it('lists ISO codes with Polish names, Poland first, the rest in Polish order', async () => {
    const res = await anon.get<{ countries: { code: string; name: string }[] }>('/api/data/countries');
    expect(res.status).toBe(200);
    const list = res.body.countries;
    expect(list.length).toBeGreaterThan(240);
    expect(list[0]).toEqual({ code: 'PL', name: 'Polska' });
    const byCode = new Map(list.map((c) => [c.code, c.name]));
    expect(byCode.get('DE')).toBe('Niemcy');
    expect(byCode.get('CZ')).toBe('Czechy');
    expect(byCode.get('GB')).toMatch(/Wielka Brytania|Zjednoczone Królestwo/);
    for (const c of list) expect(c.code).toMatch(/^[A-Z]{2}$/);
    expect(new Set(list.map((c) => c.code)).size).toBe(list.length);
    const rest = list.slice(1).map((c) => c.name);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('pl').compare));
  });
});

describe('GET /api/data/permissions_info', () => {
  it('needs a signed-in user', async () => {
    const res = await anon.get('/api/data/permissions_info');
    expect(res.status).toBe(401);
  });

  it('describes every permission key of docs/rules/server-side-rules.md in Polish, each in a known section', async () => {
    const org = await createOrg(server);
    const res = await org.admin.get<{
      sections: { key: string; name: string; desc: string }[];
      permissions: { key: string; name: string; desc: string; section: string }[];
    }>('/api/data/permissions_info');
    expect(res.status).toBe(200);
    const keys = res.body.permissions.map((p) => p.key);
    expect([...keys].sort()).toEqual([...PERMISSIONS].sort());
    const sections = new Set(res.body.sections.map((s) => s.key));
    for (const s of res.body.sections) {
      expect(s.name.length).toBeGreaterThan(0);
      expect(s.desc.length).toBeGreaterThan(0);
    }
    for (const p of res.body.permissions) {
      expect(sections.has(p.section), `${p.key} in a known section`).toBe(true);
      expect(p.name.length, p.key).toBeGreaterThan(2);
      expect(p.desc.length, p.key).toBeGreaterThan(10);
    }
    const admin = res.body.permissions.find((p) => p.key === 'main.admin');
    expect(admin?.name).toBe('Administrator');
    // Polish text, not key names echoed back.
    expect(res.body.permissions.some((p) => /[ąćęłńóśźż]/i.test(p.name + p.desc))).toBe(true);
  });
});
