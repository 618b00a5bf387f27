import type { Kysely } from 'kysely';
import type { Engine } from '../database';
import { columns, type Migration } from './helpers';

/**
 * The core's own schedules (platform/jobs/schedules.ts, tickCoreSchedules; docs/decisions.md,
 * Core schedules): per schedule the latest due time that has fired. The job worker of every
 * process moves it forward with one conditional upsert, and only the process whose upsert changed
 * the row runs the task, so the maintenance purges run once per due time however many processes
 * and machines tick.
 */
export const m0028CoreScheduleRuns: Migration = {
  name: '0028_core_schedule_runs',
  async up(db: Kysely<unknown>, engine: Engine) {
    const c = columns(engine);
    await db.schema
      .createTable('core_schedule_runs')
      .addColumn('schedule_key', 'varchar(200)', (col) => col.primaryKey())
      .addColumn('due_at', c.timestamp, c.notNull)
      .execute();
  },
};
