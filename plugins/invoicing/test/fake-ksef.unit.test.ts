/**
 * The KSeF fake against the public documentation, through real HTTP with node:crypto doing the
 * client's part (a small client below, written from MF's OpenAPI): authentication with a KSeF
 * token, an FA(3) invoice sent encrypted in an interactive session up to its KSeF number and a UPO
 * that validates against MF's upo-v4-3.xsd, and what KSeF refuses (wrong token, broken file,
 * duplicate, bad hashes, wrong key), rate limits, expired tokens, both error formats, a lost answer.
 */
import crypto from 'node:crypto';
import type { InvoiceSnapshot } from '@zaplecze/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFa3 } from '../server/fa3';
import { validateUpo } from '../server/schemas';
import { snapshotOf } from './snapshot';
import {
  FAKE_KSEF_NIP,
  FAKE_KSEF_TOKEN,
  ksefNumberChecksum,
  startFakeKsef,
  warsawDay,
  type FakeKsef,
  type KsefStatus,
} from './fake-ksef';

const SLOW = { timeout: 120_000 };

interface Res {
  status: number;
  headers: Headers;
  text: string;
  body: Record<string, unknown>;
}

interface InvoiceStatusBody {
  ordinalNumber: number;
  invoiceNumber: string | null;
  ksefNumber: string | null;
  referenceNumber: string;
  invoiceHash: string;
  acquisitionDate: string | null;
  invoicingDate: string;
  upoDownloadUrl: string | null;
  invoicingMode: 'Online' | 'Offline' | null;
  status: KsefStatus;
}

interface Session {
  ref: string;
  key: Buffer;
  iv: Buffer;
}

/** A minimal KSeF client: what a client written from the OpenAPI does, with node:crypto. */
function clientOf(fake: FakeKsef) {
  async function call(
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; problem?: boolean; headers?: Record<string, string> } = {},
  ): Promise<Res> {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.problem) headers['x-error-format'] = 'problem-details';
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${fake.url}${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // XML or empty
    }
    return { status: res.status, headers: res.headers, text, body };
  }

  async function certificate(usage: string) {
    const r = await call('GET', '/security/public-key-certificates');
    const list = r.body as unknown as { certificate: string; publicKeyId: string; usage: string[] }[];
    const c = list.find((x) => x.usage.includes(usage))!;
    return { key: new crypto.X509Certificate(Buffer.from(c.certificate, 'base64')).publicKey, id: c.publicKeyId };
  }

  const oaep = (key: crypto.KeyObject, data: Buffer) =>
    crypto
      .publicEncrypt({ key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, data)
      .toString('base64');

  /** Challenge, encrypted token, the status polled to its end; the auth's reference and token. */
  async function startAuth(token: string, nip: string, tweak: { timestampMs?: number } = {}) {
    const { key, id } = await certificate('KsefTokenEncryption');
    const ch = await call('POST', '/auth/challenge');
    const ts = tweak.timestampMs ?? (ch.body.timestampMs as number);
    const r = await call('POST', '/auth/ksef-token', {
      body: {
        challenge: ch.body.challenge,
        contextIdentifier: { type: 'Nip', value: nip },
        encryptedToken: oaep(key, Buffer.from(`${token}|${ts}`, 'utf8')),
        publicKeyId: id,
      },
    });
    expect(r.status).toBe(202);
    const ref = r.body.referenceNumber as string;
    const authToken = (r.body.authenticationToken as { token: string }).token;
    const codes: number[] = [];
    for (;;) {
      const s = await call('GET', `/auth/${ref}`, { token: authToken });
      expect(s.status).toBe(200);
      const status = s.body.status as KsefStatus;
      codes.push(status.code);
      if (status.code !== 100) return { ref, authToken, status, codes };
    }
  }

  async function login(token = FAKE_KSEF_TOKEN, nip = FAKE_KSEF_NIP) {
    const a = await startAuth(token, nip);
    expect(a.status.code).toBe(200);
    const r = await call('POST', '/auth/token/redeem', { token: a.authToken });
    expect(r.status).toBe(200);
    return {
      ...a,
      access: (r.body.accessToken as { token: string }).token,
      refresh: (r.body.refreshToken as { token: string }).token,
    };
  }

  async function openSession(access: string, opts: { keyFor?: string } = {}): Promise<Session & { res: Res }> {
    const { key: rsa, id } = await certificate(opts.keyFor ?? 'SymmetricKeyEncryption');
    const key = crypto.randomBytes(32);
    const iv = crypto.randomBytes(16);
    const res = await call('POST', '/sessions/online', {
      token: access,
      body: {
        formCode: { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' },
        encryption: {
          encryptedSymmetricKey: oaep(rsa, key),
          initializationVector: iv.toString('base64'),
          publicKeyId: opts.keyFor ? undefined : id,
        },
      },
    });
    return { ref: res.body.referenceNumber as string, key, iv, res };
  }

  const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('base64');

  /** The send request's body for an invoice, encrypted with the session's key and IV. */
  function sendBody(s: Session, xml: string | Buffer, extra: Record<string, unknown> = {}) {
    const plain = typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml;
    const cipher = crypto.createCipheriv('aes-256-cbc', s.key, s.iv);
    const encrypted = Buffer.concat([cipher.update(plain), cipher.final()]);
    return {
      invoiceHash: sha(plain),
      invoiceSize: plain.length,
      encryptedInvoiceHash: sha(encrypted),
      encryptedInvoiceSize: encrypted.length,
      encryptedInvoiceContent: encrypted.toString('base64'),
      offlineMode: false,
      ...extra,
    };
  }

  async function send(access: string, s: Session, xml: string | Buffer, extra: Record<string, unknown> = {}) {
    return call('POST', `/sessions/online/${s.ref}/invoices`, { token: access, body: sendBody(s, xml, extra) });
  }

  /** The invoice's status once KSeF is done with it (not 100 or 150). */
  async function finalStatus(access: string, sessionRef: string, invoiceRef: string): Promise<InvoiceStatusBody> {
    for (;;) {
      const r = await call('GET', `/sessions/${sessionRef}/invoices/${invoiceRef}`, { token: access });
      expect(r.status).toBe(200);
      const body = r.body as unknown as InvoiceStatusBody;
      if (body.status.code !== 100 && body.status.code !== 150) return body;
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
  }

  async function sendAndWait(access: string, s: Session, xml: string | Buffer, extra: Record<string, unknown> = {}) {
    const r = await send(access, s, xml, extra);
    expect(r.status).toBe(202);
    return finalStatus(access, s.ref, r.body.referenceNumber as string);
  }

  return { call, certificate, startAuth, login, openSession, sendBody, send, finalStatus, sendAndWait, sha };
}

/** An invoice snapshot of the seller FAKE_KSEF_NIP, issued today (Polish day). */
function snapshot(number: string, issueDate = warsawDay(new Date())): InvoiceSnapshot {
  return snapshotOf({
    lines: [{ name: 'Kubek z logo', code: 'K-1', quantity: 2, unitGross: 2999, vat: 2300 }],
    number,
    issueDate,
    issuedAt: new Date(),
  });
}

let seq = 0;
/** A valid FA(3) file with a number no other test uses. */
function invoiceXml(issueDate?: string): { xml: string; number: string } {
  const number = `FV ${++seq}/${process.pid}/${Date.now()}`;
  return { xml: buildFa3(snapshot(number, issueDate), { now: new Date() }), number };
}

/** CRC-8 (poly 0x07, init 0x00) written again here, so the fake's own function is checked too. */
function crc8(s: string): string {
  let c = 0;
  for (const b of Buffer.from(s)) {
    c ^= b;
    for (let i = 0; i < 8; i++) c = c & 0x80 ? ((c << 1) ^ 7) & 0xff : (c << 1) & 0xff;
  }
  return c.toString(16).toUpperCase().padStart(2, '0');
}

describe('fake KSeF', () => {
  let fake: FakeKsef;
  let ksef: ReturnType<typeof clientOf>;

  beforeAll(async () => {
    fake = await startFakeKsef();
    ksef = clientOf(fake);
  }, 60_000);
  afterAll(async () => {
    await fake?.close();
  });

  it('authenticates with a KSeF token: two certificates, challenge, 100 then 200, one redeem', SLOW, async () => {
    const certs = await ksef.call('GET', '/security/public-key-certificates');
    const list = certs.body as unknown as { certificate: string; publicKeyId: string; usage: string[] }[];
    expect(list.map((c) => c.usage)).toEqual([['KsefTokenEncryption'], ['SymmetricKeyEncryption']]);
    for (const c of list) {
      const x = new crypto.X509Certificate(Buffer.from(c.certificate, 'base64'));
      expect(x.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
      expect(c.publicKeyId).toHaveLength(44);
    }
    const before = { ...fake.counts };
    const a = await ksef.login();
    expect(a.codes).toEqual([100, 200]);
    expect(a.access.split('.')).toHaveLength(3);
    const claims = JSON.parse(Buffer.from(a.access.split('.')[1]!, 'base64url').toString()) as { exp: number };
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    const again = await ksef.call('POST', '/auth/token/redeem', { token: a.authToken });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ exception: { exceptionDetailList: [{ exceptionCode: 21301 }] } });
    // The authentication token is no access token.
    expect((await ksef.call('GET', `/sessions/${'x'.repeat(36)}`, { token: a.authToken })).status).toBe(401);
    expect(fake.counts.redeems - before.redeems).toBe(2);
    expect(fake.counts.authentications - before.authentications).toBe(1);
  });

  it(
    'a wrong token, a token of another NIP, a wrong timestamp end in 450; a reused challenge, a foreign key id, no Bearer are refused',
    SLOW,
    async () => {
      const wrong = await ksef.startAuth('not-a-token', FAKE_KSEF_NIP);
      expect(wrong.status).toEqual({
        code: 450,
        description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu',
        details: ['Nieprawidłowy token'],
      });
      fake.addToken('token-of-another-seller', '5260250995');
      expect((await ksef.startAuth('token-of-another-seller', FAKE_KSEF_NIP)).status.code).toBe(450);
      const late = await ksef.startAuth(FAKE_KSEF_TOKEN, FAKE_KSEF_NIP, { timestampMs: 1 });
      expect(late.status.details).toEqual(['Nieprawidłowy czas tokena']);
      const redeem = await ksef.call('POST', '/auth/token/redeem', { token: wrong.authToken });
      expect(redeem.status).toBe(400);
      expect(redeem.text).toContain('Status uwierzytelniania (450) nie pozwala na pobranie tokenów.');

      const { key } = await ksef.certificate('KsefTokenEncryption');
      const { id: symmetricId } = await ksef.certificate('SymmetricKeyEncryption');
      const ch = await ksef.call('POST', '/auth/challenge');
      const enc = crypto
        .publicEncrypt(
          { key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(`${FAKE_KSEF_TOKEN}|${ch.body.timestampMs as number}`),
        )
        .toString('base64');
      const body = {
        challenge: ch.body.challenge,
        contextIdentifier: { type: 'Nip', value: FAKE_KSEF_NIP },
        encryptedToken: enc,
      };
      const foreignKey = await ksef.call('POST', '/auth/ksef-token', { body: { ...body, publicKeyId: symmetricId } });
      expect(foreignKey.body).toMatchObject({ exception: { exceptionDetailList: [{ exceptionCode: 21470 }] } });
      const started = await ksef.call('POST', '/auth/ksef-token', { body });
      expect(started.status).toBe(202);
      // Tokens only after a status poll has answered 200.
      const early = await ksef.call('POST', '/auth/token/redeem', {
        token: (started.body.authenticationToken as { token: string }).token,
      });
      expect(early.text).toContain('Status uwierzytelniania (100) nie pozwala na pobranie tokenów.');
      const reused = await ksef.call('POST', '/auth/ksef-token', { body });
      expect(reused.body).toMatchObject({ exception: { exceptionDetailList: [{ exceptionCode: 21111 }] } });
      const noBearer = await ksef.call('GET', `/auth/${wrong.ref}`);
      expect(noBearer.status).toBe(401);
      expect(noBearer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    },
  );

  it(
    'an FA(3) invoice sent encrypted gets a KSeF number with a good CRC-8 and a UPO valid against upo-v4-3.xsd',
    SLOW,
    async () => {
      const { access } = await ksef.login();
      const s = await ksef.openSession(access);
      expect(s.res.status).toBe(201);
      const issueDate = warsawDay(new Date());
      const { xml, number } = invoiceXml(issueDate);
      const sent = await ksef.send(access, s, xml);
      expect(sent.status).toBe(202);
      const invRef = sent.body.referenceNumber as string;
      expect(invRef).toHaveLength(36);
      const st = await ksef.finalStatus(access, s.ref, invRef);
      expect(st.status).toEqual({ code: 200, description: 'Sukces' });
      expect(st).toMatchObject({
        ordinalNumber: 1,
        invoiceNumber: number,
        // Issued today: Online (unless the Polish day turned between building and sending).
        invoicingMode: warsawDay(new Date(st.invoicingDate)) === issueDate ? 'Online' : 'Offline',
        invoiceHash: ksef.sha(Buffer.from(xml)),
      });
      const k = st.ksefNumber!;
      const acquired = warsawDay(new Date(st.acquisitionDate!)).replaceAll('-', '');
      expect(k).toMatch(new RegExp(`^${FAKE_KSEF_NIP}-${acquired}-[0-9A-F]{12}-[0-9A-F]{2}$`));
      expect(k).toHaveLength(35);
      expect(k.slice(33)).toBe(crc8(k.slice(0, 32)));
      // The checksum function agrees with MF's published numbers.
      for (const mf of ['5265877635-20250916-0200A0D6723E-C2', '5265877635-20250826-0100001AF629-AF'])
        expect(ksefNumberChecksum(mf.slice(0, 32))).toBe(mf.slice(33));

      const byRef = await ksef.call('GET', `/sessions/${s.ref}/invoices/${invRef}/upo`, { token: access });
      expect(byRef.status).toBe(200);
      expect(byRef.headers.get('content-type')).toMatch(/^application\/xml/);
      expect(byRef.headers.get('x-ms-meta-hash')).toBe(ksef.sha(Buffer.from(byRef.text)));
      expect(byRef.text).toContain(`<NumerKSeFDokumentu>${k}</NumerKSeFDokumentu>`);
      expect(await validateUpo([{ name: 'UPO', xml: byRef.text }])).toEqual([]);
      const byKsef = await ksef.call('GET', `/sessions/${s.ref}/invoices/ksef/${k}/upo`, { token: access });
      expect(byKsef.text).toBe(byRef.text);
      const link = await fetch(st.upoDownloadUrl!);
      expect(await link.text()).toBe(byRef.text);

      const record = fake.invoices.find((i) => i.referenceNumber === invRef)!;
      expect(record).toMatchObject({
        sessionReferenceNumber: s.ref,
        invoiceNumber: number,
        nip: FAKE_KSEF_NIP,
        ksefNumber: k,
        xml,
        offlineMode: false,
      });

      // Closed: 170, then 200 with the session UPO (also valid).
      expect((await ksef.call('POST', `/sessions/online/${s.ref}/close`, { token: access })).status).toBe(204);
      await fake.settled();
      const session = await ksef.call('GET', `/sessions/${s.ref}`, { token: access });
      expect(session.body).toMatchObject({
        status: { code: 200 },
        invoiceCount: 1,
        successfulInvoiceCount: 1,
        failedInvoiceCount: 0,
      });
      const page = (session.body.upo as { pages: { referenceNumber: string }[] }).pages[0]!;
      const sessionUpo = await ksef.call('GET', `/sessions/${s.ref}/upo/${page.referenceNumber}`, { token: access });
      expect(await validateUpo([{ name: 'session UPO', xml: sessionUpo.text }])).toEqual([]);
      const late = await ksef.send(access, s, invoiceXml().xml);
      expect(late.body).toMatchObject({ exception: { exceptionDetailList: [{ exceptionCode: 21180 }] } });
    },
  );

  it('a broken file is 430 with the validator messages; wrong hashes, sizes and keys are refused', SLOW, async () => {
    const { access } = await ksef.login();
    const s = await ksef.openSession(access);
    const broken = invoiceXml().xml.replace(/<P_1>(\d{4})-(\d{2})-(\d{2})<\/P_1>/, '<P_1>$3.$2.$1</P_1>');
    const st = await ksef.sendAndWait(access, s, broken);
    expect(st.status.code).toBe(430);
    expect(st.status.description).toBe('Błąd weryfikacji pliku faktury');
    expect(st.status.details!.join(' ')).toMatch(/P_1/);
    expect(st.ksefNumber).toBeNull();

    const good = invoiceXml().xml;
    const body = ksef.sendBody(s, good);
    const badHash = await ksef.call('POST', `/sessions/online/${s.ref}/invoices`, {
      token: access,
      body: { ...body, encryptedInvoiceHash: ksef.sha(Buffer.from('x')) },
    });
    expect(badHash.body).toMatchObject({ exception: { exceptionDetailList: [{ exceptionCode: 21403 }] } });
    const badSize = await ksef.call('POST', `/sessions/online/${s.ref}/invoices`, {
      token: access,
      body: { ...body, encryptedInvoiceSize: body.encryptedInvoiceSize + 16 },
    });
    expect(badSize.body).toMatchObject({ exception: { exceptionDetailList: [{ exceptionCode: 21402 }] } });
    const plainHash = await ksef.sendAndWait(access, s, good, { invoiceHash: ksef.sha(Buffer.from('other')) });
    expect(plainHash.status.code).toBe(430);
    // The IV put in front of the ciphertext (not what MF's clients do) does not decrypt to the file.
    const withIv = Buffer.concat([s.iv, Buffer.from(body.encryptedInvoiceContent, 'base64')]);
    const prefixed = await ksef.call('POST', `/sessions/online/${s.ref}/invoices`, {
      token: access,
      body: {
        ...body,
        encryptedInvoiceContent: withIv.toString('base64'),
        encryptedInvoiceHash: ksef.sha(withIv),
        encryptedInvoiceSize: withIv.length,
      },
    });
    expect(prefixed.status).toBe(202);
    const prefixedStatus = await ksef.finalStatus(access, s.ref, prefixed.body.referenceNumber as string);
    expect(prefixedStatus.status.code).toBe(430);
    const bom = await ksef.sendAndWait(access, s, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(good)]));
    expect(bom.status.code).toBe(430);
    const tomorrow = warsawDay(new Date(Date.now() + 36 * 3600_000));
    expect((await ksef.sendAndWait(access, s, invoiceXml(tomorrow).xml)).status.code).toBe(450);

    // A key encrypted for the token certificate: the session opens in 415 and takes no invoice.
    const wrongKey = await ksef.openSession(access, { keyFor: 'KsefTokenEncryption' });
    expect(wrongKey.res.status).toBe(201);
    const ws = await ksef.call('GET', `/sessions/${wrongKey.ref}`, { token: access });
    expect(ws.body).toMatchObject({ status: { code: 415, description: 'Błąd odszyfrowania dostarczonego klucza' } });
    const refused = await ksef.send(access, wrongKey, good);
    expect(refused.body).toMatchObject({ exception: { exceptionDetailList: [{ exceptionCode: 21180 }] } });
  });

  it(
    'the same invoice again is a duplicate: 440 with the original KSeF number and session; offline modes',
    SLOW,
    async () => {
      const { access } = await ksef.login();
      const first = await ksef.openSession(access);
      const { xml } = invoiceXml();
      const ok = await ksef.sendAndWait(access, first, xml);
      expect(ok.status.code).toBe(200);
      const second = await ksef.openSession(access);
      const dup = await ksef.sendAndWait(access, second, xml);
      expect(dup.status).toMatchObject({
        code: 440,
        description: 'Duplikat faktury',
        extensions: { originalSessionReferenceNumber: first.ref, originalKsefNumber: ok.ksefNumber },
      });
      expect(dup.ksefNumber).toBeNull();

      // Offline: declared, or P_1's day before the sending day.
      const declared = await ksef.sendAndWait(access, second, invoiceXml().xml, { offlineMode: true });
      expect(declared).toMatchObject({ status: { code: 200 }, invoicingMode: 'Offline' });
      const yesterday = warsawDay(new Date(Date.now() - 36 * 3600_000));
      const late = await ksef.sendAndWait(access, second, invoiceXml(yesterday).xml);
      expect(late).toMatchObject({ status: { code: 200 }, invoicingMode: 'Offline' });
    },
  );

  it('a rate-limited send answers 429 with Retry-After, in both formats; then it goes through', SLOW, async () => {
    const { access } = await ksef.login();
    const s = await ksef.openSession(access);
    const { xml } = invoiceXml();
    fake.rateLimitNext(2, 7);
    const legacy = await ksef.send(access, s, xml);
    expect(legacy.status).toBe(429);
    expect(legacy.headers.get('retry-after')).toBe('7');
    expect(legacy.body).toMatchObject({ status: { code: 429, description: 'Too Many Requests' } });
    const problem = await ksef.call('POST', `/sessions/online/${s.ref}/invoices`, {
      token: access,
      problem: true,
      body: ksef.sendBody(s, xml),
    });
    expect(problem.status).toBe(429);
    expect(problem.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(problem.body).toMatchObject({ title: 'Too Many Requests', status: 429 });
    expect((await ksef.sendAndWait(access, s, xml)).status.code).toBe(200);
  });

  it('an expired access token answers 401 problem+json; the refresh token gives a working one', SLOW, async () => {
    const { access, refresh } = await ksef.login();
    fake.expireAccessTokens();
    const expired = await ksef.openSession(access);
    expect(expired.res.status).toBe(401);
    expect(expired.res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(expired.res.body).toMatchObject({ title: 'Unauthorized', status: 401 });
    expect((await ksef.call('POST', '/auth/token/refresh', { token: access })).status).toBe(401);
    const r = await ksef.call('POST', '/auth/token/refresh', { token: refresh });
    expect(r.status).toBe(200);
    const fresh = (r.body.accessToken as { token: string }).token;
    expect((await ksef.openSession(fresh)).res.status).toBe(201);
  });

  it('errors in the problem-details format when asked, in the exception format otherwise', SLOW, async () => {
    const { access } = await ksef.login();
    const body = {
      formCode: { systemCode: 'FA (2)', schemaVersion: '1-0E', value: 'FA' },
      encryption: { encryptedSymmetricKey: 'AAAA', initializationVector: Buffer.alloc(16).toString('base64') },
    };
    const problem = await ksef.call('POST', '/sessions/online', { token: access, body, problem: true });
    expect(problem.status).toBe(400);
    expect(problem.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(problem.body).toMatchObject({
      title: 'Bad Request',
      status: 400,
      instance: '/v2/sessions/online',
      errors: [
        {
          code: 21405,
          description: 'Błąd walidacji danych wejściowych.',
          details: ['Wskazany kod formularza nie jest wspierany.'],
        },
      ],
    });
    expect(problem.body).toHaveProperty('traceId');
    const plain = await ksef.call('POST', '/sessions/online', { token: access, body });
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
    expect(plain.body).toMatchObject({
      exception: {
        exceptionDetailList: [{ exceptionCode: 21405, details: ['Wskazany kod formularza nie jest wspierany.'] }],
      },
    });
    expect(Object.keys(plain.body.exception as object).sort()).toEqual(
      ['exceptionDetailList', 'referenceNumber', 'serviceCode', 'serviceCtx', 'serviceName', 'timestamp'].sort(),
    );
  });

  it(
    'a lost send answer: the invoice is processed and found by its hash in the paged session list; down modes',
    SLOW,
    async () => {
      const { access } = await ksef.login();
      const s = await ksef.openSession(access);
      fake.rejectNext(11, { code: 450, details: ['Wymuszony błąd testowy.'] });
      for (let i = 0; i < 11; i++) expect((await ksef.send(access, s, `<x n="${i}"/>`)).status).toBe(202);
      const { xml } = invoiceXml();
      fake.loseNextSendAnswer();
      await expect(ksef.send(access, s, xml)).rejects.toThrow();
      await fake.settled();
      const hash = ksef.sha(Buffer.from(xml));
      const first = await ksef.call('GET', `/sessions/${s.ref}/invoices?pageSize=10`, { token: access });
      expect((first.body.invoices as unknown[]).length).toBe(10);
      const token = first.body.continuationToken as string;
      expect(token).toBeTruthy();
      const next = await ksef.call('GET', `/sessions/${s.ref}/invoices?pageSize=10`, {
        token: access,
        headers: { 'x-continuation-token': token },
      });
      expect(next.body.continuationToken).toBeNull();
      const found = (next.body.invoices as InvoiceStatusBody[]).find((i) => i.invoiceHash === hash)!;
      expect(found).toMatchObject({ ordinalNumber: 12, status: { code: 200 } });
      expect(fake.invoices.find((i) => i.invoiceHash === hash)?.answered).toBe(false);
      const failed = await ksef.call('GET', `/sessions/${s.ref}/invoices/failed?pageSize=100`, { token: access });
      expect((failed.body.invoices as InvoiceStatusBody[]).map((i) => i.status.code)).toEqual(Array(11).fill(450));
      const badToken = await ksef.call('GET', `/sessions/${s.ref}/invoices`, {
        token: access,
        headers: { 'x-continuation-token': 'bm90LWEtdG9rZW4=' },
      });
      expect(badToken.body).toMatchObject({ exception: { exceptionDetailList: [{ exceptionCode: 21418 }] } });

      fake.down = '503';
      expect((await ksef.call('POST', '/auth/challenge')).status).toBe(503);
      fake.down = 'refuse';
      await expect(ksef.call('POST', '/auth/challenge')).rejects.toThrow();
      fake.down = false;
      expect((await ksef.call('POST', '/auth/challenge')).status).toBe(200);
      expect(fake.calls).toContain('POST /auth/challenge');
    },
  );
});
