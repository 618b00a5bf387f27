import {
  ADMIN_PERMISSION,
  joinPermissions,
  loginUserSchema,
  parsePermissions,
  passwordSchema,
  userUpdateSchema,
  VALIDATION,
  type PermissionInfo,
  type PermissionSection,
  type PermissionsInfo,
  type User,
  type UserCreate,
  type UserUpdate,
} from '@zaplecze/contract';
import { z } from 'zod';

/** What the user edit form holds; passwords and the new login are empty when not entered. */
export interface UserFormValues {
  login: string;
  name: string;
  email: string;
  tel: string;
  oldPass: string;
  pass: string;
  passRepeat: string;
  /** Checked permission keys. */
  permissions: string[];
}

/** A field that may be left empty, else must pass the contract's rule (with its message). */
export const blankOr = <T extends z.ZodType<string, string>>(schema: T) => z.union([z.literal(''), schema]);

/**
 * Changing one's own password needs the old one (the server demands it too; checking here puts the
 * message under the field before any call).
 */
export function requireOldPassWithNewPass(values: { pass: string; oldPass: string }, ctx: z.RefinementCtx): void {
  if (values.pass !== '' && values.oldPass === '') {
    ctx.addIssue({ code: 'custom', path: ['oldPass'], message: VALIDATION.oldPassRequired });
  }
}

/** The repeated password must equal the new one (docs/rules/platform-rules.md §5: 'Hasła się nie zgadzają!'). */
export function requirePasswordsMatch(values: { pass: string; passRepeat: string }, ctx: z.RefinementCtx): void {
  if (values.pass !== values.passRepeat) {
    ctx.addIssue({ code: 'custom', path: ['passRepeat'], message: VALIDATION.passwordsDiffer });
  }
}

const { name, email, tel, oldPass } = userUpdateSchema.shape;

/**
 * The form's rules, all taken from the contract: a new user needs a login and a password; an
 * existing one may leave both empty; the repeat must match. `self` asks for the old password with a
 * new one.
 */
export function userFormSchema(opts: { isNew: boolean; self: boolean }): z.ZodType<UserFormValues, UserFormValues> {
  const schema = z.object({
    login: opts.isNew ? loginUserSchema : blankOr(loginUserSchema),
    name: name.unwrap(),
    email: email.unwrap(),
    tel: tel.unwrap(),
    oldPass: oldPass.unwrap(),
    pass: opts.isNew ? passwordSchema : blankOr(passwordSchema),
    passRepeat: z.string(),
    permissions: z.array(z.string()),
  });
  return schema.superRefine((v, ctx) => {
    requirePasswordsMatch(v, ctx);
    if (opts.self) requireOldPassWithNewPass(v, ctx);
  });
}

/** The user part of a login (`{prefix}_{user}`), as the login input takes it. */
export function loginUserPart(user: Pick<User, 'login' | 'organization'>): string {
  const head = `${user.organization.prefix}_`;
  return user.login.startsWith(head) ? user.login.slice(head.length) : user.login;
}

/** Empty values for the create form, or the stored ones of the user being edited. */
export function userFormDefaults(user: User | undefined): UserFormValues {
  return {
    login: '',
    name: user?.name ?? '',
    email: user?.email ?? '',
    tel: user?.tel ?? '',
    oldPass: '',
    pass: '',
    passRepeat: '',
    permissions: parsePermissions(user?.permissions),
  };
}

/** POST /users: the user part of the login (the server adds the prefix) and every permission. */
export function buildUserCreate(v: UserFormValues): UserCreate {
  return {
    login: v.login,
    name: v.name,
    email: v.email,
    tel: v.tel,
    pass: v.pass,
    permissions: joinPermissions(v.permissions),
  };
}

export function permissionsChanged(stored: string, checked: readonly string[]): boolean {
  return joinPermissions(parsePermissions(stored)) !== joinPermissions(checked);
}

/**
 * PUT /users (docs/rules/platform-rules.md §5): a new login only if entered (and different), a password only if
 * entered (with the old one when editing oneself), permissions only if changed and only by someone
 * allowed to change them.
 */
export function buildUserUpdate(
  v: UserFormValues,
  current: User,
  opts: { self: boolean; canSetPermissions: boolean },
): UserUpdate {
  const body: UserUpdate = { id: current.id, name: v.name, email: v.email, tel: v.tel };
  if (v.login !== '' && v.login !== loginUserPart(current)) body.login = v.login;
  if (v.pass !== '') {
    body.pass = v.pass;
    if (opts.self) body.oldPass = v.oldPass;
  }
  if (opts.canSetPermissions && permissionsChanged(current.permissions, v.permissions))
    body.permissions = joinPermissions(v.permissions);
  return body;
}

export interface PermissionGroup {
  section: PermissionSection;
  permissions: PermissionInfo[];
}

/**
 * Permissions grouped by their section, in the server's order; permissions of a section the server
 * did not list end up in a trailing group named `otherName`. Empty sections are left out.
 */
export function groupPermissions(info: PermissionsInfo, otherName: string): PermissionGroup[] {
  const groups: PermissionGroup[] = info.sections.map((section) => ({
    section,
    permissions: info.permissions.filter((p) => p.section === section.key),
  }));
  const known = new Set(info.sections.map((s) => s.key));
  const rest = info.permissions.filter((p) => !known.has(p.section));
  if (rest.length > 0) groups.push({ section: { key: '', name: otherName, desc: '' }, permissions: rest });
  return groups.filter((g) => g.permissions.length > 0);
}

/**
 * Whether the signed-in user may tick or untick `key` on someone's account. Mirrors the server:
 * an administrator may change anything; a user manager only the permissions they hold, never
 * main.admin. (Exact keys, like the server: this decides what the server would accept.)
 */
export function canTogglePermission(myPermissions: string, key: string): boolean {
  const mine = parsePermissions(myPermissions);
  if (mine.includes(ADMIN_PERMISSION)) return true;
  return key !== ADMIN_PERMISSION && mine.includes(key);
}

/** Adds or removes one key, keeping the others in place. */
export function togglePermission(keys: readonly string[], key: string, on: boolean): string[] {
  const rest = keys.filter((k) => k !== key);
  return on ? [...rest, key] : rest;
}
