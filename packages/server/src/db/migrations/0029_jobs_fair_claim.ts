import { sql, type Kysely } from 'kysely';
import type { Migration } from './helpers';

/**
 * Fair claiming of jobs across organisations (platform/jobs/store.ts, JobStore.claim;
 * docs/decisions.md, "Jobs: fair claims across organisations"): a claim walks the due jobs
 * organisation by organisation from where the worker's last claim stopped, so this index orders
 * the pending jobs by organisation, then due time. It replaces 0022's index by due time alone,
 * which no statement uses any more.
 */
export const m0029JobsFairClaim: Migration = {
  name: '0029_jobs_fair_claim',
  async up(db: Kysely<unknown>) {
    await sql`create index jobs_org_due_idx on jobs (org_id, run_at, id) where state = 'pending'`.execute(db);
    await sql`drop index jobs_due_idx`.execute(db);
  },
};
