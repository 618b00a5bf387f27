import type { JobInfo, JobsQuery } from '@zaplecze/contract';
import { toIso } from '../../db/database';
import type { Selectable } from 'kysely';
import type { JobsTable } from '../../db/schema';
import type { TenantDb } from '../../db/tenant';

const COLUMNS = [
  'id',
  'kind',
  'plugin_id',
  'state',
  'attempts',
  'max_attempts',
  'progress_done',
  'progress_total',
  'last_error',
  'run_at',
  'created_at',
  'finished_at',
] as const;

/** One plugin's jobs of the organisation (and a state), through the (org_id, plugin_id, id) index of 0026. */
function listQuery(tdb: TenantDb, q: Pick<JobsQuery, 'pluginId' | 'state'>) {
  let qb = tdb.selectFrom('jobs').where('plugin_id', '=', q.pluginId);
  if (q.state) qb = qb.where('state', '=', q.state);
  return qb;
}

type JobRow = Pick<Selectable<JobsTable>, (typeof COLUMNS)[number]>;

function toJobInfo(r: JobRow): JobInfo {
  return {
    id: Number(r.id),
    kind: r.kind,
    pluginId: r.plugin_id,
    state: r.state as JobInfo['state'],
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
    progressDone: r.progress_done === null ? null : Number(r.progress_done),
    progressTotal: r.progress_total === null ? null : Number(r.progress_total),
    lastError: r.last_error,
    runAt: toIso(r.run_at),
    createdAt: toIso(r.created_at),
    finishedAt: r.finished_at === null ? null : toIso(r.finished_at),
  };
}

export const jobsAdminRepository = {
  /** A page of the jobs, newest first (ids grow with time). */
  async page(tdb: TenantDb, q: JobsQuery): Promise<JobInfo[]> {
    const rows = await listQuery(tdb, q)
      .select(COLUMNS)
      .orderBy('id', 'desc')
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage)
      .execute();
    return rows.map(toJobInfo);
  },

  async count(tdb: TenantDb, q: Pick<JobsQuery, 'pluginId' | 'state'>): Promise<number> {
    const row = await listQuery(tdb, q)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** One job of the organisation and of that plugin, or undefined (another plugin's, a core job, a missing id). */
  async pluginJob(tdb: TenantDb, pluginId: string, id: number): Promise<JobInfo | undefined> {
    const row = await listQuery(tdb, { pluginId }).select(COLUMNS).where('id', '=', id).executeTakeFirst();
    return row && toJobInfo(row);
  },

  /** A plugin job of the organisation (core jobs are not this list's). */
  async findPluginJob(tdb: TenantDb, id: number): Promise<{ state: string } | undefined> {
    return tdb
      .selectFrom('jobs')
      .select('state')
      .where('id', '=', id)
      .where('plugin_id', 'is not', null)
      .executeTakeFirst();
  },
};
