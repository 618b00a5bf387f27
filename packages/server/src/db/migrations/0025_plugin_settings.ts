import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import { columns, type Migration } from './helpers';

/**
 * Plugin settings and secrets (docs/decisions.md "Plugin settings and secrets";
 * platform/plugin-settings):
 * - `plugin_settings`: one row per (organisation, plugin) with the non-secret values as JSON text,
 *   validated by the plugin's schema on every write.
 * - `plugin_secrets`: one row per (organisation, plugin, field) with the AES-256-GCM ciphertext,
 *   its 96-bit IV and 128-bit tag (base64 text on both engines) and the id of the key that
 *   encrypted it; `secrets:rotate` finds the rows of old keys through the key_id index.
 * Both belong to the organisation (deleted with it) and hold nothing of another table.
 */
export const m0025PluginSettings: Migration = {
  name: '0025_plugin_settings',
  async up(db: Kysely<unknown>, engine: Engine) {
    const c = columns(engine);
    const org = (col: Parameters<typeof c.notNull>[0]) =>
      col.notNull().references('organizations.id').onDelete('cascade');
    await db.schema
      .createTable('plugin_settings')
      .addColumn('org_id', 'integer', org)
      .addColumn('plugin_id', 'varchar(40)', c.notNull)
      .addColumn('settings', 'text', c.notNull)
      .addColumn('updated_at', c.timestamp, c.notNull)
      .addPrimaryKeyConstraint('plugin_settings_pk', ['org_id', 'plugin_id'])
      .execute();
    await db.schema
      .createTable('plugin_secrets')
      .addColumn('org_id', 'integer', org)
      .addColumn('plugin_id', 'varchar(40)', c.notNull)
      .addColumn('name', 'varchar(64)', c.notNull)
      .addColumn('key_id', 'varchar(40)', c.notNull)
      .addColumn('iv', 'varchar(24)', c.notNull)
      .addColumn('ciphertext', 'text', c.notNull)
      .addColumn('tag', 'varchar(24)', c.notNull)
      .addColumn('updated_at', c.timestamp, c.notNull)
      .addPrimaryKeyConstraint('plugin_secrets_pk', ['org_id', 'plugin_id', 'name'])
      .execute();
    await sql`create index plugin_secrets_key_idx on plugin_secrets (key_id)`.execute(db);
  },
};
