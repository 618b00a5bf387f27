import {
  API_TOKEN_EXPIRY_CHOICES,
  API_TOKEN_MAX_DAYS,
  type ApiTokenState,
  type PermissionsInfo,
} from '@zaplecze/contract';
import { groupPermissions, type PermissionGroup } from '@web/features/users/user-form';

/** The permission groups of the create dialog: only the keys the server says a token of the user may carry. */
export function grantableGroups(
  info: PermissionsInfo,
  grantable: readonly string[],
  otherName: string,
): PermissionGroup[] {
  const allowed = new Set(grantable);
  return groupPermissions(info, otherName)
    .map((g) => ({ ...g, permissions: g.permissions.filter((p) => allowed.has(p.key)) }))
    .filter((g) => g.permissions.length > 0);
}

/** A token's permissions by their Polish names (the key itself for one the screen does not know). */
export function permissionNames(keys: readonly string[], info: PermissionsInfo | undefined): string[] {
  const names = new Map((info?.permissions ?? []).map((p) => [p.key, p.name]));
  return keys.map((k) => names.get(k) ?? k);
}

/** Bootstrap colour of a token's state badge. */
export function stateVariant(state: ApiTokenState): string {
  return state === 'active' ? 'success' : state === 'revoked' ? 'danger' : 'secondary';
}

/** The expiry choices, in days, with the year as its own label. */
export function expiryChoices(texts: { expiryDays: string; expiryYear: string }): { days: number; label: string }[] {
  return API_TOKEN_EXPIRY_CHOICES.map((days) => ({
    days,
    label: days === API_TOKEN_MAX_DAYS ? texts.expiryYear : texts.expiryDays.replace('{n}', String(days)),
  }));
}
