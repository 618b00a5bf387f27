import type { PluginSettingsPut, PluginSettingsResponse, SecretState } from '@zaplecze/contract';
import type { z } from 'zod';
import type { TenantDb } from '../../db/tenant';
import { AppError, badRequest } from '../errors';
import { openSecret, sealSecret, SecretDecryptError, type SealedSecret, type UnreadableReason } from './crypto';
import { secretKeyRing, type SecretKeyRing, type SecretKeysConfig } from './key-ring';
import { SETTINGS_MSG } from './messages';

/**
 * A plugin's settings and secrets per organisation (docs/decisions.md "Plugin settings and
 * secrets"). The non-secret values are one JSON row validated by the plugin's zod schema; each
 * secret field is a row of its own, AES-256-GCM under the key ring (crypto.ts, key-ring.ts).
 * Secrets leave this file only as states ('set', 'unset', 'unreadable') or, for the plugin's own
 * server code, through readPluginSecret.
 */

/** What a plugin's manifest declares of its settings. */
export interface PluginSettingsSpec {
  /** The non-secret values; defaults given with `.default()` fill a GET before anything is saved. */
  schema: z.ZodObject;
  /** The secret fields' names: write-only, never answered, never in `schema`. */
  secrets: readonly string[];
}

/** A secret field's name: 1-64 letters, digits and `_`, starting with a letter. */
export const SECRET_FIELD_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const PLUGIN_ID = /^[a-z][a-z0-9-]{1,38}[a-z0-9]$/;

/**
 * Checks a plugin's declaration (a programming error, so a plain Error at start-up): the id's
 * form, the secret names' form, no name twice, no secret that is also a value.
 */
export function checkSettingsSpec(pluginId: string, spec: PluginSettingsSpec): void {
  if (!PLUGIN_ID.test(pluginId)) throw new Error(`plugin settings: bad plugin id "${pluginId}"`);
  const seen = new Set<string>();
  for (const name of spec.secrets) {
    if (!SECRET_FIELD_PATTERN.test(name)) throw new Error(`plugin ${pluginId}: bad secret field name "${name}"`);
    if (seen.has(name)) throw new Error(`plugin ${pluginId}: secret field "${name}" declared twice`);
    if (name in spec.schema.shape) throw new Error(`plugin ${pluginId}: "${name}" is both a value and a secret`);
    seen.add(name);
  }
}

/** The ring for writing: the key file is generated here when it is the ring and does not exist. */
function writingRing(keys: SecretKeysConfig): SecretKeyRing {
  const ring = secretKeyRing(keys, { create: true });
  if (!ring) throw new Error('the secret key ring could not be created');
  return ring;
}

/**
 * A secret that cannot be decrypted (its key left the ring, or the row was altered or moved): the
 * user is asked to enter it again. An AppError (409), so a plugin route that lets it through
 * answers the Polish message; a job records it as its error.
 */
export class PluginSecretUnreadableError extends AppError {
  constructor(
    readonly pluginId: string,
    readonly secretField: string,
    readonly reason: UnreadableReason,
  ) {
    super(409, SETTINGS_MSG.unreadableSecret(secretField), `secrets.${secretField}`);
    this.name = 'PluginSecretUnreadableError';
  }
}

/** The ring for reading: never creates a key file, and a ring that cannot load is no ring. */
function readingRing(keys: SecretKeysConfig): SecretKeyRing | undefined {
  try {
    return secretKeyRing(keys, { create: false });
  } catch {
    // A damaged key file or an unreadable DATA_DIR: every stored value reads as 'unreadable', the
    // list and the server go on; writing (which needs the ring) reports the cause.
    return undefined;
  }
}

function parseStored(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The values as answered: each field of the schema from what is stored when it still passes the
 * field's schema, else its default, else left out (a required field nothing has set yet). So a
 * schema that changed since a value was saved never fails a read.
 */
function fillValues(schema: z.ZodObject, stored: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const saved = Object.hasOwn(stored, name) ? field.safeParse(stored[name]) : undefined;
    if (saved?.success) {
      out[name] = saved.data;
      continue;
    }
    const fallback = field.safeParse(undefined);
    if (fallback.success && fallback.data !== undefined) out[name] = fallback.data;
  }
  return out;
}

async function storedValues(tdb: TenantDb, pluginId: string): Promise<Record<string, unknown>> {
  const row = await tdb
    .selectFrom('plugin_settings')
    .select('settings')
    .where('plugin_id', '=', pluginId)
    .executeTakeFirst();
  return parseStored(row?.settings);
}

function sealedOf(row: { key_id: string; iv: string; ciphertext: string; tag: string }): SealedSecret {
  return { keyId: row.key_id, iv: row.iv, ciphertext: row.ciphertext, tag: row.tag };
}

/**
 * GET /api/plugins/<id>/settings: the values (defaults filled in) and each secret field's state.
 * A value that does not decrypt is 'unreadable'; nothing here throws for stored data or keys.
 */
export async function readPluginSettings(
  tdb: TenantDb,
  keys: SecretKeysConfig,
  pluginId: string,
  spec: PluginSettingsSpec,
): Promise<PluginSettingsResponse> {
  const values = fillValues(spec.schema, await storedValues(tdb, pluginId));
  const rows = await tdb
    .selectFrom('plugin_secrets')
    .select(['name', 'key_id', 'iv', 'ciphertext', 'tag'])
    .where('plugin_id', '=', pluginId)
    .execute();
  const ring = rows.length > 0 ? readingRing(keys) : undefined;
  const secrets: Record<string, SecretState> = {};
  for (const name of spec.secrets) {
    const row = rows.find((r) => r.name === name);
    if (!row) {
      secrets[name] = 'unset';
      continue;
    }
    try {
      openSecret(ring, { orgId: tdb.orgId, pluginId, field: name }, sealedOf(row));
      secrets[name] = 'set';
    } catch (err) {
      if (!(err instanceof SecretDecryptError)) throw err;
      secrets[name] = 'unreadable';
    }
  }
  return { values, secrets };
}

/**
 * PUT /api/plugins/<id>/settings, in one transaction. Values: the given fields replace the stored
 * ones, fields not given keep theirs, and the whole is validated by the schema (a field the schema
 * does not know, or a secret sent as a value, is refused). Secrets: a string sets the field
 * (encrypted with the current key), null clears it, a field not given keeps what is stored.
 * Answers the settings as a GET would.
 */
export async function writePluginSettings(
  tdb: TenantDb,
  keys: SecretKeysConfig,
  pluginId: string,
  spec: PluginSettingsSpec,
  put: PluginSettingsPut,
): Promise<PluginSettingsResponse> {
  const shape = spec.schema.shape as Record<string, z.ZodType>;
  for (const name of Object.keys(put.values)) {
    if (spec.secrets.includes(name)) throw badRequest(SETTINGS_MSG.secretInValues(name), `values.${name}`);
    if (!Object.hasOwn(shape, name)) throw badRequest(SETTINGS_MSG.unknownValue(name), `values.${name}`);
  }
  for (const [name, value] of Object.entries(put.secrets)) {
    if (!spec.secrets.includes(name)) throw badRequest(SETTINGS_MSG.unknownSecret(name), `secrets.${name}`);
    if (value === '') throw badRequest(SETTINGS_MSG.emptySecret(name), `secrets.${name}`);
  }
  const setting = Object.entries(put.secrets).filter((e): e is [string, string] => typeof e[1] === 'string');
  // The key file (if it is the ring) is created before the transaction, never inside it.
  const ring = setting.length > 0 ? writingRing(keys) : undefined;
  return tdb.transaction(async (trx) => {
    // Two saves of one plugin's settings merge one after the other, never over each other's read.
    await trx.lock(`plugin-settings:${pluginId}`);
    const merged = { ...fillValues(spec.schema, await storedValues(trx, pluginId)), ...put.values };
    const parsed = spec.schema.safeParse(merged);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = ['values', ...(issue?.path ?? []).map(String)].join('.');
      throw badRequest(issue?.message ?? SETTINGS_MSG.unknownValue(path), path);
    }
    const now = new Date().toISOString();
    const settings = JSON.stringify(parsed.data);
    await trx
      .insertInto('plugin_settings', { plugin_id: pluginId, settings, updated_at: now })
      .onConflict((oc) => oc.columns(['org_id', 'plugin_id']).doUpdateSet({ settings, updated_at: now }))
      .execute();
    const clearing = Object.entries(put.secrets)
      .filter(([, v]) => v === null)
      .map(([name]) => name);
    if (clearing.length > 0) {
      await trx.deleteFrom('plugin_secrets').where('plugin_id', '=', pluginId).where('name', 'in', clearing).execute();
    }
    for (const [name, value] of setting) {
      await upsertSecret(trx, ring as SecretKeyRing, pluginId, name, value, now);
    }
    return readPluginSettings(trx, keys, pluginId, spec);
  });
}

async function upsertSecret(
  tdb: TenantDb,
  ring: SecretKeyRing,
  pluginId: string,
  name: string,
  value: string,
  now: string,
): Promise<void> {
  const s = sealSecret(ring, { orgId: tdb.orgId, pluginId, field: name }, value);
  const row = { key_id: s.keyId, iv: s.iv, ciphertext: s.ciphertext, tag: s.tag, updated_at: now };
  await tdb
    .insertInto('plugin_secrets', { plugin_id: pluginId, name, ...row })
    .onConflict((oc) => oc.columns(['org_id', 'plugin_id', 'name']).doUpdateSet(row))
    .execute();
}

/**
 * A secret's plaintext for the plugin's own server code (a job calling its service), or null when
 * not set. Throws PluginSecretUnreadableError when the stored value cannot be decrypted.
 */
export async function readPluginSecret(
  tdb: TenantDb,
  keys: SecretKeysConfig,
  pluginId: string,
  field: string,
): Promise<string | null> {
  const row = await tdb
    .selectFrom('plugin_secrets')
    .select(['key_id', 'iv', 'ciphertext', 'tag'])
    .where('plugin_id', '=', pluginId)
    .where('name', '=', field)
    .executeTakeFirst();
  if (!row) return null;
  try {
    return openSecret(readingRing(keys), { orgId: tdb.orgId, pluginId, field }, sealedOf(row));
  } catch (err) {
    if (err instanceof SecretDecryptError) throw new PluginSecretUnreadableError(pluginId, field, err.reason);
    throw err;
  }
}

/**
 * Sets (a string) or clears (null) one secret from the plugin's own server code, e.g. a refreshed
 * token a job received; joins the caller's transaction when `tdb` is in one.
 */
export async function writePluginSecret(
  tdb: TenantDb,
  keys: SecretKeysConfig,
  pluginId: string,
  field: string,
  value: string | null,
): Promise<void> {
  if (!SECRET_FIELD_PATTERN.test(field)) throw new Error(`plugin ${pluginId}: bad secret field name "${field}"`);
  if (value === null) {
    await tdb.deleteFrom('plugin_secrets').where('plugin_id', '=', pluginId).where('name', '=', field).execute();
    return;
  }
  const ring = writingRing(keys);
  await upsertSecret(tdb, ring, pluginId, field, value, new Date().toISOString());
}

/** Deletes the organisation's settings and secrets of a plugin (uninstall with "delete its data"). */
export async function deletePluginSettings(tdb: TenantDb, pluginId: string): Promise<void> {
  await tdb.transaction(async (trx) => {
    await trx.deleteFrom('plugin_secrets').where('plugin_id', '=', pluginId).execute();
    await trx.deleteFrom('plugin_settings').where('plugin_id', '=', pluginId).execute();
  });
}
