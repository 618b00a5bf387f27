/**
 * What the request log may show of a request (docs/operations.md, Request log): the method and the
 * route stay readable, but query values are replaced unless their parameter is known to be
 * harmless (ids, paging, sorting, dates, months), and path segments that look like secrets (a
 * buyer page's uuid, a long random token) are replaced too. An allowlist rather than a list of
 * sensitive names: the customers' search terms (e-mail, phone, name, city, post code, waybill...)
 * and the buyer page's uuid are many and grow with every search screen, the harmless ones do not.
 * Headers are never serialised (tokens, cookies, the XSRF value); app.ts also redacts them by path.
 */

/** Query parameters whose values are logged as sent: ids, paging, sorting and dates only. */
const KEPT_QUERY_KEYS = new Set([
  'id',
  'ids',
  'page',
  'perpage',
  'sort',
  'month',
  'year',
  'datefrom',
  'dateto',
  'orderid',
  'itemid',
  'statusid',
  'incomesrcid',
  'keys',
  'kind',
  'p',
]);

export const REDACTED = '[redacted]';

/** A uuid (any version) or a long random-looking token (32+ url-safe characters). */
const SECRET_SEGMENT = /^(?:[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}|[A-Za-z0-9_~.-]{32,})$/i;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const key = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const name = decoded(key).replace(/\[\]$/, '').toLowerCase();
      return value === '' || KEPT_QUERY_KEYS.has(name) ? pair : `${key}=${REDACTED}`;
    })
    .join('&');
}

/** The URL as the log shows it: the path with secret-looking segments replaced, the query redacted. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const pathPart = q < 0 ? url : url.slice(0, q);
  const path = pathPart
    .split('/')
    .map((segment) => (SECRET_SEGMENT.test(decoded(segment)) ? REDACTED : segment))
    .join('/');
  return q < 0 ? path : `${path}?${redactQuery(url.slice(q + 1))}`;
}

/** The part of a request the serializer reads (Fastify's request, or Node's for early errors). */
interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/**
 * pino's `req` serializer: Fastify's default fields, without headers, with the URL redacted.
 * Used for the "incoming request" and "request completed" lines and every log line of a request.
 */
export function serializeRequest(req: LoggedRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: redactUrl(req.url ?? ''),
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
