import { sql, type Kysely } from 'kysely';
import type { Migration } from './helpers';

/**
 * The jobs list of a plugin's 'Dziennik' tab (modules/jobs-admin): one plugin's jobs of an
 * organisation, newest first, paged. This index finds the page and the count without reading
 * other plugins' or organisations' jobs.
 */
export const m0026JobsPluginIdx: Migration = {
  name: '0026_jobs_plugin_idx',
  async up(db: Kysely<unknown>) {
    await sql`create index jobs_plugin_idx on jobs (org_id, plugin_id, id)`.execute(db);
  },
};
