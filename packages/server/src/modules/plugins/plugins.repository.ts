import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { TenantDb } from '../../db/tenant';

/** The plugin platform's rows (migration 0024): installs, and broken marks. */
export const pluginsRepository = {
  /** The plugin ids the organisation of `tdb` installed. */
  async installedIds(tdb: TenantDb): Promise<string[]> {
    const rows = await tdb.selectFrom('plugin_installs').select('plugin_id').execute();
    return rows.map((r) => r.plugin_id);
  },

  /** Inserts the install row; answers false when it was there already. */
  async install(tdb: TenantDb, pluginId: string, at: Date): Promise<boolean> {
    const r = await tdb
      .insertInto('plugin_installs', { plugin_id: pluginId, installed_at: at.toISOString() })
      .onConflict((oc) => oc.columns(['org_id', 'plugin_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  async uninstall(tdb: TenantDb, pluginId: string): Promise<boolean> {
    const r = await tdb.deleteFrom('plugin_installs').where('plugin_id', '=', pluginId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  /** The organisations that installed the plugin (a schedule's fan-out; index plugin_installs_plugin_idx). */
  async organisationsWith(db: Kysely<DB>, pluginId: string): Promise<number[]> {
    const rows = await db.selectFrom('plugin_installs').select('org_id').where('plugin_id', '=', pluginId).execute();
    return rows.map((r) => r.org_id);
  },

  /** Whether the organisation installed the plugin (a plugin job's check before it runs). */
  async isInstalled(db: Kysely<DB>, orgId: number, pluginId: string): Promise<boolean> {
    const row = await db
      .selectFrom('plugin_installs')
      .select('plugin_id')
      .where('org_id', '=', orgId)
      .where('plugin_id', '=', pluginId)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Broken marks that concern the organisation: its own and those of every organisation (org_id 0). */
  async brokenFor(db: Kysely<DB>, orgId: number): Promise<{ plugin_id: string; org_id: number; reason: string }[]> {
    return db
      .selectFrom('plugin_broken')
      .select(['plugin_id', 'org_id', 'reason'])
      .where('org_id', 'in', [0, orgId])
      .execute();
  },

  async markBrokenEverywhere(db: Kysely<DB>, pluginId: string, reason: string): Promise<void> {
    await markBroken(db, pluginId, 0, reason);
  },

  async markBrokenFor(db: Kysely<DB>, pluginId: string, orgId: number, reason: string): Promise<void> {
    await markBroken(db, pluginId, orgId, reason);
  },

  /** Clears the mark of one organisation (`orgId`) or of every organisation (0), if there is one. */
  async clearBroken(db: Kysely<DB>, pluginId: string, orgId: number): Promise<void> {
    const row = await db
      .selectFrom('plugin_broken')
      .select('plugin_id')
      .where('plugin_id', '=', pluginId)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    if (row)
      await db.deleteFrom('plugin_broken').where('plugin_id', '=', pluginId).where('org_id', '=', orgId).execute();
  },
};

async function markBroken(db: Kysely<DB>, pluginId: string, orgId: number, reason: string): Promise<void> {
  const values = { plugin_id: pluginId, org_id: orgId, reason: reason.slice(0, 1000), since: new Date().toISOString() };
  await db
    .insertInto('plugin_broken')
    .values(values)
    .onConflict((oc) => oc.columns(['plugin_id', 'org_id']).doUpdateSet({ reason: values.reason, since: values.since }))
    .execute();
}
