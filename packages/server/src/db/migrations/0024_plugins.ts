import type { Kysely } from 'kysely';
import type { Engine } from '../database';
import { columns, type Migration } from './helpers';

/**
 * The plugin platform's core tables (docs/plugins.md; docs/decisions.md, Plugin platform (server)):
 * - `plugin_installs`: one row per (organisation, plugin) installed. Installing is this row, never
 *   a schema change: a plugin's tables exist for the whole database once its migrations ran.
 * - `plugin_migrations`: the plugins' own migrations applied, by (plugin, migration name); they
 *   run at start-up after the core's, each in its own transaction.
 * - `plugin_broken`: a plugin that failed, with a Polish reason for the administrator: everywhere
 *   (`org_id` 0: its migration threw) or for one organisation (`org_id`: its job ended dead).
 *   Cleared when the cause is gone (the migration passes, a job of the plugin succeeds).
 */
export const m0024Plugins: Migration = {
  name: '0024_plugins',
  async up(db: Kysely<unknown>, engine: Engine) {
    const c = columns(engine);
    await db.schema
      .createTable('plugin_installs')
      .addColumn('org_id', 'integer', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('plugin_id', 'varchar(100)', c.notNull)
      .addColumn('installed_at', c.timestamp, c.notNull)
      .addPrimaryKeyConstraint('plugin_installs_pk', ['org_id', 'plugin_id'])
      .execute();
    // Schedules fan out to the organisations that installed a plugin.
    await db.schema.createIndex('plugin_installs_plugin_idx').on('plugin_installs').columns(['plugin_id']).execute();

    await db.schema
      .createTable('plugin_migrations')
      .addColumn('plugin_id', 'varchar(100)', c.notNull)
      .addColumn('name', 'varchar(200)', c.notNull)
      .addColumn('applied_at', c.timestamp, c.notNull)
      .addPrimaryKeyConstraint('plugin_migrations_pk', ['plugin_id', 'name'])
      .execute();

    await db.schema
      .createTable('plugin_broken')
      .addColumn('plugin_id', 'varchar(100)', c.notNull)
      // 0: everywhere; no reference to organizations for that reason (a deleted organisation's rows
      // are removed with its installs by the plugins module).
      .addColumn('org_id', 'integer', c.notNull)
      .addColumn('reason', 'varchar(1000)', c.notNull)
      .addColumn('since', c.timestamp, c.notNull)
      .addPrimaryKeyConstraint('plugin_broken_pk', ['plugin_id', 'org_id'])
      .execute();
  },
};
