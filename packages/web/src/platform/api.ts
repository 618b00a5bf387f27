import { API_BASE, AUTH_HEADER, XSRF_COOKIE, XSRF_HEADER } from '@zaplecze/contract';
import type { z } from 'zod';
import { language, m } from '@web/i18n';

/** A failed call: HTTP status (0 when the server could not be reached) and the server's message. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let authToken: string | undefined;
/** Called when any call answers 401 while signed in: the auth state logs out. */
let onUnauthorized: (() => void) | undefined;

export function setApiToken(token: string | undefined): void {
  authToken = token;
}

export function setUnauthorizedHandler(fn: (() => void) | undefined): void {
  onUnauthorized = fn;
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const part = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return part ? decodeURIComponent(part.slice(prefix.length)) : undefined;
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions<S extends z.ZodType | undefined> {
  query?: Query;
  /** JSON body. */
  json?: unknown;
  /** Form body (application/x-www-form-urlencoded), as the spec's "POST (form)" calls. */
  form?: Record<string, string>;
  /** Multipart body (file uploads); the browser sets the content type with its boundary. */
  multipart?: FormData;
  /** Validates the answer against the contract. */
  schema?: S;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/** One call to the API with the headers of docs/rules/platform-rules.md §7. */
export async function apiRequest<S extends z.ZodType | undefined = undefined>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: RequestOptions<S> = {},
): Promise<S extends z.ZodType ? z.output<S> : unknown> {
  const headers: Record<string, string> = { 'Accept-Language': language(), Accept: 'application/json' };
  if (authToken) headers[AUTH_HEADER] = authToken;
  if (method !== 'GET') {
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers[XSRF_HEADER] = xsrf;
  }
  let body: string | FormData | undefined;
  if (opts.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  } else if (opts.multipart) {
    body = opts.multipart;
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method,
      headers,
      body,
      signal: opts.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, m().toasts.networkError);
  }
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const errBody = (data ?? {}) as { message?: unknown; field?: unknown };
    const message = typeof errBody.message === 'string' ? errBody.message : `${m().toasts.loadError} (${res.status})`;
    if (res.status === 401 && authToken && onUnauthorized) onUnauthorized();
    throw new ApiError(res.status, message, typeof errBody.field === 'string' ? errBody.field : undefined);
  }
  return (opts.schema ? opts.schema.parse(data) : data) as S extends z.ZodType ? z.output<S> : unknown;
}

export const api = {
  get: <S extends z.ZodType | undefined = undefined>(path: string, opts?: RequestOptions<S>) =>
    apiRequest('GET', path, opts),
  post: <S extends z.ZodType | undefined = undefined>(path: string, opts?: RequestOptions<S>) =>
    apiRequest('POST', path, opts),
  put: <S extends z.ZodType | undefined = undefined>(path: string, opts?: RequestOptions<S>) =>
    apiRequest('PUT', path, opts),
  delete: <S extends z.ZodType | undefined = undefined>(path: string, opts?: RequestOptions<S>) =>
    apiRequest('DELETE', path, opts),
};

/**
 * A GET whose answer is a file (a CSV export): the same headers as apiRequest, the body as a Blob.
 * Failures become ApiError with the server's message, as for JSON calls.
 */
export async function apiBlob(path: string, query?: Query, signal?: AbortSignal): Promise<Blob> {
  const headers: Record<string, string> = { 'Accept-Language': language() };
  if (authToken) headers[AUTH_HEADER] = authToken;
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), { headers, signal, credentials: 'same-origin' });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, m().toasts.networkError);
  }
  if (!res.ok) {
    let message = `${m().toasts.loadError} (${res.status})`;
    try {
      const body = (await res.json()) as { message?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // not JSON: keep the generic message
    }
    if (res.status === 401 && authToken && onUnauthorized) onUnauthorized();
    throw new ApiError(res.status, message);
  }
  return res.blob();
}

/** The message to show for any error. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError || err instanceof Error) return err.message;
  return m().toasts.loadError;
}
