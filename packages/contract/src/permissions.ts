/** Permission keys (docs/rules/server-side-rules.md). Names and descriptions come from the server in Polish. */
export const PERMISSIONS = [
  'main.admin',
  'main.misc.homepage.show',
  'main.items.show',
  'main.items.edit',
  'main.order.show',
  'main.order.edit',
  'main.order.summary.show',
  'main.warehouse.edit',
  'main.settings.edit',
  'main.users.edit',
  'main.plugins.manage',
] as const;

export type PermissionKey = (typeof PERMISSIONS)[number];

/**
 * A plugin's own permission key: `plugin.<pluginId>.<name>` (docs/plugins.md, Permissions). Which
 * of them exist is known only to the server (the installed plugins' manifests); the contract knows
 * their shape, so a user's permission string may carry them.
 */
export const PLUGIN_PERMISSION_PATTERN = /^plugin\.[a-z][a-z0-9-]{1,38}[a-z0-9]\.[a-z][a-z0-9_.-]{0,59}$/;
export type PluginPermissionKey = `plugin.${string}`;
/** A core key or a plugin key's shape. */
export type AnyPermissionKey = PermissionKey | PluginPermissionKey;

export function isPluginPermissionKey(key: string): key is PluginPermissionKey {
  return PLUGIN_PERMISSION_PATTERN.test(key);
}

/** Whether `key` is a core permission or has a plugin permission's shape. */
export function isPermissionKeyShape(key: string): key is AnyPermissionKey {
  return (PERMISSIONS as readonly string[]).includes(key) || isPluginPermissionKey(key);
}

export const ADMIN_PERMISSION: PermissionKey = 'main.admin';

/** Splits the stored `a;b;c` string into trimmed, non-empty keys. */
export function parsePermissions(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/** Joins keys into the stored form, dropping duplicates and keeping a stable order. */
export function joinPermissions(keys: readonly string[]): string {
  return [...new Set(keys.map((k) => k.trim()).filter((k) => k.length > 0))].sort().join(';');
}

/**
 * The server's check: exact key match, and `main.admin` passes every check.
 * The server never uses the substring rule of the screens.
 */
export function hasPermissionExact(permissions: string, key: string): boolean {
  const keys = parsePermissions(permissions).map((k) => k.toLowerCase());
  return keys.includes(ADMIN_PERMISSION) || keys.includes(key.toLowerCase());
}

/**
 * The screens' check (docs/rules/platform-rules.md §6): a case-insensitive substring match on the whole string;
 * `main.admin` passes every check. Only decides what to show; the server decides what is allowed.
 */
export function hasPermissionForScreen(permissions: string, key: string): boolean {
  const all = permissions.toLowerCase();
  return all.includes(ADMIN_PERMISSION) || all.includes(key.toLowerCase());
}
