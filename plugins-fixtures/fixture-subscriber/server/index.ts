import {
  definePlugin,
  domainEventSchemas,
  pluginColumns,
  pluginTable,
  type DomainEventName,
  type Generated,
  type PluginEventJob,
  type PluginSubscriptions,
} from '@zaplecze/plugin-sdk';
import { manifest } from '../manifest';

/** The fixture's one table: the events its job received, `p_fixture_subscriber_events`. */
export const EVENTS = pluginTable('fixture-subscriber', 'events') as 'p_fixture_subscriber_events';
interface EventsTables {
  p_fixture_subscriber_events: { id: Generated<number>; org_id: number; event: string; payload: string };
}

/**
 * The subscribing fixture plugin (docs/plugins.md, Events and subscriptions): every event of the
 * catalogue runs its job `record`, which checks the payload against the contract's schema and keeps
 * it in its table.
 */
export default definePlugin({
  manifest,
  server: () => ({
    migrations: [
      {
        name: '0001_events',
        async up(db, engine) {
          const c = pluginColumns(engine);
          await c
            .id(db.schema.createTable(EVENTS))
            .addColumn('org_id', 'integer', (col) => col.notNull().references('organizations.id').onDelete('cascade'))
            .addColumn('event', 'varchar(50)', c.notNull)
            .addColumn('payload', 'text', c.notNull)
            .execute();
          await db.schema.createIndex(`${EVENTS}_org_idx`).on(EVENTS).columns(['org_id', 'id']).execute();
        },
      },
    ],
    jobs: [
      {
        name: 'record',
        handler: async ({ job, tdb }) => {
          const { event, payload } = job.payload as PluginEventJob;
          const parsed: unknown = domainEventSchemas[event].parse(payload);
          await tdb
            .withTables<EventsTables>()
            .insertInto(EVENTS, { event, payload: JSON.stringify(parsed) })
            .execute();
        },
      },
    ],
    subscriptions: Object.fromEntries(
      (Object.keys(domainEventSchemas) as DomainEventName[]).map((e) => [e, 'record']),
    ) as PluginSubscriptions,
    tables: [EVENTS],
  }),
});
