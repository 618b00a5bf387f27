import { API_TOKEN_EXPIRY_CHOICES, API_TOKEN_MAX_DAYS, type PermissionsInfo } from '@zaplecze/contract';
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

/** The expiry choices, in days, with the year as its own label. */
export function expiryChoices(texts: { expiryDays: string; expiryYear: string }): { days: number; label: string }[] {
  return API_TOKEN_EXPIRY_CHOICES.map((days) => ({
    days,
    label: days === API_TOKEN_MAX_DAYS ? texts.expiryYear : texts.expiryDays.replace('{n}', String(days)),
  }));
}
