import { z } from 'zod';
import { definePlugin, pluginTable, route } from '@zaplecze/plugin-sdk';
import { manifest } from '../manifest';

const A = pluginTable('fixture-migration-throws', 'a');
const B = pluginTable('fixture-migration-throws', 'b');

/** The first migration passes; the second creates a table and then throws, so it rolls back whole. */
export default definePlugin({
  manifest,
  server: () => ({
    migrations: [
      {
        name: '0001_a',
        up: async (db) => void (await db.schema.createTable(A).addColumn('org_id', 'integer').execute()),
      },
      {
        name: '0002_b',
        up: async (db) => {
          await db.schema.createTable(B).addColumn('org_id', 'integer').execute();
          throw new Error('awaria migracji (celowa)');
        },
      },
    ],
    routes: [
      route({
        method: 'GET',
        url: '/ping',
        access: 'authenticated',
        summary: 'Sprawdzenie',
        response: z.object({ ok: z.boolean() }),
        handler: async () => ({ ok: true }),
      }),
    ],
  }),
});
