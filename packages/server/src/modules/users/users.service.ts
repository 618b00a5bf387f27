import {
  ADMIN_PERMISSION,
  buildLogin,
  hasPermissionExact,
  isPluginPermissionKey,
  joinPermissions,
  parsePermissions,
  type ProfileUpdate,
  type User,
  type userCreateSchema,
  type userUpdateSchema,
  VALIDATION,
} from '@zaplecze/contract';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import type { AuthContext } from '../../platform/context';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { MSG } from '../../platform/messages.pl';
import { hashPassword, verifyPassword } from '../../platform/password';
import { pluginPermissionKeys } from '../plugins';
import { usersRepository } from './users.repository';

const canManageUsers = (ctx: AuthContext) => hasPermissionExact(ctx.user.permissions, 'main.users.edit');
const isAdmin = (perms: string) => parsePermissions(perms).includes(ADMIN_PERMISSION);

export function listUsers(ctx: AuthContext): Promise<User[]> {
  return usersRepository.list(ctx.tdb);
}

export async function getUser(ctx: AuthContext, id: number): Promise<User> {
  const user = await usersRepository.findById(ctx.tdb, id);
  if (!user) throw notFound(MSG.userNotFound);
  return user;
}

/**
 * Nobody hands out what they do not hold: a user manager who is not an administrator may only
 * grant or take away permissions they have themselves, and never main.admin.
 */
function assertCanSetPermissions(ctx: AuthContext, before: string, after: string): void {
  if (!canManageUsers(ctx)) throw forbidden(MSG.permissionsNeedRight);
  // A plugin key given anew must be one a plugin of the build adds (the contract checks only its
  // shape); one the user already holds stays, even if its plugin has gone.
  const held = new Set(parsePermissions(before));
  const pluginKeys = pluginPermissionKeys();
  for (const k of parsePermissions(after))
    if (isPluginPermissionKey(k) && !held.has(k) && !pluginKeys.has(k))
      throw badRequest(VALIDATION.permissionUnknown, 'permissions');
  if (isAdmin(ctx.user.permissions)) return;
  const mine = new Set(parsePermissions(ctx.user.permissions));
  const a = new Set(parsePermissions(before));
  const b = new Set(parsePermissions(after));
  const changed = [...a].filter((k) => !b.has(k)).concat([...b].filter((k) => !a.has(k)));
  if (changed.some((k) => k === ADMIN_PERMISSION || !mine.has(k))) throw forbidden();
}

/**
 * A user manager who is not an administrator may only edit or delete users whose permissions
 * they all hold: resetting an administrator's password would otherwise make them one.
 */
function assertCanTouch(ctx: AuthContext, targetPermissions: string): void {
  if (isAdmin(ctx.user.permissions)) return;
  const mine = new Set(parsePermissions(ctx.user.permissions));
  if (parsePermissions(targetPermissions).some((k) => !mine.has(k))) throw forbidden();
}

/** A parallel request took the login between our check and our write (PostgreSQL). */
function loginRace(err: unknown): never {
  throw isUniqueViolation(err) ? conflict(MSG.loginTaken) : err;
}

async function assertLoginFree(ctx: AuthContext, login: string, exceptId?: number): Promise<void> {
  if (await usersRepository.loginExists(ctx.tdb, login, exceptId)) throw conflict(MSG.loginTaken);
}

export async function createUser(ctx: AuthContext, body: z.output<typeof userCreateSchema>): Promise<User> {
  const prefix = await orgPrefix(ctx);
  const login = buildLogin(prefix, body.login);
  const permissions = joinPermissions(parsePermissions(body.permissions));
  assertCanSetPermissions(ctx, '', permissions);
  const passHash = await hashPassword(body.pass);
  const id = await ctx.tdb
    .transaction(async (tdb) => {
      await assertLoginFree({ ...ctx, tdb }, login);
      return usersRepository.insert(tdb, {
        login,
        name: body.name,
        email: body.email,
        tel: body.tel,
        pass_hash: passHash,
        permissions,
        created_at: ctx.deps.now().toISOString(),
      });
    })
    .catch(loginRace);
  return getUser(ctx, id);
}

export async function updateUser(ctx: AuthContext, body: z.output<typeof userUpdateSchema>): Promise<User> {
  const self = body.id === ctx.user.id;
  if (!self && !canManageUsers(ctx)) throw forbidden();
  const existing = await usersRepository.findSecret(ctx.tdb, body.id);
  if (!existing) throw notFound(MSG.userNotFound);
  if (!self) assertCanTouch(ctx, existing.permissions);

  const patch: Parameters<typeof usersRepository.update>[2] = {};
  if (body.name !== undefined) patch.name = body.name;
  if (body.email !== undefined) patch.email = body.email;
  if (body.tel !== undefined) patch.tel = body.tel;
  if (body.login !== undefined) {
    const login = buildLogin(await orgPrefix(ctx), body.login);
    // A login is an identity others rely on: only a user manager renames accounts, own included.
    if (login !== existing.login && !canManageUsers(ctx)) throw forbidden(MSG.loginChangeNeedsRight);
    patch.login = login;
  }
  if (body.permissions !== undefined) {
    const next = joinPermissions(parsePermissions(body.permissions));
    if (next !== joinPermissions(parsePermissions(existing.permissions))) {
      assertCanSetPermissions(ctx, existing.permissions, next);
      if (self && isAdmin(existing.permissions) && !isAdmin(next)) throw conflict(MSG.cannotRemoveOwnAdmin);
      patch.permissions = next;
    }
  }
  if (body.pass !== undefined) {
    if (self) {
      if (!body.oldPass) throw badRequest(MSG.oldPassRequired, 'oldPass');
      if (!(await verifyPassword(existing.pass_hash, body.oldPass))) throw badRequest(MSG.oldPassWrong, 'oldPass');
    }
    patch.pass_hash = await hashPassword(body.pass);
  }

  await ctx.tdb
    .transaction(async (tdb) => {
      if (patch.login !== undefined) await assertLoginFree({ ...ctx, tdb }, patch.login, body.id);
      if (patch.permissions !== undefined && isAdmin(existing.permissions) && !isAdmin(patch.permissions)) {
        const admins = await usersRepository.adminIds(tdb);
        if (admins.filter((id) => id !== body.id).length === 0) throw conflict(MSG.lastAdmin);
      }
      await usersRepository.update(tdb, body.id, patch);
    })
    .catch(loginRace);
  // Committed: the tokens the guard keeps forget the old permissions and login (token-cache.ts).
  await ctx.deps.sessions.forgetCached();
  // A new password ends every other session of that user; the caller keeps their own.
  if (patch.pass_hash !== undefined)
    await ctx.deps.sessions.endOtherSessions(ctx.db, body.id, self ? ctx.user.tokenId : null);
  return getUser(ctx, body.id);
}

export async function deleteUser(ctx: AuthContext, id: number): Promise<void> {
  if (id === ctx.user.id) throw conflict(MSG.cannotDeleteSelf);
  await ctx.tdb.transaction(async (tdb) => {
    const existing = await usersRepository.findSecret(tdb, id);
    if (!existing) throw notFound(MSG.userNotFound);
    assertCanTouch(ctx, existing.permissions);
    if (isAdmin(existing.permissions)) {
      const admins = await usersRepository.adminIds(tdb);
      if (admins.filter((a) => a !== id).length === 0) throw conflict(MSG.lastAdmin);
    }
    await usersRepository.remove(tdb, id);
  });
  await ctx.deps.sessions.forgetCached();
}

/** The signed-in user's own profile: name, e-mail, phone and password (old password required). */
export function updateProfile(ctx: AuthContext, body: ProfileUpdate): Promise<User> {
  return updateUser(ctx, {
    id: ctx.user.id,
    name: body.name,
    email: body.email,
    tel: body.tel,
    pass: body.pass,
    oldPass: body.oldPass,
  });
}

async function orgPrefix(ctx: AuthContext): Promise<string> {
  const user = await getUser(ctx, ctx.user.id);
  return user.organization.prefix;
}
