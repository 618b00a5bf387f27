import type { Kysely } from 'kysely';
import type { Engine } from '../database';
import { columns, type Migration } from './helpers';

/**
 * `plugin_hooks`: the random key of an organisation's webhook address per plugin
 * (`/api/hooks/<plugin>/<name>/<key>`, docs/plugins.md, Webhooks): the key alone names the
 * organisation to a service that calls in (a shop's webhooks), so it is unique over all
 * organisations and looked up without one. Renewing it changes the address.
 */
export const m0032PluginHooks: Migration = {
  name: '0032_plugin_hooks',
  async up(db: Kysely<unknown>, engine: Engine) {
    const c = columns(engine);
    await db.schema
      .createTable('plugin_hooks')
      .addColumn('org_id', 'integer', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
      .addColumn('plugin_id', 'varchar(40)', c.notNull)
      .addColumn('hook_key', 'varchar(64)', c.notNull)
      .addColumn('created_at', c.timestamp, c.notNull)
      .addPrimaryKeyConstraint('plugin_hooks_pk', ['org_id', 'plugin_id'])
      .execute();
    await db.schema.createIndex('plugin_hooks_key_idx').on('plugin_hooks').column('hook_key').unique().execute();
  },
};
