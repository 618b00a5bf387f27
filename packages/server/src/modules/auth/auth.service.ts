import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES,
  TOKEN_LONG_MS,
  TOKEN_SHORT_MS,
  type TokenObject,
} from '@zaplecze/contract';
import { TenantDb } from '../../db/tenant';
import type { AuthContext, RequestContext } from '../../platform/context';
import { tooMany, unauthorized } from '../../platform/errors';
import { MSG } from '../../platform/messages.pl';
import { usersRepository } from '../users';
import { authRepository } from './auth.repository';
import { verifyAgainstDummy, verifyPassword } from './password';
import { hashToken, newToken } from './tokens';

function lifetime(longSession: boolean): number {
  return longSession ? TOKEN_LONG_MS : TOKEN_SHORT_MS;
}

async function tokenObject(
  ctx: RequestContext,
  orgId: number,
  userId: number,
  token: string,
  validTo: Date,
  longSession: boolean,
): Promise<TokenObject> {
  const user = await usersRepository.findById(new TenantDb(ctx.db, orgId), userId);
  if (!user) throw unauthorized(MSG.tokenInvalid);
  return { token, user, validTo: validTo.toISOString(), longSession };
}

/** Issues a new token for a user (sign-in, or right after registration). */
export async function issueToken(
  ctx: RequestContext,
  orgId: number,
  userId: number,
  longSession: boolean,
): Promise<TokenObject> {
  const now = ctx.deps.now();
  const token = newToken();
  const validTo = new Date(now.getTime() + lifetime(longSession));
  await authRepository.insertToken(ctx.db, {
    org_id: orgId,
    user_id: userId,
    token_hash: hashToken(token),
    long_session: longSession ? 1 : 0,
    valid_to: validTo.toISOString(),
    created_at: now.toISOString(),
  });
  return tokenObject(ctx, orgId, userId, token, validTo, longSession);
}

/**
 * Sign-in. A wrong login and a wrong password answer the same message after the same work;
 * after 10 failures per login or per address within 15 minutes the answer is 429.
 */
export async function login(
  ctx: RequestContext,
  input: { login: string; pass: string; longtoken: boolean },
): Promise<TokenObject> {
  const now = ctx.deps.now();
  const keys = [`login:${input.login.toLowerCase()}`, `ip:${ctx.ip}`];
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS).toISOString();
  const failures = await authRepository.countFailures(ctx.db, keys, since);
  if (keys.some((k) => (failures.get(k) ?? 0) >= LOGIN_MAX_FAILURES)) throw tooMany(MSG.loginRateLimited);

  const user = await authRepository.findUserByLogin(ctx.db, input.login);
  const ok = user ? await verifyPassword(user.pass_hash, input.pass) : await verifyAgainstDummy(input.pass);
  if (!user || !ok) {
    await authRepository.addFailures(ctx.db, keys, now.toISOString());
    throw unauthorized(MSG.loginFailed);
  }
  await authRepository.clearFailures(ctx.db, keys[0]!);
  return issueToken(ctx, user.org_id, user.id, input.longtoken);
}

/** GET /login: the current token's object (token check on app start). */
export function current(ctx: AuthContext, token: string): Promise<TokenObject> {
  return tokenObject(ctx, ctx.orgId, ctx.user.id, token, ctx.user.tokenValidTo, ctx.user.longSession);
}

/** PUT /login: extends a valid token to its full length again (optionally switching session kind). */
export async function renew(ctx: AuthContext, token: string, longtoken: boolean | undefined): Promise<TokenObject> {
  const longSession = longtoken ?? ctx.user.longSession;
  const validTo = new Date(ctx.deps.now().getTime() + lifetime(longSession));
  await authRepository.extendToken(ctx.db, ctx.user.tokenId, validTo.toISOString(), longSession ? 1 : 0);
  return tokenObject(ctx, ctx.orgId, ctx.user.id, token, validTo, longSession);
}

/** DELETE /login: revokes the token. */
export async function logout(ctx: AuthContext): Promise<void> {
  await authRepository.deleteToken(ctx.db, ctx.user.tokenId);
}

/** Housekeeping run at start and now and then: expired tokens and old failures go away. */
export async function purgeExpired(ctx: RequestContext): Promise<void> {
  const now = ctx.deps.now();
  await authRepository.deleteExpiredTokens(ctx.db, now.toISOString());
  await authRepository.deleteOldFailures(ctx.db, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS).toISOString());
}
