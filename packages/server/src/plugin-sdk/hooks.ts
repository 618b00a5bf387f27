/**
 * Webhooks of plugins (docs/plugins.md, Webhooks): an organisation's address per plugin,
 * `/api/hooks/<pluginId>/<name>/<key>`, whose random key names the organisation to the service
 * that calls in. The host serves the addresses (modules/plugins/plugins.hooks.ts); the plugin
 * verifies each call (a signature) before anything is read or written.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { TenantDb } from '../db/tenant';
import type { AppDeps } from '../platform/context';

/** A key: 32 random bytes, base64url (43 characters). */
export const HOOK_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The organisation's webhook key of the plugin, made at the first call (and a new one with
 * `renew`: the old address stops answering). Show it to the seller as part of the address.
 */
export async function pluginHookKey(tdb: TenantDb, pluginId: string, opts: { renew?: boolean } = {}): Promise<string> {
  if (!opts.renew) {
    const row = await tdb
      .selectFrom('plugin_hooks')
      .select('hook_key')
      .where('plugin_id', '=', pluginId)
      .executeTakeFirst();
    if (row) return row.hook_key;
  }
  const key = randomBytes(32).toString('base64url');
  await tdb
    .insertInto('plugin_hooks', { plugin_id: pluginId, hook_key: key, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['org_id', 'plugin_id']).doUpdateSet({ hook_key: key }))
    .execute();
  return key;
}

/** The organisation a webhook key belongs to (the host's lookup, over every organisation). */
export async function organisationOfHookKey(db: Kysely<DB>, pluginId: string, key: string): Promise<number | null> {
  if (!HOOK_KEY_PATTERN.test(key)) return null;
  const row = await db
    .selectFrom('plugin_hooks')
    .select('org_id')
    .where('hook_key', '=', key)
    .where('plugin_id', '=', pluginId)
    .executeTakeFirst();
  return row ? Number(row.org_id) : null;
}

/** What a plugin's webhook gets: the organisation's handle, the server's services, the request. */
export interface PluginWebhookInput {
  tdb: TenantDb;
  deps: AppDeps;
  /** Lower-case names. */
  headers: Record<string, string | undefined>;
  /** The body exactly as received (a signature covers these bytes). */
  body: Buffer;
}

/**
 * A webhook of a plugin, served at `/api/hooks/<pluginId>/<name>/<key>` (POST, public, rate
 * limited per address, no XSRF check, the body as bytes). The host answers 404 for an unknown key
 * or an organisation without the plugin, then calls `verify`: false is 401 'Nieprawidłowy podpis
 * powiadomienia.' and nothing else happens; true calls `handle` (200 `{ ok: true }`, or its AppError's answer).
 */
export interface PluginWebhook {
  /** The address's part after the plugin id: lower-case letters, digits, '-'. */
  name: string;
  /** Polish, for the API reference. */
  summary: string;
  /** Body size limit in bytes; default 1 MB. */
  bodyLimit?: number;
  /**
   * Optional: whether the call is the service's harmless unsigned test (WooCommerce posts
   * `webhook_id=<n>` when a webhook is saved and keeps it only on a 200). Such a call is answered
   * 200 at once: neither `verify` nor `handle` runs, nothing is read or written.
   */
  isPing?(input: Pick<PluginWebhookInput, 'headers' | 'body'>): boolean;
  /** Checks the call (a signature over `body` with the organisation's secret): reads nothing else, writes nothing. */
  verify(input: PluginWebhookInput): Promise<boolean>;
  /** Does the work (enqueue a job in its own transaction) once verified. */
  handle(input: PluginWebhookInput): Promise<void>;
}

/**
 * Whether `signature` (as the service sends it: base64 or hex) is the HMAC of exactly `body` with
 * `secret`, compared in constant time: a webhook's `verify`. A missing or malformed signature is false.
 */
export function hmacSignatureMatches(opts: {
  secret: string;
  body: Buffer;
  signature: string | undefined;
  algorithm?: 'sha256' | 'sha1' | 'sha512';
  encoding?: 'base64' | 'hex';
}): boolean {
  if (!opts.signature) return false;
  const expected = createHmac(opts.algorithm ?? 'sha256', opts.secret)
    .update(opts.body)
    .digest();
  const given = Buffer.from(opts.signature.trim(), opts.encoding ?? 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
