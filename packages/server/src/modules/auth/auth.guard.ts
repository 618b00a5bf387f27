import type { FastifyRequest } from 'fastify';
import { AUTH_HEADER, TOKEN_STORAGE_KEY } from '@zaplecze/contract';
import { toIso } from '../../db/database';
import type { Authenticator, TokenSource } from '../../platform/context';
import { unauthorized } from '../../platform/errors';
import { MSG } from '../../platform/messages.pl';
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

/** Resolves the signed-in user or throws 401. */
export const authenticate: Authenticator = async (ctx, req, source) => {
  const token = tokenOf(req, source);
  if (!token) throw unauthorized();
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
  };
};
