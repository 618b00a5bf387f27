import { CronExpressionParser } from 'cron-parser';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { TenantDb } from '../../db/tenant';
import { enqueueJob } from './enqueue';
import type { EnqueueInput } from './types';

/** The time zone cron expressions are read in: the sellers' (docs/decisions.md, Jobs). */
export const SCHEDULE_TIME_ZONE = 'Europe/Warsaw';

/**
 * A recurring job, fanned out per organisation: at each due time one job of `job.kind` for every
 * organisation `organisations` answers (e.g. those that installed the plugin).
 */
export interface JobSchedule {
  /** Unique and stable: fired due times are kept under it. */
  key: string;
  /** Exactly one of: every N minutes (from 00:00 UTC) or a cron expression read in Europe/Warsaw. */
  everyMinutes?: number;
  cron?: string;
  job: Omit<EnqueueInput, 'runAt'>;
  organisations(db: Kysely<DB>): Promise<number[]>;
}

/**
 * A recurring task of the core itself, of no organisation (the maintenance purges: expired tokens,
 * unclaimed uploads, the item filter index's log): at each due time `run` runs once, in one job
 * worker of all processes and machines (tickCoreSchedules). A failure is logged and the next due
 * time tries again; a due time missed while no job worker ran fires once when one starts.
 */
export interface CoreSchedule {
  /** Unique and stable, `core.<name>`: the fired due time is kept under it. */
  key: string;
  everyMinutes?: number;
  cron?: string;
  run(): Promise<unknown>;
}

/** Throws when a schedule is not well formed (at registration, not at the first tick). */
export function checkSchedule(s: JobSchedule | CoreSchedule): void {
  if ((s.everyMinutes === undefined) === (s.cron === undefined))
    throw new Error(`schedule ${s.key}: give exactly one of everyMinutes and cron`);
  if (s.everyMinutes !== undefined && (!Number.isInteger(s.everyMinutes) || s.everyMinutes < 1))
    throw new Error(`schedule ${s.key}: everyMinutes must be a positive integer`);
  if (s.cron !== undefined) CronExpressionParser.parse(s.cron, { tz: SCHEDULE_TIME_ZONE });
}

/**
 * The latest due time at or before `now`. Only that one fires: after a pause (the server down
 * for a day) a schedule runs once, not once per missed time.
 */
export function latestDue(s: Pick<JobSchedule, 'everyMinutes' | 'cron'>, now: Date): Date {
  if (s.everyMinutes !== undefined) {
    const step = s.everyMinutes * 60_000;
    return new Date(Math.floor(now.getTime() / step) * step);
  }
  // prev() is strictly before its start: 1 ms later makes a due time of exactly `now` count.
  const expr = CronExpressionParser.parse(s.cron!, {
    currentDate: new Date(now.getTime() + 1),
    tz: SCHEDULE_TIME_ZONE,
  });
  return expr.prev().toDate();
}

/**
 * Fires the schedules' latest due times that have not fired yet, per organisation: the row of
 * (schedule, organisation, due time) and its job are inserted in one transaction, and the row's
 * primary key lets exactly one of several ticking processes insert it (a second insert waits for
 * the first to commit and then does nothing). Answers how many jobs were enqueued.
 */
export async function tickSchedules(
  db: Kysely<DB>,
  schedules: readonly JobSchedule[],
  now = new Date(),
): Promise<number> {
  let enqueued = 0;
  for (const s of schedules) {
    const due = latestDue(s, now).toISOString();
    const orgs = await s.organisations(db);
    if (orgs.length === 0) continue;
    const fired = new Set(
      (
        await db
          .selectFrom('job_schedule_runs')
          .select('org_id')
          .where('schedule_key', '=', s.key)
          .where('due_at', '=', due)
          .execute()
      ).map((r) => r.org_id),
    );
    for (const orgId of orgs) {
      if (fired.has(orgId)) continue;
      const id = await db.transaction().execute(async (trx) => {
        const claimed = await sql<{ org_id: number }>`insert into job_schedule_runs (schedule_key, org_id, due_at)
          values (${s.key}, ${orgId}, ${due}) on conflict do nothing returning org_id`.execute(trx);
        if (claimed.rows.length === 0) return null;
        const jobId = await enqueueJob(new TenantDb(trx, orgId), {
          ...s.job,
          runAt: new Date(due),
        });
        await trx
          .updateTable('job_schedule_runs')
          .set({ job_id: jobId })
          .where('schedule_key', '=', s.key)
          .where('org_id', '=', orgId)
          .where('due_at', '=', due)
          .execute();
        return jobId;
      });
      if (id !== null) enqueued++;
    }
  }
  return enqueued;
}

/**
 * Runs the core schedules whose latest due time has not fired yet: one conditional upsert per
 * schedule moves its fired time forward, and only the process whose upsert changed the row runs
 * the task (a concurrent one finds the row already moved and does nothing). Answers the keys run;
 * a task's failure goes to `log` and does not stop the others.
 */
export async function tickCoreSchedules(
  db: Kysely<DB>,
  schedules: readonly CoreSchedule[],
  now = new Date(),
  log: (message: string, err: unknown) => void = () => undefined,
): Promise<string[]> {
  const ran: string[] = [];
  for (const s of schedules) {
    const due = latestDue(s, now).toISOString();
    const claimed = await db.transaction().execute(
      async (trx) =>
        (
          await sql<{ schedule_key: string }>`insert into core_schedule_runs (schedule_key, due_at)
            values (${s.key}, ${due}) on conflict (schedule_key) do update set due_at = excluded.due_at
            where core_schedule_runs.due_at < excluded.due_at returning schedule_key`.execute(trx)
        ).rows.length > 0,
    );
    if (!claimed) continue;
    ran.push(s.key);
    await s.run().catch((err: unknown) => log(`schedule ${s.key} failed`, err));
  }
  return ran;
}

/** Fired rows that a later due time of the same schedule and organisation replaced are deleted. */
export async function purgeScheduleRuns(db: Kysely<DB>): Promise<void> {
  await sql`delete from job_schedule_runs where exists (select 1 from job_schedule_runs n
    where n.schedule_key = job_schedule_runs.schedule_key and n.org_id = job_schedule_runs.org_id
    and n.due_at > job_schedule_runs.due_at)`.execute(db);
}
