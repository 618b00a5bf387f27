import type { FastifyRequest } from 'fastify';
import { AUTH_HEADER } from '@zaplecze/contract';
import { toIso } from '../../db/database';
import type { AuthUser, RequestContext } from '../../platform/context';
import { unauthorized } from '../../platform/errors';
import { MSG } from '../../platform/messages.pl';
import { authRepository } from './auth.repository';
import { hashToken } from './tokens';

/** Reads the bearer token from the X-Auth-Bearer header. Tokens never travel in URLs. */
export function bearerToken(req: FastifyRequest): string | undefined {
  const raw = req.headers[AUTH_HEADER.toLowerCase()];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value && value.length <= 200 ? value : undefined;
}

/** Resolves the signed-in user or throws 401. */
export async function authenticate(ctx: RequestContext, req: FastifyRequest): Promise<AuthUser> {
  const token = bearerToken(req);
  if (!token) throw unauthorized();
  const row = await authRepository.findToken(ctx.db, hashToken(token));
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
}
