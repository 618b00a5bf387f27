import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenant';
import { JOB_DEFAULTS, type EnqueueInput } from './types';
import { wakeJobWorker } from './wake';

/** A kind is 'core.<name>' or '<pluginId>.<name>': lower-case letters, digits, '-', '_', dots between. */
const KIND = /^[a-z0-9][a-z0-9_-]*(\.[a-z0-9][a-z0-9_-]*)+$/;

/**
 * Enqueues a job for the organisation of `tdb` through `tdb` itself: inside the caller's
 * transaction when `tdb` is in one, so the job exists if and only if the caller's write commits.
 * Answers the new job's id, or null when a job of the same organisation, kind and dedupe key is
 * still pending or running (the enqueue is then a no-op).
 */
export async function enqueueJob(tdb: TenantDb, input: EnqueueInput): Promise<number | null> {
  if (!KIND.test(input.kind) || input.kind.length > 200)
    throw new Error(`job kind "${input.kind}" is not <owner>.<name>`);
  if (input.pluginId !== undefined && input.pluginId !== null && !input.kind.startsWith(`${input.pluginId}.`))
    throw new Error(`job kind "${input.kind}" does not belong to plugin "${input.pluginId}"`);
  const maxAttempts = input.maxAttempts ?? JOB_DEFAULTS.maxAttempts;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error('maxAttempts must be a positive integer');
  const payload = JSON.stringify(input.payload ?? null);
  const now = new Date();
  const row = await tdb
    .insertInto('jobs', {
      plugin_id: input.pluginId ?? null,
      kind: input.kind,
      payload,
      dedupe_key: input.dedupeKey ?? null,
      state: 'pending',
      run_at: (input.runAt ?? now).toISOString(),
      max_attempts: maxAttempts,
      created_at: now.toISOString(),
    })
    // The partial unique index of migration 0022 (organisation, kind, dedupe key among pending and
    // running jobs) is the only one a new row can meet.
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  // A job due now wakes the job worker once it is visible (after the caller's commit).
  if (row && (input.runAt === undefined || input.runAt.getTime() <= now.getTime() + 1000)) {
    if (!tdb.inTransaction) wakeJobWorker();
    else
      try {
        tdb.afterCommit(wakeJobWorker);
      } catch {
        // A transaction begun outside TenantDb has no commit hook: the worker's poll finds the job.
      }
  }
  return row ? Number(row.id) : null;
}

/**
 * Runs a dead job again from its first attempt (the retry button of a later issue). Answers false
 * when the job is not dead (or not this organisation's), or when a job with its dedupe key is
 * already pending or running.
 */
export async function retryDeadJob(tdb: TenantDb, jobId: number): Promise<boolean> {
  return tdb.transaction(async (trx) => {
    const job = await trx
      .selectFrom('jobs')
      .select(['kind', 'dedupe_key'])
      .where('id', '=', jobId)
      .where('state', '=', 'dead')
      .executeTakeFirst();
    if (!job) return false;
    if (job.dedupe_key !== null) {
      const live = await trx
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', job.kind)
        .where('dedupe_key', '=', job.dedupe_key)
        .where('state', 'in', ['pending', 'running'])
        .executeTakeFirst();
      if (live) return false;
    }
    const r = await trx
      .updateTable('jobs')
      .set({
        state: 'pending',
        attempts: 0,
        run_at: new Date().toISOString(),
        finished_at: null,
        progress_done: null,
        progress_total: null,
      })
      .where('id', '=', jobId)
      .where(sql<boolean>`state = 'dead'`)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  });
}
