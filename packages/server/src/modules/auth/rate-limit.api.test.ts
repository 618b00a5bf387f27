import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  LOGIN_CAPTCHA_AFTER_FAILURES,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
} from '@zaplecze/contract';
import { ApiClient, startTestServer, type TestServer } from '../../../test/harness';
import { createOrg, type TestOrg } from '../../../test/factories';

// The test client is a trusted proxy (TRUST_PROXY=127.0.0.1), so each request names its client
// address in X-Forwarded-For, and the per-address limits can be told apart from one test machine.
let server: TestServer;
let org: TestOrg;
const RATE_MESSAGE = 'Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za kilkanaście minut.';
const CAPTCHA_MESSAGE =
  'Na to konto było wiele nieudanych prób logowania. Przepisz kod z obrazka i zaloguj się ponownie.';

beforeAll(async () => {
  server = await startTestServer({ trustProxy: ['127.0.0.1'] });
  org = await createOrg(server);
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.deps.db.deleteFrom('rate_counters').execute();
  server.clock.offsetMs = 0;
});

function attempt(login: string, pass: string, ip: string, extra: Record<string, string> = {}, on = server) {
  return new ApiClient(on.url).request('POST', '/api/login', {
    json: { login, pass, ...extra },
    headers: { 'x-forwarded-for': ip },
  });
}

/** A captcha asked for from `ip`, with the answer the harness knows. */
async function solvedCaptcha(ip: string): Promise<{ captchaUUID: string; captcha: string }> {
  const res = await new ApiClient(server.url).request<{ uuid: string }>('GET', '/api/captcha', {
    headers: { 'x-forwarded-for': ip },
  });
  expect(res.status).toBe(200);
  return { captchaUUID: res.body.uuid, captcha: server.captcha.last };
}

const countOf = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('sign-in rate limiting', () => {
  it('checks exactly 10 of 40 parallel wrong passwords from one address and refuses the rest with 429', async () => {
    expect(LOGIN_MAX_FAILURES).toBe(10);
    const all = await Promise.all(Array.from({ length: 40 }, () => attempt(org.adminLogin, 'zle-haslo', '10.0.7.1')));
    const statuses = all.map((r) => r.status);
    expect(countOf(statuses, 401)).toBe(LOGIN_MAX_FAILURES);
    expect(countOf(statuses, 429)).toBe(40 - LOGIN_MAX_FAILURES);
    expect(all.find((r) => r.status === 429)?.body.message).toBe(RATE_MESSAGE);
    // the right password from that address waits for the window too
    expect((await attempt(org.adminLogin, org.adminPass, '10.0.7.1')).status).toBe(429);
  });

  it('checks exactly 10 of 40 parallel wrong passwords of one login from 40 addresses, then asks for the captcha', async () => {
    expect(LOGIN_CAPTCHA_AFTER_FAILURES).toBe(10);
    const all = await Promise.all(
      Array.from({ length: 40 }, (_, i) => attempt(org.adminLogin, 'zle-haslo', `10.0.8.${i + 1}`)),
    );
    const statuses = all.map((r) => r.status);
    expect(countOf(statuses, 401)).toBe(LOGIN_CAPTCHA_AFTER_FAILURES);
    expect(countOf(statuses, 428)).toBe(40 - LOGIN_CAPTCHA_AFTER_FAILURES);
  });

  it('does not lock the owner out of a login attacked from many addresses: he signs in with the captcha', async () => {
    for (let i = 0; i < 12; i++) {
      const res = await attempt(org.adminLogin, 'zle-haslo', `10.0.1.${i}`);
      expect(res.status).toBe(i < 10 ? 401 : 428);
    }
    // the owner, from his own address, with the right password: asked for the captcha, not refused
    const asked = await attempt(org.adminLogin, org.adminPass, '10.0.2.1');
    expect(asked.status).toBe(428);
    expect(asked.body).toEqual({ code: 428, message: CAPTCHA_MESSAGE, field: 'captcha' });
    // a wrong answer asks again (the challenge is used up)
    const wrong = await attempt(org.adminLogin, org.adminPass, '10.0.2.1', {
      ...(await solvedCaptcha('10.0.2.1')),
      captcha: 'ZLE',
    });
    expect(wrong.status).toBe(428);
    expect(wrong.body).toMatchObject({ message: 'Niepoprawny kod z obrazka. Przepisz nowy kod.', field: 'captcha' });
    // the captcha does not make a wrong password right
    const solvedWrongPass = await attempt(org.adminLogin, 'zle-haslo', '10.0.2.1', await solvedCaptcha('10.0.2.1'));
    expect(solvedWrongPass.status).toBe(401);
    const ok = await attempt(org.adminLogin, org.adminPass, '10.0.2.1', await solvedCaptcha('10.0.2.1'));
    expect(ok.status).toBe(200);
    // the attackers' logins are not locked either: another login from a clean address is checked
    expect((await attempt(`${org.prefix}_nikt`, 'x', '10.0.2.2')).status).toBe(401);
  });

  it('after 10 failures of one login from one address answers 429 there; elsewhere the owner solves the captcha', async () => {
    for (let i = 0; i < 10; i++) expect((await attempt(org.adminLogin, 'zle-haslo', '10.0.9.1')).status).toBe(401);
    const blocked = await attempt(org.adminLogin, org.adminPass, '10.0.9.1');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(RATE_MESSAGE);
    // other logins from that address are still checked (an office shares one address)
    expect((await attempt(`${org.prefix}_nikt`, 'zle-haslo', '10.0.9.1')).status).toBe(401);
    expect((await attempt(org.adminLogin, org.adminPass, '10.0.9.2')).status).toBe(428);
    const ok = await attempt(org.adminLogin, org.adminPass, '10.0.9.2', await solvedCaptcha('10.0.9.2'));
    expect(ok.status).toBe(200);
  });

  it('after 30 failures from one address answers 429 for any login from it', async () => {
    expect(LOGIN_MAX_FAILURES_PER_ADDRESS).toBe(30);
    for (let i = 0; i < 30; i++) {
      expect((await attempt(`${org.prefix}_nikt${i}`, 'zle-haslo', '10.0.3.1')).status).toBe(401);
    }
    const blocked = await attempt(org.adminLogin, org.adminPass, '10.0.3.1');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(RATE_MESSAGE);
    expect((await attempt(org.adminLogin, org.adminPass, '10.0.3.2')).status).toBe(200);
  });

  it('nine failures still let the right password in, which forgives them', async () => {
    for (let i = 0; i < 9; i++) await attempt(org.adminLogin, 'zle-haslo', '10.0.4.1');
    expect((await attempt(org.adminLogin, org.adminPass, '10.0.4.1')).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await attempt(org.adminLogin, 'zle-haslo', '10.0.4.1')).status).toBe(401);
    expect((await attempt(org.adminLogin, org.adminPass, '10.0.4.1')).status).toBe(200);
  });

  it('ends the limit after the window', async () => {
    for (let i = 0; i < 10; i++) await attempt(org.adminLogin, 'zle-haslo', '10.0.5.1');
    expect((await attempt(org.adminLogin, org.adminPass, '10.0.5.1')).status).toBe(429);
    server.clock.offsetMs = LOGIN_FAILURE_WINDOW_MS + 1000;
    expect((await attempt(org.adminLogin, org.adminPass, '10.0.5.1')).status).toBe(200);
  });

  it('does not count successful sign-ins against an address', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS + 5; i++) {
      expect((await attempt(org.adminLogin, org.adminPass, '10.0.6.2')).status).toBe(200);
    }
  });

  it('keeps its counters in the database, not in the process', async () => {
    for (let i = 0; i < 3; i++) await attempt(org.adminLogin, 'zle-haslo', '10.0.6.1');
    const rows = await server.deps.db.selectFrom('rate_counters').select(['key', 'attempts']).execute();
    expect(rows).toContainEqual({ key: 'login-ip:10.0.6.1', attempts: 3 });
  });
});

describe('TRUST_PROXY: the client address of the limits', () => {
  it('ignores X-Forwarded-For from a peer that is not a listed proxy: a forged header counts the real address', async () => {
    const direct = await startTestServer({ trustProxy: ['10.9.9.9'] });
    try {
      const owner = await createOrg(direct);
      for (let i = 0; i < 10; i++) {
        const res = await attempt(owner.adminLogin, 'zle-haslo', `198.51.100.${i}`, {}, direct);
        expect(res.status).toBe(401);
      }
      // every forged address was 127.0.0.1 (the real peer) to the limit of the login at an address
      expect((await attempt(owner.adminLogin, owner.adminPass, '198.51.100.200', {}, direct)).status).toBe(429);
      const keys = (await direct.deps.db.selectFrom('rate_counters').select('key').execute()).map((r) => r.key);
      expect(keys).toContain('login-ip:127.0.0.1');
      expect(keys.filter((k) => k.includes('198.51.100'))).toEqual([]);
    } finally {
      await direct.close();
    }
  });

  it('through a listed proxy, believes only the address the proxy added, not one the client put in front', async () => {
    const login = `${org.prefix}_x`;
    for (let i = 0; i < 10; i++) {
      expect((await attempt(login, 'zle-haslo', `198.51.100.${i}, 10.0.10.1`)).status).toBe(401);
    }
    expect((await attempt(login, 'zle-haslo', '198.51.100.77, 10.0.10.1')).status).toBe(429);
    expect((await attempt(login, 'zle-haslo', '10.0.10.2')).status).toBe(428);
  });
});
