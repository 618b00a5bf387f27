import type { Kysely } from 'kysely';
import type { PluginConnectionAnswer } from '@zaplecze/contract';
import { toIso } from '../../db/database';
import type { DB } from '../../db/schema';
import type { TenantDb } from '../../db/tenant';

/**
 * A plugin's connection to its outside service per organisation (docs/decisions.md,
 * "Integrations: outside calls, connection state, imported orders"): 'reconnect' ('Połącz
 * ponownie') once the service refused the stored credentials; the plugin's schedules skip the
 * organisation until the seller fixes them (a settings save, a successful test or connect).
 */
export async function pluginConnection(tdb: TenantDb, pluginId: string): Promise<PluginConnectionAnswer> {
  const row = await tdb
    .selectFrom('plugin_connections')
    .select(['state', 'message', 'changed_at'])
    .where('plugin_id', '=', pluginId)
    .executeTakeFirst();
  if (!row) return { state: 'ok', message: '', changedAt: null };
  return {
    state: row.state === 'reconnect' ? 'reconnect' : 'ok',
    message: row.message,
    changedAt: toIso(row.changed_at),
  };
}

async function setState(tdb: TenantDb, pluginId: string, state: 'ok' | 'reconnect', message: string, at: Date) {
  const text = message.length > 500 ? `${message.slice(0, 499)}…` : message;
  await tdb
    .insertInto('plugin_connections', { plugin_id: pluginId, state, message: text, changed_at: at.toISOString() })
    .onConflict((oc) =>
      oc.columns(['org_id', 'plugin_id']).doUpdateSet({ state, message: text, changed_at: at.toISOString() }),
    )
    .execute();
}

/** Puts the connection into 'Połącz ponownie' with the reason (Polish) shown to the seller. */
export async function markPluginReconnect(
  tdb: TenantDb,
  pluginId: string,
  message: string,
  at = new Date(),
): Promise<void> {
  await setState(tdb, pluginId, 'reconnect', message, at);
}

/** The seller fixed the connection: schedules run again. Writes nothing when it was not marked. */
export async function clearPluginReconnect(tdb: TenantDb, pluginId: string, at = new Date()): Promise<void> {
  await tdb
    .updateTable('plugin_connections')
    .set({ state: 'ok', message: '', changed_at: at.toISOString() })
    .where('plugin_id', '=', pluginId)
    .where('state', '=', 'reconnect')
    .execute();
}

/** The organisations whose connection of the plugin waits for the seller (a schedule skips them). */
export async function organisationsToReconnect(db: Kysely<DB>, pluginId: string): Promise<Set<number>> {
  const rows = await db
    .selectFrom('plugin_connections')
    .select('org_id')
    .where('plugin_id', '=', pluginId)
    .where('state', '=', 'reconnect')
    .execute();
  return new Set(rows.map((r) => Number(r.org_id)));
}
