import type { FastifyRequest } from 'fastify';
import { API_TOKEN_PREFIX, AUTH_HEADER, TOKEN_STORAGE_KEY } from '@zaplecze/contract';
import { toIso } from '../../db/database';
import { authorizationBearer } from '../../platform/authorization';
import type { Authenticator, TokenSource } from '../../platform/context';
import { unauthorized } from '../../platform/errors';
import { MSG } from '../../platform/messages.pl';
import { authenticateApiToken } from './api-token.guard';
import { authRepository } from './auth.repository';
import { keepToken, keptToken, tokenGeneration } from './token-cache';
import { hashToken } from './tokens';

type TokenRow = NonNullable<Awaited<ReturnType<typeof authRepository.findToken>>>;

/** Reads the bearer token from the X-Auth-Bearer header. Tokens never travel in URLs. */
export function bearerToken(req: FastifyRequest): string | undefined {
  const raw = req.headers[AUTH_HEADER.toLowerCase()];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value && value.length <= 200 ? value : undefined;
}

/**
 * The token cookie the web app keeps (docs/rules/platform-rules.md §9, key token_auth): accepted only where a route
 * asks for it, for URLs the browser loads by itself (an <img> sends no header). Such routes only
 * read: the XSRF check guards every change anyway.
 */
function cookieToken(req: FastifyRequest): string | undefined {
  const value = req.cookies?.[TOKEN_STORAGE_KEY]?.trim();
  return value && value.length <= 200 ? value : undefined;
}

function tokenOf(req: FastifyRequest, source: TokenSource): string | undefined {
  return bearerToken(req) ?? (source === 'header-or-cookie' ? cookieToken(req) : undefined);
}

/**
 * Resolves the signed-in user or throws 401. A request with `Authorization: Bearer` is signed in by
 * that header alone and only with an API token (docs/decisions.md, API tokens): the session header
 * and the cookie are then not read, and the XSRF check skipped such a request (platform/xsrf.ts).
 * Without it, the session header (or, where the route allows, the cookie) takes only session
 * tokens: an API token there is refused.
 */
export const authenticate: Authenticator = async (ctx, req, source) => {
  const apiToken = authorizationBearer(req);
  if (apiToken !== undefined) {
    if (!apiToken.startsWith(API_TOKEN_PREFIX)) throw unauthorized(MSG.sessionTokenInAuthorization);
    return authenticateApiToken(ctx, req, apiToken);
  }
  const token = tokenOf(req, source);
  if (!token) throw unauthorized();
  if (token.startsWith(API_TOKEN_PREFIX))
    throw unauthorized(bearerToken(req) === token ? MSG.apiTokenInSessionHeader : MSG.tokenInvalid);
  const hash = hashToken(token);
  // Kept briefly per process; every token or user change forgets it (token-cache.ts).
  let row = keptToken<TokenRow>(ctx.db, hash);
  if (!row) {
    const generation = tokenGeneration();
    row = await authRepository.findToken(ctx.db, hash);
    if (row) keepToken(ctx.db, hash, row, generation);
  }
  const validTo = row ? new Date(toIso(row.valid_to)) : undefined;
  if (!row || !validTo || validTo.getTime() <= ctx.deps.now().getTime()) throw unauthorized(MSG.tokenInvalid);
  return {
    id: row.userId,
    orgId: row.org_id,
    login: row.login,
    permissions: row.permissions,
    tokenId: row.tokenId,
    longSession: row.long_session === 1,
    tokenValidTo: validTo,
    via: 'session',
    apiTokenId: null,
  };
};
