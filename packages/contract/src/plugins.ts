import { z } from 'zod';

/**
 * Plugins (docs/rules/platform-rules.md §2 Plugins management and host page, §3 Plugin and Menu
 * plugin; docs/rules/server-side-rules.md, Plugins; docs/plugins.md). Shared by the server, the web
 * and every plugin: the wire shapes of the plugin list, install, menu, settings and jobs.
 */

/** A plugin id: fixed, used in URLs and table names (`wholesale-csv`, `moto`, `inpost`, ...). */
export const PLUGIN_ID_PATTERN = /^[a-z][a-z0-9-]{1,38}[a-z0-9]$/;
export const pluginIdSchema = z
  .string({ error: 'Podaj identyfikator pluginu' })
  .trim()
  .regex(PLUGIN_ID_PATTERN, { error: 'Nieprawidłowy identyfikator pluginu' });

/** The left menu's plugin groups, in the order the shell draws them. */
export const PLUGIN_MENU_CATEGORIES = ['Marketplace', 'Shops', 'Carriers', 'Others'] as const;
export type PluginMenuCategory = (typeof PLUGIN_MENU_CATEGORIES)[number];

/** §3 Plugin: one row of `GET /plugin_info`. */
export const pluginInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  desc: z.string(),
  version: z.string(),
  installed: z.boolean(),
  /** Ids of the plugins this one needs installed first. */
  dependsOn: z.array(z.string()),
  /** Whether the plugin has settings (the management page links to them when installed). */
  hasSettings: z.boolean(),
  /**
   * Set when the plugin failed to load, migrate or run for this organisation (or everywhere): a
   * Polish reason for the administrator. Null when it works.
   */
  broken: z.string().nullable(),
});
export type PluginInfo = z.infer<typeof pluginInfoSchema>;

export const pluginInfoQuerySchema = z.object({
  onlyInstalled: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1'),
});
export const pluginInfoResponseSchema = z.object({ plugins: z.array(pluginInfoSchema) });
export type PluginInfoResponse = z.infer<typeof pluginInfoResponseSchema>;

/** `POST /plugin_install` (form `pluginId`). */
export const pluginInstallRequestSchema = z.object({ pluginId: pluginIdSchema });
/**
 * `DELETE /plugin_install` (`pluginId`, in the query or the body). Uninstalling keeps the plugin's
 * data unless `deleteData` is true, the separate explicit choice.
 */
export const pluginUninstallRequestSchema = z.object({
  pluginId: pluginIdSchema,
  deleteData: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1'),
});

/** §3 Menu plugin: one tab of a plugin's menu group. `path` is the host page's `controller`. */
export const menuPluginItemSchema = z.object({ path: z.string(), tabName: z.string(), icon: z.string() });
export const menuPluginSchema = z.object({
  pluginId: z.string(),
  name: z.string(),
  icon: z.string(),
  category: z.enum(PLUGIN_MENU_CATEGORIES),
  items: z.array(menuPluginItemSchema),
});
export type MenuPluginItem = z.infer<typeof menuPluginItemSchema>;
export type MenuPlugin = z.infer<typeof menuPluginSchema>;
/** `GET /plugin_menu`: the installed plugins' groups the user may see, only tabs they may open. */
export const pluginMenuResponseSchema = z.object({ plugins: z.array(menuPluginSchema) });
export type PluginMenuResponse = z.infer<typeof pluginMenuResponseSchema>;

/**
 * `GET /api/plugins/<id>/settings`: the non-secret values as stored (defaults filled in) and, for
 * each secret field, only whether it is set. 'unreadable' means the stored value cannot be
 * decrypted with the current key ring: the user is asked to enter it again.
 */
export const SECRET_STATES = ['set', 'unset', 'unreadable'] as const;
export type SecretState = (typeof SECRET_STATES)[number];
export const pluginSettingsResponseSchema = z.object({
  values: z.record(z.string(), z.unknown()),
  secrets: z.record(z.string(), z.enum(SECRET_STATES)),
});
export type PluginSettingsResponse = z.infer<typeof pluginSettingsResponseSchema>;
/**
 * `PUT /api/plugins/<id>/settings`: the non-secret values (validated by the manifest's schema) and
 * the secret fields: a string sets it, null clears it, a missing key keeps it.
 */
export const pluginSettingsPutSchema = z.object({
  values: z.record(z.string(), z.unknown()).default({}),
  secrets: z.record(z.string(), z.string().max(10_000).nullable()).default({}),
});
export type PluginSettingsPut = z.infer<typeof pluginSettingsPutSchema>;

/** Durable jobs as the 'Dziennik' tab shows them (docs/decisions.md, Jobs). */
export const JOB_STATES = ['pending', 'running', 'done', 'dead'] as const;
export type JobState = (typeof JOB_STATES)[number];
export const jobInfoSchema = z.object({
  id: z.number(),
  kind: z.string(),
  pluginId: z.string().nullable(),
  state: z.enum(JOB_STATES),
  attempts: z.number(),
  maxAttempts: z.number(),
  progressDone: z.number().nullable(),
  progressTotal: z.number().nullable(),
  lastError: z.string().nullable(),
  runAt: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type JobInfo = z.infer<typeof jobInfoSchema>;

/**
 * The reference lists an item needs, as the organisation keeps them (the plugin SDK's
 * catalogReferences; a plugin answers them to its screens, e.g. wholesale-csv `GET /references`).
 */
export const catalogReferencesSchema = z.object({
  itemStatuses: z.array(z.object({ id: z.number(), name: z.string() })),
  defaultItemStatusId: z.number().nullable(),
  categories: z.array(z.object({ id: z.number(), fullName: z.string() })),
  /** As the VAT settings hold them, e.g. '23', '8', 'zw'. */
  vatRates: z.array(z.string()),
  defaultVat: z.string(),
  currencies: z.array(z.string()),
  defaultCurrency: z.string(),
});
export type CatalogReferences = z.infer<typeof catalogReferencesSchema>;

// ---- the manifest (docs/plugins.md, Manifest) ----------------------------------------------------

/**
 * A plugin's permission (docs/plugins.md, Permissions): `key` is `plugin.<id>.<name>`; `name` and
 * `desc` are Polish and shown in `GET /data/permissions_info` under the plugin's own section.
 */
export interface PluginPermissionDef {
  key: `plugin.${string}`;
  name: string;
  desc: string;
}

/** One tab of the plugin's menu group; `permission` (a core or the plugin's key) hides it from users without it. */
export interface PluginMenuTabDef {
  path: string;
  tabName: string;
  icon: string;
  permission?: string;
}

/**
 * What the host must know of a plugin before loading its code: pure data, imported by the server
 * and by the plugin's web entry (it imports only zod and this contract). `settings.schema`
 * validates the plugin's non-secret settings; `settings.secrets` names the write-only fields.
 */
export interface PluginManifest {
  /** PLUGIN_ID_PATTERN; fixed for ever (URLs, table names, job kinds). */
  id: string;
  /** Polish name and description shown on the plugins page. */
  name: string;
  desc: string;
  version: string;
  /** Ids of the plugins that must be installed first. */
  dependsOn: readonly string[];
  menu?: {
    category: PluginMenuCategory;
    icon: string;
    /** The group's heading (Polish). */
    name: string;
    tabs: readonly PluginMenuTabDef[];
  };
  permissions?: readonly PluginPermissionDef[];
  settings?: {
    schema: z.ZodObject;
    secrets: readonly string[];
  };
}

/** Declares a manifest (identity at run time; the type checks the shape). */
export function defineManifest<const M extends PluginManifest>(manifest: M): M {
  return manifest;
}
