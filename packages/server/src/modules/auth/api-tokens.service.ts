import {
  ADMIN_PERMISSION,
  API_TOKEN_MAX_ACTIVE,
  API_TOKEN_MAX_DAYS,
  grantableApiTokenPermissions,
  joinPermissions,
  parsePermissions,
  PERMISSIONS,
  type ApiToken,
  type ApiTokenCreated,
  type apiTokenCreateSchema,
  type OwnApiTokens,
} from '@zaplecze/contract';
import type { z } from 'zod';
import { toIso } from '../../db/database';
import type { AuthContext, RequestContext } from '../../platform/context';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { MSG } from '../../platform/messages.pl';
import { pluginPermissionKeys } from '../plugins';
import { apiTokensRepository, type ApiTokenRow } from './api-tokens.repository';
import { forgetTokens } from './token-cache';
import { hashToken, newApiToken } from './tokens';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Revoked and expired tokens stay listed this long, then the maintenance purge removes them. */
export const API_TOKEN_KEEP_ENDED_MS = 90 * DAY_MS;

function toApiToken(row: ApiTokenRow, now: Date): ApiToken {
  const expiresAt = toIso(row.expires_at);
  const revokedAt = row.revoked_at === null ? null : toIso(row.revoked_at);
  return {
    id: row.id,
    name: row.name,
    userId: row.user_id,
    userLogin: row.user_login,
    permissions: parsePermissions(row.permissions),
    createdAt: toIso(row.created_at),
    expiresAt,
    revokedAt,
    lastUsedAt: row.last_used_at === null ? null : toIso(row.last_used_at),
    lastUsedIp: row.last_used_ip,
    state: revokedAt !== null ? 'revoked' : new Date(expiresAt).getTime() <= now.getTime() ? 'expired' : 'active',
  };
}

/** The keys a token of the caller may carry: their own (every one for an administrator), less user management. */
function grantable(ctx: AuthContext): string[] {
  return grantableApiTokenPermissions(ctx.user.permissions, [...PERMISSIONS, ...pluginPermissionKeys()]);
}

/** GET /profile/api_tokens: the caller's own tokens, newest first, and what a new one may carry. */
export async function listOwn(ctx: AuthContext): Promise<OwnApiTokens> {
  const now = ctx.deps.now();
  const rows = await apiTokensRepository.list(ctx.tdb, ctx.user.id);
  return { tokens: rows.map((r) => toApiToken(r, now)), grantable: grantable(ctx) };
}

/**
 * POST /profile/api_tokens: a new token of the caller with a name, permissions out of their own and
 * an end at most API_TOKEN_MAX_DAYS away. The token itself is answered this once; only its hash is
 * stored. At most API_TOKEN_MAX_ACTIVE tokens of a user are neither revoked nor expired.
 */
export async function create(ctx: AuthContext, body: z.output<typeof apiTokenCreateSchema>): Promise<ApiTokenCreated> {
  const allowed = new Set(grantable(ctx));
  const permissions = joinPermissions(body.permissions);
  if (parsePermissions(permissions).some((k) => !allowed.has(k)))
    throw badRequest(MSG.apiTokenPermissionNotOwn, 'permissions');
  const now = ctx.deps.now();
  const days = Math.min(body.expiresInDays, API_TOKEN_MAX_DAYS);
  const token = newApiToken();
  const id = await ctx.tdb.transaction(async (tdb) => {
    // Serialises a user's parallel creations on PostgreSQL, so the count below cannot be passed.
    await tdb.lock(`api-tokens:${ctx.user.id}`);
    if ((await apiTokensRepository.countActive(tdb, ctx.user.id, now.toISOString())) >= API_TOKEN_MAX_ACTIVE)
      throw conflict(MSG.apiTokenTooMany(API_TOKEN_MAX_ACTIVE));
    return apiTokensRepository.insert(tdb, {
      user_id: ctx.user.id,
      name: body.name,
      token_hash: hashToken(token),
      permissions,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + days * DAY_MS).toISOString(),
    });
  });
  const row = await apiTokensRepository.findOne(ctx.tdb, id);
  if (!row) throw notFound(MSG.apiTokenNotFound);
  ctx.log.info({ apiTokenId: id, apiTokenName: body.name }, 'api token created');
  return { token, apiToken: toApiToken(row, now) };
}

/** DELETE /profile/api_tokens?id=: revokes one of the caller's own tokens (another's is not found). */
export async function revokeOwn(ctx: AuthContext, id: number): Promise<void> {
  const row = await apiTokensRepository.findOne(ctx.tdb, id);
  if (!row || row.user_id !== ctx.user.id) throw notFound(MSG.apiTokenNotFound);
  await revoke(ctx, row);
}

/** GET /api_tokens: a user manager's view of the organisation's tokens (of one user, with `userId`). */
export async function listOrg(ctx: AuthContext, userId: number | undefined): Promise<{ tokens: ApiToken[] }> {
  const now = ctx.deps.now();
  return { tokens: (await apiTokensRepository.list(ctx.tdb, userId)).map((r) => toApiToken(r, now)) };
}

/**
 * DELETE /api_tokens?id=: a user manager revokes a token of the organisation; one who is not an
 * administrator only tokens of users whose permissions they all hold (as for editing such a user,
 * docs/decisions.md, Who may do what with users), and their own.
 */
export async function revokeAny(ctx: AuthContext, id: number): Promise<void> {
  const row = await apiTokensRepository.findOne(ctx.tdb, id);
  if (!row) throw notFound(MSG.apiTokenNotFound);
  const mine = parsePermissions(ctx.user.permissions);
  if (row.user_id !== ctx.user.id && !mine.includes(ADMIN_PERMISSION)) {
    const held = new Set(mine);
    if (parsePermissions(row.user_permissions).some((k) => !held.has(k))) throw forbidden();
  }
  await revoke(ctx, row);
}

/**
 * Revokes and then forgets every kept token in every worker (token-cache.ts), so the token is
 * refused from the very next call on, whichever worker answers. Revoking a revoked token changes
 * nothing and answers the same.
 */
async function revoke(ctx: AuthContext, row: ApiTokenRow): Promise<void> {
  if (await apiTokensRepository.revoke(ctx.tdb, row.id, ctx.deps.now().toISOString())) {
    await forgetTokens();
    ctx.log.info({ apiTokenId: row.id, apiTokenName: row.name }, 'api token revoked');
  }
}

/** Housekeeping (the maintenance purge): tokens ended or revoked more than API_TOKEN_KEEP_ENDED_MS ago. */
export async function purgeEndedApiTokens(ctx: RequestContext): Promise<void> {
  await apiTokensRepository.purge(ctx.db, new Date(ctx.deps.now().getTime() - API_TOKEN_KEEP_ENDED_MS).toISOString());
}
