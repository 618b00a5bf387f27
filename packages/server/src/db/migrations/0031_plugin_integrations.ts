import type { Kysely } from 'kysely';
import type { Engine } from '../database';
import { columns, type Migration } from './helpers';

/**
 * What integration plugins share (docs/decisions.md, "Integrations: outside calls, connection
 * state, imported orders"; platform/outside, plugin-sdk/orders.ts):
 * - `plugin_calls`: one row per call to an outside service (the plugins' 'Dziennik'): method, path
 *   without the query, status (0: no answer), duration, outcome, a Polish message, and the order,
 *   item or job it concerned. Written on its own connection, so a call made inside a transaction
 *   that rolls back stays logged. Listed newest first per (organisation, plugin); purged after 30 days.
 * - `plugin_connections`: per (organisation, plugin) the connection's state: `reconnect` after the
 *   service refused the credentials (its schedules stop until the seller fixes them), `ok` after.
 * - `plugin_order_refs`: the outside order an order was imported from, unique per (organisation,
 *   plugin, external id): an order is never imported twice. The row stays when the seller deletes
 *   the order (no foreign key), so a later change of that outside order does not bring it back.
 */
export const m0031PluginIntegrations: Migration = {
  name: '0031_plugin_integrations',
  async up(db: Kysely<unknown>, engine: Engine) {
    const c = columns(engine);
    const org = (col: Parameters<typeof c.notNull>[0]) =>
      col.notNull().references('organizations.id').onDelete('cascade');
    await c
      .id(db.schema.createTable('plugin_calls'))
      .addColumn('org_id', 'integer', org)
      .addColumn('plugin_id', 'varchar(40)', c.notNull)
      .addColumn('at', c.timestamp, c.notNull)
      .addColumn('method', 'varchar(10)', c.notNull)
      .addColumn('path', 'varchar(300)', c.notNull)
      .addColumn('status', 'integer', c.notNull)
      .addColumn('ms', 'integer', c.notNull)
      .addColumn('ok', 'integer', c.notNull)
      .addColumn('what', 'varchar(200)', c.notNull)
      .addColumn('message', 'varchar(500)', c.notNull)
      .addColumn('order_id', 'integer')
      .addColumn('item_id', 'integer')
      .addColumn('job_id', 'integer')
      .execute();
    await db.schema
      .createIndex('plugin_calls_org_plugin_idx')
      .on('plugin_calls')
      .columns(['org_id', 'plugin_id', 'id'])
      .execute();
    await db.schema.createIndex('plugin_calls_at_idx').on('plugin_calls').column('at').execute();
    await db.schema
      .createTable('plugin_connections')
      .addColumn('org_id', 'integer', org)
      .addColumn('plugin_id', 'varchar(40)', c.notNull)
      .addColumn('state', 'varchar(20)', c.notNull)
      .addColumn('message', 'varchar(500)', c.notNull)
      .addColumn('changed_at', c.timestamp, c.notNull)
      .addPrimaryKeyConstraint('plugin_connections_pk', ['org_id', 'plugin_id'])
      .execute();
    await db.schema
      .createTable('plugin_order_refs')
      .addColumn('org_id', 'integer', org)
      .addColumn('plugin_id', 'varchar(40)', c.notNull)
      .addColumn('external_id', 'varchar(100)', c.notNull)
      .addColumn('order_id', 'integer', c.notNull)
      .addColumn('created_at', c.timestamp, c.notNull)
      .addPrimaryKeyConstraint('plugin_order_refs_pk', ['org_id', 'plugin_id', 'external_id'])
      .execute();
    await db.schema
      .createIndex('plugin_order_refs_order_idx')
      .on('plugin_order_refs')
      .columns(['org_id', 'order_id'])
      .execute();
  },
};
