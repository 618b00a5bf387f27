import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import { columns, type Migration } from './helpers';

/** modules/invoices/outbox.ts OUTBOX_MAX_ATTEMPTS when this ran (db/ imports no module). */
const OUTBOX_MAX_ATTEMPTS = 1000;

/**
 * The durable jobs (docs/decisions.md, Jobs; docs/ARCHITECTURE.md, platform/jobs):
 * - `jobs`: one row per job, written in the caller's transaction. `state` is pending, running,
 *   done or dead; a running job belongs to the claim `lease_token` until `lease_until`. A dedupe
 *   key is unique per organisation and kind among the pending and running jobs (a partial unique
 *   index, so a done job never blocks the next one). Due jobs and expired leases are each found
 *   through a partial index of their own.
 * - `job_pauses`: a (plugin, organisation) whose service answered 429 with Retry-After: its jobs
 *   are not taken before `until` (the core's jobs use the plugin id '').
 * - `job_schedule_runs`: one row per (schedule, organisation, due time) fired, inserted in the
 *   transaction that enqueues the job, so a due time fires once however many processes tick.
 * The invoice e-mails still unsent in the outbox get their sending job ('core.invoice-mail', the
 * outbox's attempts starting over), as queueInvoiceMail writes it from now on.
 */
export const m0022Jobs: Migration = {
  name: '0022_jobs',
  async up(db: Kysely<unknown>, engine: Engine) {
    const c = columns(engine);
    const pg = engine === 'postgres';
    const org = (col: Parameters<typeof c.notNull>[0]) =>
      col.notNull().references('organizations.id').onDelete('cascade');
    await (
      pg
        ? db.schema.createTable('jobs').addColumn('id', 'bigserial', (col) => col.primaryKey())
        : db.schema.createTable('jobs').addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    )
      .addColumn('org_id', 'integer', org)
      .addColumn('plugin_id', 'varchar(100)')
      .addColumn('kind', 'varchar(200)', c.notNull)
      .addColumn('payload', 'text', c.notNull)
      .addColumn('dedupe_key', 'varchar(200)')
      .addColumn('state', 'varchar(10)', c.notNull)
      .addColumn('run_at', c.timestamp, c.notNull)
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', c.notNull)
      .addColumn('lease_until', c.timestamp)
      .addColumn('lease_token', 'varchar(40)')
      .addColumn('last_error', 'varchar(1000)')
      .addColumn('progress_done', 'integer')
      .addColumn('progress_total', 'integer')
      .addColumn('created_at', c.timestamp, c.notNull)
      .addColumn('finished_at', c.timestamp)
      .execute();
    await sql`create index jobs_due_idx on jobs (run_at, id) where state = 'pending'`.execute(db);
    await sql`create index jobs_lease_idx on jobs (lease_until) where state = 'running'`.execute(db);
    await sql`create unique index jobs_dedupe_uq on jobs (org_id, kind, dedupe_key)
      where dedupe_key is not null and state in ('pending', 'running')`.execute(db);
    await sql`create index jobs_org_idx on jobs (org_id, state)`.execute(db);
    await sql`create index jobs_finished_idx on jobs (finished_at) where state = 'done'`.execute(db);

    await db.schema
      .createTable('job_pauses')
      .addColumn('org_id', 'integer', org)
      .addColumn('plugin_id', 'varchar(100)', c.notNull)
      .addColumn('until', c.timestamp, c.notNull)
      .addPrimaryKeyConstraint('job_pauses_pk', ['org_id', 'plugin_id'])
      .execute();

    await db.schema
      .createTable('job_schedule_runs')
      .addColumn('schedule_key', 'varchar(200)', c.notNull)
      .addColumn('org_id', 'integer', org)
      .addColumn('due_at', c.timestamp, c.notNull)
      .addColumn('job_id', pg ? 'bigint' : 'integer')
      .addPrimaryKeyConstraint('job_schedule_runs_pk', ['schedule_key', 'org_id', 'due_at'])
      .execute();

    await sql`insert into jobs (org_id, kind, payload, dedupe_key, state, run_at, attempts, max_attempts, created_at)
      select org_id, 'core.invoice-mail', '{"outboxId":' || cast(id as varchar(20)) || '}',
        'outbox:' || cast(id as varchar(20)), 'pending', next_attempt_at, 0, ${OUTBOX_MAX_ATTEMPTS}, created_at
      from outbox where sent_at is null order by id`.execute(db);
  },
};
