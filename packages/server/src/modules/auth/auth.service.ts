import {
  LOGIN_CAPTCHA_AFTER_FAILURES,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  TOKEN_LONG_ABSOLUTE_MS,
  TOKEN_LONG_MS,
  TOKEN_SHORT_ABSOLUTE_MS,
  TOKEN_SHORT_MS,
  type TokenObject,
} from '@zaplecze/contract';
import { toIso } from '../../db/database';
import { TenantDb } from '../../db/tenant';
import { consumeCaptcha } from '../../platform/captcha';
import type { AuthContext, RequestContext } from '../../platform/context';
import { AppError, forbidden, tooMany, unauthorized } from '../../platform/errors';
import { MSG } from '../../platform/messages.pl';
import { countAttempt, purgeAttempts, refundAttempts, resetAttempts } from '../../platform/rate-limit';
import { usersRepository } from '../users';
import { authRepository } from './auth.repository';
import { verifyAgainstDummy, verifyPassword } from '../../platform/password';
import { hashToken, newToken } from './tokens';
import { purgeEndedApiTokens } from './api-tokens.service';

function lifetime(longSession: boolean): number {
  return longSession ? TOKEN_LONG_MS : TOKEN_SHORT_MS;
}

function absoluteLifetime(longSession: boolean): number {
  return longSession ? TOKEN_LONG_ABSOLUTE_MS : TOKEN_SHORT_ABSOLUTE_MS;
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
    absolute_expires_at: new Date(now.getTime() + absoluteLifetime(longSession)).toISOString(),
  });
  return tokenObject(ctx, orgId, userId, token, validTo, longSession);
}

/** 428 with field `captcha`: the web shows the captcha (a new one) and the user signs in again with it. */
const captchaRequired = (message: string) => new AppError(428, message, 'captcha');

/**
 * Sign-in (docs/decisions.md, Sign-in rate limit). A wrong login and a wrong password answer the
 * same message after the same work. Every attempt is counted before its password is checked, one
 * atomic statement per counter, so parallel attempts can never all pass a limit: per address (30
 * failures in 15 minutes, then 429), per login and address (10, then 429), and per login from all
 * addresses (10, then the captcha, so that an attack from many addresses cannot lock the owner
 * out). Only checked passwords that failed stay counted: an attempt refused before the check gives
 * its counts back, and a success forgives the failures of its login at its address everywhere.
 */
export async function login(
  ctx: RequestContext,
  input: {
    login: string;
    pass: string;
    longtoken: boolean;
    captcha?: string | undefined;
    captchaUUID?: string | undefined;
  },
): Promise<TokenObject> {
  const now = ctx.deps.now();
  const name = input.login.toLowerCase();
  const byAddress = `login-ip:${ctx.ip}`;
  const byLoginAndAddress = `login:${name}|${ctx.ip}`;
  const byLogin = `login:${name}`;
  const counted: string[] = [];
  const count = async (key: string) => {
    counted.push(key);
    return countAttempt(ctx.db, key, LOGIN_FAILURE_WINDOW_MS, now);
  };
  const refund = () => Promise.all(counted.map((key) => refundAttempts(ctx.db, key, now)));

  if (
    (await count(byAddress)) > LOGIN_MAX_FAILURES_PER_ADDRESS ||
    (await count(byLoginAndAddress)) > LOGIN_MAX_FAILURES
  ) {
    await refund();
    throw tooMany(MSG.loginRateLimited);
  }
  if ((await count(byLogin)) > LOGIN_CAPTCHA_AFTER_FAILURES) {
    const solved =
      input.captcha && input.captchaUUID && (await consumeCaptcha(ctx.db, now, input.captchaUUID, input.captcha));
    if (!solved) {
      await refund();
      throw captchaRequired(input.captchaUUID ? MSG.captchaWrong : MSG.loginCaptchaRequired);
    }
  }

  const user = await authRepository.findUserByLogin(ctx.db, name);
  const ok = user ? await verifyPassword(user.pass_hash, input.pass) : await verifyAgainstDummy(input.pass);
  if (!user || !ok) throw unauthorized(MSG.loginFailed);
  // The login's failures at this address were its owner's: forgiven in every counter, this attempt
  // included. An attacker's failures from elsewhere stay (the captcha stays until they age out).
  const own = await resetAttempts(ctx.db, byLoginAndAddress, now);
  await refundAttempts(ctx.db, byAddress, now, own);
  await refundAttempts(ctx.db, byLogin, now, own);
  return issueToken(ctx, user.org_id, user.id, input.longtoken);
}

/** GET /login: the current token's object (token check on app start). */
export function current(ctx: AuthContext, token: string): Promise<TokenObject> {
  return tokenObject(ctx, ctx.orgId, ctx.user.id, token, ctx.user.tokenValidTo, ctx.user.longSession);
}

/**
 * PUT /login: extends a valid token to its full length again, but never past the session's end
 * fixed at sign-in (docs/decisions.md, Sessions). A short session cannot become a long one here
 * (403): that needs the password. `longtoken=false` turns a long session into a short one.
 */
export async function renew(ctx: AuthContext, token: string, longtoken: boolean | undefined): Promise<TokenObject> {
  if (longtoken === true && !ctx.user.longSession) throw forbidden(MSG.longSessionNeedsPassword);
  const longSession = longtoken ?? ctx.user.longSession;
  const now = ctx.deps.now().getTime();
  const stored = await authRepository.absoluteEnd(ctx.db, ctx.user.tokenId);
  if (stored === undefined) throw unauthorized(MSG.tokenInvalid);
  let end = new Date(toIso(stored)).getTime();
  if (!longSession) end = Math.min(end, now + absoluteLifetime(false));
  const validTo = new Date(Math.min(now + lifetime(longSession), end));
  // At its end already: nothing to write (the web asks every 10 minutes in the last hours).
  const unchanged = validTo.getTime() === ctx.user.tokenValidTo.getTime() && longSession === ctx.user.longSession;
  if (unchanged) return tokenObject(ctx, ctx.orgId, ctx.user.id, token, validTo, longSession);
  await authRepository.extendToken(ctx.db, ctx.user.tokenId, {
    valid_to: validTo.toISOString(),
    long_session: longSession ? 1 : 0,
    absolute_expires_at: new Date(end).toISOString(),
  });
  return tokenObject(ctx, ctx.orgId, ctx.user.id, token, validTo, longSession);
}

/** DELETE /login: revokes the token. */
export async function logout(ctx: AuthContext): Promise<void> {
  await authRepository.deleteToken(ctx.db, ctx.user.tokenId);
}

/**
 * Housekeeping run at start and now and then: expired tokens, API tokens ended or revoked 90 days
 * ago and ended rate-limit windows go away.
 */
export async function purgeExpired(ctx: RequestContext): Promise<void> {
  const now = ctx.deps.now();
  await authRepository.deleteExpiredTokens(ctx.db, now.toISOString());
  await purgeEndedApiTokens(ctx);
  await purgeAttempts(ctx.db, now);
}
