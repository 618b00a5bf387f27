import {
  aes256CbcEncrypt,
  OutsideAuthError,
  OutsideClient,
  OutsideRefusedError,
  readPluginSecret,
  readPluginSettings,
  rsaOaepSha256Encrypt,
  secureRandomBytes,
  sha256Base64,
  writePluginSecret,
  type AuthContext,
  type TenantDb,
} from '@zaplecze/plugin-sdk';
import { manifest } from '../manifest';
import {
  INVOICING_MSG,
  invoicingSettingsSchema,
  validNip,
  KSEF_API_URLS,
  KSEF_QR_URLS,
  type InvoicingSettings,
} from '../schemas';

/**
 * The KSeF 2.0 client (docs/plugins.md, "Plugin: invoicing"; the protocol as docs/decisions.md
 * "Accounting: KSeF" records it): authentication with the seller's KSeF token (challenge, the
 * token and the challenge's time encrypted with RSA-OAEP under the ministry's published key,
 * status polling, redeem; the access token refreshed with the refresh token, and a new login when
 * that has expired), interactive sessions with an AES-256 key, the encrypted invoice, its status,
 * the session's invoices (to find one whose answer was lost) and the UPO. Every call goes through
 * the platform's OutsideClient: logged in 'Dziennik', 429 as RetryAfterError, 5xx and no answer as
 * OutsideUnavailableError.
 */

const ID = manifest.id;
type Deps = AuthContext['deps'];

/** The stored login (the write-only secret `ksefAuth`): tokens and what they were made for. */
interface StoredAuth {
  /** environment|url|nip|hash of the KSeF token: a change of any drops the tokens. */
  for: string;
  accessToken: string;
  accessUntil: number;
  refreshToken: string;
  refreshUntil: number;
}

export interface KsefSession {
  ref: string;
  key: Buffer;
  iv: Buffer;
}

export interface KsefInvoiceStatus {
  ordinalNumber?: number;
  invoiceNumber?: string;
  ksefNumber?: string;
  referenceNumber: string;
  invoiceHash: string;
  acquisitionDate?: string;
  invoicingMode?: 'Online' | 'Offline';
  status: { code: number; description: string; details?: string[]; extensions?: Record<string, unknown> };
}

/** How long the login's status is polled (KSeF answers 100 while it checks the token). */
const AUTH_POLLS = 40;
const AUTH_POLL_MS = 250;
/** A token is used only while it has this long to live. */
const MARGIN_MS = 60_000;

/** The service's own message from either error format (exception list or problem details). */
export function ksefMessage(_status: number, body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as {
    exception?: {
      exceptionDetailList?: { exceptionCode?: number; exceptionDescription?: string; details?: string[] }[];
    };
    status?: { code?: number; description?: string; details?: string[] };
    title?: string;
    detail?: string;
    errors?: { code?: number; description?: string; details?: string[] }[];
  };
  const parts: string[] = [];
  for (const e of b.exception?.exceptionDetailList ?? [])
    parts.push([e.exceptionCode, e.exceptionDescription, ...(e.details ?? [])].filter(Boolean).join(' '));
  for (const e of b.errors ?? []) parts.push([e.code, e.description, ...(e.details ?? [])].filter(Boolean).join(' '));
  if (parts.length === 0 && b.status?.description)
    parts.push([b.status.code, b.status.description, ...(b.status.details ?? [])].filter(Boolean).join(' '));
  if (parts.length === 0 && (b.detail || b.title)) parts.push(b.detail ?? b.title ?? '');
  const text = parts.filter((p) => p !== '').join('; ');
  return text === '' ? undefined : `KSeF: ${text}`;
}

export async function loadSettings(tdb: TenantDb, deps: Pick<Deps, 'config'>): Promise<InvoicingSettings> {
  const read = await readPluginSettings(tdb, deps.config, ID, manifest.settings!);
  const s = invoicingSettingsSchema.parse(read.values);
  // The NIP as typed ('526-025-02-74', 'PL…') is KSeF's ten digits.
  return { ...s, nip: s.nip === '' ? '' : (validNip(s.nip) ?? '') };
}

/** The API address in use: the override, else the environment's. */
export function apiUrlOf(s: InvoicingSettings): string {
  return (s.apiUrl || KSEF_API_URLS[s.environment]).replace(/\/+$/, '');
}

/** KOD I's host of the environment (docs/plugins.md, "Plugin: invoicing"). */
export function qrUrlOf(s: InvoicingSettings): string {
  return KSEF_QR_URLS[s.environment];
}

export class Ksef {
  private auth: StoredAuth | null = null;
  private certificates: Promise<{ certificate: string; publicKeyId?: string; usage: string[] }[]> | undefined;

  private constructor(
    readonly tdb: TenantDb,
    readonly deps: Deps,
    readonly settings: InvoicingSettings,
    private readonly ksefToken: string,
    readonly client: OutsideClient,
    private readonly fingerprint: string,
  ) {}

  /** The client of the organisation's settings; refuses (Polish) without a NIP or a token. */
  static async of(tdb: TenantDb, deps: Deps, jobId?: number): Promise<Ksef> {
    const settings = await loadSettings(tdb, deps);
    if (settings.nip === '') throw new OutsideRefusedError(0, INVOICING_MSG.noNip);
    const token = await readPluginSecret(tdb, deps.config, ID, 'ksefToken');
    if (!token) throw new OutsideRefusedError(0, INVOICING_MSG.noToken);
    const baseUrl = apiUrlOf(settings);
    const client = new OutsideClient({
      pluginId: ID,
      tdb,
      deps,
      baseUrl,
      timeoutMs: 30_000,
      userMessage: ksefMessage,
      ...(jobId !== undefined ? { jobId } : {}),
    });
    const fingerprint = [settings.environment, baseUrl, settings.nip, sha256Base64(token).slice(0, 16)].join('|');
    return new Ksef(tdb, deps, settings, token, client, fingerprint);
  }

  private now(): number {
    return this.deps.now().getTime();
  }

  private async stored(): Promise<StoredAuth | null> {
    if (this.auth) return this.auth;
    const raw = await readPluginSecret(this.tdb, this.deps.config, ID, 'ksefAuth').catch(() => null);
    if (!raw) return null;
    try {
      const a = JSON.parse(raw) as StoredAuth;
      return a.for === this.fingerprint ? (this.auth = a) : null;
    } catch {
      return null;
    }
  }

  private async keep(a: StoredAuth): Promise<void> {
    this.auth = a;
    await writePluginSecret(this.tdb, this.deps.config, ID, 'ksefAuth', JSON.stringify(a));
  }

  /** Forgets the stored tokens (a refused token, changed settings). */
  async forget(): Promise<void> {
    this.auth = null;
    await writePluginSecret(this.tdb, this.deps.config, ID, 'ksefAuth', null);
  }

  /** A usable access token: the stored one, a refreshed one, or a new login. */
  async accessToken(force = false): Promise<string> {
    const a = await this.stored();
    const now = this.now();
    if (a && !force && a.accessUntil - MARGIN_MS > now) return a.accessToken;
    if (a && a.refreshUntil - MARGIN_MS > now) {
      try {
        const res = await this.client.request<{ accessToken: { token: string; validUntil: string } }>({
          method: 'POST',
          path: '/auth/token/refresh',
          headers: { authorization: `Bearer ${a.refreshToken}` },
          what: 'Odświeżenie tokenu dostępu KSeF',
        });
        const t = res.data.accessToken;
        await this.keep({ ...a, accessToken: t.token, accessUntil: Date.parse(t.validUntil) });
        return t.token;
      } catch (err) {
        // The refresh token is gone (revoked, expired early: KSeF answers 400 or 401): log in
        // again below. KSeF unavailable or throttling is not a reason to.
        if (!(err instanceof OutsideAuthError) && !(err instanceof OutsideRefusedError)) throw err;
      }
    }
    return this.login();
  }

  /** A new login with the KSeF token (challenge, encrypted token, status, redeem). */
  async login(): Promise<string> {
    const cert = await this.publicKey('KsefTokenEncryption');
    if (!cert) throw new OutsideRefusedError(200, 'KSeF nie podał klucza do szyfrowania tokenu.');
    const ch = await this.client.request<{ challenge: string; timestampMs: number }>({
      method: 'POST',
      path: '/auth/challenge',
      what: 'Wyzwanie uwierzytelnienia KSeF',
    });
    const init = await this.client.request<{
      referenceNumber: string;
      authenticationToken: { token: string };
    }>({
      method: 'POST',
      path: '/auth/ksef-token',
      json: {
        challenge: ch.data.challenge,
        contextIdentifier: { type: 'Nip', value: this.settings.nip },
        encryptedToken: rsaOaepSha256Encrypt(cert.certificate, `${this.ksefToken}|${ch.data.timestampMs}`),
        ...(cert.publicKeyId ? { publicKeyId: cert.publicKeyId } : {}),
      },
      expect: [200, 202],
      what: 'Uwierzytelnienie tokenem KSeF',
    });
    const bearer = { authorization: `Bearer ${init.data.authenticationToken.token}` };
    for (let i = 0; ; i++) {
      const st = await this.client.request<{ status: { code: number; description: string; details?: string[] } }>({
        method: 'GET',
        path: `/auth/${encodeURIComponent(init.data.referenceNumber)}`,
        headers: bearer,
        what: 'Stan uwierzytelnienia KSeF',
      });
      const s = st.data.status;
      if (s.code === 200) break;
      if (s.code !== 100) {
        await this.forget();
        throw new OutsideAuthError(
          s.code,
          `KSeF odrzucił token (${s.code} ${s.description}${s.details?.length ? `: ${s.details.join(' ')}` : ''}). Sprawdź token KSeF i NIP w ustawieniach wtyczki.`,
        );
      }
      if (i >= AUTH_POLLS)
        throw new OutsideRefusedError(100, 'KSeF nie zakończył uwierzytelnienia: spróbujemy ponownie.');
      await new Promise((r) => setTimeout(r, AUTH_POLL_MS));
    }
    const tokens = await this.client.request<{
      accessToken: { token: string; validUntil: string };
      refreshToken: { token: string; validUntil: string };
    }>({ method: 'POST', path: '/auth/token/redeem', headers: bearer, what: 'Tokeny dostępu KSeF' });
    await this.keep({
      for: this.fingerprint,
      accessToken: tokens.data.accessToken.token,
      accessUntil: Date.parse(tokens.data.accessToken.validUntil),
      refreshToken: tokens.data.refreshToken.token,
      refreshUntil: Date.parse(tokens.data.refreshToken.validUntil),
    });
    return tokens.data.accessToken.token;
  }

  /** A call with the access token; a 401 (the token expired early) refreshes it once and repeats. */
  async call<T>(req: Parameters<OutsideClient['request']>[0]) {
    const token = await this.accessToken();
    try {
      return await this.client.request<T>({ ...req, headers: { ...req.headers, authorization: `Bearer ${token}` } });
    } catch (err) {
      if (!(err instanceof OutsideAuthError) || err.status !== 401) throw err;
      const again = await this.accessToken(true);
      return this.client.request<T>({ ...req, headers: { ...req.headers, authorization: `Bearer ${again}` } });
    }
  }

  /** The ministry's public key of `usage`, read once per client (one job run, one request). */
  private async publicKey(usage: 'KsefTokenEncryption' | 'SymmetricKeyEncryption') {
    this.certificates ??= this.client
      .request<{ certificate: string; publicKeyId?: string; usage: string[] }[]>({
        method: 'GET',
        path: '/security/public-key-certificates',
        what: 'Klucze publiczne KSeF',
      })
      .then((res) => res.data);
    try {
      return (await this.certificates).find((c) => c.usage.includes(usage));
    } catch (err) {
      this.certificates = undefined;
      throw err;
    }
  }

  /** Opens an interactive session for FA(3) with a fresh AES-256 key. */
  async openSession(): Promise<KsefSession> {
    const cert = await this.publicKey('SymmetricKeyEncryption');
    if (!cert) throw new OutsideRefusedError(200, 'KSeF nie podał klucza do szyfrowania sesji.');
    const key = secureRandomBytes(32);
    const iv = secureRandomBytes(16);
    const res = await this.call<{ referenceNumber: string }>({
      method: 'POST',
      path: '/sessions/online',
      json: {
        formCode: { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' },
        encryption: {
          encryptedSymmetricKey: rsaOaepSha256Encrypt(cert.certificate, key),
          initializationVector: iv.toString('base64'),
          ...(cert.publicKeyId ? { publicKeyId: cert.publicKeyId } : {}),
        },
      },
      expect: [200, 201],
      what: 'Otwarcie sesji interaktywnej KSeF',
    });
    return { ref: res.data.referenceNumber, key, iv };
  }

  /** Sends one invoice (its FA(3) bytes) in the session: KSeF's reference of the invoice. */
  async sendInvoice(
    session: KsefSession,
    xml: Buffer,
    opts: { offline: boolean; what: string; orderId?: number },
  ): Promise<string> {
    const encrypted = aes256CbcEncrypt(session.key, session.iv, xml);
    const res = await this.call<{ referenceNumber: string }>({
      method: 'POST',
      path: `/sessions/online/${encodeURIComponent(session.ref)}/invoices`,
      json: {
        invoiceHash: sha256Base64(xml),
        invoiceSize: xml.length,
        encryptedInvoiceHash: sha256Base64(encrypted),
        encryptedInvoiceSize: encrypted.length,
        encryptedInvoiceContent: encrypted.toString('base64'),
        ...(opts.offline ? { offlineMode: true } : {}),
      },
      expect: [200, 202],
      what: opts.what,
      ...(opts.orderId !== undefined ? { orderId: opts.orderId } : {}),
    });
    return res.data.referenceNumber;
  }

  async closeSession(ref: string): Promise<void> {
    await this.call({
      method: 'POST',
      path: `/sessions/online/${encodeURIComponent(ref)}/close`,
      expect: [200, 202, 204],
      responseType: 'buffer',
      what: 'Zamknięcie sesji KSeF',
    });
  }

  /** Every invoice KSeF has in the session (its pages followed). */
  async sessionInvoices(ref: string): Promise<KsefInvoiceStatus[]> {
    const out: KsefInvoiceStatus[] = [];
    let continuation: string | undefined;
    for (let page = 0; page < 1000; page++) {
      const res = await this.call<{ continuationToken?: string; invoices: KsefInvoiceStatus[] }>({
        method: 'GET',
        path: `/sessions/${encodeURIComponent(ref)}/invoices`,
        query: { pageSize: 1000 },
        ...(continuation ? { headers: { 'x-continuation-token': continuation } } : {}),
        what: 'Faktury sesji KSeF',
      });
      out.push(...res.data.invoices);
      continuation = res.data.continuationToken ?? undefined;
      if (!continuation) break;
    }
    return out;
  }

  async invoiceStatus(sessionRef: string, invoiceRef: string, orderId?: number): Promise<KsefInvoiceStatus> {
    const res = await this.call<KsefInvoiceStatus>({
      method: 'GET',
      path: `/sessions/${encodeURIComponent(sessionRef)}/invoices/${encodeURIComponent(invoiceRef)}`,
      what: 'Stan faktury w KSeF',
      ...(orderId !== undefined ? { orderId } : {}),
    });
    return res.data;
  }

  /** The UPO (XML) of an accepted invoice, by its KSeF number. */
  async upo(sessionRef: string, ksefNumber: string): Promise<string> {
    const res = await this.call<string>({
      method: 'GET',
      path: `/sessions/${encodeURIComponent(sessionRef)}/invoices/ksef/${encodeURIComponent(ksefNumber)}/upo`,
      headers: { accept: 'application/xml' },
      responseType: 'text',
      what: 'UPO faktury',
    });
    return res.data;
  }
}
