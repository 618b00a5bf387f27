import type { FastifyRequest } from 'fastify';
import { API_TOKEN_UNGRANTABLE, hasPermissionExact, joinPermissions, parsePermissions } from '@zaplecze/contract';
import { toIso } from '../../db/database';
import type { AuthUser, RequestContext } from '../../platform/context';
import { tooManyFor, unauthorized } from '../../platform/errors';
import { MSG } from '../../platform/messages.pl';
import { takeApiTokenCall } from './api-token-limit';
import { apiTokensRepository } from './api-tokens.repository';
import { keepToken, keptToken, tokenGeneration } from './token-cache';
import { hashToken } from './tokens';

type ApiTokenAuthRow = NonNullable<Awaited<ReturnType<typeof apiTokensRepository.findByHash>>>;

/** A token's last use is written at most this often per process (and skipped when another wrote it). */
export const LAST_USE_EVERY_MS = 60_000;
/** When this process last wrote each token's last use, per database handle. */
const lastWritten = new WeakMap<object, Map<number, number>>();
const MAX_LAST_WRITTEN = 10_000;

/**
 * What an API token may do now: the permissions chosen at its creation that its user still holds
 * (an administrator holds every one), never one of API_TOKEN_UNGRANTABLE.
 */
export function effectivePermissions(tokenPermissions: string, userPermissions: string): string {
  return joinPermissions(
    parsePermissions(tokenPermissions).filter(
      (k) => !API_TOKEN_UNGRANTABLE.includes(k) && hasPermissionExact(userPermissions, k),
    ),
  );
}

/**
 * Signs a request in with an API token (`Authorization: Bearer zpl_...`; docs/decisions.md, API
 * tokens): the token's row is kept for at most a second like a session's (token-cache.ts; a
 * revocation or a change of its user forgets it in every worker at once), then its revocation,
 * its end and the per-token rate limit are checked on every call. Every call's request log line
 * names the token (id and name, never the token); its last use is written at most once a minute.
 */
export async function authenticateApiToken(ctx: RequestContext, req: FastifyRequest, token: string): Promise<AuthUser> {
  const hash = hashToken(token);
  let row = keptToken<ApiTokenAuthRow>(ctx.db, hash);
  if (!row) {
    const generation = tokenGeneration();
    row = await apiTokensRepository.findByHash(ctx.db, hash);
    if (row) keepToken(ctx.db, hash, row, generation);
  }
  if (!row) throw unauthorized(MSG.apiTokenInvalid);
  if (row.revoked_at !== null) throw unauthorized(MSG.apiTokenRevoked);
  const now = ctx.deps.now();
  const validTo = new Date(toIso(row.expires_at));
  if (validTo.getTime() <= now.getTime()) throw unauthorized(MSG.apiTokenExpired);

  setLogBindings(req, { apiTokenId: row.tokenId, apiTokenName: row.name });
  const wait = await takeApiTokenCall(ctx.db, row.tokenId, ctx.deps.config.apiTokenRatePerMinute, now);
  if (wait !== undefined) throw tooManyFor(MSG.apiTokenRateLimited(wait), wait);
  await noteUse(ctx, row.tokenId, now);

  return {
    id: row.userId,
    orgId: row.org_id,
    login: row.login,
    permissions: effectivePermissions(row.tokenPermissions, row.userPermissions),
    tokenId: 0,
    longSession: false,
    tokenValidTo: validTo,
    via: 'api-token',
    apiTokenId: row.tokenId,
  };
}

/** The request's log lines from here on (its "request completed" line included) carry these. */
function setLogBindings(req: FastifyRequest, bindings: Record<string, unknown>): void {
  const log = req.log as { setBindings?: (b: Record<string, unknown>) => void };
  if (typeof log.setBindings === 'function') log.setBindings(bindings);
}

/** Writes the token's last use (time and address) unless this process did within LAST_USE_EVERY_MS. */
async function noteUse(ctx: RequestContext, tokenId: number, now: Date): Promise<void> {
  let mine = lastWritten.get(ctx.db);
  if (!mine) lastWritten.set(ctx.db, (mine = new Map()));
  const last = mine.get(tokenId);
  if (last !== undefined && now.getTime() - last < LAST_USE_EVERY_MS && now.getTime() >= last) return;
  mine.delete(tokenId);
  mine.set(tokenId, now.getTime());
  if (mine.size > MAX_LAST_WRITTEN) {
    const oldest = mine.keys().next();
    if (!oldest.done) mine.delete(oldest.value);
  }
  try {
    const staleBefore = new Date(now.getTime() - LAST_USE_EVERY_MS).toISOString();
    await apiTokensRepository.touch(ctx.db, tokenId, now.toISOString(), ctx.ip, staleBefore);
  } catch (err) {
    // A note of use is not worth failing the call for (a busy database answers the next one).
    mine.delete(tokenId);
    ctx.log.warn({ err, apiTokenId: tokenId }, 'api token: last use not written');
  }
}
