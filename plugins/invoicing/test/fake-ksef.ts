import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
// The library the plugin SDK re-exports, taken directly: the fake imports nothing of the app at
// load time (the FA(3) validator is imported when the first invoice is checked), so a test may
// import the fake before or after the plugin's modules.
import { XMLParser } from 'fast-xml-parser';

/**
 * A local fake of the Ministry of Finance's KSeF 2.0 API (API 2.6), written from MF's public
 * OpenAPI and integrator guide, for tests on loopback. Base URL: `fake.url` (ends with `/v2`);
 * JSON everywhere except UPO and invoice downloads (application/xml).
 *
 * What it does, as KSeF does:
 * - `GET /security/public-key-certificates`: two self-signed X.509 certificates (DER, base64) of
 *   RSA-2048 keys made at start with openssl, usages `KsefTokenEncryption` and
 *   `SymmetricKeyEncryption`, each with `publicKeyId` (SHA-256 of the SPKI) and `certificateId`.
 * - Authentication with a KSeF token: `POST /auth/challenge` (valid 10 minutes, one use; an
 *   unknown or used one is 400 21111 at once, an expired one ends the authentication in 450),
 *   `POST /auth/ksef-token` (RSA-OAEP SHA-256/MGF1-SHA-256 of `"{token}|{timestampMs}"`; a
 *   `publicKeyId` other than the token key's is 400 21470), async status `GET /auth/{ref}` (100
 *   for `authPolls` polls, then 200, or 450 with MF's details "Nieprawidłowy token" for an unknown
 *   token or one of another NIP, "Nieprawidłowy czas tokena", "Token unieważniony"), `POST
 *   /auth/token/redeem` once and only after a poll answered 200 (else 400 21301), `POST
 *   /auth/token/refresh`. Tokens are HS256 JWTs (a client may read `exp`); a missing, unknown,
 *   expired or wrong-kind Bearer answers 401 (problem+json), a token without the permission 403.
 * - Interactive session: `POST /sessions/online` (FA (3) / 1-0E / FA only; the AES-256 key
 *   RSA-OAEP-encrypted for the SymmetricKeyEncryption certificate, a 16-byte IV given here; a key
 *   that does not decrypt opens the session in status 415 as KSeF does), `POST
 *   /sessions/online/{ref}/invoices` (encrypted size and hash checked at once: 400 21402/21403),
 *   then asynchronously, one invoice after another: AES-256-CBC/PKCS#7 decryption of the plain
 *   ciphertext with the session's IV (435 "Plik niepoprawnie zaszyfrowany"), plain size and hash
 *   (430), UTF-8 without BOM, UTF-8 prolog only, no processing instructions (430), the FA(3) XSD
 *   (430, the validator's messages in `details`), attachments (415), seller NIP = context NIP
 *   (410), `P_1` not after the acceptance day (450), the duplicate rule seller NIP + RodzajFaktury
 *   + P_2 (440 with `originalSessionReferenceNumber`, `originalKsefNumber`), else 200 with a KSeF
 *   number `NIP-YYYYMMDD-XXXXXXXXXXXX-CC` (CRC-8) and `invoicingMode` (Offline when declared or
 *   when P_1's day is before the sending day, Europe/Warsaw days). Status 100 while queued, 150
 *   while processed (`processingMs`).
 * - `GET /sessions/{ref}`, `GET /sessions/{ref}/invoices` (and `/failed`; `pageSize` 10..1000,
 *   default 10, the next page asked with the `x-continuation-token` request header carrying the
 *   body's `continuationToken`, null on the last page), `GET /sessions/{ref}/invoices/{invRef}`,
 *   the invoice UPO by reference or KSeF number (application/xml, `x-ms-meta-hash`), a pre-signed
 *   `upoDownloadUrl` that needs no token, `POST /sessions/online/{ref}/close` (204; 170, then 200
 *   with the session UPO, 440 with no invoices, 445 with none accepted), `GET
 *   /sessions/{ref}/upo/{upoRef}`, `GET /invoices/ksef/{ksefNumber}` (the stored XML).
 * - Errors: 400 as `{exception:{exceptionDetailList:[...]...}}`, or RFC 7807 problem+json
 *   (`errors:[{code,description,details}]`) when the request has `X-Error-Format:
 *   problem-details`; 429 as `{status:{code:429,...}}` or problem+json, with `Retry-After`;
 *   401/403/410 always problem+json. Codes and descriptions are MF's.
 *
 * UPO: per-invoice and per-session `Potwierdzenie` (v4-3) as MF's examples, with the production
 * `NazwaPodmiotuPrzyjmujacego` ("Ministerstwo Finansów", fixed by the XSD). The schema has no
 * element for an XML signature and MF's examples carry none, so the fake's UPO is unsigned.
 *
 * Test controls (fields of the returned object, changeable at any time):
 * - `addToken(token, nip, permissions?)`: a KSeF token valid for that NIP (permissions default
 *   `['InvoiceWrite', 'InvoiceRead']`); `revokeToken(token)`: later authentications end in 450
 *   "Token unieważniony" and refreshes answer 400 21301. `FAKE_KSEF_TOKEN` for `FAKE_KSEF_NIP` is
 *   registered unless `tokens` is given at start.
 * - `down`: false; `'503'` (or true): every call answers 503 with a gateway's HTML page (the API
 *   documents no 503 body); `'refuse'`: every connection is destroyed as it arrives (the client
 *   sees a reset; a new connection is destroyed before any request, so it is not in `calls`).
 * - `rateLimitNext(n, retryAfterSeconds = 30)`: the next n invoice sends answer 429 with
 *   `Retry-After` and the documented body.
 * - `rejectNext(n, {code, description?, details?, extensions?})`: the next n invoices sent end
 *   with that status (after decryption and the hash checks) instead of their own verdict; the
 *   description defaults to MF's for the code (`INVOICE_STATUS`).
 * - `loseNextSendAnswer(n = 1)`: the next n invoice sends are accepted and processed, but the
 *   connection is destroyed instead of the 202 answer (a client killed after sending).
 * - `expireAccessTokens()`: every access token issued so far expires now.
 * - `accessTokenTtlMs` (15 min), `refreshTokenTtlMs` (7 days), `processingMs` (50, per invoice and
 *   per session close), `authPolls` (1: how many 100s an authentication answers before its
 *   outcome), `latencyMs` (0: every answer waits this long), `now` (the clock: tokens, challenges,
 *   dates, "today").
 * State to assert on: `invoices` (every invoice accepted for processing, with its decrypted XML),
 * `sessions`, `calls` (every request as `METHOD /path`, the path after `/v2`, no query), `counts`
 * (challenges, authentications started, status polls, redeem and refresh calls past the Bearer
 * check, sessions opened, invoices accepted); `settled()` waits until every queued invoice and
 * session close is processed; `close()`. Also exported: `ksefNumberChecksum` (the CRC-8),
 * `warsawDay` (KSeF's calendar day), `INVOICE_STATUS` (MF's invoice status descriptions).
 *
 * Where MF's documents leave a choice, the fake takes the stricter reading a real client must
 * survive: optional fields of an invoice status are sent as null (as the live service does), the
 * invoice number only once accepted; the plain file's size or hash not matching the declared ones
 * is 430 after decryption (the service's message for the size), undecryptable content 435; a BOM,
 * a non-UTF-8 prolog or a processing instruction is 430; an unknown invoice reference is 400 21405
 * (the only code the OpenAPI gives there).
 */

export const FAKE_KSEF_NIP = '5260250274';
export const FAKE_KSEF_TOKEN = `20261101-EC-1A2B3C4D5E-6F7A8B9C0D-1E|nip-${FAKE_KSEF_NIP}|${'7e3c'.repeat(16)}`;

export interface KsefStatus {
  code: number;
  description: string;
  details?: string[];
  extensions?: Record<string, string | null>;
}

export interface FakeKsefInvoice {
  sessionReferenceNumber: string;
  /** The invoice's reference number (the 202 answer's). */
  referenceNumber: string;
  ordinalNumber: number;
  /** As the client declared them. */
  invoiceHash: string;
  invoiceSize: number;
  offlineMode: boolean;
  hashOfCorrectedInvoice: string | null;
  /** When KSeF accepted it for processing (the send). */
  invoicingDate: string;
  /** The decrypted file (null until processed, or when it did not decrypt). */
  xml: string | null;
  /** From the file, once processed: P_2, Podmiot1 NIP, RodzajFaktury, P_1 (null when unreadable). */
  invoiceNumber: string | null;
  nip: string | null;
  invoiceType: string | null;
  issueDate: string | null;
  status: KsefStatus;
  ksefNumber: string | null;
  acquisitionDate: string | null;
  invoicingMode: 'Online' | 'Offline' | null;
  /** The invoice's UPO (status 200 only). */
  upo: string | null;
  /** False when the 202 answer was lost on purpose (`loseNextSendAnswer`). */
  answered: boolean;
}

export interface FakeKsefSession {
  referenceNumber: string;
  /** The context (seller) NIP of the access token that opened it. */
  nip: string;
  status: KsefStatus;
  dateCreated: string;
  dateUpdated: string;
  validUntil: string;
  /** False when the symmetric key did not decrypt (the session reads 415). */
  keyOk: boolean;
  /** The session UPO once the closed session is processed. */
  upo: string | null;
  upoReferenceNumber: string | null;
}

export interface FakeKsefOptions {
  tokens?: { token: string; nip: string; permissions?: string[] }[];
  processingMs?: number;
  authPolls?: number;
  accessTokenTtlMs?: number;
  latencyMs?: number;
  now?: () => Date;
}

export interface FakeKsef {
  /** Base URL, e.g. `http://127.0.0.1:PORT/v2`. */
  url: string;
  invoices: FakeKsefInvoice[];
  sessions: FakeKsefSession[];
  calls: string[];
  counts: {
    challenges: number;
    authentications: number;
    authStatusPolls: number;
    redeems: number;
    refreshes: number;
    sessionsOpened: number;
    invoicesSent: number;
  };
  down: boolean | '503' | 'refuse';
  accessTokenTtlMs: number;
  refreshTokenTtlMs: number;
  processingMs: number;
  authPolls: number;
  latencyMs: number;
  now: () => Date;
  addToken(token: string, nip: string, permissions?: string[]): void;
  revokeToken(token: string): void;
  rateLimitNext(n: number, retryAfterSeconds?: number): void;
  rejectNext(
    n: number,
    status: { code: number; description?: string; details?: string[]; extensions?: Record<string, string> },
  ): void;
  loseNextSendAnswer(n?: number): void;
  expireAccessTokens(): void;
  /** Resolves once every queued invoice and session close has been processed. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** KSeF's invoice status descriptions (OpenAPI, SessionInvoiceStatusResponse). */
export const INVOICE_STATUS: Record<number, string> = {
  100: 'Faktura przyjęta do dalszego przetwarzania',
  150: 'Trwa przetwarzanie',
  200: 'Sukces',
  405: 'Przetwarzanie anulowane z powodu błędu sesji',
  410: 'Nieprawidłowy zakres uprawnień',
  415: 'Brak możliwości wysyłania faktury z załącznikiem',
  430: 'Błąd weryfikacji pliku faktury',
  435: 'Błąd odszyfrowania pliku',
  440: 'Duplikat faktury',
  450: 'Błąd weryfikacji semantyki dokumentu faktury',
  500: 'Nieznany błąd (500)',
  550: 'Operacja została anulowana przez system',
};

const SESSION_STATUS: Record<number, string> = {
  100: 'Sesja interaktywna otwarta',
  170: 'Sesja interaktywna zamknięta',
  200: 'Sesja interaktywna przetworzona pomyślnie',
  415: 'Błąd odszyfrowania dostarczonego klucza',
  440: 'Sesja anulowana',
  445: 'Błąd weryfikacji, brak poprawnych faktur',
};

const AUTH_FAILED_TOKEN = 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu';
const WRITE_PERMISSIONS = ['InvoiceWrite', 'PefInvoiceWrite', 'EnforcementOperations'];
const STATUS_PERMISSIONS = ['InvoiceWrite', 'Introspection', 'PefInvoiceWrite', 'EnforcementOperations'];
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const MAX_INVOICE_BYTES = 1_048_576;
const PROBLEM = 'application/problem+json';

/** CRC-8 (polynomial 0x07, initial 0x00) of a KSeF number's first 32 characters, as two uppercase hex digits. */
export function ksefNumberChecksum(first32: string): string {
  let crc = 0;
  for (const byte of Buffer.from(first32, 'utf8')) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc.toString(16).toUpperCase().padStart(2, '0');
}

const WARSAW = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Warsaw',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function warsawParts(d: Date) {
  const p = Object.fromEntries(WARSAW.formatToParts(d).map((x) => [x.type, x.value]));
  return { y: p.year!, m: p.month!, d: p.day!, h: p.hour!, mi: p.minute!, s: p.second! };
}

/** The calendar day in Poland (YYYY-MM-DD): KSeF's "today". */
export function warsawDay(d: Date): string {
  const p = warsawParts(d);
  return `${p.y}-${p.m}-${p.d}`;
}

/** A timestamp in Polish local time with its offset, as MF's UPO examples write them. */
function warsawIso(d: Date): string {
  const p = warsawParts(d);
  const local = Date.UTC(+p.y, +p.m - 1, +p.d, +p.h, +p.mi, +p.s);
  const offset = Math.round((local - Math.floor(d.getTime() / 1000) * 1000) / MINUTE);
  const pad = (n: number) => String(n).padStart(2, '0');
  const ms = String(d.getUTCMilliseconds()).padStart(3, '0');
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${p.y}-${p.m}-${p.d}T${p.h}:${p.mi}:${p.s}.${ms}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const hex = (bytes: number) => crypto.randomBytes(bytes).toString('hex').toUpperCase();
const sha256 = (b: Buffer | string) => crypto.createHash('sha256').update(b).digest('base64');
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const isBase64 = (s: string) => s.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(s);
const isHash = (v: unknown): v is string => typeof v === 'string' && v.length === 44 && isBase64(v);
const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Answer {
  status: number;
  json?: unknown;
  /** A raw body (with `type`). */
  raw?: string;
  type?: string;
  headers?: Record<string, string>;
  /** Destroy the connection instead of answering. */
  lose?: boolean;
}

interface Ctx {
  method: string;
  /** The full request path (no query). */
  path: string;
  problem: boolean;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  clientIp: string;
  origin: string;
}

interface KeyPair {
  certificate: string;
  certificateId: string;
  publicKeyId: string;
  validFrom: string;
  validTo: string;
  privateKey: crypto.KeyObject;
}

interface RegisteredToken {
  nip: string;
  referenceNumber: string;
  permissions: string[];
  revoked: boolean;
}

interface AuthOperation {
  referenceNumber: string;
  startDate: Date;
  nip: string;
  token: string | null;
  outcome: KsefStatus;
  polls: number;
  /** A status poll has answered the outcome (only then can tokens be redeemed). */
  finished: boolean;
  redeemed: boolean;
  refreshValidUntil: Date | null;
  lastRefresh: Date | null;
}

interface IssuedToken {
  kind: 'authentication' | 'access' | 'refresh';
  auth: AuthOperation;
  expiresAt: number;
}

interface SessionInternals {
  key: Buffer | null;
  iv: Buffer;
  tokenReferenceNumber: string;
  ordinal: number;
}

const run = promisify(execFile);

/** A self-signed certificate of a fresh RSA-2048 key, made with openssl in a temporary folder. */
async function makeKeyPair(cn: string): Promise<KeyPair> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fake-ksef-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    const args = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=${cn}`, '-days', '365'];
    await run('openssl', [...args, '-keyout', keyFile, '-out', certFile]);
    const cert = new crypto.X509Certificate(await fs.readFile(certFile));
    const privateKey = crypto.createPrivateKey(await fs.readFile(keyFile));
    const spki = cert.publicKey.export({ type: 'spki', format: 'der' });
    return {
      certificate: cert.raw.toString('base64'),
      certificateId: sha256(cert.raw),
      publicKeyId: sha256(spki),
      validFrom: new Date(cert.validFrom).toISOString(),
      validTo: new Date(cert.validTo).toISOString(),
      privateKey,
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

function oaepDecrypt(key: crypto.KeyObject, data: Buffer): Buffer | null {
  try {
    return crypto.privateDecrypt({ key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, data);
  } catch {
    return null;
  }
}

const xmlParser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, removeNSPrefix: true });

/** The fields KSeF reads from an FA(3) file (null when the file cannot be read). */
function readFa3(xml: string) {
  try {
    const f = (xmlParser.parse(xml) as Json).Faktura;
    if (!isObj(f)) return null;
    const p1 = isObj(f.Podmiot1) && isObj(f.Podmiot1.DaneIdentyfikacyjne) ? f.Podmiot1.DaneIdentyfikacyjne : {};
    const fa = isObj(f.Fa) ? f.Fa : {};
    const text = (v: unknown) => (typeof v === 'string' ? v.trim() : null);
    return {
      nip: text(p1.NIP),
      issueDate: text(fa.P_1),
      invoiceNumber: text(fa.P_2),
      invoiceType: text(fa.RodzajFaktury),
      attachment: f.Zalacznik !== undefined,
    };
  } catch {
    return null;
  }
}

export async function startFakeKsef(opts: FakeKsefOptions = {}): Promise<FakeKsef> {
  const [tokenKey, symmetricKey] = await Promise.all([
    makeKeyPair('Fake KSeF KsefTokenEncryption'),
    makeKeyPair('Fake KSeF SymmetricKeyEncryption'),
  ]);
  const jwtSecret = crypto.randomBytes(32);
  const tokens = new Map<string, RegisteredToken>();
  const challenges = new Map<string, { timestampMs: number; used: boolean }>();
  const auths = new Map<string, AuthOperation>();
  const issued = new Map<string, IssuedToken>();
  const sessionInternals = new Map<string, SessionInternals>();
  const invoiceInternals = new Map<
    string,
    {
      encrypted: Buffer;
      forced: KsefStatus | null;
      permanentAt: number | null;
      /** The schema check started when the file arrived (KSeF checks files in parallel). */
      schema?: Promise<{ line: number | null; message: string }[]>;
    }
  >();
  const downloads = new Map<string, { xml: string; expiresAt: number }>();
  let rateLimited = 0;
  let retryAfter = 30;
  const forced: KsefStatus[] = [];
  let lose = 0;
  let queue: Promise<void> = Promise.resolve();
  let pending = 0;
  let closed = false;

  const fake: FakeKsef = {
    url: '',
    invoices: [],
    sessions: [],
    calls: [],
    counts: {
      challenges: 0,
      authentications: 0,
      authStatusPolls: 0,
      redeems: 0,
      refreshes: 0,
      sessionsOpened: 0,
      invoicesSent: 0,
    },
    down: false,
    accessTokenTtlMs: opts.accessTokenTtlMs ?? 15 * MINUTE,
    refreshTokenTtlMs: 7 * DAY,
    processingMs: opts.processingMs ?? 50,
    authPolls: opts.authPolls ?? 1,
    latencyMs: opts.latencyMs ?? 0,
    now: opts.now ?? (() => new Date()),
    addToken(token, nip, permissions = ['InvoiceWrite', 'InvoiceRead']) {
      const ref = /^(\d{8}-[0-9A-Z]{2}-[0-9A-F]{10}-[0-9A-F]{10}-[0-9A-F]{2})\|/.exec(token)?.[1];
      tokens.set(token, {
        nip,
        referenceNumber: ref ?? refNumber('EC'),
        permissions: [...permissions],
        revoked: false,
      });
    },
    revokeToken(token) {
      const t = tokens.get(token);
      if (t) t.revoked = true;
    },
    rateLimitNext(n, retryAfterSeconds = 30) {
      rateLimited = n;
      retryAfter = retryAfterSeconds;
    },
    rejectNext(n, status) {
      for (let i = 0; i < n; i++)
        forced.push({
          code: status.code,
          description: status.description ?? INVOICE_STATUS[status.code] ?? `Nieznany błąd (${status.code})`,
          ...(status.details ? { details: [...status.details] } : {}),
          ...(status.extensions ? { extensions: { ...status.extensions } } : {}),
        });
    },
    loseNextSendAnswer(n = 1) {
      lose = n;
    },
    expireAccessTokens() {
      const t = now().getTime() - 1;
      for (const v of issued.values()) if (v.kind === 'access') v.expiresAt = Math.min(v.expiresAt, t);
    },
    async settled() {
      while (pending > 0) await queue;
    },
    close: async () => {},
  };
  for (const t of opts.tokens ?? [{ token: FAKE_KSEF_TOKEN, nip: FAKE_KSEF_NIP }])
    fake.addToken(t.token, t.nip, t.permissions);

  const now = () => fake.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  /** A KSeF reference number: `YYYYMMDD-XX-XXXXXXXXXX-XXXXXXXXXX-XX` (36 characters). */
  function refNumber(kind: string): string {
    return `${warsawDay(fake.now()).replaceAll('-', '')}-${kind}-${hex(5)}-${hex(5)}-${hex(1)}`;
  }

  function jwt(claims: Json, ttlMs: number): { token: string; validUntil: number } {
    const iat = now().getTime();
    const b64 = (o: Json) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const body = b64({
      ...claims,
      jti: crypto.randomUUID(),
      iat: Math.floor(iat / 1000),
      exp: Math.floor((iat + ttlMs) / 1000),
      iss: 'fake-ksef',
      aud: 'fake-ksef',
    });
    const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${body}`;
    const sig = crypto.createHmac('sha256', jwtSecret).update(head).digest('base64url');
    return { token: `${head}.${sig}`, validUntil: iat + ttlMs };
  }

  function issue(kind: IssuedToken['kind'], auth: AuthOperation, ttlMs: number) {
    const typ = { authentication: 'OperationToken', access: 'ContextToken', refresh: 'RefreshToken' }[kind];
    const t = jwt({ typ, cit: 'Nip', civ: auth.nip, aum: 'Token', arn: auth.referenceNumber }, ttlMs);
    issued.set(t.token, { kind, auth, expiresAt: t.validUntil });
    return { token: t.token, validUntil: iso(t.validUntil) };
  }

  // ---- answers -------------------------------------------------------------------------------

  const traceId = () => crypto.randomBytes(16).toString('hex');

  function badRequest(c: Ctx, code: number, description: string, details: string[] = []): Answer {
    if (c.problem)
      return {
        status: 400,
        type: PROBLEM,
        json: {
          title: 'Bad Request',
          status: 400,
          instance: c.path,
          detail: 'Żądanie jest nieprawidłowe.',
          errors: [{ code, description, details }],
          timestamp: now().toISOString(),
          traceId: traceId(),
        },
      };
    return {
      status: 400,
      json: {
        exception: {
          exceptionDetailList: [{ exceptionCode: code, exceptionDescription: description, details }],
          referenceNumber: crypto.randomUUID(),
          serviceCode: `00-${crypto.randomBytes(16).toString('hex')}-${crypto.randomBytes(8).toString('hex')}-00`,
          serviceCtx: 'srvFAKE',
          serviceName: 'Undefined',
          timestamp: now().toISOString(),
        },
      },
    };
  }
  const invalid = (c: Ctx, ...details: string[]) => badRequest(c, 21405, 'Błąd walidacji danych wejściowych.', details);

  function unauthorized(c: Ctx, why: 'missing' | 'invalid' | 'expired'): Answer {
    const challenge =
      why === 'missing'
        ? 'Bearer'
        : why === 'expired'
          ? 'Bearer error="invalid_token", error_description="The token expired"'
          : 'Bearer error="invalid_token"';
    return {
      status: 401,
      type: PROBLEM,
      headers: { 'www-authenticate': challenge },
      json: {
        title: 'Unauthorized',
        status: 401,
        detail: 'Wymagane jest uwierzytelnienie.',
        instance: c.path,
        traceId: traceId(),
        timestamp: now().toISOString(),
      },
    };
  }

  function forbidden(c: Ctx, required: string[], present: string[]): Answer {
    return {
      status: 403,
      type: PROBLEM,
      json: {
        title: 'Forbidden',
        status: 403,
        detail: 'Brak wymaganych uprawnień do wykonania operacji w bieżącym kontekście.',
        instance: c.path,
        reasonCode: 'missing-permissions',
        security: { requiredAnyOfPermissions: required, presentPermissions: present },
        traceId: traceId(),
        timestamp: now().toISOString(),
      },
    };
  }

  function tooMany(c: Ctx, seconds: number): Answer {
    const detail = `Przekroczono limit 30 żądań na minutę. Spróbuj ponownie po ${seconds} sekundach.`;
    const headers = { 'retry-after': String(seconds) };
    if (c.problem)
      return {
        status: 429,
        type: PROBLEM,
        headers,
        json: {
          title: 'Too Many Requests',
          status: 429,
          instance: c.path,
          detail,
          timestamp: now().toISOString(),
          traceId: traceId(),
        },
      };
    return {
      status: 429,
      headers,
      json: { status: { code: 429, description: 'Too Many Requests', details: [detail] } },
    };
  }

  const gone = (c: Ctx): Answer => ({
    status: 410,
    type: PROBLEM,
    json: {
      title: 'Gone',
      status: 410,
      instance: c.path,
      detail: 'Operacja wygasła i nie jest już dostępna.',
      timestamp: now().toISOString(),
      traceId: traceId(),
    },
  });

  const notFound = (c: Ctx): Answer => ({
    status: 404,
    type: PROBLEM,
    json: { title: 'Not Found', status: 404, instance: c.path, timestamp: now().toISOString(), traceId: traceId() },
  });

  const xmlAnswer = (xml: string, hash = sha256(Buffer.from(xml, 'utf8'))): Answer => ({
    status: 200,
    type: 'application/xml',
    raw: xml,
    headers: { 'x-ms-meta-hash': hash },
  });

  /** The Bearer token of the request if it is a live token of that kind; else the 401 to answer. */
  function bearer(c: Ctx, kind: IssuedToken['kind']): IssuedToken | Answer {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(String(c.headers.authorization ?? ''));
    if (!m) return unauthorized(c, 'missing');
    const t = issued.get(m[1]!);
    if (!t || t.kind !== kind) return unauthorized(c, 'invalid');
    if (now().getTime() >= t.expiresAt) return unauthorized(c, 'expired');
    return t;
  }
  const isAnswer = (v: unknown): v is Answer => isObj(v) && typeof v.status === 'number';

  /** An access token of the request with one of the permissions, or the 401/403 to answer. */
  function access(c: Ctx, anyOf: string[]): { nip: string; auth: AuthOperation } | Answer {
    const t = bearer(c, 'access');
    if (isAnswer(t)) return t;
    const present = (t.auth.token && tokens.get(t.auth.token)?.permissions) || [];
    if (!present.some((p) => anyOf.includes(p))) return forbidden(c, anyOf, present);
    return { nip: t.auth.nip, auth: t.auth };
  }

  // ---- sessions and invoices -----------------------------------------------------------------

  function enqueue(task: () => Promise<void>) {
    pending++;
    queue = queue
      .then(task)
      .catch((e: unknown) => console.error('fake KSeF: processing failed', e))
      .finally(() => {
        pending--;
      });
  }

  function setSessionStatus(s: FakeKsefSession, code: number, details?: string[]) {
    s.status = { code, description: SESSION_STATUS[code]!, ...(details ? { details } : {}) };
    s.dateUpdated = now().toISOString();
  }

  /** The context's session (closing it when its 12 hours have passed), or null. */
  function findSession(ref: string, nip: string): FakeKsefSession | null {
    const s = fake.sessions.find((x) => x.referenceNumber === ref && x.nip === nip) ?? null;
    if (s && s.status.code === 100 && now().getTime() >= Date.parse(s.validUntil)) closeSession(s);
    return s;
  }

  function closeSession(s: FakeKsefSession) {
    setSessionStatus(s, 170);
    enqueue(async () => {
      await sleep(fake.processingMs);
      const mine = fake.invoices.filter((i) => i.sessionReferenceNumber === s.referenceNumber);
      const ok = mine.filter((i) => i.status.code === 200);
      if (mine.length === 0) return setSessionStatus(s, 440, ['Nie przesłano faktur']);
      if (ok.length === 0) return setSessionStatus(s, 445);
      s.upo = upoXml(s, ok, true);
      s.upoReferenceNumber = refNumber('EU');
      setSessionStatus(s, 200);
    });
  }

  function upoXml(s: FakeKsefSession, docs: FakeKsefInvoice[], summary: boolean): string {
    const tokenRef = sessionInternals.get(s.referenceNumber)!.tokenReferenceNumber;
    const lines = [
      '<?xml version="1.0" encoding="utf-8"?>',
      '<Potwierdzenie xmlns="http://upo.schematy.mf.gov.pl/KSeF/v4-3">',
      '\t<NazwaPodmiotuPrzyjmujacego>Ministerstwo Finansów</NazwaPodmiotuPrzyjmujacego>',
      `\t<NumerReferencyjnySesji>${s.referenceNumber}</NumerReferencyjnySesji>`,
      '\t<Uwierzytelnienie>',
      `\t\t<IdKontekstu><Nip>${s.nip}</Nip></IdKontekstu>`,
      `\t\t<NumerReferencyjnyTokenaKSeF>${tokenRef}</NumerReferencyjnyTokenaKSeF>`,
      '\t</Uwierzytelnienie>',
    ];
    if (summary)
      lines.push(
        '\t<OpisPotwierdzenia>',
        '\t\t<Strona>1</Strona>',
        '\t\t<LiczbaStron>1</LiczbaStron>',
        '\t\t<ZakresDokumentowOd>1</ZakresDokumentowOd>',
        `\t\t<ZakresDokumentowDo>${docs.length}</ZakresDokumentowDo>`,
        `\t\t<CalkowitaLiczbaDokumentow>${docs.length}</CalkowitaLiczbaDokumentow>`,
        '\t</OpisPotwierdzenia>',
      );
    lines.push('\t<NazwaStrukturyLogicznej>Schemat_FA(3)_v1-0E.xsd</NazwaStrukturyLogicznej>');
    lines.push('\t<KodFormularza>FA (3)</KodFormularza>');
    for (const d of docs)
      lines.push(
        '\t<Dokument>',
        `\t\t<NipSprzedawcy>${d.nip}</NipSprzedawcy>`,
        `\t\t<NumerKSeFDokumentu>${d.ksefNumber}</NumerKSeFDokumentu>`,
        `\t\t<NumerFaktury>${xmlEscape(d.invoiceNumber ?? '')}</NumerFaktury>`,
        `\t\t<DataWystawieniaFaktury>${d.issueDate}</DataWystawieniaFaktury>`,
        `\t\t<DataPrzeslaniaDokumentu>${warsawIso(new Date(d.invoicingDate))}</DataPrzeslaniaDokumentu>`,
        `\t\t<DataNadaniaNumeruKSeF>${warsawIso(new Date(d.acquisitionDate!))}</DataNadaniaNumeruKSeF>`,
        `\t\t<SkrotDokumentu>${d.invoiceHash}</SkrotDokumentu>`,
        `\t\t<TrybWysylki>${d.invoicingMode}</TrybWysylki>`,
        '\t</Dokument>',
      );
    lines.push('</Potwierdzenie>');
    return lines.join('\n');
  }

  /** A pre-signed link to a stored XML on the fake's "storage", valid 3 days, no token. */
  function downloadUrl(c: Ctx, folder: string, file: string, xml: string) {
    const sig = crypto.randomBytes(24).toString('base64url');
    const expiresAt = now().getTime() + 3 * DAY;
    downloads.set(sig, { xml, expiresAt });
    return {
      url: `${c.origin}/storage/01/${folder.toLowerCase()}/${file}?se=${encodeURIComponent(iso(expiresAt))}&sig=${sig}`,
      expires: iso(expiresAt),
    };
  }

  function setStatus(inv: FakeKsefInvoice, code: number, details?: string[], extensions?: Record<string, string>) {
    inv.status = {
      code,
      description: INVOICE_STATUS[code] ?? `Nieznany błąd (${code})`,
      ...(details ? { details } : {}),
      ...(extensions ? { extensions } : {}),
    };
  }

  /**
   * The FA(3) schema check of `inv`, batched with every invoice that arrived and still waits in
   * the queue: one validator run for them all (a run costs ~150 ms whatever its size, and blocks
   * the fake's event loop: one run per file would make the fake, not the client, the bottleneck
   * of 1,000 invoices). The others' results are kept for their turn.
   */
  async function schemaCheck(inv: FakeKsefInvoice, xml: string): Promise<{ line: number | null; message: string }[]> {
    const batch = [{ ref: inv.referenceNumber, xml }];
    for (const other of fake.invoices) {
      const internal = invoiceInternals.get(other.referenceNumber);
      if (other === inv || other.status.code !== 100 || !internal || internal.schema) continue;
      const session = sessionInternals.get(other.sessionReferenceNumber);
      if (!session?.key) continue;
      try {
        const d = crypto.createDecipheriv('aes-256-cbc', session.key, session.iv);
        const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(
          Buffer.concat([d.update(internal.encrypted), d.final()]),
        );
        batch.push({ ref: other.referenceNumber, xml: text });
      } catch {
        // Checked in its turn (435, 430).
      }
    }
    const { validateFa3 } = await import('../server/schemas');
    const errors = await validateFa3(batch.map((b) => ({ name: b.ref, xml: b.xml })));
    for (const b of batch.slice(1)) {
      const internal = invoiceInternals.get(b.ref)!;
      internal.schema = Promise.resolve(errors.filter((e) => e.document === b.ref));
    }
    return errors.filter((e) => e.document === inv.referenceNumber);
  }

  /** KSeF's checks of a received invoice, in order; ends in 200 with a KSeF number or an error status. */
  async function processInvoice(inv: FakeKsefInvoice) {
    setStatus(inv, 150);
    await sleep(fake.processingMs);
    if (closed) return;
    const internal = invoiceInternals.get(inv.referenceNumber)!;
    const session = sessionInternals.get(inv.sessionReferenceNumber)!;
    let plain: Buffer;
    try {
      const d = crypto.createDecipheriv('aes-256-cbc', session.key!, session.iv);
      plain = Buffer.concat([d.update(internal.encrypted), d.final()]);
    } catch {
      return setStatus(inv, 435, ['Plik niepoprawnie zaszyfrowany']);
    }
    if (plain.length !== inv.invoiceSize)
      return setStatus(inv, 430, [`Rozmiar faktury nie zgadza się z zadeklarowaną wartością: '${inv.invoiceSize}'.`]);
    if (sha256(plain) !== inv.invoiceHash)
      return setStatus(inv, 430, [`Skrót faktury nie zgadza się z zadeklarowaną wartością: '${inv.invoiceHash}'.`]);
    let xml: string;
    try {
      xml = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(plain);
    } catch {
      return setStatus(inv, 430, ['Nieprawidłowe kodowanie znaków. Plik faktury musi być zapisany w UTF-8.']);
    }
    inv.xml = xml;
    const read = readFa3(xml);
    if (read)
      Object.assign(inv, {
        nip: read.nip,
        invoiceNumber: read.invoiceNumber,
        invoiceType: read.invoiceType,
        issueDate: read.issueDate,
      });
    if (internal.forced) {
      inv.status = internal.forced;
      return;
    }
    if (xml.startsWith('\uFEFF'))
      return setStatus(inv, 430, ['Nieprawidłowe kodowanie znaków. Plik faktury nie może zawierać znacznika BOM.']);
    const prolog = /^<\?xml\s[^?]*\?>/.exec(xml)?.[0];
    const encoding = prolog && /encoding\s*=\s*["']([^"']+)["']/.exec(prolog)?.[1];
    if (encoding && encoding.toLowerCase() !== 'utf-8')
      return setStatus(inv, 430, [
        `Nieprawidłowe kodowanie znaków. Deklarowane kodowanie '${encoding}'; dozwolone jest tylko UTF-8.`,
      ]);
    if (/<\?/.test(xml.slice(prolog?.length ?? 0)))
      return setStatus(inv, 430, [
        'Plik faktury zawiera instrukcje przetwarzania (processing instructions), które są niedozwolone.',
      ]);
    const errors = await (internal.schema ?? schemaCheck(inv, xml));
    if (closed) return;
    if (errors.length > 0)
      return setStatus(
        inv,
        430,
        errors.map((e) => (e.line ? `[linia ${e.line}] ${e.message}` : e.message)),
      );
    if (!read) return setStatus(inv, 430, ['Nie udało się odczytać pliku faktury.']);
    if (read.attachment && !inv.hashOfCorrectedInvoice) return setStatus(inv, 415);
    const ctxNip = fake.sessions.find((s) => s.referenceNumber === inv.sessionReferenceNumber)!.nip;
    if (read.nip !== ctxNip)
      return setStatus(inv, 410, [
        `Brak uprawnień do wystawienia faktury w imieniu podmiotu o NIP ${read.nip} w kontekście NIP ${ctxNip}.`,
      ]);
    const sentDay = warsawDay(new Date(inv.invoicingDate));
    if (read.issueDate! > sentDay)
      return setStatus(inv, 450, [
        `Data wystawienia faktury (P_1) ${read.issueDate} jest późniejsza niż data przyjęcia dokumentu do systemu KSeF (${sentDay}).`,
      ]);
    const original = fake.invoices.find(
      (o) =>
        o !== inv &&
        o.status.code === 200 &&
        o.nip === read.nip &&
        o.invoiceType === read.invoiceType &&
        o.invoiceNumber === read.invoiceNumber,
    );
    if (original)
      return setStatus(
        inv,
        440,
        [
          `Duplikat faktury. Faktura o numerze KSeF: ${original.ksefNumber} została już prawidłowo przesłana do systemu w sesji: ${original.sessionReferenceNumber}`,
        ],
        { originalSessionReferenceNumber: original.sessionReferenceNumber, originalKsefNumber: original.ksefNumber! },
      );
    const acquired = now();
    const head = `${read.nip}-${warsawDay(acquired).replaceAll('-', '')}-${hex(6)}`;
    inv.ksefNumber = `${head}-${ksefNumberChecksum(head)}`;
    inv.acquisitionDate = acquired.toISOString();
    inv.invoicingMode = inv.offlineMode || read.issueDate! < sentDay ? 'Offline' : 'Online';
    internal.permanentAt = acquired.getTime() + fake.processingMs;
    setStatus(inv, 200);
    const s = fake.sessions.find((x) => x.referenceNumber === inv.sessionReferenceNumber)!;
    inv.upo = upoXml(s, [inv], false);
  }

  function invoiceView(c: Ctx, inv: FakeKsefInvoice) {
    const ok = inv.status.code === 200;
    const permanentAt = invoiceInternals.get(inv.referenceNumber)!.permanentAt;
    const link = ok
      ? downloadUrl(c, inv.sessionReferenceNumber, `invoice-upo/upo_${inv.ksefNumber}.xml`, inv.upo!)
      : null;
    return {
      ordinalNumber: inv.ordinalNumber,
      invoiceNumber: ok ? inv.invoiceNumber : null,
      ksefNumber: inv.ksefNumber,
      referenceNumber: inv.referenceNumber,
      invoiceHash: inv.invoiceHash,
      invoiceFileName: null,
      acquisitionDate: inv.acquisitionDate,
      invoicingDate: inv.invoicingDate,
      permanentStorageDate: permanentAt !== null && now().getTime() >= permanentAt ? iso(permanentAt) : null,
      upoDownloadUrl: link?.url ?? null,
      upoDownloadUrlExpirationDate: link?.expires ?? null,
      invoicingMode: ok ? inv.invoicingMode : null,
      status: inv.status,
    };
  }

  /** A page of a session's invoices: `pageSize` 10..1000 (default 10), `x-continuation-token`. */
  function invoicePage(c: Ctx, s: FakeKsefSession, failedOnly: boolean): Answer {
    const sizeParam = c.query.get('pageSize');
    const pageSize = sizeParam === null ? 10 : Number(sizeParam);
    if (!Number.isInteger(pageSize) || pageSize < 10 || pageSize > 1000)
      return invalid(c, 'The field pageSize must be between 10 and 1000.');
    let offset = 0;
    const token = c.headers['x-continuation-token'];
    if (typeof token === 'string' && token !== '') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
      } catch {
        parsed = null;
      }
      if (!isObj(parsed) || parsed.s !== s.referenceNumber || !Number.isInteger(parsed.o) || (parsed.o as number) < 0)
        return badRequest(c, 21418, 'Przekazany token kontynuacji ma nieprawidłowy format.');
      offset = parsed.o as number;
    }
    const all = fake.invoices.filter(
      (i) => i.sessionReferenceNumber === s.referenceNumber && (!failedOnly || i.status.code >= 400),
    );
    const page = all.slice(offset, offset + pageSize);
    const next = offset + pageSize < all.length;
    return {
      status: 200,
      json: {
        continuationToken: next
          ? Buffer.from(JSON.stringify({ s: s.referenceNumber, o: offset + pageSize })).toString('base64')
          : null,
        invoices: page.map((i) => invoiceView(c, i)),
      },
    };
  }

  function sessionView(c: Ctx, s: FakeKsefSession) {
    const mine = fake.invoices.filter((i) => i.sessionReferenceNumber === s.referenceNumber);
    const page = s.upo ? downloadUrl(c, s.referenceNumber, `session-upo/upo_00.xml`, s.upo) : null;
    return {
      status: s.status,
      dateCreated: s.dateCreated,
      dateUpdated: s.dateUpdated,
      validUntil: s.validUntil,
      upo:
        page && s.upoReferenceNumber
          ? {
              pages: [
                {
                  referenceNumber: s.upoReferenceNumber,
                  downloadUrl: page.url,
                  downloadUrlExpirationDate: page.expires,
                },
              ],
            }
          : null,
      invoiceCount: mine.length,
      successfulInvoiceCount: mine.filter((i) => i.status.code === 200).length,
      failedInvoiceCount: mine.filter((i) => i.status.code >= 400).length,
    };
  }

  // ---- the routes ----------------------------------------------------------------------------

  async function authenticate(c: Ctx, body: Json): Promise<Answer> {
    const ctxId = body.contextIdentifier;
    const problems: string[] = [];
    if (typeof body.challenge !== 'string') problems.push('The Challenge field is required.');
    if (typeof body.encryptedToken !== 'string' || !isBase64(body.encryptedToken))
      problems.push('The EncryptedToken field is required and must be Base64.');
    if (!isObj(ctxId) || typeof ctxId.type !== 'string' || typeof ctxId.value !== 'string')
      problems.push('The ContextIdentifier field is required.');
    else if (!['Nip', 'InternalId', 'NipVatUe', 'PeppolId'].includes(ctxId.type))
      problems.push(`The value '${ctxId.type}' is not valid for ContextIdentifier.Type.`);
    else if (ctxId.type === 'Nip' && !/^\d{10}$/.test(ctxId.value))
      problems.push('ContextIdentifier.Value is not a valid NIP.');
    if (body.publicKeyId !== undefined && body.publicKeyId !== null && typeof body.publicKeyId !== 'string')
      problems.push('The PublicKeyId field must be a string.');
    if (problems.length) return invalid(c, ...problems);
    const challenge = challenges.get(body.challenge as string);
    if (!challenge || challenge.used) return badRequest(c, 21111, 'Nieprawidłowe wyzwanie autoryzacyjne.');
    if (typeof body.publicKeyId === 'string' && body.publicKeyId !== tokenKey.publicKeyId)
      return badRequest(c, 21470, 'Przesłany identyfikator klucza jest nieznany lub wskazuje na wycofany klucz.', [
        `Klucz o identyfikatorze ${body.publicKeyId} nie jest wspierany.`,
      ]);
    challenge.used = true;
    fake.counts.authentications++;
    const context = ctxId as { type: string; value: string };
    const fail = (detail: string): KsefStatus => ({ code: 450, description: AUTH_FAILED_TOKEN, details: [detail] });
    let outcome: KsefStatus = { code: 200, description: 'Uwierzytelnianie zakończone sukcesem' };
    let token: string | null = null;
    const plain = oaepDecrypt(tokenKey.privateKey, Buffer.from(body.encryptedToken as string, 'base64'));
    const text = plain?.toString('utf8') ?? '';
    const bar = text.lastIndexOf('|');
    if (now().getTime() - challenge.timestampMs > 10 * MINUTE) outcome = fail('Nieprawidłowe wyzwanie autoryzacyjne');
    else if (!plain || bar < 0) outcome = fail('Nieprawidłowy token');
    else if (text.slice(bar + 1) !== String(challenge.timestampMs)) outcome = fail('Nieprawidłowy czas tokena');
    else {
      token = text.slice(0, bar);
      const known = tokens.get(token);
      if (!known || context.type !== 'Nip' || known.nip !== context.value) outcome = fail('Nieprawidłowy token');
      else if (known.revoked) outcome = fail('Token unieważniony');
      else if (known.permissions.length === 0)
        outcome = {
          code: 415,
          description: 'Uwierzytelnianie zakończone niepowodzeniem',
          details: ['Brak przypisanych uprawnień'],
        };
    }
    const op: AuthOperation = {
      referenceNumber: refNumber('AU'),
      startDate: now(),
      nip: context.value,
      token: outcome.code === 200 ? token : null,
      outcome,
      polls: 0,
      finished: fake.authPolls <= 0,
      redeemed: false,
      refreshValidUntil: null,
      lastRefresh: null,
    };
    auths.set(op.referenceNumber, op);
    return {
      status: 202,
      json: { referenceNumber: op.referenceNumber, authenticationToken: issue('authentication', op, 45 * MINUTE) },
    };
  }

  async function sendInvoice(c: Ctx, ref: string, body: Json, who: { nip: string }): Promise<Answer> {
    const s = findSession(ref, who.nip);
    if (!s)
      return badRequest(c, 21173, 'Brak sesji o wskazanym numerze referencyjnym.', [
        `Sesja o numerze referencyjnym ${ref} nie została odnaleziona.`,
      ]);
    if (s.status.code !== 100)
      return badRequest(c, 21180, 'Status sesji nie pozwala na wykonanie operacji.', [
        `Status sesji ${s.status.code} uniemożliwia wysyłkę faktur.`,
      ]);
    const problems: string[] = [];
    for (const k of ['invoiceHash', 'encryptedInvoiceHash'])
      if (!isHash(body[k]))
        problems.push(`The ${k} field is required and must be a SHA-256 hash in Base64 (44 characters).`);
    for (const k of ['invoiceSize', 'encryptedInvoiceSize'])
      if (!Number.isInteger(body[k]) || (body[k] as number) < 1)
        problems.push(`The ${k} field must be a positive integer.`);
    if (typeof body.encryptedInvoiceContent !== 'string' || !isBase64(body.encryptedInvoiceContent))
      problems.push('The encryptedInvoiceContent field is required and must be Base64.');
    if (body.offlineMode !== undefined && body.offlineMode !== null && typeof body.offlineMode !== 'boolean')
      problems.push('The offlineMode field must be a boolean.');
    const corrected = body.hashOfCorrectedInvoice;
    if (corrected !== undefined && corrected !== null && !isHash(corrected))
      problems.push('The hashOfCorrectedInvoice field must be a SHA-256 hash in Base64 (44 characters).');
    if (problems.length) return invalid(c, ...problems);
    if ((body.invoiceSize as number) > MAX_INVOICE_BYTES)
      return invalid(c, `Rozmiar faktury przekracza dozwolony limit ${MAX_INVOICE_BYTES} bajtów.`);
    const encrypted = Buffer.from(body.encryptedInvoiceContent as string, 'base64');
    if (encrypted.length !== body.encryptedInvoiceSize)
      return badRequest(c, 21402, 'Nieprawidłowy rozmiar pliku.', ['Długość treści nie zgadza się z rozmiarem pliku.']);
    if (sha256(encrypted) !== body.encryptedInvoiceHash)
      return badRequest(c, 21403, 'Nieprawidłowy skrót pliku.', ['Skrót treści nie zgadza się ze skrótem pliku.']);
    if (typeof corrected === 'string') {
      const mine = fake.invoices.filter((i) => sessionOf(i).nip === who.nip);
      if (mine.some((i) => i.invoiceHash === corrected && i.status.code === 200))
        return badRequest(c, 21167, 'Status faktury nie pozwala na korektę techniczną.', [
          'Nie można wysłać korekty technicznej do prawidłowo przetworzonej faktury.',
        ]);
      if (mine.some((i) => i.hashOfCorrectedInvoice === corrected && i.status.code === 200))
        return badRequest(c, 21166, 'Korekta techniczna niedostępna.', [
          'Faktura posiada już przetworzoną prawidłowo korektę techniczną.',
        ]);
    }
    const internals = sessionInternals.get(s.referenceNumber)!;
    const inv: FakeKsefInvoice = {
      sessionReferenceNumber: s.referenceNumber,
      referenceNumber: refNumber('EE'),
      ordinalNumber: ++internals.ordinal,
      invoiceHash: body.invoiceHash as string,
      invoiceSize: body.invoiceSize as number,
      offlineMode: body.offlineMode === true,
      hashOfCorrectedInvoice: typeof corrected === 'string' ? corrected : null,
      invoicingDate: now().toISOString(),
      xml: null,
      invoiceNumber: null,
      nip: null,
      invoiceType: null,
      issueDate: null,
      status: { code: 100, description: INVOICE_STATUS[100]! },
      ksefNumber: null,
      acquisitionDate: null,
      invoicingMode: null,
      upo: null,
      answered: true,
    };
    invoiceInternals.set(inv.referenceNumber, {
      encrypted,
      forced: forced.shift() ?? null,
      permanentAt: null,
    });
    fake.invoices.push(inv);
    s.dateUpdated = now().toISOString();
    fake.counts.invoicesSent++;
    enqueue(() => processInvoice(inv));
    if (lose > 0) {
      lose--;
      inv.answered = false;
      return { status: 202, lose: true };
    }
    return { status: 202, json: { referenceNumber: inv.referenceNumber } };
  }

  const sessionOf = (i: FakeKsefInvoice) => fake.sessions.find((s) => s.referenceNumber === i.sessionReferenceNumber)!;
  const noSession = (c: Ctx, ref: string) =>
    badRequest(c, 21173, 'Brak sesji o wskazanym numerze referencyjnym.', [
      `Sesja o numerze referencyjnym ${ref} nie została znaleziona.`,
    ]);

  async function route(c: Ctx, rel: string, readBody: () => Promise<Json | Answer>): Promise<Answer> {
    const { method } = c;
    let m: RegExpExecArray | null;

    if (method === 'GET' && rel === '/security/public-key-certificates')
      return {
        status: 200,
        json: [[tokenKey, 'KsefTokenEncryption'] as const, [symmetricKey, 'SymmetricKeyEncryption'] as const].map(
          ([k, usage]) => ({
            certificate: k.certificate,
            certificateId: k.certificateId,
            publicKeyId: k.publicKeyId,
            validFrom: k.validFrom,
            validTo: k.validTo,
            usage: [usage],
          }),
        ),
      };

    if (method === 'POST' && rel === '/auth/challenge') {
      fake.counts.challenges++;
      const at = now();
      const challenge = refNumber('CR');
      challenges.set(challenge, { timestampMs: at.getTime(), used: false });
      return {
        status: 200,
        json: { challenge, timestamp: at.toISOString(), timestampMs: at.getTime(), clientIp: c.clientIp },
      };
    }

    if (method === 'POST' && rel === '/auth/ksef-token') {
      const body = await readBody();
      return isAnswer(body) ? body : authenticate(c, body);
    }

    if (method === 'POST' && rel === '/auth/token/redeem') {
      const t = bearer(c, 'authentication');
      if (isAnswer(t)) return t;
      fake.counts.redeems++;
      const op = t.auth;
      if (op.redeemed)
        return badRequest(c, 21301, 'Brak autoryzacji.', [
          `Tokeny dla operacji uwierzytelniania ${op.referenceNumber} zostały już pobrane.`,
        ]);
      const code = op.finished ? op.outcome.code : 100;
      if (code !== 200)
        return badRequest(c, 21301, 'Brak autoryzacji.', [
          `Status uwierzytelniania (${code}) nie pozwala na pobranie tokenów.`,
        ]);
      if (op.token && tokens.get(op.token)?.revoked)
        return badRequest(c, 21301, 'Brak autoryzacji.', ['Token KSeF został unieważniony.']);
      op.redeemed = true;
      const refreshToken = issue('refresh', op, fake.refreshTokenTtlMs);
      op.refreshValidUntil = new Date(refreshToken.validUntil);
      return { status: 200, json: { accessToken: issue('access', op, fake.accessTokenTtlMs), refreshToken } };
    }

    if (method === 'POST' && rel === '/auth/token/refresh') {
      const t = bearer(c, 'refresh');
      if (isAnswer(t)) return t;
      fake.counts.refreshes++;
      if (t.auth.token && tokens.get(t.auth.token)?.revoked)
        return badRequest(c, 21301, 'Brak autoryzacji.', ['Token KSeF został unieważniony.']);
      t.auth.lastRefresh = now();
      return { status: 200, json: { accessToken: issue('access', t.auth, fake.accessTokenTtlMs) } };
    }

    if (method === 'GET' && (m = /^\/auth\/([^/]+)$/.exec(rel)) && m[1] !== 'sessions') {
      const t = bearer(c, 'authentication');
      if (isAnswer(t)) return t;
      const op = auths.get(decodeURIComponent(m[1]!));
      if (!op || op !== t.auth)
        return badRequest(c, 21304, 'Brak uwierzytelnienia.', [
          `Operacja uwierzytelniania o numerze referencyjnym ${decodeURIComponent(m[1]!)} nie została znaleziona.`,
        ]);
      if (now().getTime() - op.startDate.getTime() > 7 * DAY) return gone(c);
      fake.counts.authStatusPolls++;
      op.finished ||= op.polls >= fake.authPolls;
      op.polls++;
      return {
        status: 200,
        json: {
          startDate: op.startDate.toISOString(),
          authenticationMethod: 'Token',
          authenticationMethodInfo: { category: 'Token', code: 'token', displayName: 'Token KSeF' },
          status: op.finished ? op.outcome : { code: 100, description: 'Uwierzytelnianie w toku' },
          isTokenRedeemed: op.redeemed,
          lastTokenRefreshDate: op.lastRefresh?.toISOString() ?? null,
          refreshTokenValidUntil: op.refreshValidUntil?.toISOString() ?? null,
        },
      };
    }

    if (method === 'POST' && rel === '/sessions/online') {
      const who = access(c, WRITE_PERMISSIONS);
      if (isAnswer(who)) return who;
      const body = await readBody();
      if (isAnswer(body)) return body;
      const form = body.formCode;
      const enc = body.encryption;
      if (!isObj(form) || !isObj(enc)) return invalid(c, 'The FormCode and Encryption fields are required.');
      if (form.systemCode !== 'FA (3)' || form.schemaVersion !== '1-0E' || form.value !== 'FA')
        return invalid(c, 'Wskazany kod formularza nie jest wspierany.');
      if (typeof enc.encryptedSymmetricKey !== 'string' || !isBase64(enc.encryptedSymmetricKey))
        return invalid(c, 'The EncryptedSymmetricKey field is required and must be Base64.');
      if (typeof enc.initializationVector !== 'string' || !isBase64(enc.initializationVector))
        return invalid(c, 'The InitializationVector field is required and must be Base64.');
      const iv = Buffer.from(enc.initializationVector, 'base64');
      if (iv.length !== 16)
        return invalid(
          c,
          `Nieprawidłowa długość wektora inicjującego (IV). Oczekiwano 16 bajtów, otrzymano ${iv.length}.`,
        );
      if (typeof enc.publicKeyId === 'string' && enc.publicKeyId !== symmetricKey.publicKeyId)
        return badRequest(c, 21470, 'Przesłany identyfikator klucza jest nieznany lub wskazuje na wycofany klucz.', [
          `Klucz o identyfikatorze ${enc.publicKeyId} nie jest wspierany.`,
        ]);
      const key = oaepDecrypt(symmetricKey.privateKey, Buffer.from(enc.encryptedSymmetricKey, 'base64'));
      const keyOk = key !== null && key.length === 32;
      const at = now();
      const s: FakeKsefSession = {
        referenceNumber: refNumber('SO'),
        nip: who.nip,
        status: { code: 100, description: SESSION_STATUS[100]! },
        dateCreated: at.toISOString(),
        dateUpdated: at.toISOString(),
        validUntil: iso(at.getTime() + 12 * 60 * MINUTE),
        keyOk,
        upo: null,
        upoReferenceNumber: null,
      };
      if (!keyOk) setSessionStatus(s, 415, ['Rozszyfrowania klucza symetrycznego zakończone błędem']);
      const tokenRef = (who.auth.token && tokens.get(who.auth.token)?.referenceNumber) || refNumber('EC');
      sessionInternals.set(s.referenceNumber, {
        key: keyOk ? key : null,
        iv,
        tokenReferenceNumber: tokenRef,
        ordinal: 0,
      });
      fake.sessions.push(s);
      fake.counts.sessionsOpened++;
      return { status: 201, json: { referenceNumber: s.referenceNumber, validUntil: s.validUntil } };
    }

    if (method === 'POST' && (m = /^\/sessions\/online\/([^/]+)\/invoices$/.exec(rel))) {
      if (rateLimited > 0) {
        rateLimited--;
        return tooMany(c, retryAfter);
      }
      const who = access(c, WRITE_PERMISSIONS);
      if (isAnswer(who)) return who;
      const body = await readBody();
      return isAnswer(body) ? body : sendInvoice(c, decodeURIComponent(m[1]!), body, who);
    }

    if (method === 'POST' && (m = /^\/sessions\/online\/([^/]+)\/close$/.exec(rel))) {
      const who = access(c, WRITE_PERMISSIONS);
      if (isAnswer(who)) return who;
      const ref = decodeURIComponent(m[1]!);
      const s = findSession(ref, who.nip);
      if (!s) return noSession(c, ref);
      if (s.status.code !== 100)
        return badRequest(c, 21180, 'Status sesji nie pozwala na wykonanie operacji.', [
          `Status sesji ${s.status.code} uniemożliwia jej zamknięcie.`,
        ]);
      closeSession(s);
      return { status: 204 };
    }

    if (method === 'GET' && (m = /^\/sessions\/([^/]+)(\/.*)?$/.exec(rel))) {
      const who = access(c, STATUS_PERMISSIONS);
      if (isAnswer(who)) return who;
      const ref = decodeURIComponent(m[1]!);
      const rest = m[2] ?? '';
      const s = findSession(ref, who.nip);
      if (!s) return noSession(c, ref);
      if (rest === '') return { status: 200, json: sessionView(c, s) };
      if (rest === '/invoices') return invoicePage(c, s, false);
      if (rest === '/invoices/failed') return invoicePage(c, s, true);
      const mine = (f: (i: FakeKsefInvoice) => boolean) =>
        fake.invoices.find((i) => i.sessionReferenceNumber === s.referenceNumber && f(i));
      let k: RegExpExecArray | null;
      if ((k = /^\/invoices\/ksef\/([^/]+)\/upo$/.exec(rest))) {
        const ksef = decodeURIComponent(k[1]!);
        const inv = mine((i) => i.ksefNumber === ksef && i.status.code === 200);
        if (!inv)
          return badRequest(c, 21178, 'Nie znaleziono UPO dla podanych kryteriów.', [
            `UPO o numerze KSeF ${ksef} i numerze referencyjnym sesji ${ref} nie zostało znalezione.`,
          ]);
        return xmlAnswer(inv.upo!);
      }
      if ((k = /^\/invoices\/([^/]+)\/upo$/.exec(rest))) {
        const invRef = decodeURIComponent(k[1]!);
        const inv = mine((i) => i.referenceNumber === invRef && i.status.code === 200);
        if (!inv)
          return badRequest(c, 21178, 'Nie znaleziono UPO dla podanych kryteriów.', [
            `UPO faktury o numerze referencyjnym ${invRef} dla sesji ${ref} nie zostało znalezione.`,
          ]);
        return xmlAnswer(inv.upo!);
      }
      if ((k = /^\/invoices\/([^/]+)$/.exec(rest))) {
        const invRef = decodeURIComponent(k[1]!);
        const inv = mine((i) => i.referenceNumber === invRef);
        if (!inv) return invalid(c, `Faktura o numerze referencyjnym ${invRef} nie została znaleziona w sesji ${ref}.`);
        return { status: 200, json: invoiceView(c, inv) };
      }
      if ((k = /^\/upo\/([^/]+)$/.exec(rest))) {
        const upoRef = decodeURIComponent(k[1]!);
        if (!s.upo || s.upoReferenceNumber !== upoRef)
          return badRequest(c, 21178, 'Nie znaleziono UPO dla podanych kryteriów.', [
            `UPO o numerze referencyjnym ${upoRef} dla sesji ${ref} nie zostało znalezione.`,
          ]);
        return xmlAnswer(s.upo);
      }
      return notFound(c);
    }

    if (method === 'GET' && (m = /^\/invoices\/ksef\/([^/]+)$/.exec(rel))) {
      const who = access(c, ['InvoiceRead']);
      if (isAnswer(who)) return who;
      const ksef = decodeURIComponent(m[1]!);
      const inv = fake.invoices.find((i) => i.ksefNumber === ksef && i.nip === who.nip && i.status.code === 200);
      if (!inv)
        return badRequest(c, 21164, 'Faktura o podanym identyfikatorze nie istnieje.', [
          `Faktura o numerze KSeF ${ksef} nie została znaleziona.`,
        ]);
      const permanentAt = invoiceInternals.get(inv.referenceNumber)!.permanentAt!;
      if (now().getTime() < permanentAt)
        return badRequest(c, 21165, 'Faktura o podanym numerze KSeF nie jest jeszcze dostępna.', [
          `Faktura o numerze KSeF ${ksef} została przetworzona, ale nie jest jeszcze dostępna do pobrania. Spróbuj ponownie później.`,
        ]);
      return xmlAnswer(inv.xml!, inv.invoiceHash);
    }

    return notFound(c);
  }

  // ---- the server ----------------------------------------------------------------------------

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const rel = url.pathname.startsWith('/v2/') ? url.pathname.slice(3) : url.pathname;
    fake.calls.push(`${method} ${rel}`);
    if (fake.down === 'refuse') {
      req.socket.destroy();
      return;
    }
    if (fake.latencyMs > 0) await sleep(fake.latencyMs);
    if (fake.down) {
      res.writeHead(503, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        '<html><head><title>503 Service Unavailable</title></head><body><h1>503 Service Unavailable</h1></body></html>',
      );
      return;
    }
    const { port } = server.address() as AddressInfo;
    const c: Ctx = {
      method,
      path: url.pathname,
      problem: String(req.headers['x-error-format'] ?? '').toLowerCase() === 'problem-details',
      query: url.searchParams,
      headers: req.headers,
      clientIp: (req.socket.remoteAddress ?? '').replace(/^::ffff:/, ''),
      origin: `http://127.0.0.1:${port}`,
    };
    const readBody = async (): Promise<Json | Answer> => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return invalid(c, 'The request body is not valid JSON.');
      }
      return isObj(parsed) ? parsed : invalid(c, 'The request body must be a JSON object.');
    };
    let answer: Answer;
    if (method === 'GET' && url.pathname.startsWith('/storage/')) {
      const d = downloads.get(url.searchParams.get('sig') ?? '');
      answer =
        d && now().getTime() < d.expiresAt
          ? xmlAnswer(d.xml)
          : {
              status: 403,
              type: 'application/xml',
              raw: '<?xml version="1.0" encoding="utf-8"?><Error><Code>AuthenticationFailed</Code></Error>',
            };
    } else if (!url.pathname.startsWith('/v2/')) answer = notFound(c);
    else {
      try {
        answer = await route(c, rel, readBody);
      } catch (e) {
        console.error('fake KSeF: route failed', e);
        answer = {
          status: 500,
          type: PROBLEM,
          json: { title: 'Internal Server Error', status: 500, traceId: traceId() },
        };
      }
    }
    if (answer.lose) {
      req.socket.destroy();
      return;
    }
    const headers: Record<string, string> = { ...answer.headers };
    let payload: string | undefined;
    if (answer.json !== undefined) {
      payload = JSON.stringify(answer.json);
      headers['content-type'] = `${answer.type ?? 'application/json'}; charset=utf-8`;
    } else if (answer.raw !== undefined) {
      payload = answer.raw;
      headers['content-type'] = `${answer.type ?? 'text/plain'}; charset=utf-8`;
    }
    res.writeHead(answer.status, headers);
    res.end(payload);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      console.error('fake KSeF: answer failed', e);
      res.destroy();
    });
  });
  server.on('connection', (socket) => {
    if (fake.down === 'refuse') socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
  fake.close = async () => {
    closed = true;
    await fake.settled();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
