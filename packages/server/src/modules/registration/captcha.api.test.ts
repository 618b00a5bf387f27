import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_TTL_MS, captchaSchema } from '@zaplecze/contract';
import { ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { registrationData, withCaptcha } from '../../../test/factories';

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  client = new ApiClient(server.url);
});
afterAll(() => server.close());

describe('GET /api/captcha', () => {
  it('answers an image as a data URL and a uuid, and stores only a hash of the answer', async () => {
    const res = await client.get('/api/captcha');
    expect(res.status).toBe(200);
    const c = captchaSchema.parse(res.body);
    expect(c.image).toMatch(/^data:image\/(svg\+xml|png);base64,/);
    expect(c.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const row = await server.deps.db.selectFrom('captchas').selectAll().where('uuid', '=', c.uuid).executeTakeFirst();
    expect(row?.answer_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.answer_hash).not.toContain(server.captcha.last);
  });
});

describe('captcha on registration', () => {
  it('refuses a wrong answer with 400 and a Polish message', async () => {
    const data = await withCaptcha(server, client, registrationData());
    const res = await client.post('/api/register', { ...data, captcha: 'ZLE' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Niepoprawny kod z obrazka. Przepisz nowy kod.', field: 'captcha' });
  });

  it('is single-use: a wrong try burns it, and a right answer works only once', async () => {
    const data = await withCaptcha(server, client, registrationData());
    expect((await client.post('/api/register', { ...data, captcha: 'ZLE' })).status).toBe(400);
    expect((await client.post('/api/register', data)).status).toBe(400);

    const ok = await withCaptcha(server, client, registrationData());
    expect((await client.post('/api/register', ok)).status).toBe(200);
    const replay = await client.post('/api/register', { ...ok, orgPrefix: `${ok.orgPrefix}x` });
    expect(replay.status).toBe(400);
    expect(replay.body.field).toBe('captcha');
  });

  it('accepts the answer regardless of letter case', async () => {
    const data = await withCaptcha(server, client, registrationData());
    expect((await client.post('/api/register', { ...data, captcha: data.captcha.toLowerCase() })).status).toBe(200);
  });

  it('expires after 10 minutes', async () => {
    expect(CAPTCHA_TTL_MS).toBe(10 * 60 * 1000);
    const fresh = await withCaptcha(server, client, registrationData());
    const late = await withCaptcha(server, client, registrationData());
    try {
      server.clock.offsetMs = 9 * 60 * 1000;
      expect((await client.post('/api/register', fresh)).status).toBe(200);
      server.clock.offsetMs = 10 * 60 * 1000 + 1000;
      const res = await client.post('/api/register', late);
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('captcha');
    } finally {
      server.clock.offsetMs = 0;
    }
  });

  it('refuses an unknown uuid', async () => {
    const data = registrationData({ captcha: 'ABC', captchaUUID: '00000000-0000-4000-8000-000000000000' });
    expect((await client.post('/api/register', data)).status).toBe(400);
  });
});

describe('GET /captcha rate limit', () => {
  it('answers 429 after the limit of one address within 10 minutes, and again later', async () => {
    const limited = await startTestServer({ captchaRateLimit: 3 });
    try {
      const client = new ApiClient(limited.url);
      for (let i = 0; i < 3; i++) expect((await client.get('/api/captcha')).status).toBe(200);
      const refused = await client.get<{ message: string }>('/api/captcha');
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe('Zbyt wiele prób pobrania kodu z obrazka. Spróbuj ponownie za kilka minut.');
      limited.clock.offsetMs = CAPTCHA_TTL_MS + 1000;
      expect((await client.get('/api/captcha')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('lets exactly the limit through when one address asks for many at once', async () => {
    const limited = await startTestServer({ captchaRateLimit: 5 });
    try {
      const client = new ApiClient(limited.url);
      const statuses = (await Promise.all(Array.from({ length: 30 }, () => client.get('/api/captcha')))).map(
        (r) => r.status,
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(25);
      expect(await limited.deps.db.selectFrom('captchas').select('uuid').execute()).toHaveLength(5);
    } finally {
      await limited.close();
    }
  });
});
