import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { pluginHost, type PluginHost } from './plugins.host';
import { pluginsRepository } from './plugins.repository';

/**
 * Runs the plugins' pending migrations (docs/plugins.md, Migrations), after the core's: plugins in
 * dependency order, each migration in its own transaction under the same lock as the core's
 * (PostgreSQL advisory lock; SQLite's write transaction), recorded in `plugin_migrations`. A
 * migration that throws rolls back alone and marks its plugin (and those depending on it) broken
 * everywhere, in this process and in `plugin_broken` for the others; the server and the other
 * plugins go on. A plugin whose migrations all pass loses an earlier start's broken mark.
 * Answers the migrations applied now, as '<pluginId>/<name>'.
 */
export async function migratePlugins(database: Database, host: PluginHost = pluginHost()): Promise<string[]> {
  const db = database.db;
  const applied: string[] = [];
  for (const plugin of host.plugins) {
    const id = plugin.manifest.id;
    if (!host.usable(id) || !plugin.server) continue;
    let failed = false;
    for (const migration of plugin.server.migrations ?? []) {
      try {
        await db.transaction().execute(async (trx) => {
          if (database.engine === 'postgres') await sql`select pg_advisory_xact_lock(727001)`.execute(trx);
          const done = await trx
            .selectFrom('plugin_migrations')
            .select('name')
            .where('plugin_id', '=', id)
            .where('name', '=', migration.name)
            .executeTakeFirst();
          if (done) return;
          await migration.up(trx as unknown as Kysely<unknown>, database.engine);
          await trx
            .insertInto('plugin_migrations')
            .values({ plugin_id: id, name: migration.name, applied_at: new Date().toISOString() })
            .execute();
          applied.push(`${id}/${migration.name}`);
        });
      } catch (err) {
        failed = true;
        const reason = `Błąd migracji „${migration.name}”: ${(err instanceof Error ? err.message : String(err)).slice(0, 500)}`;
        host.markBroken(id, reason);
        await pluginsRepository.markBrokenEverywhere(db, id, reason);
        break;
      }
    }
    if (!failed) await pluginsRepository.clearBroken(db, id, 0);
  }
  return applied;
}
