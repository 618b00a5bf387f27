import type { TenantDb } from '../../db/tenant';
import type { AppDeps } from '../context';
import { RetryAfterError } from '../jobs';
import { recordPluginCall } from './calls';
import {
  OutsideAuthError,
  OutsideMalformedError,
  OutsideRefusedError,
  OutsideUnavailableError,
  type OutsideError,
} from './errors';

/**
 * Calls from a plugin to its outside service (docs/decisions.md, "Integrations: outside calls,
 * connection state, imported orders"; docs/plugins.md, Outside calls): one place for time limits,
 * the mapping of failures to what the job engine and the seller need, and the call log
 * ('Dziennik'), so that every integration plugin behaves the same.
 */
export interface OutsideClientOptions {
  pluginId: string;
  /** The organisation the calls are made for (never inside a transaction: outside calls are slow). */
  tdb: TenantDb;
  deps: Pick<AppDeps, 'db' | 'now'>;
  /** The service's base address, e.g. `https://api.allegro.pl` (no trailing slash needed). */
  baseUrl: string;
  /** Per call, unless the request gives its own; default 15 s. */
  timeoutMs?: number;
  /** Headers of every request (credentials): asked for each call, never logged. */
  headers?: () => Record<string, string> | Promise<Record<string, string>>;
  /** The service's own message for the user in a failed answer's body, if it has one. */
  userMessage?: (status: number, body: unknown) => string | undefined;
  /**
   * A failed answer that is not JSON (SOAP faults, XML errors): given the status and the body's
   * text, the error to throw instead of the default for the status (429 excepted), logged with its
   * message. Undefined: the default.
   */
  answerError?: (status: number, text: string) => OutsideError | undefined;
  /** The job the calls run for, logged with each call unless the request names its own. */
  jobId?: number;
}

export type OutsideQuery = Record<string, string | number | boolean | undefined | readonly (string | number)[]>;

export interface OutsideRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  /** Appended to the base address, e.g. `/order/events`. */
  path: string;
  /** Query parameters; an array repeats the name; undefined values are left out. */
  query?: OutsideQuery;
  /** A JSON body (sent with `content-type: application/json` unless `headers` say otherwise). */
  json?: unknown;
  /** A raw body (form, XML...): give its content type in `headers`. */
  body?: string | Uint8Array;
  headers?: Record<string, string>;
  /** What the call is for, in Polish: the log's text. */
  what: string;
  orderId?: number;
  itemId?: number;
  jobId?: number;
  /** The statuses that count as success; default every 2xx. */
  expect?: readonly number[];
  /** How to read a successful answer: parsed JSON (default; an empty body is undefined), bytes or text. */
  responseType?: 'json' | 'buffer' | 'text';
  timeoutMs?: number;
}

export interface OutsideResponse<T = unknown> {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  data: T;
  ms: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** The address of a request: the base, the path and the query (arrays repeat their name). */
export function outsideUrl(baseUrl: string, path: string, query?: OutsideQuery): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`));
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) url.searchParams.append(name, String(v));
    else url.searchParams.append(name, String(value));
  }
  return url.toString();
}

function parseJson(bytes: Buffer): unknown {
  const text = bytes.toString('utf8');
  return text.trim() === '' ? undefined : JSON.parse(text);
}

export class OutsideClient {
  constructor(private readonly opts: OutsideClientOptions) {}

  /**
   * Sends one request and answers the service's answer, or throws (each logged): `RetryAfterError`
   * on 429 (pauses only this plugin for this organisation when thrown out of a job),
   * `OutsideAuthError` on 401/403, `OutsideUnavailableError` on 5xx, a timeout or no connection,
   * `OutsideRefusedError` on another refusal, `OutsideMalformedError` on a body that is not JSON.
   */
  async request<T = unknown>(req: OutsideRequest): Promise<OutsideResponse<T>> {
    const o = this.opts;
    if (o.tdb.inTransaction) throw new Error(`${o.pluginId}: an outside call inside a database transaction`);
    const url = outsideUrl(o.baseUrl, req.path, req.query);
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(req.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(o.headers ? await o.headers() : {}),
      ...req.headers,
    };
    const body = req.json !== undefined ? JSON.stringify(req.json) : req.body;
    const timeoutMs = req.timeoutMs ?? o.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const started = performance.now();
    const log = (status: number, ok: boolean, message: string) =>
      recordPluginCall(o.deps.db, {
        orgId: o.tdb.orgId,
        pluginId: o.pluginId,
        at: o.deps.now(),
        method: req.method,
        path: new URL(url).pathname,
        status,
        ms: performance.now() - started,
        ok,
        what: req.what,
        message,
        orderId: req.orderId,
        itemId: req.itemId,
        jobId: req.jobId ?? o.jobId,
      });

    let res: Response;
    let bytes: Buffer;
    try {
      res = await fetch(url, {
        method: req.method,
        headers,
        // A string or bytes: both are bodies fetch sends as they are (the lib types of e2e differ).
        ...(body !== undefined ? { body: body as unknown as string } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      bytes = Buffer.from(await res.arrayBuffer());
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
      const message = timedOut
        ? `Usługa nie odpowiedziała w ciągu ${Math.round(timeoutMs / 1000)} s.`
        : 'Nie udało się połączyć z usługą.';
      await log(0, false, message);
      throw new OutsideUnavailableError(0, message);
    }
    const status = res.status;
    const answerHeaders: Record<string, string> = {};
    res.headers.forEach((value, name) => (answerHeaders[name] = value));
    const ok = req.expect ? req.expect.includes(status) : status >= 200 && status < 300;
    if (ok) {
      let data: unknown;
      if (req.responseType === 'buffer') data = bytes;
      else if (req.responseType === 'text') data = bytes.toString('utf8');
      else {
        try {
          data = parseJson(bytes);
        } catch {
          const err = new OutsideMalformedError('to nie jest JSON', status);
          await log(status, false, err.userMessage);
          throw err;
        }
      }
      await log(status, true, `HTTP ${status}`);
      return { status, headers: answerHeaders, data: data as T, ms: performance.now() - started };
    }

    let errorBody: unknown;
    try {
      errorBody = parseJson(bytes);
    } catch {
      errorBody = undefined;
    }
    let own: string | undefined;
    try {
      own = o.userMessage?.(status, errorBody)?.trim() || undefined;
    } catch {
      own = undefined;
    }
    if (status === 429) {
      const wait = RetryAfterError.fromHeader(answerHeaders['retry-after'], o.deps.now());
      await log(status, false, `Usługa ogranicza liczbę zapytań (429): ponowienie za ${wait.seconds} s.`);
      throw wait;
    }
    let err: OutsideError;
    let special: OutsideError | undefined;
    try {
      special = o.answerError?.(status, bytes.toString('utf8'));
    } catch {
      special = undefined;
    }
    if (special) err = special;
    else if (status === 401 || status === 403)
      err = new OutsideAuthError(
        status,
        own ?? `Usługa odrzuciła dane dostępowe (HTTP ${status}). Sprawdź ustawienia wtyczki i połącz ponownie.`,
      );
    else if (status >= 500)
      err = new OutsideUnavailableError(status, own ?? `Usługa jest chwilowo niedostępna (HTTP ${status}).`);
    else err = new OutsideRefusedError(status, own ?? `Usługa odrzuciła zapytanie (HTTP ${status}).`);
    await log(status, false, err.userMessage);
    throw err;
  }
}
