import type { FastifyRequest } from 'fastify';
import { API_TOKEN_PREFIX } from '@zaplecze/contract';

/** Longer credentials are refused unread (an API token is 47 characters). */
const MAX_CREDENTIALS = 200;

/**
 * The credentials of an `Authorization: Bearer <token>` header (docs/decisions.md, API tokens):
 * undefined when the header is missing or names another scheme (Basic, which a browser may repeat
 * by itself, counts as missing), '' when the Bearer value is empty or too long. A browser never
 * adds a Bearer header by itself, and a page of another site cannot make it send one (that needs a
 * CORS preflight this server never approves).
 */
export function authorizationBearer(req: FastifyRequest): string | undefined {
  const raw = req.headers.authorization;
  if (typeof raw !== 'string') return undefined;
  const match = /^\s*bearer(?:\s+(.*))?$/i.exec(raw);
  if (!match) return undefined;
  const value = (match[1] ?? '').trim();
  return value.length <= MAX_CREDENTIALS ? value : '';
}

/**
 * Whether the request carries an API token (`Authorization: Bearer zpl_...`). Such a request is
 * signed in by that header alone (never by a cookie), so the XSRF check (xsrf.ts) does not apply.
 */
export function hasApiTokenAuthorization(req: FastifyRequest): boolean {
  return authorizationBearer(req)?.startsWith(API_TOKEN_PREFIX) === true;
}
